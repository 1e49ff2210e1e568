// Snapshot: what a data source holds (or what a list view displays).
//
// A snapshot is a list of sections; a section is an identifier, a content
// version and a list of items; an item is an identifier and a content version.
// Identifiers may repeat: engines must be tested on duplicated identities,
// so the model represents them and never assumes uniqueness.

/// One item: an identity and the version of its content.
///
/// In the case format `a` is `Item(id: "a", content: 0)` and `a''` is
/// `Item(id: "a", content: 2)`.
public struct Item: Hashable, Sendable, CustomStringConvertible {
    /// The item's identity; it may repeat within a snapshot.
    public var id: String
    /// The item's content version: 0, 1, … (`a`, `a'`, …).
    public var content: Int

    /// The item `id` at content version `content`.
    public init(id: String, content: Int = 0) {
        self.id = id
        self.content = content
    }

    /// The item in case-format spelling: the identifier followed by one `'`
    /// per content version.
    public var description: String {
        id + String(repeating: "'", count: max(content, 0))
    }
}

/// One section: an identity, the version of its own content, and its items.
public struct Section: Hashable, Sendable {
    /// The section's identity; it may repeat within a snapshot.
    public var id: String
    /// The version of the section's own content (its header): `[A'':]` is 2.
    public var content: Int
    /// The section's items, in display order.
    public var items: [Item]

    /// The section `id` at content version `content`, holding `items`.
    public init(id: String, content: Int = 0, items: [Item] = []) {
        self.id = id
        self.content = content
        self.items = items
    }
}

/// A sectioned list: the data a data source returns, or what a view shows.
public struct Snapshot: Hashable, Sendable {
    /// The sections, in display order.
    public var sections: [Section]

    /// A snapshot of `sections` (none: a list with no sections).
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// The identifier given to the one section of a snapshot written without
    /// brackets (`old: a b c`).
    public static let implicitSectionID = "_"

    /// A one-section snapshot with the implicit section identifier.
    public static func flat(_ items: [Item]) -> Snapshot {
        Snapshot(sections: [Section(id: implicitSectionID, items: items)])
    }

    /// The number of items in all sections.
    public var itemCount: Int {
        sections.reduce(0) { $0 + $1.items.count }
    }

    /// Whether this is one section with the implicit identifier.
    public var isFlat: Bool {
        sections.count == 1 && sections[0].id == Snapshot.implicitSectionID && sections[0].content == 0
    }
}

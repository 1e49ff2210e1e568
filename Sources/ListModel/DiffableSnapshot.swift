// DiffableSnapshot: a diffable data source snapshot (RULES.md §6) and its
// operations, with the fatal errors UIKit raises on bad use.

/// Why a diffable snapshot operation is refused: UIKit's fatal error, in its
/// words where the rule book gives them.
public struct DiffableSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which of UIKit's fatal errors the operation hits.
    public enum Kind: String, Hashable, Sendable {
        /// `Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(...)}` **[open]**
        case duplicateItems = "duplicate-items"
        /// The same for section identifiers. **[open]**
        case duplicateSections = "duplicate-sections"
        /// An item (to move, or an anchor) that is not in the snapshot.
        case unknownItem = "unknown-item"
        /// A section (to move or append to, or an anchor) that is not in the snapshot.
        case unknownSection = "unknown-section"
        /// `Attempted to reload item identifier that does not exist in the snapshot: X`
        case reloadOfMissingItem = "reload-of-missing-item"
        /// The same for `reconfigureItems`.
        case reconfigureOfMissingItem = "reconfigure-of-missing-item"
        /// A delete of an item or section that is not there. **[open]**
        case deleteOfMissingIdentifier = "delete-of-missing-identifier"
        /// Items appended to a snapshot without sections.
        case noSections = "no-sections"
        /// An item or section placed relative to itself.
        case anchorIsMoved = "anchor-is-moved"
    }

    /// Which fatal error this is.
    public var kind: Kind
    /// The fatal error's text, in UIKit's words where the rule book gives them.
    public var message: String

    /// The error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// One section of a diffable snapshot: a unique identifier and its items.
public struct DiffableSnapshotSection: Hashable, Sendable {
    /// The section identifier.
    public var id: String
    /// The section's item identifiers, in display order.
    public var items: [String]

    /// A section `id` holding `items`.
    public init(id: String, items: [String] = []) {
        self.id = id
        self.items = items
    }
}

/// A diffable data source snapshot (RULES.md §6): unique section
/// identifiers, each with item identifiers unique across the whole snapshot.
///
/// Every operation checks its arguments first and changes nothing when it
/// throws. The two **[open]** rules follow `profile`:
/// - a duplicate identifier (already in the snapshot, or twice in the
///   arguments): `strict` throws UIKit's fatal error; `uikit` does what newer
///   systems do and moves the existing item (or section, with its items) to
///   the new place, the last mention winning.
/// - a delete of an identifier that is not there: `strict` throws; `uikit`
///   ignores it, like the known reimplementation. (Applied to sections too.)
///
///     var s = DiffableSnapshot()
///     try s.appendSections(["A"])
///     try s.appendItems(["a", "b"])
///     try s.moveItem("a", afterItem: "b")   // [A: b a]
public struct DiffableSnapshot: Hashable, Sendable {
    /// The sections, in display order.
    public private(set) var sections: [DiffableSnapshotSection] = []
    /// Items marked with `reloadItems`, in the order first marked.
    public private(set) var reloadedItems: [String] = []
    /// Items marked with `reconfigureItems`, in the order first marked.
    public private(set) var reconfiguredItems: [String] = []
    /// How the rule book's **[open]** rules are settled (see the type's description).
    public var profile: Profile

    /// An empty snapshot: no sections, no items.
    public init(profile: Profile = .strict) {
        self.profile = profile
    }

    /// A diffable snapshot with the identifiers of `snapshot` (content
    /// versions are dropped). Throws if identifiers repeat, whatever the profile.
    public init(_ snapshot: Snapshot, profile: Profile = .strict) throws(DiffableSnapshotError) {
        self.profile = .strict
        try appendSections(snapshot.sections.map(\.id))
        for section in snapshot.sections {
            try appendItems(section.items.map(\.id), toSection: section.id)
        }
        self.profile = profile
    }

    // MARK: Reading

    /// The section identifiers, in display order (`sectionIdentifiers` of `NSDiffableDataSourceSnapshot`).
    public var sectionIdentifiers: [String] { sections.map(\.id) }
    /// Every item identifier, section by section (`itemIdentifiers`).
    public var itemIdentifiers: [String] { sections.flatMap(\.items) }
    /// The number of sections (`numberOfSections`).
    public var numberOfSections: Int { sections.count }
    /// The number of items in all sections (`numberOfItems`).
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The items of section `id`, or `nil` when the snapshot has no such section.
    public func itemIdentifiers(inSection id: String) -> [String]? {
        sections.first { $0.id == id }?.items
    }

    /// The section index and item index of `item`, if it is in the snapshot.
    func location(of item: String) -> (section: Int, item: Int)? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return (s, i) }
        }
        return nil
    }

    func sectionIndex(of id: String) -> Int? {
        sections.firstIndex { $0.id == id }
    }

    // MARK: Sections

    /// Appends sections at the end.
    public mutating func appendSections(_ ids: [String]) throws(DiffableSnapshotError) {
        try placeSections(ids) { $0.sections.count }
    }

    /// Inserts sections before the section `anchor`.
    public mutating func insertSections(_ ids: [String], beforeSection anchor: String) throws(DiffableSnapshotError) {
        try placeSections(ids, anchor: anchor) { $0.sectionIndex(of: anchor) ?? 0 }
    }

    /// Inserts sections after the section `anchor`.
    public mutating func insertSections(_ ids: [String], afterSection anchor: String) throws(DiffableSnapshotError) {
        try placeSections(ids, anchor: anchor) { ($0.sectionIndex(of: anchor) ?? -1) + 1 }
    }

    /// Deletes sections and all their items.
    public mutating func deleteSections(_ ids: [String]) throws(DiffableSnapshotError) {
        if profile == .strict, let missing = ids.first(where: { sectionIndex(of: $0) == nil }) {
            throw DiffableSnapshotError(.deleteOfMissingIdentifier,
                "Fatal: attempted to delete section identifier that does not exist in the snapshot: \(missing)")
        }
        let deleted = sections.filter { ids.contains($0.id) }.flatMap(\.items)
        sections.removeAll { ids.contains($0.id) }
        forget(deleted)
    }

    /// Moves section `id` (with its items) before the section `anchor`.
    public mutating func moveSection(_ id: String, beforeSection anchor: String) throws(DiffableSnapshotError) {
        try moveSection(id, anchor: anchor, offset: 0)
    }

    /// Moves section `id` (with its items) after the section `anchor`.
    public mutating func moveSection(_ id: String, afterSection anchor: String) throws(DiffableSnapshotError) {
        try moveSection(id, anchor: anchor, offset: 1)
    }

    // MARK: Items

    /// Appends items at the end of section `section`, or of the last section when `nil`.
    public mutating func appendItems(_ ids: [String], toSection section: String? = nil) throws(DiffableSnapshotError) {
        guard !sections.isEmpty else {
            throw DiffableSnapshotError(.noSections,
                "There are currently no sections in the data source. Please add a section first.")
        }
        let target = section ?? sections[sections.count - 1].id
        guard sectionIndex(of: target) != nil else { throw unknownSection(target) }
        try placeItems(ids, anchor: nil) { snapshot in
            let s = snapshot.sectionIndex(of: target) ?? 0
            return (s, snapshot.sections[s].items.count)
        }
    }

    /// Inserts items before the item `anchor`.
    public mutating func insertItems(_ ids: [String], beforeItem anchor: String) throws(DiffableSnapshotError) {
        try placeItems(ids, anchor: anchor) { snapshot in
            let at = snapshot.location(of: anchor) ?? (0, 0)
            return (at.section, at.item)
        }
    }

    /// Inserts items after the item `anchor`.
    public mutating func insertItems(_ ids: [String], afterItem anchor: String) throws(DiffableSnapshotError) {
        try placeItems(ids, anchor: anchor) { snapshot in
            let at = snapshot.location(of: anchor) ?? (0, -1)
            return (at.section, at.item + 1)
        }
    }

    /// Deletes items.
    public mutating func deleteItems(_ ids: [String]) throws(DiffableSnapshotError) {
        if profile == .strict, let missing = ids.first(where: { location(of: $0) == nil }) {
            throw DiffableSnapshotError(.deleteOfMissingIdentifier,
                "Fatal: attempted to delete item identifier that does not exist in the snapshot: \(missing)")
        }
        for s in sections.indices { sections[s].items.removeAll { ids.contains($0) } }
        forget(ids)
    }

    /// Moves item `id` before the item `anchor`, possibly into another section.
    public mutating func moveItem(_ id: String, beforeItem anchor: String) throws(DiffableSnapshotError) {
        try moveItem(id, anchor: anchor, offset: 0)
    }

    /// Moves item `id` after the item `anchor`, possibly into another section.
    public mutating func moveItem(_ id: String, afterItem anchor: String) throws(DiffableSnapshotError) {
        try moveItem(id, anchor: anchor, offset: 1)
    }

    /// Marks items to be reloaded when the snapshot is applied.
    public mutating func reloadItems(_ ids: [String]) throws(DiffableSnapshotError) {
        if let missing = ids.first(where: { location(of: $0) == nil }) {
            throw DiffableSnapshotError(.reloadOfMissingItem,
                "Attempted to reload item identifier that does not exist in the snapshot: \(missing)")
        }
        for id in ids where !reloadedItems.contains(id) { reloadedItems.append(id) }
    }

    /// Marks items to be reconfigured (their cells updated in place) when the snapshot is applied.
    public mutating func reconfigureItems(_ ids: [String]) throws(DiffableSnapshotError) {
        if let missing = ids.first(where: { location(of: $0) == nil }) {
            throw DiffableSnapshotError(.reconfigureOfMissingItem,
                "Attempted to reconfigure item identifier that does not exist in the snapshot: \(missing)")
        }
        for id in ids where !reconfiguredItems.contains(id) { reconfiguredItems.append(id) }
    }

    /// Deletes every item and every section.
    public mutating func deleteAllItems() {
        sections = []
        reloadedItems = []
        reconfiguredItems = []
    }

    // MARK: To the model

    /// The model snapshot this diffable snapshot stands for, as applied on
    /// top of `base` (what the view shows now).
    ///
    /// Applying a diffable snapshot diffs by identity only (§6): an item
    /// keeps the content version it has in `base` (0 if new), and an item
    /// marked with `reloadItems` or `reconfigureItems` gets that version plus
    /// one, so a diff between `base` and the result sees it as changed and
    /// only it. Sections keep their version from `base` (0 if new).
    ///
    /// - Complexity: O(*n* + *m*) for *n* items here and *m* in `base`.
    public func snapshot(over base: Snapshot = Snapshot()) -> Snapshot {
        var itemVersion: [String: Int] = [:]
        var sectionVersion: [String: Int] = [:]
        for section in base.sections {
            if sectionVersion[section.id] == nil { sectionVersion[section.id] = section.content }
            for item in section.items where itemVersion[item.id] == nil { itemVersion[item.id] = item.content }
        }
        let marked = Set(reloadedItems + reconfiguredItems)
        return Snapshot(sections: sections.map { section in
            Section(id: section.id, content: sectionVersion[section.id] ?? 0, items: section.items.map { id in
                Item(id: id, content: (itemVersion[id] ?? 0) + (marked.contains(id) ? 1 : 0))
            })
        })
    }

    // MARK: The shared steps

    /// Supplied identifiers that are already here or given twice, in order of first mention.
    private static func duplicates(_ ids: [String], existing: Set<String>) -> [String] {
        var seen = Set<String>(), found: [String] = []
        for id in ids {
            if (existing.contains(id) || seen.contains(id)) && !found.contains(id) { found.append(id) }
            seen.insert(id)
        }
        return found
    }

    /// `ids` without repeats, the last mention winning (newer systems move an item each time it is placed).
    private static func lastMentions(_ ids: [String]) -> [String] {
        var result: [String] = []
        for id in ids {
            result.removeAll { $0 == id }
            result.append(id)
        }
        return result
    }

    private func unknownSection(_ id: String) -> DiffableSnapshotError {
        DiffableSnapshotError(.unknownSection, "Fatal: section identifier \(id) does not exist in the snapshot")
    }

    private func unknownItem(_ id: String) -> DiffableSnapshotError {
        DiffableSnapshotError(.unknownItem, "Fatal: item identifier \(id) does not exist in the snapshot")
    }

    private mutating func forget(_ items: [String]) {
        reloadedItems.removeAll { items.contains($0) }
        reconfiguredItems.removeAll { items.contains($0) }
    }

    /// Checks and places `ids` as sections at the index `position` gives once
    /// any existing ones (uikit profile) are taken out.
    private mutating func placeSections(_ ids: [String], anchor: String? = nil, position: (DiffableSnapshot) -> Int) throws(DiffableSnapshotError) {
        if let anchor {
            guard sectionIndex(of: anchor) != nil else { throw unknownSection(anchor) }
            if ids.contains(anchor) {
                throw DiffableSnapshotError(.anchorIsMoved, "Fatal: section identifier \(anchor) cannot be placed relative to itself")
            }
        }
        let duplicates = Self.duplicates(ids, existing: Set(sectionIdentifiers))
        if !duplicates.isEmpty && profile == .strict {
            throw DiffableSnapshotError(.duplicateSections,
                "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\(duplicates.joined(separator: ", ")))}")
        }
        let placed = Self.lastMentions(ids).map { id in sections.first { $0.id == id } ?? DiffableSnapshotSection(id: id) }
        sections.removeAll { ids.contains($0.id) }
        let at = min(max(position(self), 0), sections.count)
        sections.insert(contentsOf: placed, at: at)
    }

    /// Checks and places `ids` as items at the place `position` gives once
    /// any existing ones (uikit profile) are taken out.
    private mutating func placeItems(_ ids: [String], anchor: String?, position: (DiffableSnapshot) -> (Int, Int)) throws(DiffableSnapshotError) {
        if let anchor {
            guard location(of: anchor) != nil else { throw unknownItem(anchor) }
            if ids.contains(anchor) {
                throw DiffableSnapshotError(.anchorIsMoved, "Fatal: item identifier \(anchor) cannot be placed relative to itself")
            }
        }
        let duplicates = Self.duplicates(ids, existing: Set(itemIdentifiers))
        if !duplicates.isEmpty && profile == .strict {
            throw DiffableSnapshotError(.duplicateItems,
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(duplicates.joined(separator: ", ")))}")
        }
        for s in sections.indices { sections[s].items.removeAll { ids.contains($0) } }
        let (s, i) = position(self)
        guard s >= 0 && s < sections.count else { return }
        let at = min(max(i, 0), sections[s].items.count)
        sections[s].items.insert(contentsOf: Self.lastMentions(ids), at: at)
    }

    private mutating func moveSection(_ id: String, anchor: String, offset: Int) throws(DiffableSnapshotError) {
        guard let from = sectionIndex(of: id) else { throw unknownSection(id) }
        guard sectionIndex(of: anchor) != nil else { throw unknownSection(anchor) }
        if id == anchor {
            throw DiffableSnapshotError(.anchorIsMoved, "Fatal: section identifier \(id) cannot be placed relative to itself")
        }
        let moving = sections.remove(at: from)
        let to = (sectionIndex(of: anchor) ?? 0) + offset
        sections.insert(moving, at: min(max(to, 0), sections.count))
    }

    private mutating func moveItem(_ id: String, anchor: String, offset: Int) throws(DiffableSnapshotError) {
        guard let from = location(of: id) else { throw unknownItem(id) }
        guard location(of: anchor) != nil else { throw unknownItem(anchor) }
        if id == anchor {
            throw DiffableSnapshotError(.anchorIsMoved, "Fatal: item identifier \(id) cannot be placed relative to itself")
        }
        sections[from.section].items.remove(at: from.item)
        guard let to = location(of: anchor) else { return }
        sections[to.section].items.insert(id, at: min(to.item + offset, sections[to.section].items.count))
    }
}

// Replay: a sequence of stages applied one after another, and what the view
// shows at the end compared with what the data source holds.

/// The outcome of applying a sequence of stages to an old snapshot.
public struct Replay: Hashable, Sendable {
    /// What the view displays after each accepted stage, in order.
    public var displayed: [Snapshot]
    /// The first stage the model rejected (0-based) and why.
    public var rejection: StageRejection?

    /// The state the view displays after the last accepted stage.
    public var final: Snapshot? { displayed.last }

    /// Whether every stage was accepted.
    public var isAccepted: Bool { rejection == nil }
}

/// A rejected stage: its 0-based position and the model's verdict.
public struct StageRejection: Hashable, Sendable {
    /// The rejected stage's position, from 0.
    public var stage: Int
    /// Why the model rejected it.
    public var rejection: Rejection
}

/// A place where the view shows another identity than the data source holds.
public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
    /// Where the view and the data source differ.
    public enum Place: Hashable, Sendable {
        /// The number of sections.
        case sectionCount
        /// The section at this index (its identity).
        case section(Int)
        /// The number of items in this section.
        case itemCount(section: Int)
        /// The item at this index path (its identity).
        case item(ItemPath)
    }
    /// Where the two differ.
    public var place: Place
    /// What the view shows there: an identifier or a count.
    public var shown: String
    /// What the data source holds there: an identifier or a count.
    public var expected: String

    public var description: String {
        switch place {
        case .sectionCount:
            return "the view shows \(shown) sections but the data source holds \(expected)"
        case .section(let s):
            return "section \(s) shows section \(shown) but the data source holds \(expected)"
        case .itemCount(let s):
            return "section \(s) shows \(shown) items but the data source holds \(expected)"
        case .item(let p):
            return "index path \(p) shows \(shown) but the data source holds \(expected)"
        }
    }
}

/// A cell (or section) that shows an old content version of the right identity.
public struct StaleCell: Hashable, Sendable, CustomStringConvertible {
    /// The item's index path, or `nil` for a section header.
    public var path: ItemPath?
    /// The section's index (for an item, its section).
    public var section: Int
    /// The identifier of the stale item or section.
    public var id: String
    /// The content version the view shows.
    public var shownContent: Int
    /// The content version the data source holds.
    public var expectedContent: Int

    public var description: String {
        let shown = Item(id: id, content: shownContent)
        let expected = Item(id: id, content: expectedContent)
        if let path {
            return "item \(expected) at \(path) is stale: it shows \(shown)"
        }
        return "section \(expected) (\(section)) is stale: it shows \(shown)"
    }
}

extension ListView {
    /// Applies `stages` in order, starting from a view that displays `old`.
    ///
    /// Each stage is checked on its own against the state the previous one
    /// left, with its own `data` (the last stage's data is `new`). Stops at
    /// the first rejected stage.
    public static func replay(
        _ stages: [Stage], from old: Snapshot, to new: Snapshot, profile: Profile = .strict
    ) -> Replay {
        var displayed: [Snapshot] = []
        var current = old
        for (index, stage) in stages.enumerated() {
            let isLast = index == stages.count - 1
            let data = isLast ? new : (stage.data ?? new)
            switch apply(stage.batch, to: current, data: data, profile: profile) {
            case .success(let next):
                displayed.append(next)
                current = next
            case .failure(let rejection):
                return Replay(displayed: displayed, rejection: StageRejection(stage: index, rejection: rejection))
            }
        }
        return Replay(displayed: displayed, rejection: nil)
    }

    /// Where `displayed` shows other identities (or counts) than `data`.
    /// Content versions are not compared: see `staleCells`.
    public static func mismatches(displayed: Snapshot, data: Snapshot) -> [Mismatch] {
        var found: [Mismatch] = []
        if displayed.sections.count != data.sections.count {
            found.append(Mismatch(place: .sectionCount, shown: "\(displayed.sections.count)", expected: "\(data.sections.count)"))
        }
        for s in 0..<min(displayed.sections.count, data.sections.count) {
            let shown = displayed.sections[s], expected = data.sections[s]
            if shown.id != expected.id {
                found.append(Mismatch(place: .section(s), shown: shown.id, expected: expected.id))
            }
            if shown.items.count != expected.items.count {
                found.append(Mismatch(place: .itemCount(section: s), shown: "\(shown.items.count)", expected: "\(expected.items.count)"))
            }
            for i in 0..<min(shown.items.count, expected.items.count) where shown.items[i].id != expected.items[i].id {
                found.append(Mismatch(place: .item(ItemPath(s, i)), shown: shown.items[i].id, expected: expected.items[i].id))
            }
        }
        return found
    }

    /// Sections and items that have the right identity in the right place but
    /// display another content version than `data` holds (RULES.md §2.3:
    /// a move does not refresh a cell).
    public static func staleCells(displayed: Snapshot, data: Snapshot) -> [StaleCell] {
        var stale: [StaleCell] = []
        for s in 0..<min(displayed.sections.count, data.sections.count) {
            let shown = displayed.sections[s], expected = data.sections[s]
            guard shown.id == expected.id else { continue }
            if shown.content != expected.content {
                stale.append(StaleCell(path: nil, section: s, id: shown.id, shownContent: shown.content, expectedContent: expected.content))
            }
            for i in 0..<min(shown.items.count, expected.items.count) {
                let a = shown.items[i], b = expected.items[i]
                if a.id == b.id && a.content != b.content {
                    stale.append(StaleCell(path: ItemPath(s, i), section: s, id: a.id, shownContent: a.content, expectedContent: b.content))
                }
            }
        }
        return stale
    }
}

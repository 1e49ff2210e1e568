// Fixtures: short spellings for the snapshots and batches the tests build.
@testable import ListModel

/// An item written as in the case format: `"b''"` is `b` in content version 2.
func item(_ spelling: String) -> Item {
    let id = spelling.filter { $0 != "'" }
    return Item(id: id, content: spelling.count - id.count)
}

/// A section `[id: items…]`.
func section(_ id: String, _ items: String...) -> Section {
    Section(id: id, items: items.map(item))
}

/// A snapshot of sections.
func snapshot(_ sections: Section...) -> Snapshot {
    Snapshot(sections: sections)
}

/// A one-section snapshot: `flat("a", "b'")`.
func flat(_ items: String...) -> Snapshot {
    Snapshot.flat(items.map(item))
}

func p(_ s: Int, _ i: Int) -> ItemPath { ItemPath(s, i) }

/// The rejection `apply` gives, or `nil` if it accepts.
func rejection(_ operations: [Operation], _ old: Snapshot, _ new: Snapshot, _ profile: Profile = .strict) -> Rejection? {
    if case .failure(let r) = ListView.apply(Batch(operations), to: old, data: new, profile: profile) { return r }
    return nil
}

/// What the view shows after `apply`, or `nil` if it rejects.
func shown(_ operations: [Operation], _ old: Snapshot, _ new: Snapshot, _ profile: Profile = .strict) -> Snapshot? {
    try? ListView.apply(Batch(operations), to: old, data: new, profile: profile).get()
}

/// A batch the model must reject, with the rule and the exact message.
struct Rejected: Sendable, CustomStringConvertible {
    var name: String
    var operations: [Operation]
    var old: Snapshot
    var new: Snapshot
    var rule: Rule
    var message: String
    /// The rule and message under `tableview` when they are not
    /// `message` in UITableView's words (RULES.md §3.4): a departure.
    var tableView: (rule: Rule, message: String)?

    init(_ name: String, _ operations: [Operation], _ old: Snapshot, _ new: Snapshot, _ rule: Rule, _ message: String) {
        self.name = name
        self.operations = operations
        self.old = old
        self.new = new
        self.rule = rule
        self.message = message
    }

    var description: String { name }

    /// The example with its verdict under `tableview` given outright.
    func underTableView(_ rule: Rule, _ message: String) -> Rejected {
        var copy = self
        copy.tableView = (rule, message)
        return copy
    }

    /// The rule and message expected under `profile`: UICollectionView's
    /// for `strict` and `uikit`; for `tableview` the given departure, or
    /// the message in UITableView's words where a UITableView log shows
    /// them, and UICollectionView's followed by the note that no log does
    /// (RULES.md §3.4).
    func expected(under profile: Profile) -> (rule: Rule, message: String) {
        guard profile == .tableview else { return (rule, message) }
        if let tableView { return tableView }
        let inRows: Set<Rule> = [.sectionCount, .itemCount, .deleteItemOutOfRange, .moveOutOfDeletedSection,
                                 .moveIntoInsertedSection, .moveItemSourceOutOfRange, .moveItemDestinationOutOfRange]
        // The insert bounds in rows too, past a section's rows and past the sections (a Sentry report of iOS 17.4).
        let isRowsForm = inRows.contains(rule) || rule == .insertItemOutOfRange
        if rule == .movesToOnePlace && message.hasPrefix("attempt to move both item") {
            // JXMovableCellTableView issue 4: `attempt to move both row at index path …`.
            return (rule, message.replacing("move both item", with: "move both row"))
        }
        if rule == .negativeSection, let found = message.firstMatch(of: /^request for number of items in section (-?\d+) when there are only \d+ sections in the collection view( \(.*\))$/) {
            // element-ios issue 4591, WordPress-iOS issue 13891: UITableView's row data asks, in its own words.
            return (rule, "Requested the number of rows for section (\(found.1)) which is out of bounds." + found.2)
        }
        if isRowsForm {
            let rows = message.replacing("collection view", with: "table view")
                .replacing("an item", with: "a row").replacing("items", with: "rows")
                .replacing("delete item ", with: "delete row ").replacing("insert item ", with: "insert row ")
            return (rule, rows)
        }
        let unsourced: Set<Rule> = [.movesFromOnePlace, .negativeSection,
                                    .sectionMapOutOfBounds, .itemMapInsertOutOfBounds, .itemMapMoveOutOfBounds,
                                    .globalIndexOutOfRange, .twoAnimationsForOneItem, .noOpSectionMoveWithItemMovedOut]
        if unsourced.contains(rule) && !(message.hasPrefix("attempt to move section") || message.hasPrefix("attempt to move both section")) {
            return (rule, message + ViewWords.tableView.unsourcedNote)
        }
        return (rule, message)
    }

}

// TriageCase: the case a logged exception describes.
//
// For iOS 16.4's whole-batch exception the case is the log itself:
// placeholder snapshots sized to the logged counts, the logged updates as
// `batch:`. The older messages carry only the counts or the offending
// operation; the case is then the smallest one whose counts and offending
// operation give that message: the sections up to the one named (all but it
// empty), that section sized to the logged counts, and only the operations
// the message names.
//
// The numbers are the log's, so every size they give is spent from a
// `SizeBudget` of `sizeBound` before it is built (a log asking for more is
// refused), and every sum of them saturates instead of trapping.
import ListModel

/// Builds the case of a logged exception.
public enum TriageCase {
    /// The most items, sections and operations in all (the two placeholder
    /// snapshots together, and the batch) a case built from a log holds: a
    /// list of 100,000 items before and after fits, and any case within it
    /// is built and judged in about a second. A log whose numbers need more
    /// is refused with `TriageInputError.caseTooLarge`.
    public static let sizeBound = 200_000

    /// The case `exception` describes, judged under the profile of the view
    /// that logged it (`exception.profile`: `tableview` for a UITableView's
    /// log, `uikit` for a UICollectionView's) and expecting the logged
    /// message in that view's words. Its comments say where the
    /// numbers come from. Throws `caseTooLarge` (and builds nothing) when
    /// the logged numbers need more than `sizeBound`.
    public static func make(_ exception: LoggedException) throws(TriageInputError) -> Case {
        make(exception, try shape(exception))
    }

    /// The case of `exception`, of the shape `shape(exception)` gave; its
    /// comments quote the exception as `quote` (the log's own words), or
    /// as `exception.summary`.
    static func make(_ exception: LoggedException, _ shape: Shape, quote: String? = nil) -> Case {
        var comments = ["Triaged from a logged " + (exception.isTableView ? "UITableView" : "UICollectionView") + " exception:"]
        comments.append("  " + (quote ?? exception.summary))
        // The story's own sentences in the view's words: a table view's items are rows.
        comments += exception.isTableView ? shape.story.map(inRows) : shape.story
        return Case(comments: comments, old: .placeholder(itemCounts: shape.before), new: .placeholder(itemCounts: shape.after),
                    stages: [Stage(batch: shape.batch)], expectation: .error(exception.message), profile: exception.profile)
    }

    /// `sentence` with `item` and `items` said as a table view says them.
    static func inRows(_ sentence: String) -> String {
        sentence.replacing(/\ban item\b/, with: "a row").replacing(/\bitems\b/, with: "rows").replacing(/\bitem\b/, with: "row")
    }

    /// The counts before and after, the batch, and what the comments say of them.
    typealias Shape = (before: [Int], after: [Int], batch: Batch, story: [String])

    /// Counts before and after, the same in every section, just large enough
    /// for the index paths named (section `fixedAfter.0` holds exactly
    /// `fixedAfter.1` items after the update).
    static func sized(
        needsBefore: [ItemPath], needsAfter: [ItemPath], fixedAfter: (Int, Int)?, budget: inout SizeBudget
    ) throws(TriageInputError) -> (before: [Int], after: [Int]) {
        let paths = needsBefore + needsAfter
        let highest = max((paths.map(\.section) + [fixedAfter?.0 ?? 0]).max() ?? 0, 0)
        let sections = highest.saturatingAdding(1)
        try budget.spend(sections, sections)
        var counts = Array(repeating: 0, count: sections)
        for p in paths where p.section >= 0 && p.item >= 0 { counts[p.section] = max(counts[p.section], p.item.saturatingAdding(1)) }
        var after = counts
        if let (s, n) = fixedAfter, s >= 0 { after[s] = n }
        try budget.spend(sumOf: counts)
        try budget.spend(sumOf: after)
        return (counts, after)
    }

    /// The counts before and after, the batch, and what the comments say of
    /// them; `caseTooLarge` when they would hold more than `sizeBound`.
    static func shape(_ exception: LoggedException) throws(TriageInputError) -> Shape {
        var budget = SizeBudget(bound: sizeBound)
        /// `count` sections (at least `section` + 1), all empty but `section`, which holds `items`.
        func counts(_ count: Int, _ section: Int, _ items: Int) throws(TriageInputError) -> [Int] {
            let sections = max(count, section.saturatingAdding(1), 0)
            try budget.spend(sections, items)
            return (0..<sections).map { $0 == section ? max(items, 0) : 0 }
        }
        /// `count` empty sections.
        func empty(_ count: Int) throws(TriageInputError) -> [Int] {
            try budget.spend(count)
            return Array(repeating: 0, count: max(count, 0))
        }
        /// `count` operations, the `i`th `make(i)`.
        func operations(_ count: Int, _ make: (Int) -> Operation) throws(TriageInputError) -> [Operation] {
            try budget.spend(count)
            return (0..<max(count, 0)).map(make)
        }
        switch exception.kind {
        case .batch(let before, let after, let updates, let isElided):
            try budget.spend(before.count, after.count, updates.operations.count)
            try budget.spend(sumOf: before)
            try budget.spend(sumOf: after)
            return (before, after, updates,
                    ["The logged counts and updates, as logged" + (isElided ? " (the log elides some updates: the case holds those it shows)." : ".")])
        case .sectionCount(let after, let before, let inserted, let deleted):
            let old = try empty(before), new = try empty(after)
            let batch = Batch(try operations(deleted) { .deleteSection($0) } + operations(inserted) { .insertSection($0) })
            return (old, new, batch,
                    ["Smallest case with those counts: empty sections, the logged section deletes and inserts at the front."])
        case .itemCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            // Section s holds the logged counts; items moved out of it go to
            // section s + 1, items moved into it come from there.
            let hasMoves = movedIn > 0 || movedOut > 0
            var old = try counts(0, s, before), new = try counts(0, s, after)
            if hasMoves {
                try budget.spend(2, movedIn, movedOut)
                old.append(max(movedIn, 0))
                new.append(max(movedOut, 0))
            }
            // Every number is within the bound now: the sums below cannot overflow.
            var ops: [Operation] = try operations(deleted) { .deleteItem(ItemPath(s, $0)) }
            ops += try operations(movedOut) { .moveItem(from: ItemPath(s, deleted + $0), to: ItemPath(s + 1, $0)) }
            ops += try operations(inserted) { .insertItem(ItemPath(s, $0)) }
            ops += try operations(movedIn) { .moveItem(from: ItemPath(s + 1, $0), to: ItemPath(s, inserted + $0)) }
            return (old, new, Batch(ops),
                    ["Smallest case with those counts: section \(s) holds the logged items"
                     + (hasMoves ? ", section \(s + 1) the items moved in or out." : ".")])
        case .deleteItemOutOfRange(let p, let n):
            return (try counts(0, p.section, n), try counts(0, p.section, max(n, 1) - 1),
                    Batch([.deleteItem(p)]), ["Smallest case: section \(p.section) holds \(n) items and the batch deletes item \(p.item)."])
        case .deleteItemSectionOutOfRange(let p, let n):
            return (try empty(n), try empty(n), Batch([.deleteItem(p)]),
                    ["Smallest case: \(n) empty sections and the batch deletes an item of section \(p.section)."])
        case .insertItemOutOfRange(let p, let n):
            return (try counts(0, p.section, max(n, 1) - 1), try counts(0, p.section, n),
                    Batch([.insertItem(p)]), ["Smallest case: section \(p.section) holds \(n) items after the update and the batch inserts item \(p.item)."])
        case .insertItemSectionOutOfRange(let p, let n):
            return (try empty(n), try empty(n), Batch([.insertItem(p)]),
                    ["Smallest case: \(n) empty sections and the batch inserts an item into section \(p.section)."])
        case .deleteSectionOutOfRange(let s, let n):
            return (try empty(n), try empty(max(n, 1) - 1), Batch([.deleteSection(s)]),
                    ["Smallest case: \(n) empty sections and the batch deletes section \(s)."])
        case .insertSectionOutOfRange(let s, let n):
            return (try empty(max(n, 1) - 1), try empty(n), Batch([.insertSection(s)]),
                    ["Smallest case: \(n) empty sections after the update and the batch inserts section \(s)."])
        case .insertAndMove(let p):
            // The move comes from another item of the section: 0, or 1 when P is item 0.
            let source = ItemPath(p.section, p.item == 0 ? 1 : 0)
            let old = max(p.item.saturatingAdding(1), 2)
            return (try counts(0, p.section, old), try counts(0, p.section, old.saturatingAdding(1)),
                    Batch([.insertItem(p), .moveItem(from: source, to: p)]),
                    ["Smallest case: an insert at \(p.uikitDescription) and a move to it."])
        case .deleteAndMove(let p):
            let target = ItemPath(p.section, p.item == 0 ? 1 : 0)
            let old = max(p.item.saturatingAdding(1), 2)
            return (try counts(0, p.section, old), try counts(0, p.section, old - 1),
                    Batch([.deleteItem(p), .moveItem(from: p, to: target)]),
                    ["Smallest case: a delete at \(p.uikitDescription) and a move from it."])
        case .deleteAndReload(let p):
            return (try counts(0, p.section, p.item.saturatingAdding(1)), try counts(0, p.section, p.item),
                    Batch([.deleteItem(p), .reloadItem(p)]),
                    ["Smallest case: a delete and a reload of \(p.uikitDescription)."])
        case .moveSourceOutOfRange(let p, let n):
            let to = ItemPath(p.section, 0)
            return (try counts(0, p.section, n), try counts(0, p.section, max(n, 1)),
                    Batch([.moveItem(from: p, to: to)]), ["Smallest case: section \(p.section) holds \(n) items and the batch moves item \(p.item)."])
        case .moveDestinationOutOfRange(let p, let q, let n):
            let (before, after) = try sized(needsBefore: [p], needsAfter: [], fixedAfter: (q.section, n), budget: &budget)
            return (before, after, Batch([.moveItem(from: p, to: q)]),
                    ["Smallest case: section \(q.section) holds \(n) items after the update and the batch moves an item to \(q.uikitDescription)."])
        case .moveToTwoPlaces(let p, let q, let r):
            let (before, after) = try sized(needsBefore: [p], needsAfter: [q, r], fixedAfter: nil, budget: &budget)
            return (before, after, Batch([.moveItem(from: p, to: q), .moveItem(from: p, to: r)]),
                    ["Smallest case: two moves of \(p.uikitDescription), to \(q.uikitDescription) and to \(r.uikitDescription)."])
        case .moveTwoToOnePlace(let p, let q, let r):
            let (before, after) = try sized(needsBefore: [p, q], needsAfter: [r], fixedAfter: nil, budget: &budget)
            return (before, after, Batch([.moveItem(from: p, to: r), .moveItem(from: q, to: r)]),
                    ["Smallest case: moves of \(p.uikitDescription) and \(q.uikitDescription), both to \(r.uikitDescription)."])
        case .moveOutOfDeletedSection(let s):
            // Old section s (one item) is deleted; old section s + 1 becomes
            // section s and receives the item.
            return (try counts(s.saturatingAdding(2), s, 1), try counts(0, s, 1),
                    Batch([.deleteSection(s), .moveItem(from: ItemPath(s, 0), to: ItemPath(s, 0))]),
                    ["Smallest case: section \(s) is deleted and its one item moved to the section after it."])
        case .moveIntoInsertedSection(let s):
            // Section s is inserted; old section s (one item), now s + 1, gives it its item.
            return (try counts(0, s, 1), try counts(s.saturatingAdding(2), s, 1),
                    Batch([.insertSection(s), .moveItem(from: ItemPath(s, 0), to: ItemPath(s, 0))]),
                    ["Smallest case: section \(s) is inserted and the item of the section that stood at \(s) moves in."])
        }
    }
}

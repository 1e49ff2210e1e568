// TriageCase: the case a logged exception describes.
//
// For iOS 16.4's whole-batch exception the case is the log itself:
// placeholder snapshots sized to the logged counts, the logged updates as
// `batch:`. The older messages carry only the counts or the offending
// operation; the case is then the smallest one whose counts and offending
// operation give that message: the sections up to the one named (all but it
// empty), that section sized to the logged counts, and only the operations
// the message names.
import ListModel

/// Builds the case of a logged exception.
public enum TriageCase {
    /// The case `exception` describes, judged under `uikit` (the text is
    /// UIKit's) and expecting the logged message. Its comments say where the
    /// numbers come from.
    public static func make(_ exception: LoggedException) -> Case {
        let (before, after, batch, story) = shape(exception)
        var comments = ["Triaged from a logged UIKit exception" + (exception.isTableView ? " (UITableView's; rows read as items)" : "") + ":"]
        comments.append("  " + exception.summary)
        comments += story
        return Case(comments: comments, old: .placeholder(itemCounts: before), new: .placeholder(itemCounts: after),
                    stages: [Stage(batch: batch)], expectation: .error(exception.message), profile: .uikit)
    }

    /// Counts before and after, the same in every section, just large enough
    /// for the index paths named (section `fixedAfter.0` holds exactly
    /// `fixedAfter.1` items after the update).
    static func sized(needsBefore: [ItemPath], needsAfter: [ItemPath], fixedAfter: (Int, Int)?) -> (before: [Int], after: [Int]) {
        let paths = needsBefore + needsAfter
        let sections = max((paths.map(\.section) + [fixedAfter?.0 ?? 0]).max() ?? 0, 0) + 1
        var counts = Array(repeating: 0, count: sections)
        for p in paths where p.section >= 0 && p.item >= 0 { counts[p.section] = max(counts[p.section], p.item + 1) }
        var after = counts
        if let (s, n) = fixedAfter, s >= 0 { after[s] = n }
        return (counts, after)
    }

    /// The counts before and after, the batch, and what the comments say of them.
    static func shape(_ exception: LoggedException) -> (before: [Int], after: [Int], batch: Batch, story: [String]) {
        /// `count` sections, all empty but `section`, which holds `items`.
        func counts(_ count: Int, _ section: Int, _ items: Int) -> [Int] {
            (0..<max(count, section + 1)).map { $0 == section ? items : 0 }
        }
        switch exception.kind {
        case .batch(let before, let after, let updates, let isElided):
            return (before, after, updates,
                    ["The logged counts and updates, as logged" + (isElided ? " (the log elides some updates: the case holds those it shows)." : ".")])
        case .sectionCount(let after, let before, let inserted, let deleted):
            let batch = Batch((0..<deleted).map { .deleteSection($0) } + (0..<inserted).map { .insertSection($0) })
            return (Array(repeating: 0, count: before), Array(repeating: 0, count: after), batch,
                    ["Smallest case with those counts: empty sections, the logged section deletes and inserts at the front."])
        case .itemCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            // Section s holds the logged counts; items moved out of it go to
            // section s + 1, items moved into it come from there.
            var ops: [Operation] = (0..<deleted).map { .deleteItem(ItemPath(s, $0)) }
            ops += (0..<movedOut).map { .moveItem(from: ItemPath(s, deleted + $0), to: ItemPath(s + 1, $0)) }
            ops += (0..<inserted).map { .insertItem(ItemPath(s, $0)) }
            ops += (0..<movedIn).map { .moveItem(from: ItemPath(s + 1, $0), to: ItemPath(s, inserted + $0)) }
            let hasMoves = movedIn + movedOut > 0
            var old = counts(s + 1, s, before), new = counts(s + 1, s, after)
            if hasMoves { old.append(movedIn); new.append(movedOut) }
            return (old, new, Batch(ops),
                    ["Smallest case with those counts: section \(s) holds the logged items"
                     + (hasMoves ? ", section \(s + 1) the items moved in or out." : ".")])
        case .deleteItemOutOfRange(let p, let n):
            return (counts(p.section + 1, p.section, n), counts(p.section + 1, p.section, max(n - 1, 0)),
                    Batch([.deleteItem(p)]), ["Smallest case: section \(p.section) holds \(n) items and the batch deletes item \(p.item)."])
        case .deleteItemSectionOutOfRange(let p, let n):
            return (Array(repeating: 0, count: n), Array(repeating: 0, count: n), Batch([.deleteItem(p)]),
                    ["Smallest case: \(n) empty sections and the batch deletes an item of section \(p.section)."])
        case .insertItemOutOfRange(let p, let n):
            return (counts(p.section + 1, p.section, max(n - 1, 0)), counts(p.section + 1, p.section, n),
                    Batch([.insertItem(p)]), ["Smallest case: section \(p.section) holds \(n) items after the update and the batch inserts item \(p.item)."])
        case .insertItemSectionOutOfRange(let p, let n):
            return (Array(repeating: 0, count: n), Array(repeating: 0, count: n), Batch([.insertItem(p)]),
                    ["Smallest case: \(n) empty sections and the batch inserts an item into section \(p.section)."])
        case .deleteSectionOutOfRange(let s, let n):
            return (Array(repeating: 0, count: n), Array(repeating: 0, count: max(n - 1, 0)), Batch([.deleteSection(s)]),
                    ["Smallest case: \(n) empty sections and the batch deletes section \(s)."])
        case .insertSectionOutOfRange(let s, let n):
            return (Array(repeating: 0, count: max(n - 1, 0)), Array(repeating: 0, count: n), Batch([.insertSection(s)]),
                    ["Smallest case: \(n) empty sections after the update and the batch inserts section \(s)."])
        case .insertAndMove(let p):
            // The move comes from another item of the section: 0, or 1 when P is item 0.
            let source = ItemPath(p.section, p.item == 0 ? 1 : 0)
            let old = max(p.item + 1, 2)
            return (counts(p.section + 1, p.section, old), counts(p.section + 1, p.section, old + 1),
                    Batch([.insertItem(p), .moveItem(from: source, to: p)]),
                    ["Smallest case: an insert at \(p.uikitDescription) and a move to it."])
        case .deleteAndMove(let p):
            let target = ItemPath(p.section, p.item == 0 ? 1 : 0)
            let old = max(p.item + 1, 2)
            return (counts(p.section + 1, p.section, old), counts(p.section + 1, p.section, old - 1),
                    Batch([.deleteItem(p), .moveItem(from: p, to: target)]),
                    ["Smallest case: a delete at \(p.uikitDescription) and a move from it."])
        case .deleteAndReload(let p):
            return (counts(p.section + 1, p.section, p.item + 1), counts(p.section + 1, p.section, p.item),
                    Batch([.deleteItem(p), .reloadItem(p)]),
                    ["Smallest case: a delete and a reload of \(p.uikitDescription)."])
        case .moveSourceOutOfRange(let p, let n):
            let to = ItemPath(p.section, 0)
            return (counts(p.section + 1, p.section, n), counts(p.section + 1, p.section, max(n, 1)),
                    Batch([.moveItem(from: p, to: to)]), ["Smallest case: section \(p.section) holds \(n) items and the batch moves item \(p.item)."])
        case .moveDestinationOutOfRange(let p, let q, let n):
            let (before, after) = sized(needsBefore: [p], needsAfter: [], fixedAfter: (q.section, n))
            return (before, after, Batch([.moveItem(from: p, to: q)]),
                    ["Smallest case: section \(q.section) holds \(n) items after the update and the batch moves an item to \(q.uikitDescription)."])
        case .moveToTwoPlaces(let p, let q, let r):
            let (before, after) = sized(needsBefore: [p], needsAfter: [q, r], fixedAfter: nil)
            return (before, after, Batch([.moveItem(from: p, to: q), .moveItem(from: p, to: r)]),
                    ["Smallest case: two moves of \(p.uikitDescription), to \(q.uikitDescription) and to \(r.uikitDescription)."])
        case .moveTwoToOnePlace(let p, let q, let r):
            let (before, after) = sized(needsBefore: [p, q], needsAfter: [r], fixedAfter: nil)
            return (before, after, Batch([.moveItem(from: p, to: r), .moveItem(from: q, to: r)]),
                    ["Smallest case: moves of \(p.uikitDescription) and \(q.uikitDescription), both to \(r.uikitDescription)."])
        case .moveOutOfDeletedSection(let s):
            // Old section s (one item) is deleted; old section s + 1 becomes
            // section s and receives the item.
            return (counts(s + 2, s, 1), counts(s + 1, s, 1),
                    Batch([.deleteSection(s), .moveItem(from: ItemPath(s, 0), to: ItemPath(s, 0))]),
                    ["Smallest case: section \(s) is deleted and its one item moved to the section after it."])
        case .moveIntoInsertedSection(let s):
            // Section s is inserted; old section s (one item), now s + 1, gives it its item.
            return (counts(s + 1, s, 1), counts(s + 2, s, 1),
                    Batch([.insertSection(s), .moveItem(from: ItemPath(s, 0), to: ItemPath(s, 0))]),
                    ["Smallest case: section \(s) is inserted and the item of the section that stood at \(s) moves in."])
        }
    }
}

// PortableSubset: what the strict profile rejects on top of UICollectionView
// (RULES.md §3.3). Each of these batches UICollectionView's validator
// accepts, but another list view, an older iOS or a second reading of the
// sources does something else with it; strict keeps an engine inside what
// every list view does alike.
//
// UIKit never raises these, so their messages must not read like its
// exceptions: each says what is outside the subset, then that it is the
// portable subset and not a UIKit exception, what UICollectionView does
// with the batch, and who does otherwise, as the rule book's sources say
// (`portableRejection`).

extension BatchContext {
    /// §3.3 `duplicate-move`: the same move twice. UICollectionView drops the
    /// copy; the model knows of no source for UITableView's behaviour.
    func checkDuplicateMoves() -> Rejection? {
        // The first move equal to an earlier one.
        if let move = firstDuplicate(in: batch.movedItems.map { Ends(from: $0.from, to: $0.to) }) {
            return portableRejection(.duplicateMove,
                "index path (\(move.from.uikitDescription)) is moved to (\(move.to.uikitDescription)) twice in one batch",
                uikit: "it drops the copy", elsewhere: "the tableview profile rejects it: no source says what UITableView does with it")
        }
        if let move = firstDuplicate(in: batch.movedSections.map { Ends(from: $0.from, to: $0.to) }) {
            return portableRejection(.duplicateMove, "section \(move.from) is moved to section \(move.to) twice in one batch",
                uikit: "it drops the copy", elsewhere: "the tableview profile rejects it: no source says what UITableView does with it")
        }
        return nil
    }

    /// §3.3 `reload-section-count-changes`: `reloadSections` whose item
    /// count changes. UICollectionView deletes and inserts the section
    /// (its counts are not checked); older reports have table views throw.
    func checkReloadSectionCountChanges(_ map: SectionMap) -> Rejection? {
        for s in batch.reloadedSections {
            guard let before = itemsBefore(s), let t = map.finalIndex(ofOld: s), let after = itemsAfter(t) else { continue }
            if before != after {
                return portableRejection(.reloadSectionCountChanges,
                    "reloaded section \(s) contains \(before) \(words.items) before the update and \(after) \(words.items) after it",
                    uikit: "it deletes and inserts the section, so the count is not checked",
                    elsewhere: "older reports have UITableView throw on it, and the tableview profile rejects it",
                    tableView: "older reports have UITableView throw on it, in words no log shows")
            }
        }
        return nil
    }

    /// The item deletes, reloads and inserts aimed at a section that is
    /// inserted, deleted or reloaded in the same batch, in issue order, each
    /// with what the message says of it (`delete 0.1 is aimed at section 0,
    /// which is deleted in the same batch`). (Moves into or out of such
    /// sections are rejected by UIKit itself, §3.1.)
    func itemOperationsInChangedSections(_ map: SectionMap) -> [(operation: Operation, message: String)] {
        // No section inserted, deleted or reloaded: no operation is aimed at one.
        guard !batch.deletedSections.isEmpty || !batch.insertedSections.isEmpty || !batch.reloadedSections.isEmpty else { return [] }
        let deleted = Set(batch.deletedSections)
        let inserted = Set(batch.insertedSections)
        let reloaded = Set(batch.reloadedSections)
        func oldFate(_ s: Int) -> String? {
            deleted.contains(s) ? "deleted" : reloaded.contains(s) ? "reloaded" : nil
        }
        func finalFate(_ t: Int) -> String? {
            if inserted.contains(t) { return "inserted" }
            if let s = map.oldIndex(ofFinal: t), reloaded.contains(s) { return "reloaded" }
            return nil
        }
        var found: [(Operation, String)] = []
        for op in batch.operations {
            let aim: (section: Int, fate: String?)
            switch op {
            case .deleteItem(let p), .reloadItem(let p): aim = (p.section, oldFate(p.section))
            case .insertItem(let p): aim = (p.section, finalFate(p.section))
            default: continue
            }
            if let fate = aim.fate {
                found.append((op, "\(op.caseSpelling) is aimed at section \(aim.section), which is \(fate) in the same batch"))
            }
        }
        return found
    }

    /// §3.3 `item-operation-in-changed-section`: item operations aimed at a
    /// section that is inserted, deleted or reloaded in the same batch.
    /// UICollectionView drops the item deletes and inserts (§3.1 steps 5a–5b);
    /// some libraries report a throw, Texture drops them too. Of a reload
    /// there, old IGListKit says UICollectionView throws.
    func checkItemOperationInChangedSection(_ map: SectionMap) -> Rejection? {
        guard let (op, message) = itemOperationsInChangedSections(map).first else { return nil }
        if case .reloadItem = op {
            return portableRejection(.itemOperationInChangedSection, message,
                uikit: "its validator lets the reload through",
                elsewhere: "old IGListKit says UICollectionView throws on a reload in a section deleted in the same batch")
        }
        let kind = if case .deleteItem = op { "delete" } else { "insert" }
        return portableRejection(.itemOperationInChangedSection, message,
            uikit: "it drops the item \(kind) silently, as Texture does", elsewhere: "some libraries report UIKit throwing on it")
    }

    /// §3.3 `item-change-in-moved-section`: a section move together with item
    /// inserts, deletes or moves inside the moved section (a delete or move
    /// source in its old index, an insert or move destination in its final
    /// index). UICollectionView's validator does not look; reports speak of
    /// heap corruption and of a cell animated twice.
    ///
    /// The rejection names the first section move (in issue order) with such
    /// an operation, and the first such operation of it: the operations are
    /// read once, keeping for each section index the first that changes
    /// items there before the batch (a delete, a move source) and after it
    /// (an insert, a move destination).
    ///
    /// - Complexity: O(*n*) for a batch of *n* operations.
    func checkItemChangeInMovedSection() -> Rejection? {
        // No section moved: no section's items can change inside a move.
        guard !batch.movedSections.isEmpty else { return nil }
        // The position of the first operation changing items in each old and each final section index.
        var firstInOld: [Int: Int] = [:], firstInFinal: [Int: Int] = [:]
        for (position, op) in batch.operations.enumerated() {
            switch op {
            case .deleteItem(let p):
                if firstInOld[p.section] == nil { firstInOld[p.section] = position }
            case .insertItem(let p):
                if firstInFinal[p.section] == nil { firstInFinal[p.section] = position }
            case .moveItem(let p, let q):
                if firstInOld[p.section] == nil { firstInOld[p.section] = position }
                if firstInFinal[q.section] == nil { firstInFinal[q.section] = position }
            default:
                continue
            }
        }
        for sectionMove in batch.movedSections {
            let s = sectionMove.from, t = sectionMove.to
            let inside = min(firstInOld[s] ?? .max, firstInFinal[t] ?? .max)
            if inside != .max {
                let op = batch.operations[inside]
                return portableRejection(.itemChangeInMovedSection,
                    "section \(s) is moved to section \(t) in the same batch as \(op.caseSpelling) changes its items",
                    uikit: "its validator does not look",
                    elsewhere: "crash reports speak of heap corruption and of a cell animated twice")
            }
        }
        return nil
    }

    /// The first reload (in issue order) that does not stay in place, with
    /// the index path its item ends at (`rowEnd`: §2 placement, the reload
    /// read as staying) and the one UICollectionView inserts its fresh cell
    /// at (`freshRow`: its insert half among `inserts`, the update's
    /// inserts as step 4 merged them, §3.1 step 3, `CollectionViewUpdate.init`;
    /// nil when it has none).
    ///
    /// "In place" is read literally: the section keeps its index and the
    /// item keeps its index inside it, *and* UICollectionView's adjusted
    /// insert half (§3.1 step 3) is that same index path. A delete and an
    /// insert before it that cancel out leave it in place.
    ///
    /// Under `tableview` (§3.4) a reload the batch's deletes and inserts
    /// shift is in place when its insert half is where the item ends: the
    /// one returned is a reload whose fresh row lands elsewhere.
    func firstReloadNotInPlace(_ map: SectionMap, inserts: [UpdateItem])
        -> (reload: ItemPath, rowEnd: ItemPath, freshRow: ItemPath?)? {
        // No item reloaded: nothing to look at.
        guard !batch.reloadedItems.isEmpty else { return nil }
        // Where each item reload's insert half is, by the reload's position
        // in the batch (a half keeps its reload's `order`).
        var insertHalves = [ItemPath?](filled: nil, count: batch.operations.count)
        for insert in inserts {
            if case .reloadInsertHalf(.reloadItem) = insert.origin, let j = insert.path.item,
               insert.order >= 0, insert.order < insertHalves.count {
                insertHalves[insert.order] = ItemPath(insert.path.section, j)
            }
        }
        // One placement per section, however many of its items are reloaded
        // (a section with a final index is one before the update).
        var placements = [[Int?]?](filled: nil, count: sectionsBefore)
        for (order, op) in batch.operations.enumerated() {
            guard case .reloadItem(let p) = op, let t = map.finalIndex(ofOld: p.section),
                  p.section >= 0, p.section < placements.count else { continue }
            let placement = placements[p.section] ?? survivingItemPlacement(oldSection: p.section, finalSection: t)
            placements[p.section] = placement
            guard p.item >= 0, p.item < placement.count, let j = placement[p.item] else { continue }
            let end = ItemPath(t, j)
            let inPlace = words == .tableView
                ? Self.followsItsRow(p, rowEnd: end, freshRow: insertHalves[order])
                : end == p && (insertHalves[order] ?? p) == p
            if !inPlace { return (p, end, insertHalves[order]) }
        }
        return nil
    }

    /// UITableView (§3.4): a reload names its old index path and its fresh
    /// row lands where step 3 shifts it (`freshRow`); it is the row's own
    /// when the row ends there. A reload with no insert half stays at `p`.
    static func followsItsRow(_ p: ItemPath, rowEnd: ItemPath, freshRow: ItemPath?) -> Bool {
        freshRow.map { $0 == rowEnd } ?? (rowEnd == p)
    }

    /// §3.3 `reload-not-in-place`: a reload of an item that does not stay at
    /// its index path. UICollectionView inserts the fresh cell where the
    /// batch's deletes and inserts shift it (moves not counted, §3.1 step 3);
    /// other list views and older readings put it back at the same numbers.
    /// Only a reload that stays put means the same to all of them.
    func checkReloadNotInPlace(_ map: SectionMap, inserts: [UpdateItem]) -> Rejection? {
        guard let (p, rowEnd, freshRow) = firstReloadNotInPlace(map, inserts: inserts) else { return nil }
        // What the message names: under tableview the fresh row when there
        // is one; otherwise where the item ends, unless it ends in place.
        let isInsertHalf = words == .tableView ? freshRow != nil : rowEnd == p
        let q = isInsertHalf ? freshRow ?? rowEnd : rowEnd
        let uikit = "it shifts the fresh cell by the batch's deletes and inserts, not by its moves"
        // The tableview profile accepts a reload whose fresh row lands on its row (§3.4).
        let tableViewRejects = !Self.followsItsRow(p, rowEnd: rowEnd, freshRow: freshRow)
        let elsewhere = "PSTCollectionView and IGListKit's reading of UICollectionView put the fresh cell back at index path (\(p.uikitDescription))"
            + (tableViewRejects ? ", and the tableview profile rejects it" : "")
        let tableView = "UITableView reads a reload at its old index path (Apple's documentation) and openradar 27041784 shows its fresh cell not following a section move, but where else it lands no source says"
        if isInsertHalf, words == .tableView {
            let tableView = "openradar 27041784 shows UITableView's fresh row following the batch's deletes and inserts but not a section move, and no source says what a row displaced by a move shows"
            return portableRejection(.reloadNotInPlace,
                "the reload of index path (\(p.uikitDescription)) does not follow its row: its fresh row lands at index path (\(q.uikitDescription)), the row ends at index path (\(rowEnd.uikitDescription))",
                uikit: uikit, elsewhere: elsewhere, tableView: tableView)
        }
        if isInsertHalf {
            return portableRejection(.reloadNotInPlace,
                "the reload of index path (\(p.uikitDescription)) does not stay in place: UICollectionView inserts its fresh cell at index path (\(q.uikitDescription))",
                uikit: uikit, elsewhere: elsewhere, tableView: tableView)
        }
        return portableRejection(.reloadNotInPlace,
            "the reload of index path (\(p.uikitDescription)) does not stay in place: the item ends at index path (\(q.uikitDescription))",
            uikit: uikit, elsewhere: elsewhere, tableView: tableView)
    }
}

extension BatchContext {
    /// A rejection of the portable subset (§3.3): `what` is outside it; the
    /// message goes on to say that this is the model's own verdict and not
    /// a UIKit exception, that UICollectionView accepts the batch (and what
    /// it does with it, `uikit`), and who does otherwise (`elsewhere`, from
    /// the rule book's sources). A UICollectionView-only app can use the
    /// `uikit` profile, which accepts the batch.
    ///
    /// Under `tableview` (§3.4) the message says instead that the profile
    /// takes the stricter reading, and why: what the sources say of
    /// UITableView (`tableView`; by default, that none says anything).
    func portableRejection(_ rule: Rule, _ what: String, uikit: String, elsewhere: String,
                           tableView: String = "no source says what UITableView does with it") -> Rejection {
        if words == .tableView {
            return Rejection(rule, "\(what); not a UITableView exception: the tableview profile rejects this batch, the stricter reading, as \(tableView) (UICollectionView accepts it: \(uikit))")
        }
        return ListModel.portableRejection(rule, what, uikit: uikit, elsewhere: elsewhere)
    }
}

/// The portable subset's rejection in `strict`'s words (see
/// `BatchContext.portableRejection`).
func portableRejection(_ rule: Rule, _ what: String, uikit: String, elsewhere: String) -> Rejection {
    Rejection(rule, "\(what); portable subset, not a UIKit exception: UICollectionView accepts this batch (\(uikit)), but \(elsewhere)")
}

/// A move's two ends, as an element for `firstDuplicate`: ordered by
/// source, then destination.
private struct Ends<Place: Comparable>: Comparable {
    var from: Place
    var to: Place

    static func < (lhs: Ends, rhs: Ends) -> Bool {
        lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
    }
}

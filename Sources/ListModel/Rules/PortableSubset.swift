// PortableSubset: what the strict profile rejects on top of UICollectionView
// (RULES.md §3.3). Each of these batches UICollectionView's validator
// accepts, but another list view, an older iOS or a second reading of the
// sources does something else with it; strict keeps an engine inside what
// every list view does alike.

extension BatchContext {
    /// §3.3 `duplicate-move`: the same move twice. UICollectionView drops the
    /// copy; the model knows of no source for UITableView's behaviour.
    func checkDuplicateMoves() -> Rejection? {
        // The first move equal to an earlier one, by a set of those seen.
        var seenItemMoves: Set<Ends<ItemPath>> = []
        for move in batch.movedItems where !seenItemMoves.insert(Ends(from: move.from, to: move.to)).inserted {
            return Rejection(.duplicateMove,
                "index path (\(move.from.uikitDescription)) is moved to (\(move.to.uikitDescription)) twice in one batch")
        }
        var seenSectionMoves: Set<Ends<Int>> = []
        for move in batch.movedSections where !seenSectionMoves.insert(Ends(from: move.from, to: move.to)).inserted {
            return Rejection(.duplicateMove, "section \(move.from) is moved to section \(move.to) twice in one batch")
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
                return Rejection(.reloadSectionCountChanges,
                    "reloaded section \(s) contains \(before) items before the update and \(after) items after it")
            }
        }
        return nil
    }

    /// The item deletes, reloads and inserts aimed at a section that is
    /// inserted, deleted or reloaded in the same batch, in issue order, each
    /// with the message that names it. (Moves into or out of such sections
    /// are rejected by UIKit itself, §3.1.)
    func itemOperationsInChangedSections(_ map: SectionMap) -> [(operation: Operation, message: String)] {
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
            switch op {
            case .deleteItem(let p):
                if let fate = oldFate(p.section) {
                    found.append((op, "attempt to delete item \(p.item) from section \(p.section), which is \(fate) in the same batch"))
                }
            case .reloadItem(let p):
                if let fate = oldFate(p.section) {
                    found.append((op, "attempt to reload item \(p.item) in section \(p.section), which is \(fate) in the same batch"))
                }
            case .insertItem(let p):
                if let fate = finalFate(p.section) {
                    found.append((op, "attempt to insert item \(p.item) into section \(p.section), which is \(fate) in the same batch"))
                }
            default:
                continue
            }
        }
        return found
    }

    /// §3.3 `item-operation-in-changed-section`: item operations aimed at a
    /// section that is inserted, deleted or reloaded in the same batch.
    /// UICollectionView drops the item deletes and inserts (§3.1 steps 5a–5b);
    /// some libraries report a throw, Texture drops them too.
    func checkItemOperationInChangedSection(_ map: SectionMap) -> Rejection? {
        itemOperationsInChangedSections(map).first.map { Rejection(.itemOperationInChangedSection, $0.message) }
    }

    /// §3.3 `item-change-in-moved-section`: a section move together with item
    /// inserts, deletes or moves inside the moved section (a delete or move
    /// source in its old index, an insert or move destination in its final
    /// index). UICollectionView's validator does not look; reports speak of
    /// heap corruption and of a cell animated twice.
    func checkItemChangeInMovedSection() -> Rejection? {
        for sectionMove in batch.movedSections {
            let s = sectionMove.from, t = sectionMove.to
            for op in batch.operations {
                let isInside: Bool
                switch op {
                case .deleteItem(let p): isInside = p.section == s
                case .insertItem(let p): isInside = p.section == t
                case .moveItem(let p, let q): isInside = p.section == s || q.section == t
                default: isInside = false
                }
                if isInside {
                    return Rejection(.itemChangeInMovedSection,
                        "section \(s) is moved to section \(t) in the same batch as \(op.caseSpelling) changes its items")
                }
            }
        }
        return nil
    }

    /// The reloads that do not stay in place, in issue order, each with the
    /// index path it ends at (§2 placement, the reload read as staying) or,
    /// if that is its own, the one UICollectionView inserts its fresh cell at.
    ///
    /// "In place" is read literally: the section keeps its index and the
    /// item keeps its index inside it, *and* UICollectionView's adjusted
    /// insert half (§3.1 step 3) is that same index path. A delete and an
    /// insert before it that cancel out leave it in place.
    func reloadsNotInPlace(_ map: SectionMap) -> [(reload: ItemPath, end: ItemPath, isInsertHalf: Bool)] {
        let insertHalves = ListView.reloadedItemDestinations(batch.batch)
        var found: [(ItemPath, ItemPath, Bool)] = []
        // One placement per section, however many of its items are reloaded.
        var placements: [Int: [Int?]] = [:]
        for p in batch.reloadedItems {
            guard let t = map.finalIndex(ofOld: p.section) else { continue }
            let placement = placements[p.section] ?? survivingItemPlacement(oldSection: p.section, finalSection: t)
            placements[p.section] = placement
            guard p.item >= 0, p.item < placement.count, let j = placement[p.item] else { continue }
            if t != p.section || j != p.item {
                found.append((p, ItemPath(t, j), false))
                continue
            }
            if let q = insertHalves[p], q != p {
                found.append((p, q, true))
            }
        }
        return found
    }

    /// §3.3 `reload-not-in-place`: a reload of an item that does not stay at
    /// its index path. UICollectionView inserts the fresh cell where the
    /// batch's deletes and inserts shift it (moves not counted, §3.1 step 3);
    /// other list views and older readings put it back at the same numbers.
    /// Only a reload that stays put means the same to all of them.
    func checkReloadNotInPlace(_ map: SectionMap) -> Rejection? {
        guard let (p, q, isInsertHalf) = reloadsNotInPlace(map).first else { return nil }
        if isInsertHalf {
            return Rejection(.reloadNotInPlace,
                "attempt to reload index path (\(p.uikitDescription)), but the reload does not stay in place: UICollectionView inserts its fresh cell at index path (\(q.uikitDescription))")
        }
        return Rejection(.reloadNotInPlace,
            "attempt to reload index path (\(p.uikitDescription)), but the item does not stay in place: it ends at index path (\(q.uikitDescription))")
    }
}

/// A move's two ends, as a set's key.
private struct Ends<Place: Hashable>: Hashable {
    var from: Place
    var to: Place
}

// OpenRules: the known-unsafe combinations the rule book marks [open]
// (RULES.md §3 "Known-unsafe combinations"). The strict profile rejects each; the
// uikit profile applies its lenient reading (`lenientBatch`).

extension BatchContext {
    /// §3 **[open]** a reloaded section that also moves. Lenient: applied
    /// (the section shows `data` at its final index).
    func checkReloadedSectionMoves() -> Rejection? {
        let reloaded = Set(batch.reloadedSections)
        for move in batch.movedSections where reloaded.contains(move.from) {
            return Rejection(.reloadedSectionMoves,
                "section \(move.from) is reloaded and moved to section \(move.to) in the same batch")
        }
        return nil
    }

    /// §3 **[open]** `reloadSections` whose item count changes. Lenient:
    /// applied (the section shows `data` at its final index).
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
    /// are firm rejections, checked earlier.)
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

    /// §3 **[open]** item operations aimed at a section that is inserted or
    /// deleted (or reloaded) in the same batch. Lenient: dropped.
    func checkItemOperationInChangedSection(_ map: SectionMap) -> Rejection? {
        itemOperationsInChangedSections(map).first.map { Rejection(.itemOperationInChangedSection, $0.message) }
    }

    /// §3 **[open]** a section move together with item inserts, deletes or
    /// moves inside the moved section (a delete or move source in its old
    /// index, an insert or move destination in its final index). Lenient:
    /// applied as §2 describes.
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

    /// The reloads whose item does not end at the index path it was reloaded
    /// at (§2 placement), in issue order, each with the path it ends at.
    ///
    /// "Stays in place" is read literally: the section keeps its index and
    /// the item keeps its index inside it. A delete and an insert before it
    /// that cancel out leave it in place.
    func reloadsNotInPlace(_ map: SectionMap) -> [(reload: ItemPath, end: ItemPath)] {
        var found: [(ItemPath, ItemPath)] = []
        for p in batch.reloadedItems {
            guard let t = map.finalIndex(ofOld: p.section) else { continue }
            let placement = survivingItemPlacement(oldSection: p.section, finalSection: t)
            guard p.item >= 0, p.item < placement.count, let j = placement[p.item] else { continue }
            if t != p.section || j != p.item {
                found.append((p, ItemPath(t, j)))
            }
        }
        return found
    }

    /// §3 **[open]** a reload of an item that does not stay at the same index
    /// path. Lenient: see `lenientBatch`.
    func checkReloadNotInPlace(_ map: SectionMap) -> Rejection? {
        guard let (p, q) = reloadsNotInPlace(map).first else { return nil }
        return Rejection(.reloadNotInPlace,
            "attempt to reload index path (\(p.uikitDescription)), but the item does not stay in place: it ends at index path (\(q.uikitDescription))")
    }

    /// The batch the `uikit` profile applies: the lenient reading of every
    /// open rule.
    ///
    /// - Item deletes, reloads and inserts aimed at an inserted, deleted or
    ///   reloaded section are dropped.
    /// - A reload that does not stay in place becomes a delete at its old
    ///   index path plus an insert at the same index path *number* in the
    ///   final state (where collection views re-insert the cell); every
    ///   conflict that follows is then checked like any other.
    /// - Reloaded sections that move or change their count, and item changes
    ///   inside moved sections, are applied as they are.
    ///
    /// Repeats until nothing changes: each round either drops operations or
    /// turns reloads into delete + insert, so it ends.
    func lenientBatch(_ map: SectionMap) -> Batch {
        var current = self
        while true {
            let dropped = Set(current.itemOperationsInChangedSections(map).map(\.operation))
            var operations = current.batch.operations.filter { !dropped.contains($0) }
            let rewritten = Set(BatchContext(batch: Batch(operations), displayed: displayed, data: data)
                .reloadsNotInPlace(map).map(\.reload))
            operations = operations.flatMap { op -> [Operation] in
                if case .reloadItem(let p) = op, rewritten.contains(p) {
                    return [.deleteItem(p), .insertItem(p)]
                }
                return [op]
            }
            let next = Batch(operations)
            if next == current.batch.batch { return next }
            current.batch = BatchLists(next)
        }
    }
}

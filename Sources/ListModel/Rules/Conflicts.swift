// Conflicts: operations of one batch that contradict each other
// (RULES.md §3 Conflicts). Each check reads the operations in the order
// they were issued and reports the first offender.

extension BatchContext {
    // MARK: Sections

    /// §3 Conflicts: the same section deleted, inserted or reloaded twice, two
    /// moves from one section or to one section. UIKit has no clean message
    /// for these; the model names the duplicate.
    func checkDuplicateSectionOperations() -> Rejection? {
        if let s = firstDuplicate(in: batch.deletedSections) {
            return Rejection(.duplicateOperation, "section \(s) is deleted twice in one batch")
        }
        if let s = firstDuplicate(in: batch.insertedSections) {
            return Rejection(.duplicateOperation, "section \(s) is inserted twice in one batch")
        }
        if let s = firstDuplicate(in: batch.reloadedSections) {
            return Rejection(.duplicateOperation, "section \(s) is reloaded twice in one batch")
        }
        if let s = firstDuplicate(in: batch.movedSections.map(\.from)) {
            return Rejection(.duplicateOperation, "section \(s) is moved twice in one batch (two moves from section \(s))")
        }
        if let t = firstDuplicate(in: batch.movedSections.map(\.to)) {
            return Rejection(.duplicateOperation, "two sections are moved to section \(t) in one batch")
        }
        return nil
    }

    /// §3 Conflicts (worded like the item rule; a reload is a delete plus an
    /// insert, §1.5): `attempt to delete and reload the same section (S)`.
    func checkDeleteAndReloadSection() -> Rejection? {
        let deleted = Set(batch.deletedSections)
        for s in batch.reloadedSections where deleted.contains(s) {
            return Rejection(.deleteAndReloadSection, "attempt to delete and reload the same section (\(s))")
        }
        return nil
    }

    /// §3 Conflicts (worded like the item rule):
    /// `attempt to perform a delete and a move from the same section (S)`.
    func checkDeleteAndMoveSection() -> Rejection? {
        let deleted = Set(batch.deletedSections)
        for move in batch.movedSections where deleted.contains(move.from) {
            return Rejection(.deleteAndMoveSection, "attempt to perform a delete and a move from the same section (\(move.from))")
        }
        return nil
    }

    /// §3 Conflicts: `attempt to perform an insert and a move to the same section (S)`.
    func checkInsertAndMoveSection() -> Rejection? {
        let inserted = Set(batch.insertedSections)
        for move in batch.movedSections where inserted.contains(move.to) {
            return Rejection(.insertAndMoveSection, "attempt to perform an insert and a move to the same section (\(move.to))")
        }
        return nil
    }

    // MARK: Items

    /// §3 Conflicts: the same index path deleted, inserted or reloaded twice,
    /// two moves from one index path or to one index path. UIKit corrupts its
    /// state or crashes without a clean message; the model names the duplicate.
    func checkDuplicateItemOperations() -> Rejection? {
        if let p = firstDuplicate(in: batch.deletedItems) {
            return Rejection(.duplicateOperation, "index path (\(p.uikitDescription)) is deleted twice in one batch")
        }
        if let p = firstDuplicate(in: batch.insertedItems) {
            return Rejection(.duplicateOperation, "index path (\(p.uikitDescription)) is inserted twice in one batch")
        }
        if let p = firstDuplicate(in: batch.reloadedItems) {
            return Rejection(.duplicateOperation, "index path (\(p.uikitDescription)) is reloaded twice in one batch")
        }
        if let p = firstDuplicate(in: batch.movedItems.map(\.from)) {
            return Rejection(.duplicateOperation, "index path (\(p.uikitDescription)) is moved twice in one batch (two moves from it)")
        }
        if let q = firstDuplicate(in: batch.movedItems.map(\.to)) {
            return Rejection(.duplicateOperation, "two items are moved to index path (\(q.uikitDescription)) in one batch")
        }
        return nil
    }

    /// §3 Conflicts: `attempt to delete and reload the same index path (P)`.
    func checkDeleteAndReload() -> Rejection? {
        let deleted = Set(batch.deletedItems)
        for p in batch.reloadedItems where deleted.contains(p) {
            return Rejection(.deleteAndReload, "attempt to delete and reload the same index path (\(p.uikitDescription))")
        }
        return nil
    }

    /// §3 Conflicts: `attempt to perform a delete and a move from the same index path (P)`.
    func checkDeleteAndMove() -> Rejection? {
        let deleted = Set(batch.deletedItems)
        for move in batch.movedItems where deleted.contains(move.from) {
            return Rejection(.deleteAndMove, "attempt to perform a delete and a move from the same index path (\(move.from.uikitDescription))")
        }
        return nil
    }

    /// §3 Conflicts: `attempt to perform an insert and a move to the same index path (P)`.
    func checkInsertAndMove() -> Rejection? {
        let inserted = Set(batch.insertedItems)
        for move in batch.movedItems where inserted.contains(move.to) {
            return Rejection(.insertAndMove, "attempt to perform an insert and a move to the same index path (\(move.to.uikitDescription))")
        }
        return nil
    }

    /// §3 Conflicts: a reload of an item that also moves ("you can't reload an
    /// item that is moved"; no UIKit message, the model names the path).
    func checkReloadMovedItem() -> Rejection? {
        let reloaded = Set(batch.reloadedItems)
        for move in batch.movedItems where reloaded.contains(move.from) {
            return Rejection(.reloadMovedItem,
                "attempt to reload and move the same index path (\(move.from.uikitDescription)): an item that moves cannot be reloaded")
        }
        return nil
    }

    /// §3 Conflicts: `cannot move a row into a newly inserted section (S)`.
    /// A reloaded section counts as newly inserted (§1.5: a reload is a delete
    /// plus an insert); S is the section's final index.
    func checkMoveIntoInsertedSection(_ map: SectionMap) -> Rejection? {
        let inserted = Set(batch.insertedSections)
        let reloaded = Set(batch.reloadedSections)
        for move in batch.movedItems {
            let t = move.to.section
            let isReloaded = map.oldIndex(ofFinal: t).map { reloaded.contains($0) } ?? false
            if inserted.contains(t) || isReloaded {
                return Rejection(.moveIntoInsertedSection, "cannot move a row into a newly inserted section (\(t))")
            }
        }
        return nil
    }

    /// §3 Conflicts (no UIKit message in the rule book; worded like the insert
    /// rule): `cannot move a row from a deleted section (S)`. A reloaded
    /// section counts as deleted; S is the section's old index.
    func checkMoveOutOfDeletedSection() -> Rejection? {
        for move in batch.movedItems where isDeletedOrReloaded(oldSection: move.from.section) {
            return Rejection(.moveOutOfDeletedSection, "cannot move a row from a deleted section (\(move.from.section))")
        }
        return nil
    }

    /// §3: a no-op section move (S -> S) together with an item moved out of S,
    /// reported as `request for index path for global index I when there are
    /// only N items in the collection view`.
    ///
    /// The numbers in real crash logs are garbage (`global index 5073583552
    /// when there are only 16 items`); the model gives I = the moved item's
    /// global index before the update and N = the number of items after it.
    /// Match on the text, not the numbers. The model adds the offender in
    /// parentheses after UIKit's words.
    func checkNoOpSectionMoveWithItemMovedOut() -> Rejection? {
        let noOpMoves = Set(batch.movedSections.filter { $0.from == $0.to }.map(\.from))
        for move in batch.movedItems where noOpMoves.contains(move.from.section) && move.to.section != move.from.section {
            let before = displayed.sections.prefix(max(0, move.from.section)).reduce(0) { $0 + $1.items.count }
            let global = before + move.from.item
            return Rejection(.noOpSectionMoveWithItemMovedOut,
                "request for index path for global index \(global) when there are only \(data.itemCount) items in the collection view"
                + " (section \(move.from.section) is moved onto itself while \(Operation.moveItem(from: move.from, to: move.to).caseSpelling) takes an item out of it)")
        }
        return nil
    }
}

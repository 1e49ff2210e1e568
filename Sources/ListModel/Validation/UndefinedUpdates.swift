// UndefinedUpdates: batches UICollectionView's validator lets through but
// cannot apply (RULES.md §3.2). Both profiles reject them, in the model's
// words: UIKit has none, its state breaks or it crashes later.

extension BatchContext {
    /// §3.2: the same section or index path deleted, inserted or reloaded
    /// twice. UIKit's validator counts each copy (a copy usually fails the
    /// counts, which are checked first); when the counts happen to agree,
    /// the update goes on with two entries for one place, and what the view
    /// then does is not defined. The model names the duplicate.
    func checkDuplicateOperations() -> Rejection? {
        let lists: [(values: [Int], what: String)] = [
            (batch.deletedSections, "deleted"), (batch.insertedSections, "inserted"), (batch.reloadedSections, "reloaded"),
        ]
        for list in lists {
            if let s = firstDuplicate(in: list.values) {
                return Rejection(.duplicateOperation, "section \(s) is \(list.what) twice in one batch")
            }
        }
        let paths: [(values: [ItemPath], what: String)] = [
            (batch.deletedItems, "deleted"), (batch.insertedItems, "inserted"), (batch.reloadedItems, "reloaded"),
        ]
        for list in paths {
            if let p = firstDuplicate(in: list.values) {
                return Rejection(.duplicateOperation, "index path (\(p.uikitDescription)) is \(list.what) twice in one batch")
            }
        }
        return nil
    }

    /// §3.2: a section moved onto itself (`move section S S`) while one of
    /// its items moves to another section. The validator accepts it; the
    /// update's item map then gives the item two places (the section move
    /// claims all its items), and the layout fails later with `request for
    /// index path for global index I when there are only N items in the
    /// collection view`, with meaningless numbers.
    ///
    /// The model gives I = the moved item's global index before the update
    /// and N = the number of items after it, and adds the offender in
    /// parentheses after UIKit's words. Match on the text, not the numbers.
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

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
        // Sections deleted, inserted, reloaded; then index paths, in the same order.
        if let s = firstDuplicate(in: batch.deletedSections) { return Self.duplicated("section \(s)", "deleted") }
        if let s = firstDuplicate(in: batch.insertedSections) { return Self.duplicated("section \(s)", "inserted") }
        if let s = firstDuplicate(in: batch.reloadedSections) { return Self.duplicated("section \(s)", "reloaded") }
        if let p = firstDuplicate(in: batch.deletedItems) { return Self.duplicated("index path (\(p.uikitDescription))", "deleted") }
        if let p = firstDuplicate(in: batch.insertedItems) { return Self.duplicated("index path (\(p.uikitDescription))", "inserted") }
        if let p = firstDuplicate(in: batch.reloadedItems) { return Self.duplicated("index path (\(p.uikitDescription))", "reloaded") }
        return nil
    }

    /// §3.2's words for a duplicate: `section 1 is deleted twice in one batch`.
    private static func duplicated(_ place: String, _ what: String) -> Rejection {
        Rejection(.duplicateOperation, "\(place) is \(what) twice in one batch")
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
        guard !batch.movedSections.isEmpty else { return nil }
        let noOpMoves = Set(batch.movedSections.filter { $0.from == $0.to }.map(\.from))
        for move in batch.movedItems where noOpMoves.contains(move.from.section) && move.to.section != move.from.section {
            let before = displayed.sections.prefix(max(0, move.from.section)).reduce(0) { $0 + $1.items.count }
            let global = before + move.from.item
            return Rejection(.noOpSectionMoveWithItemMovedOut, words.unsourced(
                "request for index path for global index \(global) when there are only \(data.itemCount) items in the collection view"
                + " (section \(move.from.section) is moved onto itself while \(Operation.moveItem(from: move.from, to: move.to).caseSpelling) takes an item out of it)"))
        }
        return nil
    }
}

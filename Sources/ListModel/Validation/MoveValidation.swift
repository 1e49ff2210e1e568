// MoveValidation: the moves checked on both sides, exact duplicates dropped
// (RULES.md §3.1, the reconstruction's step 5c).

extension CollectionViewUpdate {
    /// Step 5c: walks the moves in ascending order of their source.
    ///
    /// - A section move's source must exist before the update and its
    ///   destination after it; an item move's source section and item
    ///   before, its destination section and item after.
    /// - A later move with the same source and destination is dropped
    ///   silently. One with the same source only:
    ///   `attempt to move item at index path P to both Q and R`; with the same
    ///   destination only: `attempt to move both item at index path P and Q to R`
    ///   (section forms likewise).
    ///
    /// The messages are UIKit's, typo included (`attempt to to move section`).
    /// Where UIKit's format prints an index path with `%@` and no
    /// parentheses, the model prints the bare path (`0-1`).
    mutating func validateMoves(_ context: BatchContext) throws(Rejection) {
        var index = 0
        while index < moves.count {
            let move = moves[index]
            let from = move.path, to = move.destination ?? move.path
            try checkBounds(of: move, from: from, to: to, context)
            var scan = index + 1
            while scan < moves.count {
                let other = moves[scan]
                let sameSource = other.path == from
                let sameDestination = other.destination == to
                if sameSource && sameDestination {
                    moves.remove(at: scan)
                    continue
                }
                let otherTo = other.destination ?? other.path
                if sameSource {
                    throw Rejection(.movesFromOnePlace, from.isSection
                        ? "attempt to move section \(from.section) to both section \(to.section) and section \(otherTo.section)"
                        : "attempt to move item at index path \(from.uikitDescription) to both \(to.uikitDescription) and \(otherTo.uikitDescription)")
                }
                if sameDestination {
                    throw Rejection(.movesToOnePlace, from.isSection
                        ? "attempt to move both section \(from.section) and section \(other.path.section) to section \(to.section)"
                        : "attempt to move both item at index path \(from.uikitDescription) and \(other.path.uikitDescription) to \(to.uikitDescription)")
                }
                scan += 1
            }
            index += 1
        }
    }

    private func checkBounds(of move: UpdateItem, from: UpdatePath, to: UpdatePath, _ context: BatchContext) throws(Rejection) {
        if from.isSection {
            if from.section < 0 || from.section >= context.sectionsBefore {
                throw Rejection(.moveSectionSourceOutOfRange,
                    "attempt to move section \(from.section), but there are only \(context.sectionsBefore) sections before the update")
            }
            if to.section < 0 || to.section >= context.sectionsAfter {
                throw Rejection(.moveSectionDestinationOutOfRange,
                    "attempt to to move section \(from.section) to section \(to.section), but there are only \(context.sectionsAfter) sections after the update")
            }
            return
        }
        let p = from.uikitDescription, q = to.uikitDescription
        guard let before = context.itemsBefore(from.section) else {
            throw Rejection(.moveItemSourceOutOfRange,
                "attempt to move index path (\(p)) from a section that does not exist - there are only \(context.sectionsBefore) sections before the update")
        }
        if let i = from.item, i < 0 || i >= before {
            throw Rejection(.moveItemSourceOutOfRange,
                "attempt to move index path (\(p)) that does not exist - there are only \(before) items in section \(from.section) before the update")
        }
        guard let after = context.itemsAfter(to.section) else {
            throw Rejection(.moveItemDestinationOutOfRange,
                "attempt to move index path (\(p)) to index path (\(q)) in section that does not exist - there are only \(context.sectionsAfter) sections after the update")
        }
        if let j = to.item, j < 0 || j >= after {
            throw Rejection(.moveItemDestinationOutOfRange,
                "attempt to move index path (\(p)) to index path (\(q)) that does not exist - there are only \(after) items in section \(to.section) after the update")
        }
    }
}

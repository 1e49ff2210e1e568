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
    ///
    /// The validator compares each move with every later one. The model
    /// finds the same first conflict without that: `MovePartners` gives,
    /// for each move, the first later move from the same place to another
    /// and the first later move from another place to the same one. A later
    /// exact duplicate never hides a conflict (it conflicts with what its
    /// original does, and the original comes first), so the duplicates are
    /// dropped at the end: every move after the first with its source and
    /// destination.
    ///
    /// - Complexity: O(*m*) for *m* moves (expected: `MovePartners` hashes
    ///   a long list).
    mutating func validateMoves(_ context: BatchContext) throws(Rejection) {
        guard !moves.isEmpty else { return }
        let partners = MovePartners(moves)
        var kept: [UpdateItem] = []
        kept.reserveCapacity(moves.count)
        for (index, move) in moves.enumerated() {
            let from = move.path, to = move.destination ?? move.path
            // An exact duplicate of an earlier move: the validator dropped it
            // when it checked the earlier one.
            if isExactDuplicate(index) { continue }
            try checkBounds(of: move, from: from, to: to, context)
            let sameSource = partners.sameSource[index]
            if let scan = [sameSource, partners.sameDestination[index]].compactMap({ $0 }).min() {
                let other = moves[scan]
                let otherTo = other.destination ?? other.path
                if scan == sameSource {
                    throw Rejection(.movesFromOnePlace, from.isSection
                        ? "attempt to move section \(from.section) to both section \(to.section) and section \(otherTo.section)"
                        : context.words.unsourced("attempt to move item at index path \(from.uikitDescription) to both \(to.uikitDescription) and \(otherTo.uikitDescription)"))
                }
                throw Rejection(.movesToOnePlace, from.isSection
                    ? "attempt to move both section \(from.section) and section \(other.path.section) to section \(to.section)"
                    // UITableView's words: JXMovableCellTableView issue 4 (RULES.md §3.4).
                    : "attempt to move both \(context.words.item) at index path \(from.uikitDescription) and \(other.path.uikitDescription) to \(to.uikitDescription)")
            }
            kept.append(move)
        }
        moves = kept
    }

    /// Whether an earlier move than `moves[index]` has its source and
    /// destination. The moves are sorted by source (`init`), so every
    /// earlier move from the same place sorts just before it, among the
    /// moves whose source sorts alike. The walk back is short: the first
    /// move of a source with two destinations is rejected (`MovePartners`)
    /// before a later one is looked at, so past it only copies remain.
    private func isExactDuplicate(_ index: Int) -> Bool {
        let move = moves[index], to = move.destination ?? move.path
        var earlier = index - 1
        while earlier >= 0 && !(moves[earlier].path < move.path) {
            let other = moves[earlier]
            if other.path == move.path && (other.destination ?? other.path) == to { return true }
            earlier -= 1
        }
        return false
    }

    private func checkBounds(of move: UpdateItem, from: UpdatePath, to: UpdatePath, _ context: BatchContext) throws(Rejection) {
        if from.isSection {
            // Signed, as UIKit compares: a negative section passes (RULES.md §3.1).
            if from.section >= context.sectionsBefore {
                throw Rejection(.moveSectionSourceOutOfRange,
                    "attempt to move section \(from.section), but there are only \(context.sectionsBefore) sections before the update")
            }
            if to.section >= context.sectionsAfter {
                throw Rejection(.moveSectionDestinationOutOfRange,
                    "attempt to to move section \(from.section) to section \(to.section), but there are only \(context.sectionsAfter) sections after the update")
            }
            return
        }
        // The messages spell the paths only when they are thrown.
        if from.section >= context.sectionsBefore {
            throw Rejection(.moveItemSourceOutOfRange,
                "attempt to move index path (\(from.uikitDescription)) from a section that does not exist - there are only \(context.sectionsBefore) sections before the update")
        }
        let before = try context.itemsBeforeAsked(from.section, for: move)
        if let i = from.item, i >= before {
            throw Rejection(.moveItemSourceOutOfRange,
                "attempt to move index path (\(from.uikitDescription)) that does not exist - there are only \(before) \(context.words.items) in section \(from.section) before the update")
        }
        if to.section >= context.sectionsAfter {
            throw Rejection(.moveItemDestinationOutOfRange,
                "attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)) in section that does not exist - there are only \(context.sectionsAfter) sections after the update")
        }
        let after = try context.itemsAfterAsked(to.section, for: move)
        if let j = to.item, j >= after {
            throw Rejection(.moveItemDestinationOutOfRange,
                "attempt to move index path (\(from.uikitDescription)) to index path (\(to.uikitDescription)) that does not exist - there are only \(after) \(context.words.items) in section \(to.section) after the update")
        }
    }
}

/// For each move of a list, the first later move that conflicts with it:
/// from the same source to another destination, or from another source to
/// the same destination (step 5c's two rejections).
struct MovePartners {
    /// The index of the first later move from the same source to another destination.
    var sameSource: [Int?]
    /// The index of the first later move from another source to the same destination.
    var sameDestination: [Int?]

    /// - Complexity: O(*m*) (expected, hashing).
    init(_ moves: [UpdateItem]) {
        let ends = moves.map { (from: $0.path, to: $0.destination ?? $0.path) }
        sameSource = Self.firstLaterDiffering(ends.map { ($0.from, $0.to) })
        sameDestination = Self.firstLaterDiffering(ends.map { ($0.to, $0.from) })
    }

    /// For each `k`, the first `j > k` with the same `group` and another
    /// `other`. Walked from the end, per group: the next member either
    /// differs from `k` (it is the answer) or is the same in both (then its
    /// own answer is `k`'s). A few moves are compared pairwise instead,
    /// which gives the same answers without building a table.
    private static func firstLaterDiffering(_ ends: [(group: UpdatePath, other: UpdatePath)]) -> [Int?] {
        var answer = [Int?](filled: nil, count: ends.count)
        if ends.count <= 16 {
            for k in ends.indices {
                answer[k] = ends.indices[(k + 1)...].first { ends[$0].group == ends[k].group && ends[$0].other != ends[k].other }
            }
            return answer
        }
        var nextInGroup: [UpdatePath: Int] = [:]
        for k in ends.indices.reversed() {
            if let next = nextInGroup[ends[k].group] {
                answer[k] = ends[next].other != ends[k].other ? next : answer[next]
            }
            nextInGroup[ends[k].group] = k
        }
        return answer
    }
}

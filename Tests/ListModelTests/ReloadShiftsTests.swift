import Testing
@testable import ListModel
import TestSupport

/// `ReloadShifts` (the reload split without a walk a reload) and the linear
/// move validation give what the validator's own loops give: the literal
/// walk (`walkedInsertPath`) and the pairwise move scan, transcribed below,
/// on random batches with repeated operations and indexes out of range.

@Test func theIndexedSplitPlacesEveryReloadWhereTheWalkDoes() {
    var random = SeededGenerator(seed: 22)
    for _ in 0..<3_000 {
        let batch = randomBatch(&random, operations: 1 + random.below(24), span: 6)
        let issued = CollectionViewUpdate.issuedLists(batch)
        let deletes = issued.deletes.descending(), inserts = issued.inserts.ascending()
        let shifts = ReloadShifts(deletes: deletes, inserts: inserts)
        for reload in issued.reloads {
            let walkedIsDeleted = deletes.contains { $0.path == reload.path }
            #expect(shifts.isDeleted(reload.path) == walkedIsDeleted, "\(batch.operations)")
            if walkedIsDeleted { continue }
            let walked = CollectionViewUpdate.walkedInsertPath(reload.path, deletes: deletes, inserts: inserts)
            #expect(shifts.insertPath(for: reload.path) == walked, "reload \(reload.path) in \(batch.operations)")
        }
    }
}

@Test func theIndexedSplitHandlesTheQuirkAndRepeats() {
    // The section delete of 1 takes the reload's section to 1 before the item deletes
    // of section 1 are met; both then count (and the repeated 1.0 counts once more).
    let deletes: [Operation] = [.deleteSection(1), .deleteItem(p(1, 0)), .deleteItem(p(1, 0)), .deleteItem(p(1, 2))]
    let batch = Batch(deletes + [.insertItem(p(1, 0)), .insertItem(p(1, 0)), .reloadItem(p(2, 3))])
    let issued = CollectionViewUpdate.issuedLists(batch)
    let sortedDeletes = issued.deletes.descending(), sortedInserts = issued.inserts.ascending()
    let reload = UpdatePath(section: 2, item: 3)
    let walked = CollectionViewUpdate.walkedInsertPath(reload, deletes: sortedDeletes, inserts: sortedInserts)
    #expect(walked == UpdatePath(section: 1, item: 2))
    #expect(ReloadShifts(deletes: sortedDeletes, inserts: sortedInserts).insertPath(for: reload) == walked)
}

@Test func extremeIndexesFallBackToTheWalk() {
    let batch = Batch([.deleteItem(p(0, Int.min)), .deleteItem(p(0, Int.min + 1)), .reloadItem(p(0, Int.min + 1 + 1))])
    let issued = CollectionViewUpdate.issuedLists(batch)
    let deletes = issued.deletes.descending(), inserts = issued.inserts.ascending()
    let path = UpdatePath(section: 0, item: Int.min + 2)
    #expect(ReloadShifts(deletes: deletes, inserts: inserts).insertPath(for: path)
        == CollectionViewUpdate.walkedInsertPath(path, deletes: deletes, inserts: inserts))
}

@Test func linearMoveValidationMatchesThePairwiseScan() throws {
    var random = SeededGenerator(seed: 5)
    var rejected = 0, accepted = 0
    for _ in 0..<4_000 {
        let batch = randomBatch(&random, operations: 1 + random.below(random.chance(70) ? 10 : 40), span: 3, movesOnly: true)
        let context = BatchContext(batch: batch, displayed: randomSnapshot(&random), data: randomSnapshot(&random))
        // Moves only: the lists hold the moves, ascending, and nothing is split.
        var linear = try CollectionViewUpdate(batch)
        var pairwise = linear
        let linearOutcome = outcome { () throws(Rejection) in try linear.validateMoves(context) }
        let pairwiseOutcome = outcome { () throws(Rejection) in try pairwise.validateMovesPairwise(context) }
        #expect(linearOutcome == pairwiseOutcome, "\(batch.operations)")
        if linearOutcome == nil {
            #expect(linear.moves == pairwise.moves, "\(batch.operations)")
            accepted += 1
        } else {
            rejected += 1
        }
    }
    // Both kinds of answer were compared.
    #expect(rejected > 100 && accepted > 100)
}

@Test func movePartnersAreEachMovesFirstLaterConflict() {
    // Both ways of finding them: pairwise for up to 16 moves, by a table above.
    var random = SeededGenerator(seed: 9)
    for _ in 0..<500 {
        let batch = randomBatch(&random, operations: 1 + random.below(40), span: 4, movesOnly: true)
        let moves = CollectionViewUpdate.issuedLists(batch).moves.ascending()
        let partners = MovePartners(moves)
        let ends = moves.map { (from: $0.path, to: $0.destination ?? $0.path) }
        for k in ends.indices {
            let later = ends.indices[(k + 1)...]
            #expect(partners.sameSource[k] == later.first { ends[$0].from == ends[k].from && ends[$0].to != ends[k].to })
            #expect(partners.sameDestination[k] == later.first { ends[$0].to == ends[k].to && ends[$0].from != ends[k].from })
        }
    }
}

private func outcome(_ body: () throws(Rejection) -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error.rule): \(error.message)" }
}

/// A batch of `operations` random operations over sections and items
/// `-1..<span`, some of them repeated.
private func randomBatch(_ random: inout SeededGenerator, operations: Int, span: Int, movesOnly: Bool = false) -> Batch {
    var ops: [Operation] = []
    func index(_ random: inout SeededGenerator) -> Int { random.below(span + 1) - (random.chance(5) ? 1 : 0) }
    for _ in 0..<operations {
        if !ops.isEmpty && random.chance(15) {
            ops.append(random.pick(ops))
            continue
        }
        let kind = movesOnly ? 6 + random.below(2) : random.below(8)
        let a = ItemPath(index(&random), index(&random)), b = ItemPath(index(&random), index(&random))
        switch kind {
        case 0: ops.append(.deleteSection(a.section))
        case 1: ops.append(.deleteItem(a))
        case 2: ops.append(.insertSection(a.section))
        case 3: ops.append(.insertItem(a))
        case 4: ops.append(.reloadSection(a.section))
        case 5: ops.append(.reloadItem(a))
        case 6: ops.append(.moveSection(from: a.section, to: b.section))
        default: ops.append(.moveItem(from: a, to: b))
        }
    }
    return Batch(ops)
}

private func randomSnapshot(_ random: inout SeededGenerator) -> Snapshot {
    Snapshot(sections: (0..<4 - random.below(2)).map { s in
        Section(id: "S\(s)", items: (0..<4 - random.below(2)).map { Item(id: "i\(s).\($0)") })
    })
}

extension CollectionViewUpdate {
    /// Step 5c as the reconstruction writes it: each move compared with
    /// every later one (the model's code before it was made linear).
    mutating func validateMovesPairwise(_ context: BatchContext) throws(Rejection) {
        var index = 0
        while index < moves.count {
            let move = moves[index]
            let from = move.path, to = move.destination ?? move.path
            // The bounds, through the linear version on this one move.
            var single = self
            single.moves = [move]
            try single.validateMoves(context)
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
}

// Seeded random small sectioned inputs, with duplicates, moves, cross-section
// moves, section moves and content changes: every output replays on the
// strict list view to the new snapshot, fresh, with the fewest moves.
import Testing
import DiffcheckCore
import ListModel
import TestSupport

@Test func randomSmallSnapshotsReplayToTheNewOne() {
    var random = SeededGenerator(seed: 2026)
    var stageCounts = [0, 0, 0, 0]
    for round in 0..<600 {
        let old = randomSnapshot(&random)
        let new = round % 2 == 0 ? randomSnapshot(&random) : randomEdit(of: old, &random)
        let difference = diff(old, new)
        switch replay(difference, old: old, new: new) {
        case .success(let shown):
            #expect(shown == new, "round \(round): \(old) -> \(new)")
        case .failure(let violation):
            Issue.record("round \(round): \(violation); \(old) -> \(new): \(spell(difference))")
        }
        #expect(difference.moveCount == moveBound(old, new), "round \(round)")
        let moves = difference.stages.reduce(0) { $0 + $1.batch.movedItems.count + $1.batch.movedSections.count }
        #expect(moves <= moveBound(old, new))
        #expect((1...3).contains(difference.stages.count))
        stageCounts[difference.stages.count] += 1
        // Without content changes or section changes, one batch always does.
        // (Section deletes and inserts alone can need two: an item moving
        // between two sections whose numbers are equal before and after is
        // not counted by UICollectionView, so items move in a stage of their own.)
        let hasContentChanges = difference.stages.contains { !$0.batch.reloadedItems.isEmpty || !$0.batch.reloadedSections.isEmpty }
        let hasSectionChanges = difference.stages.contains {
            !$0.batch.movedSections.isEmpty || !$0.batch.deletedSections.isEmpty || !$0.batch.insertedSections.isEmpty
        }
        if !hasContentChanges && !hasSectionChanges { #expect(difference.stages.count == 1) }
        // Deterministic.
        #expect(diff(old, new) == difference)
    }
    // The generator reaches every stage shape.
    #expect(stageCounts[1] > 0 && stageCounts[2] > 0 && stageCounts[3] > 0, "\(stageCounts)")
}

@Test func randomFlatListsMatchTheSectionedEntryPoint() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<300 {
        let old = randomSnapshot(&random).sections.flatMap(\.items)
        let new = Bool.random(using: &random) ? old.shuffled(using: &random) : randomSnapshot(&random).sections.flatMap(\.items)
        let flat = ListDiff.diff(old: old.map(TestItem.init), new: new.map(TestItem.init))
        #expect(flat == diff(Snapshot.flat(old), Snapshot.flat(new)))
        #expect(flat.stages.count <= 2)
        #expect(flat.moveCount == moveBound(Snapshot.flat(old), Snapshot.flat(new)))
    }
}

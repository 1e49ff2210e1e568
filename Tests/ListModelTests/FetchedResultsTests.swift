import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §5: fetched-results change streams, replayed through `apply` like any batch.

@Test func anUpdateIsReloadedAtItsOldIndexPathNeverTheSecond() {
    let stream = FetchedResultsStream([.updateObject(at: p(0, 1), newPath: p(0, 3))])
    #expect(stream.batch == Batch([.reloadItem(p(0, 1))]))
}

@Test func eachChangeBecomesTheOperationInTheSameCoordinates() {
    let stream = FetchedResultsStream([
        .insertSection(at: 1), .deleteSection(at: 2),
        .insertObject(at: p(0, 0)), .deleteObject(at: p(0, 4)), .moveObject(from: p(0, 1), to: p(1, 0)),
    ])
    #expect(stream.batch == Batch([
        .insertSection(1), .deleteSection(2),
        .insertItem(p(0, 0)), .deleteItem(p(0, 4)), .moveItem(from: p(0, 1), to: p(1, 0)),
    ]))
}

@Test func aStreamOfInsertsDeletesAndInPlaceUpdatesReachesTheData() {
    let old = snapshot(section("A", "a", "b", "c"), section("B", "d"))
    let new = snapshot(section("A", "x", "b'", "c"), section("B"), section("C", "y"))
    let stream = FetchedResultsStream([
        .insertSection(at: 2),
        .deleteObject(at: p(0, 0)), .insertObject(at: p(0, 0)), .updateObject(at: p(0, 1), newPath: nil),
        .deleteObject(at: p(1, 0)),
    ])
    let replay = ListView.replay(stream.stages(data: new), from: old, to: new)
    #expect(replay.isAccepted)
    #expect(replay.final == new)
}

@Test func aMoveOnASortKeyChangeLeavesTheCellStale() {
    // b's sort key changes: the controller reports only the move, and b' is new content.
    let old = flat("a", "b", "c"), new = flat("a", "c", "b'")
    let stream = FetchedResultsStream([.moveObject(from: p(0, 1), to: p(0, 2))])
    let replay = ListView.replay(stream.stages(movedObjects: .move, data: new), from: old, to: new)
    #expect(replay.isAccepted)
    #expect(replay.final.map { ListView.mismatches(displayed: $0, data: new) } == [])
    #expect(replay.final.map { ListView.staleCells(displayed: $0, data: new).map(\.description) }
            == ["item b' at 0.2 is stale: it shows b"])
}

@Test(arguments: [FetchedResultsStream.MovedObjects.deleteAndInsert, .moveThenReload])
func reconfiguringMovedObjectsLeavesNothingStale(_ handling: FetchedResultsStream.MovedObjects) {
    let old = flat("a", "b", "c"), new = flat("a", "c", "b'")
    let stream = FetchedResultsStream([.moveObject(from: p(0, 1), to: p(0, 2))])
    let stages = stream.stages(movedObjects: handling, data: new)
    #expect(stages.count == (handling == .moveThenReload ? 2 : 1))
    let replay = ListView.replay(stages, from: old, to: new)
    #expect(replay.isAccepted)
    #expect(replay.final == new)
}

@Test func anUpdateOfAnObjectThatShiftedIsRejectedByStrict() {
    // x is inserted before b while b is updated: the reload at the old path 0-1
    // does not stay in place (b ends at 0-2).
    let old = flat("a", "b", "c"), new = flat("x", "a", "b'", "c")
    let stream = FetchedResultsStream([.insertObject(at: p(0, 0)), .updateObject(at: p(0, 1), newPath: p(0, 2))])
    let strict = ListView.replay(stream.stages(data: new), from: old, to: new, profile: .strict)
    #expect(strict.rejection?.rejection.rule == .reloadNotInPlace)
    // UICollectionView shifts the reload's insert half by the insert: b' lands at 0-2.
    let uikit = ListView.replay(stream.stages(data: new), from: old, to: new, profile: .uikit)
    #expect(uikit.final == new)
}

@Test func aMoveReportedTogetherWithAnUpdateIsRejected() {
    // Some systems report an update at the old path of an object that also moves.
    let old = flat("a", "b"), new = flat("b", "a'")
    let stream = FetchedResultsStream([.moveObject(from: p(0, 0), to: p(0, 1)), .updateObject(at: p(0, 0), newPath: p(0, 1))])
    let replay = ListView.replay(stream.stages(data: new), from: old, to: new)
    #expect(replay.rejection?.rejection.rule == .deleteAndMove)
    #expect(replay.rejection?.rejection.message == "attempt to perform a delete and a move from the same index path (0-0) (the delete half of reload 0.0)")
}

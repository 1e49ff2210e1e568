import Testing
@testable import ListModel
import TestSupport

/// The emulated fetched-results controller (`fetchedResultsChanges`,
/// RULES.md §5): what it reports for a pair, under each reading.

private let plain = FetchedResultsReading()

@Test func aSortKeyChangeIsReportedAsAMoveAndNothingElse() {
    // b's sort key changes: a move, no update, although b' is new content (§5).
    let stream = fetchedResultsChanges(old: flat("a", "b", "c"), new: flat("a", "c", "b'"), reading: plain)
    #expect(stream?.changes == [.moveObject(from: p(0, 1), to: p(0, 2))])
}

@Test func anUpdatedObjectThatShiftedCarriesItsNewPathAsWell() {
    // x inserted before a; b updated and shifted by one: update at the old path, new path second (§5).
    let stream = fetchedResultsChanges(old: flat("a", "b"), new: flat("x", "a", "b'"), reading: plain)
    #expect(stream?.changes == [.updateObject(at: p(0, 1), newPath: p(0, 2)), .insertObject(at: p(0, 0))])
}

@Test func theUnchangedObjectsKeepTheirOrderAndTheChangedOneMoves() {
    // A plain longest run could keep a' and move b and c; the controller moves a', whose key changed.
    let stream = fetchedResultsChanges(old: flat("a", "b", "c"), new: flat("b", "c", "a'"), reading: plain)
    #expect(stream?.changes == [.moveObject(from: p(0, 0), to: p(0, 2))])
}

@Test func theReadingOrdersUpdatesBeforeOrAfterTheOtherObjectChanges() {
    let old = flat("a", "b"), new = flat("a'")
    let first = fetchedResultsChanges(old: old, new: new, reading: FetchedResultsReading(reportsUpdatesLast: false))
    let last = fetchedResultsChanges(old: old, new: new, reading: FetchedResultsReading(reportsUpdatesLast: true))
    #expect(first?.changes == [.updateObject(at: p(0, 0), newPath: nil), .deleteObject(at: p(0, 1))])
    #expect(last?.changes == [.deleteObject(at: p(0, 1)), .updateObject(at: p(0, 0), newPath: nil)])
}

@Test func theReadingReportsTheObjectsOfADeletedSectionOrNot() {
    let old = snapshot(section("A", "a"), section("B", "b")), new = snapshot(section("B", "b"))
    let reported = fetchedResultsChanges(old: old, new: new, reading: FetchedResultsReading(reportsObjectsOfDeletedSections: true))
    let silent = fetchedResultsChanges(old: old, new: new, reading: FetchedResultsReading(reportsObjectsOfDeletedSections: false))
    #expect(reported?.changes == [.deleteSection(at: 0), .deleteObject(at: p(0, 0))])
    #expect(silent?.changes == [.deleteSection(at: 0)])
}

@Test func theReadingReportsAnInPlaceUpdateAsAMoveWithEqualPaths() {
    let stream = fetchedResultsChanges(old: flat("a"), new: flat("a'"), reading: FetchedResultsReading(reportsUpdatesAsEqualPathMoves: true))
    #expect(stream?.changes == [.moveObject(from: p(0, 0), to: p(0, 0))])
    // Replayed as a move, the cell is not refreshed (§2.3).
    let replay = ListView.replay(stream!.stages(movedObjects: .move, data: flat("a'")), from: flat("a"), to: flat("a'"))
    #expect(replay.isAccepted)
    #expect(!ListView.staleCells(displayed: replay.final!, data: flat("a'")).isEmpty)
}

@Test func theXcode7ReadingReportsAnInPlaceUpdateTwice() {
    // XLData issue 15 (Xcode 7 SDK, iOS 8.4/9): an update and an equal-path move of one object.
    let stream = fetchedResultsChanges(old: flat("a", "b"), new: flat("a", "b'"), reading: FetchedResultsReading(reportsUpdatesTwice: true))
    #expect(stream?.changes == [.updateObject(at: p(0, 1), newPath: nil), .moveObject(from: p(0, 1), to: p(0, 1))])
    // A client that replays moves as a delete plus an insert meets XLData's words.
    let stages = stream!.stages(movedObjects: .deleteAndInsert, data: flat("a", "b'"))
    let replay = ListView.replay(stages, from: flat("a", "b"), to: flat("a", "b'"), profile: .uikit)
    #expect(replay.rejection?.rejection.message == "attempt to delete and reload the same index path (0-1)")
}

@Test func theIOS10ReadingReportsASwapAsAMoveAndAnUpdate() {
    // rdar 27957917: both sort keys change; one object moves, the other is updated.
    let old = flat("a", "b"), new = flat("b'", "a'")
    let stream = fetchedResultsChanges(old: old, new: new, reading: plain)
    #expect(stream?.changes.count == 2)
    // The classic collector's move plus reload is UIKit's "insert and a move to the same index path".
    let replay = ListView.replay(stream!.stages(movedObjects: .move, data: new), from: old, to: new, profile: .uikit)
    #expect(replay.rejection?.rejection.rule == .insertAndMove)
}

@Test func aKeyChangeToANewKeyInsertsASectionAndMovesTheObjectIntoIt() {
    let old = snapshot(section("A", "a", "b")), new = snapshot(section("A", "a"), section("C", "b'"))
    let stream = fetchedResultsChanges(old: old, new: new, reading: plain)
    #expect(stream?.changes == [.insertSection(at: 1), .moveObject(from: p(0, 1), to: p(1, 0))])
    // The classic collector's batch is then rejected under every profile (§3, Conflicts).
    #expect(rejection(stream!.batch.operations, old, new, .uikit)?.rule == .moveIntoInsertedSection)
}

@Test func aSectionWhoseContentChangedIsANewNameAndSectionsNeverMove() {
    let renamed = fetchedResultsChanges(old: snapshot(section("A", "a")),
                                        new: Snapshot(sections: [Section(id: "A", content: 1, items: [Item(id: "a")])]), reading: plain)
    #expect(renamed?.changes == [.deleteSection(at: 0), .insertSection(at: 0), .moveObject(from: p(0, 0), to: p(0, 0))])
    let swapped = fetchedResultsChanges(old: snapshot(section("A"), section("B")), new: snapshot(section("B"), section("A")), reading: plain)
    #expect(swapped?.changes.contains { if case .deleteSection = $0 { return true } else { return false } } == true)
    #expect(swapped?.changes.contains { if case .insertSection = $0 { return true } else { return false } } == true)
}

@Test func repeatedIdentifiersAreNoControllersResults() {
    #expect(fetchedResultsChanges(old: flat("a", "a"), new: flat("a"), reading: plain) == nil)
    #expect(fetchedResultsChanges(old: snapshot(section("A"), section("A")), new: flat(), reading: plain) == nil)
}

@Test func theReadingIsAFunctionOfThePairAndEveryReadingOccurs() {
    var seen: Set<Int> = []
    for n in 0..<256 {
        let old = flat(n % 2 == 0 ? "a" : "b", "c"), new = Snapshot.flat((0..<(n % 5)).map { Item(id: "x\($0)", content: n / 5) })
        let reading = FetchedResultsReading.reading(old: old, new: new)
        #expect(reading == FetchedResultsReading.reading(old: old, new: new))
        #expect(FetchedResultsReading(number: reading.number) == reading)
        seen.insert(reading.number)
    }
    #expect(seen == Set(0..<16))
}

/// Generated pairs with unique identities: every object of old is deleted,
/// moved, updated or left alone, every object of new is inserted or reached
/// from old, each at the path the rule book's coordinates say (§5).
@Test func everyObjectIsAccountedForInTheRuleBooksCoordinates() {
    var random = SeededGenerator(seed: 15)
    for _ in 0..<300 {
        var pool = (0..<8).map { "o\($0)" }.shuffled(using: &random)
        func side() -> Snapshot {
            var sections: [Section] = []
            for s in 0..<random.below(3) + 1 {
                var items: [Item] = []
                for _ in 0..<random.below(3) where !pool.isEmpty { items.append(Item(id: pool.removeLast(), content: random.below(2))) }
                sections.append(Section(id: "S\(s)", items: items))
            }
            return Snapshot(sections: sections)
        }
        let old = side()
        pool = (0..<8).map { "o\($0)" }.shuffled(using: &random)
        let new = side()
        let reading = FetchedResultsReading(number: random.below(16))
        guard let stream = fetchedResultsChanges(old: old, new: new, reading: reading) else {
            Issue.record("unique identities refused")
            continue
        }
        func id(_ s: Snapshot, _ p: ItemPath) -> String { s.sections[p.section].items[p.item].id }
        var reachedNew: Set<ItemPath> = [], touchedOld: Set<ItemPath> = []
        for change in stream.changes {
            switch change {
            case .insertObject(let q):
                #expect(!old.sections.flatMap(\.items).contains { $0.id == id(new, q) })
                reachedNew.insert(q)
            case .deleteObject(let from):
                #expect(!new.sections.flatMap(\.items).contains { $0.id == id(old, from) })
                touchedOld.insert(from)
            case .moveObject(let from, let to):
                #expect(id(old, from) == id(new, to))
                touchedOld.insert(from)
                reachedNew.insert(to)
            case .updateObject(let from, let to):
                #expect(id(old, from) == id(new, to ?? from))
                #expect(old.sections[from.section].items[from.item].content != new.sections[(to ?? from).section].items[(to ?? from).item].content)
                touchedOld.insert(from)
            case .insertSection, .deleteSection:
                break
            }
        }
        // Only the Xcode 7 reading reports an object twice: an update and an equal-path move.
        let reportedTwice = reading.reportsUpdatesTwice
            ? stream.changes.filter { if case .moveObject(let from, let to) = $0 { from == to } else { false } }.count : 0
        #expect(touchedOld.count + reportedTwice == stream.changes.filter { if case .insertObject = $0 { false } else if case .insertSection = $0 { false } else if case .deleteSection = $0 { false } else { true } }.count,
                "an object reported twice")
        let newIDs = Set(new.sections.flatMap(\.items).map(\.id)), oldIDs = Set(old.sections.flatMap(\.items).map(\.id))
        #expect(reachedNew.count == stream.changes.filter { if case .insertObject = $0 { true } else if case .moveObject = $0 { true } else { false } }.count)
        #expect(newIDs.subtracting(oldIDs).count == stream.changes.filter { if case .insertObject = $0 { true } else { false } }.count)
    }
}

@Test func theDroppingCollectorKeepsOnlyWhatLiesOutsideChangedSections() {
    let stream = FetchedResultsStream([
        .deleteSection(at: 0), .insertSection(at: 2),
        .deleteObject(at: p(0, 0)), .insertObject(at: p(2, 0)), .insertObject(at: p(1, 0)),
        .moveObject(from: p(0, 1), to: p(1, 1)), .moveObject(from: p(1, 0), to: p(2, 1)), .moveObject(from: p(0, 2), to: p(2, 2)),
        .updateObject(at: p(1, 2), newPath: nil),
    ])
    #expect(stream.droppingObjectChangesInChangedSections().changes == [
        .deleteSection(at: 0), .insertSection(at: 2),
        .insertObject(at: p(1, 0)),
        .insertObject(at: p(1, 1)), .deleteObject(at: p(1, 0)),
        .updateObject(at: p(1, 2), newPath: nil),
    ])
}

/// The kept-in-order run against the plain O(n²) recurrence: as heavy, and increasing.
@Test func theHeaviestKeptInOrderRunIsAsHeavyAsThePlainRecurrenceSays() {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<500 {
        let count = random.below(12)
        let orders = Array(0..<count).shuffled(using: &random)
        let elements = orders.map { (order: $0, weight: random.below(2) == 0 ? 1 : count + 1) }
        var best = [Int](repeating: 0, count: count)
        for i in 0..<count {
            best[i] = elements[i].weight
            for j in 0..<i where elements[j].order < elements[i].order { best[i] = max(best[i], best[j] + elements[i].weight) }
        }
        let run = heaviestKeptInOrder(elements)
        #expect(run.reduce(0) { $0 + elements[$1].weight } == (best.max() ?? 0))
        #expect(zip(run, run.dropFirst()).allSatisfy { $0 < $1 && elements[$0].order < elements[$1].order })
    }
}

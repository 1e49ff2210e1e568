import Testing
@testable import ListModel

/// The section map and the safe lookups every rule reads from.

@Test func untouchedSectionsFillTheFreeIndexesInOrder() {
    let old = snapshot(section("A"), section("B"), section("C"), section("D"))
    let new = snapshot(section("D"), section("A"), section("X"), section("C"))
    let context = BatchContext(batch: Batch([.deleteSection(1), .insertSection(2), .moveSection(from: 3, to: 0)]),
                               displayed: old, data: new)
    let map = SectionMap(context)
    #expect(map.finalIndex == [1, nil, 3, 0])
    #expect(map.oldIndex == [3, 0, nil, 2])
}

@Test func lookupsOutOfRangeAnswerNil() {
    let context = BatchContext(batch: Batch(), displayed: flat("a"), data: flat("a", "b"))
    #expect(context.itemsBefore(-1) == nil && context.itemsBefore(1) == nil && context.itemsBefore(0) == 1)
    #expect(context.itemsAfter(Int.max) == nil && context.itemsAfter(0) == 2)
    #expect(context.displayedItem(at: p(0, 1)) == nil && context.dataItem(at: p(0, 1)) == item("b"))
    let map = SectionMap(context)
    #expect(map.finalIndex(ofOld: Int.min) == nil && map.oldIndex(ofFinal: 5) == nil)
}

@Test func survivorsTakeTheIndexesInsertsAndMovesLeave() {
    // a b c d: delete b, move d to 0, insert at 2 → d a x c.
    let context = BatchContext(batch: Batch([.deleteItem(p(0, 1)), .moveItem(from: p(0, 3), to: p(0, 0)), .insertItem(p(0, 2))]),
                               displayed: flat("a", "b", "c", "d"), data: flat("d", "a", "x", "c"))
    #expect(context.survivingItemPlacement(oldSection: 0, finalSection: 0) == [1, nil, 3, nil])
}

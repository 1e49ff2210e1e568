import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §2: what the view shows after an accepted batch.

@Test func aMovedCellKeepsTheContentItDisplayed() {
    // §2.3: b changed to b' and moved; the move does not refresh the cell.
    let after = shown([.moveItem(from: p(0, 1), to: p(0, 2))], flat("a", "b", "c"), flat("a", "c", "b'"))
    #expect(after == flat("a", "c", "b"))
    #expect(after.map { ListView.staleCells(displayed: $0, data: flat("a", "c", "b'")).map(\.path) } == [p(0, 2)])
}

@Test func insertedAndReloadedCellsShowTheNewContent() {
    // a is untouched, b is reloaded in place (b''), x' is inserted after it.
    let after = shown([.insertItem(p(0, 2)), .reloadItem(p(0, 1))], flat("a", "b"), flat("a", "b''", "x'"))
    #expect(after == flat("a", "b''", "x'"))
}

@Test func anUntouchedCellKeepsItsContentEvenIfTheDataChanged() {
    #expect(shown([], flat("a", "b"), flat("a'", "b")) == flat("a", "b"))
}

@Test func allMovesHappenAtOnce() {
    // §1.4, the classic swap: as a script (remove 0, insert at 2, then remove 2,
    // insert at 0) it would give "c a b"; as a set it swaps a and c.
    let ops: [Operation] = [.moveItem(from: p(0, 0), to: p(0, 2)), .moveItem(from: p(0, 2), to: p(0, 0))]
    #expect(shown(ops, flat("a", "b", "c"), flat("c", "b", "a")) == flat("c", "b", "a"))
}

@Test func theOrderOfIssueDoesNotMatter() {
    let ops: [Operation] = [.deleteItem(p(0, 0)), .insertItem(p(0, 2)), .moveItem(from: p(0, 3), to: p(0, 0))]
    let old = flat("a", "b", "c", "d"), new = flat("d", "b", "x", "c")
    #expect(shown(ops, old, new) == new)
    #expect(shown(ops.reversed(), old, new) == new)
}

@Test func sectionOperationsComeFirstAndEachUsesItsOwnCoordinates() {
    // Delete section A; delete b at its old path 1-0; insert x at its final path 0-1.
    let ops: [Operation] = [.deleteSection(0), .deleteItem(p(1, 0)), .insertItem(p(0, 1))]
    let old = snapshot(section("A", "a"), section("B", "b", "c"))
    let new = snapshot(section("B", "c", "x"))
    #expect(shown(ops, old, new) == new)
}

@Test func aMovedSectionKeepsItsDisplayedContentAndItems() {
    let old = snapshot(section("A", "a", "b"), section("B", "c"))
    let new = Snapshot(sections: [section("B", "c"), Section(id: "A", content: 1, items: [item("a'"), item("b")])])
    let after = shown([.moveSection(from: 0, to: 1)], old, new)
    #expect(after == snapshot(section("B", "c"), section("A", "a", "b")))
    let stale = after.map { ListView.staleCells(displayed: $0, data: new).map(\.description) }
    #expect(stale == ["section A' (1) is stale: it shows A", "item a' at 1.0 is stale: it shows a"])
}

@Test func insertedAndReloadedSectionsTakeEverythingFromTheData() {
    let old = snapshot(section("A", "a"), section("B", "b"))
    let new = snapshot(section("X", "x", "y"), section("A", "a'"), Section(id: "B", content: 2, items: [item("b'")]))
    #expect(shown([.insertSection(0), .reloadSection(1)], old, new)
            == snapshot(section("X", "x", "y"), section("A", "a"), Section(id: "B", content: 2, items: [item("b'")])))
}

@Test func untouchedSectionsKeepTheirRelativeOrder() {
    let old = snapshot(section("A"), section("B"), section("C"), section("D"))
    let new = snapshot(section("D"), section("A"), section("X"), section("C"))
    let ops: [Operation] = [.deleteSection(1), .insertSection(2), .moveSection(from: 3, to: 0)]
    #expect(shown(ops, old, new) == new)
}

@Test func anItemMovedAcrossSectionsKeepsItsContent() {
    let old = snapshot(section("A", "a", "b"), section("B", "c"))
    let new = snapshot(section("A", "b"), section("B", "a'", "c"))
    #expect(shown([.moveItem(from: p(0, 0), to: p(1, 0))], old, new)
            == snapshot(section("A", "b"), section("B", "a", "c")))
}

@Test func aMoveOnItsOwnPlaceIsAccepted() {
    #expect(shown([.moveItem(from: p(0, 1), to: p(0, 1))], flat("a", "b"), flat("a", "b")) == flat("a", "b"))
}

@Test func emptySnapshotsAndEmptyBatches() {
    #expect(shown([], snapshot(), snapshot()) == snapshot())
    #expect(shown([.insertSection(0)], snapshot(), snapshot(section("A"))) == snapshot(section("A")))
    #expect(shown([.deleteSection(0)], snapshot(section("A", "a")), snapshot()) == snapshot())
}

@Test func duplicatedIdentifiersArePlacedByPosition() {
    let ops: [Operation] = [.moveItem(from: p(0, 0), to: p(0, 2))]
    #expect(shown(ops, flat("a", "a'", "a''"), flat("a'", "a''", "a")) == flat("a'", "a''", "a"))
}

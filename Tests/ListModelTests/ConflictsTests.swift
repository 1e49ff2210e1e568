import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3 Conflicts: operations of one batch that contradict each other.
let conflictExamples: [Rejected] = [
    // The rule book's example case: b is deleted and reloaded in the same batch.
    Rejected("delete and reload the same index path",
             [.deleteItem(p(0, 1)), .reloadItem(p(0, 1)), .moveItem(from: p(1, 1), to: p(1, 0))],
             snapshot(section("A", "a", "b", "c"), section("B", "d", "e")),
             snapshot(section("A", "a", "c"), section("B", "e'", "d")),
             .deleteAndReload, "attempt to delete and reload the same index path (0-1)"),
    Rejected("delete and move from the same index path",
             [.deleteItem(p(0, 0)), .moveItem(from: p(0, 0), to: p(0, 1))],
             flat("a", "b", "c"), flat("b", "a"),
             .deleteAndMove, "attempt to perform a delete and a move from the same index path (0-0)"),
    Rejected("insert and move to the same index path",
             [.insertItem(p(0, 2)), .moveItem(from: p(0, 0), to: p(0, 2))],
             flat("a", "b"), flat("b", "x", "a"),
             .insertAndMove, "attempt to perform an insert and a move to the same index path (0-2)"),
    Rejected("insert and move to the same section",
             [.insertSection(0), .moveSection(from: 1, to: 0)],
             snapshot(section("A"), section("B")), snapshot(section("B"), section("A"), section("C")),
             .insertAndMoveSection, "attempt to perform an insert and a move to the same section (0)"),
    Rejected("delete and move from the same section",
             [.deleteSection(0), .moveSection(from: 0, to: 1)],
             snapshot(section("A"), section("B"), section("C")), snapshot(section("B"), section("C")),
             .deleteAndMoveSection, "attempt to perform a delete and a move from the same section (0)"),
    Rejected("delete and reload the same section",
             [.deleteSection(1), .reloadSection(1)],
             snapshot(section("A"), section("B")), snapshot(section("A")),
             .deleteAndReloadSection, "attempt to delete and reload the same section (1)"),
    Rejected("the same index path deleted twice",
             [.deleteItem(p(0, 1)), .deleteItem(p(0, 1))],
             flat("a", "b", "c"), flat("a"),
             .duplicateOperation, "index path (0-1) is deleted twice in one batch"),
    Rejected("the same index path inserted twice",
             [.insertItem(p(0, 0)), .insertItem(p(0, 0))],
             flat(), flat("a", "b"),
             .duplicateOperation, "index path (0-0) is inserted twice in one batch"),
    Rejected("the same index path reloaded twice",
             [.reloadItem(p(0, 0)), .reloadItem(p(0, 0))],
             flat("a"), flat("a'"),
             .duplicateOperation, "index path (0-0) is reloaded twice in one batch"),
    Rejected("two moves from one source",
             [.moveItem(from: p(0, 0), to: p(0, 1)), .moveItem(from: p(0, 0), to: p(0, 2))],
             flat("a", "b", "c"), flat("b", "a", "c"),
             .duplicateOperation, "index path (0-0) is moved twice in one batch (two moves from it)"),
    Rejected("two moves to one destination",
             [.moveItem(from: p(0, 0), to: p(0, 2)), .moveItem(from: p(0, 1), to: p(0, 2))],
             flat("a", "b", "c"), flat("c", "b", "a"),
             .duplicateOperation, "two items are moved to index path (0-2) in one batch"),
    Rejected("the same section deleted twice",
             [.deleteSection(0), .deleteSection(0)],
             snapshot(section("A"), section("B")), snapshot(),
             .duplicateOperation, "section 0 is deleted twice in one batch"),
    Rejected("the same section inserted twice",
             [.insertSection(0), .insertSection(0)],
             snapshot(), snapshot(section("A"), section("B")),
             .duplicateOperation, "section 0 is inserted twice in one batch"),
    Rejected("the same section reloaded twice",
             [.reloadSection(0), .reloadSection(0)],
             snapshot(section("A")), snapshot(section("A")),
             .duplicateOperation, "section 0 is reloaded twice in one batch"),
    Rejected("two moves from one section",
             [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 0)],
             snapshot(section("A"), section("B")), snapshot(section("B"), section("A")),
             .duplicateOperation, "section 0 is moved twice in one batch (two moves from section 0)"),
    Rejected("two moves to one section",
             [.moveSection(from: 0, to: 1), .moveSection(from: 1, to: 1)],
             snapshot(section("A"), section("B")), snapshot(section("B"), section("A")),
             .duplicateOperation, "two sections are moved to section 1 in one batch"),
    Rejected("reload of an item that moves",
             [.reloadItem(p(0, 0)), .moveItem(from: p(0, 0), to: p(0, 1))],
             flat("a", "b"), flat("b", "a'"),
             .reloadMovedItem, "attempt to reload and move the same index path (0-0): an item that moves cannot be reloaded"),
    Rejected("a row moved into a newly inserted section",
             [.insertSection(1), .moveItem(from: p(0, 0), to: p(1, 0))],
             snapshot(section("A", "a", "b")), snapshot(section("A", "b"), section("B", "a")),
             .moveIntoInsertedSection, "cannot move a row into a newly inserted section (1)"),
    Rejected("a row moved into a reloaded section (a reload is a delete plus an insert)",
             [.reloadSection(1), .moveItem(from: p(0, 0), to: p(1, 0))],
             snapshot(section("A", "a"), section("B")), snapshot(section("A"), section("B", "a")),
             .moveIntoInsertedSection, "cannot move a row into a newly inserted section (1)"),
    Rejected("a row moved out of a deleted section",
             [.deleteSection(0), .moveItem(from: p(0, 0), to: p(0, 0))],
             snapshot(section("A", "a"), section("B")), snapshot(section("B", "a")),
             .moveOutOfDeletedSection, "cannot move a row from a deleted section (0)"),
    Rejected("a no-op section move with an item moved out of it",
             [.moveSection(from: 0, to: 0), .moveItem(from: p(0, 1), to: p(1, 0))],
             snapshot(section("A", "a", "b"), section("B", "c")), snapshot(section("A", "a"), section("B", "b", "c")),
             .noOpSectionMoveWithItemMovedOut, "request for index path for global index 1 when there are only 3 items in the collection view (section 0 is moved onto itself while move 0.1 1.0 takes an item out of it)"),
]

@Test(arguments: conflictExamples)
func conflictsRejectWithTheirMessage(_ example: Rejected) {
    for profile in Profile.allCases {
        let r = rejection(example.operations, example.old, example.new, profile)
        #expect(r?.rule == example.rule)
        #expect(r?.message == example.message)
    }
}

@Test func aDeleteAndAnInsertAtTheSameNumbersDoNotConflict() {
    // The delete indexes the old state, the insert the new one (§1.2–1.3).
    #expect(shown([.deleteItem(p(0, 1)), .insertItem(p(0, 1))], flat("a", "b", "c"), flat("a", "x", "c"))
            == flat("a", "x", "c"))
}

@Test func aReloadAndAnInsertAtTheSameNumbersDoNotConflict() {
    #expect(shown([.reloadItem(p(0, 0)), .insertItem(p(0, 1))], flat("a"), flat("a'", "x")) == flat("a'", "x"))
}

@Test func aNoOpSectionMoveAloneIsAccepted() {
    let old = snapshot(section("A", "a"), section("B", "b"))
    #expect(shown([.moveSection(from: 0, to: 0)], old, old) == old)
}

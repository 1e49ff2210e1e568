import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3.1 steps 3 and 5a–5c, §3.2 (ReloadSplit, the validations, UndefinedUpdates): operations of one batch that contradict each other.
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
             .deleteAndReloadSection, "attempt to delete and reload the same index path (1-9223372036854775807) (section 1)"),
    // (Deleting 0-1 twice instead sends c onto a: two-animations-for-one-item, UpdateMapsTests.)
    Rejected("the same index path deleted twice",
             [.deleteItem(p(0, 0)), .deleteItem(p(0, 0))],
             flat("a", "b", "c"), flat("c"),
             .duplicateOperation, "index path (0-0) is deleted twice in one batch"),
    Rejected("the same index path inserted twice",
             [.insertItem(p(0, 0)), .insertItem(p(0, 0))],
             flat(), flat("a", "b"),
             .duplicateOperation, "index path (0-0) is inserted twice in one batch")
        // UITableView counts the repeat once (AccordionSwift issue 6, RULES.md §3.4).
        .underTableView(.itemCount, "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (0), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
    Rejected("the same index path reloaded twice",
             [.reloadItem(p(0, 0)), .reloadItem(p(0, 0))],
             flat("a"), flat("a'"),
             .duplicateOperation, "index path (0-0) is reloaded twice in one batch"),
    Rejected("two moves from one source",
             [.moveItem(from: p(0, 0), to: p(0, 1)), .moveItem(from: p(0, 0), to: p(0, 2))],
             flat("a", "b", "c"), flat("b", "a", "c"),
             .movesFromOnePlace, "attempt to move item at index path 0-0 to both 0-1 and 0-2"),
    Rejected("two moves to one destination",
             [.moveItem(from: p(0, 0), to: p(0, 2)), .moveItem(from: p(0, 1), to: p(0, 2))],
             flat("a", "b", "c"), flat("c", "b", "a"),
             .movesToOnePlace, "attempt to move both item at index path 0-0 and 0-1 to 0-2"),
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
             .movesFromOnePlace, "attempt to move section 0 to both section 1 and section 0"),
    Rejected("two moves to one section",
             [.moveSection(from: 0, to: 1), .moveSection(from: 1, to: 1)],
             snapshot(section("A"), section("B")), snapshot(section("B"), section("A")),
             .movesToOnePlace, "attempt to move both section 0 and section 1 to section 1"),
    Rejected("reload of an item that moves",
             [.reloadItem(p(0, 0)), .moveItem(from: p(0, 0), to: p(0, 1))],
             flat("a", "b"), flat("b", "a'"),
             .deleteAndMove, "attempt to perform a delete and a move from the same index path (0-0) (the delete half of reload 0.0)"),
    Rejected("a reloaded section that also moves: the reload's delete half and the move",
             [.reloadSection(0), .moveSection(from: 0, to: 1)],
             snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "b"), section("A", "a'")),
             .deleteAndMoveSection, "attempt to perform a delete and a move from the same section (0) (the delete half of reload section 0)"),
    Rejected("a row moved into a newly inserted section",
             [.insertSection(1), .moveItem(from: p(0, 0), to: p(1, 0))],
             snapshot(section("A", "a", "b")), snapshot(section("A", "b"), section("B", "a")),
             .moveIntoInsertedSection, "cannot move an item into a newly inserted section (1)"),
    Rejected("a row moved into a reloaded section (a reload is a delete plus an insert)",
             [.reloadSection(1), .moveItem(from: p(0, 0), to: p(1, 0))],
             snapshot(section("A", "a"), section("B")), snapshot(section("A"), section("B", "a")),
             .moveIntoInsertedSection, "cannot move an item into a newly inserted section (1) (the insert half of reload section 1, placed at section 1 after the batch's deletes and inserts)"),
    Rejected("a row moved out of a deleted section",
             [.deleteSection(0), .moveItem(from: p(0, 0), to: p(0, 0))],
             snapshot(section("A", "a"), section("B")), snapshot(section("B", "a")),
             .moveOutOfDeletedSection, "cannot move an item from a deleted section (0)"),
    // Apple Developer Forums (utahwithak, UIKit-3683.300.2): old A B C D, new D A C.
    // The reload of 0-2, shifted by the delete of 0-1, lands on 0-1: the move's destination.
    Rejected("a reload's insert half, shifted by a delete, on a move's destination (forum report)",
             [.deleteItem(p(0, 1)), .moveItem(from: p(0, 0), to: p(0, 1)), .moveItem(from: p(0, 3), to: p(0, 0)), .reloadItem(p(0, 2))],
             flat("A", "B", "C", "D"), flat("D", "A", "C'"),
             .insertAndMove, "attempt to perform an insert and a move to the same index path (0-1) (the insert half of reload 0.2, placed at 0.1 after the batch's deletes and inserts)"),
    // IGListKit issue 690: section 3 reloaded, shifted by the section insert at 2, lands on 4: the move's destination.
    Rejected("a section reload's insert half, shifted by a section insert, on a section move's destination (IGListKit 690)",
             [.moveSection(from: 2, to: 4), .reloadSection(3), .deleteSection(4), .insertSection(2)],
             snapshot(section("A"), section("B"), section("C"), section("D"), section("E")),
             snapshot(section("A"), section("B"), section("X"), section("D"), section("C")),
             .insertAndMoveSection, "attempt to perform an insert and a move to the same section (4) (the insert half of reload section 3, placed at section 4 after the batch's deletes and inserts)"),
    // rdar 27957917 (iOS 10): a fetched-results swap reported as move 1-0 and update 0-0, replayed as move + reload.
    Rejected("a reload in place on a move's destination (rdar 27957917)",
             [.moveItem(from: p(0, 1), to: p(0, 0)), .reloadItem(p(0, 0))],
             flat("a", "b"), flat("b", "a'"),
             .insertAndMove, "attempt to perform an insert and a move to the same index path (0-0) (the insert half of reload 0.0, placed at 0.0 after the batch's deletes and inserts)"),
    Rejected("a no-op section move with an item moved out of it",
             [.moveSection(from: 0, to: 0), .moveItem(from: p(0, 1), to: p(1, 0))],
             snapshot(section("A", "a", "b"), section("B", "c")), snapshot(section("A", "a"), section("B", "b", "c")),
             .noOpSectionMoveWithItemMovedOut, "request for index path for global index 1 when there are only 3 items in the collection view (section 0 is moved onto itself while move 0.1 1.0 takes an item out of it)"),
]

@Test(arguments: conflictExamples)
func conflictsRejectWithTheirMessage(_ example: Rejected) {
    for profile in Profile.allCases {
        let r = rejection(example.operations, example.old, example.new, profile)
        let expected = example.expected(under: profile)
        #expect(r?.rule == expected.rule)
        #expect(r?.message == expected.message)
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

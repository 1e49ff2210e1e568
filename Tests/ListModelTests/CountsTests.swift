import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3.1 step 9 (CountValidation): checked against what the data source returns after the update.
let countExamples: [Rejected] = [
    Rejected("invalid number of sections", [.deleteSection(0)],
             snapshot(section("A"), section("B")), snapshot(section("A"), section("B")),
             .sectionCount, "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)."),
    Rejected("invalid number of items", [.insertItem(p(0, 0))],
             flat("a"), flat("x", "a", "b"),
             .itemCount, "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
]

@Test(arguments: countExamples)
func countsRejectWithUIKitsMessage(_ example: Rejected) {
    let r = rejection(example.operations, example.old, example.new)
    #expect(r?.rule == example.rule)
    #expect(r?.message == example.message)
}

@Test func invalidNumberOfSections() {
    let r = rejection([.insertSection(0)], snapshot(section("A")), snapshot(section("X"), section("A"), section("B")))
    #expect(r?.rule == .sectionCount)
    #expect(r?.message == "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
}

@Test func invalidNumberOfItems() {
    let r = rejection([.deleteItem(p(0, 0))], flat("a", "b", "c"), flat("c"))
    #expect(r?.rule == .itemCount)
    #expect(r?.message == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (1) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
}

@Test func invalidNumberOfItemsCountsMovesInAndOut() {
    // a moves from A to B, but the data source still holds it in A.
    let old = snapshot(section("A", "a", "b"), section("B", "c"))
    let data = snapshot(section("A", "a", "b"), section("B", "a", "c"))
    let r = rejection([.moveItem(from: p(0, 0), to: p(1, 0))], old, data)
    #expect(r?.message == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (2) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out).")
}

@Test func aMoveInsideASectionIsNotCounted() {
    // UIKit counts a move only when its section numbers differ: an item added by the
    // data source without an insert shows 0 moved in, 0 moved out.
    let r = rejection([.moveItem(from: p(0, 0), to: p(0, 1))], flat("a", "b"), flat("b", "a", "c"))
    #expect(r?.message.hasSuffix("(0 moved in, 0 moved out).") == true)
    // The numbers name one section: no move was left out by the equal-numbers rule.
    #expect(r?.message.contains("leave out") == false)
}

@Test func aMoveBetweenSectionsWithEqualNumbersIsNotCounted() {
    // Section A moves from 0 to 1, so new section 0 is B; a's move from old 0-0 to
    // new 0-1 crosses sections, but UIKit compares the numbers 0 and 0 and does not
    // count it: B's count is off by one.
    let old = snapshot(section("A", "a"), section("B", "b"))
    let new = snapshot(section("B", "b", "a"), section("A"))
    let r = rejection([.moveSection(from: 0, to: 1), .moveItem(from: p(0, 0), to: p(0, 1))], old, new, .uikit)
    // UIKit's words, then why its counts of moves are 0: the move it left out, and the rule.
    #expect(r?.message == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (2) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
            + " (the counts leave out move 0.0 0.1: UIKit counts a move into or out of a section only when its old and new section numbers differ, and old section 0 and new section 0 are different sections here, so the move is counted in neither; RULES.md §3.1 step 9)")
}

@Test func theDeletesBoundsAreCheckedBeforeTheSectionCount() {
    let r = rejection([.deleteItem(p(0, 9))], snapshot(section("A", "a")), snapshot())
    #expect(r?.rule == .deleteItemOutOfRange)
    #expect(rejection([], snapshot(section("A", "a")), snapshot())?.rule == .sectionCount)
}

@Test func aReloadsHalvesAreCountedAndSaySo() {
    let r = rejection([.reloadSection(0), .deleteSection(1)],
                      snapshot(section("A"), section("B"), section("C")), snapshot(section("A"), section("B"), section("C")))
    #expect(r?.message == "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (3), plus or minus the number of sections inserted or deleted (1 inserted, 2 deleted). (the counts include the delete and insert halves of reload section 0)")
}

@Test func countsAreTheDataSourcesNotTheOldSnapshotsPlusTheBatch() {
    // §4: the old state is what the view last saw; the data source is asked after the update.
    #expect(rejection([], flat("a"), flat("a", "b"))?.rule == .itemCount)
    #expect(rejection([], flat("a"), flat("b")) == nil)
}

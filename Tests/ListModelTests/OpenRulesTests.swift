import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3 Known-unsafe combinations marked [open]: `strict` rejects each with
/// the message below; `uikit` applies the lenient reading and shows `uikitShows`.
struct OpenExample: Sendable, CustomStringConvertible {
    var rejected: Rejected
    var uikitShows: Snapshot
    var description: String { rejected.name }
}

let openRuleExamples: [OpenExample] = [
    OpenExample(rejected: Rejected("a reloaded section that also moves",
        [.reloadSection(0), .moveSection(from: 0, to: 1)],
        snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "b"), section("A", "a'")),
        .reloadedSectionMoves, "section 0 is reloaded and moved to section 1 in the same batch"),
        uikitShows: snapshot(section("B", "b"), section("A", "a'"))),
    OpenExample(rejected: Rejected("reloadSections whose item count changes",
        [.reloadSection(0)],
        snapshot(section("A", "a")), snapshot(section("A", "a", "b")),
        .reloadSectionCountChanges, "reloaded section 0 contains 1 items before the update and 2 items after it"),
        uikitShows: snapshot(section("A", "a", "b"))),
    OpenExample(rejected: Rejected("an item inserted into a section inserted in the same batch",
        [.insertSection(1), .insertItem(p(1, 0))],
        snapshot(section("A", "a")), snapshot(section("A", "a"), section("B", "b")),
        .itemOperationInChangedSection, "attempt to insert item 0 into section 1, which is inserted in the same batch"),
        uikitShows: snapshot(section("A", "a"), section("B", "b"))),
    OpenExample(rejected: Rejected("an item deleted from a section deleted in the same batch",
        [.deleteItem(p(0, 0)), .deleteSection(0)],
        snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "b")),
        .itemOperationInChangedSection, "attempt to delete item 0 from section 0, which is deleted in the same batch"),
        uikitShows: snapshot(section("B", "b"))),
    OpenExample(rejected: Rejected("an item reloaded in a section reloaded in the same batch",
        [.reloadSection(0), .reloadItem(p(0, 0))],
        snapshot(section("A", "a")), snapshot(section("A", "a'")),
        .itemOperationInChangedSection, "attempt to reload item 0 in section 0, which is reloaded in the same batch"),
        uikitShows: snapshot(section("A", "a'"))),
    OpenExample(rejected: Rejected("a section move with an item delete inside it",
        [.moveSection(from: 0, to: 1), .deleteItem(p(0, 1))],
        snapshot(section("A", "a", "b"), section("B", "c")), snapshot(section("B", "c"), section("A", "a")),
        .itemChangeInMovedSection, "section 0 is moved to section 1 in the same batch as delete 0.1 changes its items"),
        uikitShows: snapshot(section("B", "c"), section("A", "a"))),
    // The reload lands on the item that now holds its index path number: the
    // view shows `a` twice and `b` is gone, but UIKit does not throw.
    OpenExample(rejected: Rejected("a reload that an insert before it pushes down",
        [.insertItem(p(0, 0)), .reloadItem(p(0, 1))],
        flat("a", "b", "c"), flat("x", "a", "b'", "c"),
        .reloadNotInPlace, "attempt to reload index path (0-1), but the item does not stay in place: it ends at index path (0-2)"),
        uikitShows: flat("x", "a", "a", "c")),
]

@Test(arguments: openRuleExamples)
func strictRejectsEachOpenRuleAndUIKitAppliesIt(_ example: OpenExample) {
    let e = example.rejected
    let strict = rejection(e.operations, e.old, e.new, .strict)
    #expect(strict?.rule == e.rule)
    #expect(strict?.message == e.message)
    #expect(e.rule.isOpen)
    #expect(shown(e.operations, e.old, e.new, .uikit) == example.uikitShows)
}

@Test func everyOpenRuleHasAnExample() {
    let covered = Set(openRuleExamples.map(\.rejected.rule))
    #expect(covered == Set(Rule.allCases.filter(\.isOpen)))
}

@Test func aReloadPushedOntoAMoveDestinationCollidesUnderUIKit() {
    // c is reloaded at 0-2 while a moves to 0-2: UIKit re-inserts the reload at 0-2.
    let ops: [Operation] = [.reloadItem(p(0, 2)), .moveItem(from: p(0, 0), to: p(0, 2))]
    let old = flat("a", "b", "c"), new = flat("b", "c'", "a")
    #expect(rejection(ops, old, new, .strict)?.message
            == "attempt to reload index path (0-2), but the item does not stay in place: it ends at index path (0-1)")
    let uikit = rejection(ops, old, new, .uikit)
    #expect(uikit?.rule == .insertAndMove)
    #expect(uikit?.message == "attempt to perform an insert and a move to the same index path (0-2)")
}

@Test func aReloadInAShiftedSectionBreaksTheCountsUnderUIKit() {
    // The reload of 1-0 is re-inserted at 1-0 of the final state, which is section A.
    let ops: [Operation] = [.insertSection(0), .reloadItem(p(1, 0))]
    let old = snapshot(section("A", "a"), section("B", "b"))
    let new = snapshot(section("X"), section("A", "a"), section("B", "b'"))
    #expect(rejection(ops, old, new, .strict)?.rule == .reloadNotInPlace)
    #expect(rejection(ops, old, new, .uikit)?.message
            == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (1) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
}

@Test func aReloadWhoseShiftsCancelOutStaysInPlace() {
    // A delete and an insert before b leave b at 0-1.
    let ops: [Operation] = [.deleteItem(p(0, 0)), .insertItem(p(0, 0)), .reloadItem(p(0, 1))]
    #expect(shown(ops, flat("a", "b"), flat("x", "b'")) == flat("x", "b'"))
}

@Test func theProfilesAgreeOnEveryFirmRule() {
    for example in boundsExamples + conflictExamples + countExamples {
        let strict = rejection(example.operations, example.old, example.new, .strict)
        let uikit = rejection(example.operations, example.old, example.new, .uikit)
        #expect(strict != nil, "\(example.name)")
        #expect(strict == uikit, "\(example.name)")
    }
}

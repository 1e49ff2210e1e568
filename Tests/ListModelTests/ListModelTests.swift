import Testing
@testable import ListModel

/// `ListModel.apply`'s fixed checking order: when several rules are broken,
/// the first in the documented order is reported.

@Test func sectionRulesComeBeforeItemRules() {
    let ops: [Operation] = [.deleteItem(p(0, 9)), .deleteSection(4)]
    #expect(rejection(ops, flat("a"), flat("a"))?.rule == .deleteSectionOutOfRange)
}

@Test func boundsComeBeforeConflicts() {
    let ops: [Operation] = [.deleteItem(p(0, 0)), .reloadItem(p(0, 0)), .insertItem(p(0, 5))]
    #expect(rejection(ops, flat("a", "b"), flat("b"))?.rule == .insertItemOutOfRange)
}

@Test func conflictsComeInTheDocumentedOrder() {
    // Delete-and-reload (15) before delete-and-move (16) before insert-and-move (17).
    let ops: [Operation] = [
        .insertItem(p(0, 1)), .moveItem(from: p(0, 2), to: p(0, 1)),
        .deleteItem(p(0, 2)), .deleteItem(p(0, 0)), .reloadItem(p(0, 0)),
    ]
    #expect(rejection(ops, flat("a", "b", "c"), flat("b", "x", "c"))?.rule == .deleteAndReload)
}

@Test func firmRulesComeBeforeOpenRulesInBothProfiles() {
    // An open violation (an item inserted into an inserted section) and a firm one.
    let ops: [Operation] = [.insertSection(1), .insertItem(p(1, 0)), .deleteItem(p(0, 0)), .reloadItem(p(0, 0))]
    let old = snapshot(section("A", "a")), new = snapshot(section("A"), section("B", "b"))
    #expect(rejection(ops, old, new, .strict)?.rule == .deleteAndReload)
    #expect(rejection(ops, old, new, .uikit)?.rule == .deleteAndReload)
}

@Test func countsOfItemsComeLast() {
    let ops: [Operation] = [.insertSection(1), .insertItem(p(1, 0))]
    let old = snapshot(section("A", "a")), new = snapshot(section("A", "a", "z"), section("B", "b"))
    #expect(rejection(ops, old, new, .strict)?.rule == .itemOperationInChangedSection)
    #expect(rejection(ops, old, new, .uikit)?.rule == .itemCount)
}

@Test func withinOneCheckTheFirstIssuedOffenderIsNamed() {
    let ops: [Operation] = [.deleteItem(p(0, 7)), .deleteItem(p(0, 5))]
    #expect(rejection(ops, flat("a"), flat())?.message.contains("item 7") == true)
}

@Test func theRuleBooksExampleCase() {
    // old: [A: a b c] [B: d e]; new: [A: a c] [B: e' d];
    // batch: delete 0.1, reload 0.1, move 1.1 1.0; expect: error attempt to delete and reload the same index path
    let r = rejection([.deleteItem(p(0, 1)), .reloadItem(p(0, 1)), .moveItem(from: p(1, 1), to: p(1, 0))],
                      snapshot(section("A", "a", "b", "c"), section("B", "d", "e")),
                      snapshot(section("A", "a", "c"), section("B", "e'", "d")))
    #expect(r?.message.contains("attempt to delete and reload the same index path") == true)
}

import Testing
@testable import ListModel

/// `ListView.apply`'s checking order, UICollectionView's (RULES.md §3.1):
/// when several rules are broken, the first step that meets one names it.

@Test func deletesAreWalkedInDescendingOrder() {
    // Section 4 sorts after item 0-9, so descending order meets it first.
    let ops: [Operation] = [.deleteItem(p(0, 9)), .deleteSection(4)]
    #expect(rejection(ops, flat("a"), flat("a"))?.rule == .deleteSectionOutOfRange)
    // An item delete in a later section comes before a section delete before it.
    let later: [Operation] = [.deleteSection(3), .deleteItem(p(5, 0))]
    #expect(rejection(later, flat("a"), flat("a"))?.message
            == "attempt to delete item 0 from section 5, but there are only 1 sections before the update")
}

@Test func theReloadSplitComesBeforeEveryBound() {
    // Step 3 (delete and reload) runs before the deletes' and inserts' bounds.
    let ops: [Operation] = [.deleteItem(p(0, 0)), .reloadItem(p(0, 0)), .insertItem(p(0, 5))]
    #expect(rejection(ops, flat("a", "b"), flat("b"))?.rule == .deleteAndReload)
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

@Test func uikitsCountsComeBeforeStrictsPortableSubset() {
    // strict says what UIKit says whenever UIKit throws: the item insert into the
    // inserted section is dropped, and section 0 gained an item no insert explains.
    let ops: [Operation] = [.insertSection(1), .insertItem(p(1, 0))]
    let old = snapshot(section("A", "a")), new = snapshot(section("A", "a", "z"), section("B", "b"))
    #expect(rejection(ops, old, new, .strict)?.rule == .itemCount)
    #expect(rejection(ops, old, new, .uikit)?.rule == .itemCount)
    // Without the count error, strict names its own rule and uikit accepts.
    let fine = snapshot(section("A", "a"), section("B", "b"))
    #expect(rejection(ops, old, fine, .strict)?.rule == .itemOperationInChangedSection)
    #expect(shown(ops, old, fine, .uikit) == fine)
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

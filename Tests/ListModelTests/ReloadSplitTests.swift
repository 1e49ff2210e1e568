import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3.1 step 3: where UICollectionView puts a reload's insert half.

@Test func aReloadIsShiftedByTheDeletesAndInsertsBeforeIt() {
    let batch = Batch([.insertItem(p(0, 0)), .deleteItem(p(0, 3)), .deleteItem(p(0, 1)), .reloadItem(p(0, 2))])
    // The delete of 0.1 moves it down to 0.1, the insert at 0.0 back up to 0.2; 0.3 is after it.
    #expect(ListView.reloadedItemDestinations(batch) == [p(0, 2): p(0, 2)])
    #expect(ListView.reloadedItemDestinations(Batch([.insertItem(p(0, 0)), .reloadItem(p(0, 1))])) == [p(0, 1): p(0, 2)])
}

@Test func movesDoNotShiftAReload() {
    let batch = Batch([.moveItem(from: p(0, 0), to: p(0, 3)), .reloadItem(p(0, 2))])
    #expect(ListView.reloadedItemDestinations(batch) == [p(0, 2): p(0, 2)])
}

@Test func sectionsShiftAReloadAcrossSections() {
    let batch = Batch([.deleteSection(0), .insertSection(2), .reloadItem(p(2, 1)), .reloadSection(3)])
    #expect(ListView.reloadedItemDestinations(batch) == [p(2, 1): p(1, 1)])
    // Section 3: down one for the delete of 0, up one for the insert at 2.
    #expect(ListView.reloadedSectionDestinations(batch) == [3: 3])
}

@Test func anItemDeleteIsComparedWithTheSectionAsShiftedSoFar() {
    // The validator's quirk: walking deletes in descending order, the section delete of 1
    // shifts the reload's section from 2 to 1 before the item delete 1.0 is met, which
    // then counts as before the reload's item.
    let batch = Batch([.deleteSection(1), .deleteItem(p(1, 0)), .reloadItem(p(2, 3))])
    #expect(ListView.reloadedItemDestinations(batch) == [p(2, 3): p(1, 2)])
}

@Test func aReloadThatIsAlsoDeletedHasNoDestination() {
    #expect(ListView.reloadedItemDestinations(Batch([.deleteItem(p(0, 1)), .reloadItem(p(0, 1))])).isEmpty)
}

@Test func aReloadedSectionCountsAsADeleteAndAnInsertOfItsSection() {
    // Step 3 splits it; step 5b then drops the item insert inside it, and the view shows the new section.
    let old = snapshot(section("A", "a")), new = snapshot(section("A'", "a", "b"))
    #expect(shown([.reloadSection(0), .insertItem(p(0, 1))], old, new, .uikit) == new)
}

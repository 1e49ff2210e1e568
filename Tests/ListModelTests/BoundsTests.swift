import Testing
@testable import ListModel

/// Sources/ListModel/RULES.md §3.1 steps 5a–5c (DeleteValidation, InsertValidation, MoveValidation): every index must exist in the state it indexes; the messages are UIKit's.
let boundsExamples: [Rejected] = [
    Rejected("section delete past the end", [.deleteSection(2)],
             snapshot(section("A", "a"), section("B", "b")), snapshot(section("A", "a")),
             .deleteSectionOutOfRange, "attempt to delete section 2, but there are only 2 sections before the update"),
    Rejected("section reload out of range is reported as a delete", [.reloadSection(5)],
             snapshot(section("A")), snapshot(section("A")),
             .deleteSectionOutOfRange, "attempt to delete section 5, but there are only 1 sections before the update (the delete half of reload section 5)"),
    // UIKit's bounds checks compare signed: -1 passes them, and the section map's index set then refuses it.
    Rejected("negative section delete", [.deleteSection(-1)],
             snapshot(section("A")), snapshot(),
             .negativeSection, "*** -[NSMutableIndexSet addIndexesInRange:]: Range {18446744073709551615, 1} exceeds maximum index value of NSNotFound - 1 (delete section -1 names section -1)"),
    Rejected("item delete in a negative section", [.deleteItem(p(-1, 0))],
             flat("a"), flat(),
             .negativeSection, "request for number of items in section -1 when there are only 1 sections in the collection view (delete -1.0, in the state before the update)"),
    Rejected("section move from a missing section", [.moveSection(from: 3, to: 0)],
             snapshot(section("A")), snapshot(section("A")),
             .moveSectionSourceOutOfRange, "attempt to move section 3, but there are only 1 sections before the update"),
    Rejected("section insert past the end", [.insertSection(3)],
             snapshot(section("A")), snapshot(section("A"), section("B")),
             .insertSectionOutOfRange, "attempt to insert section 3 but there are only 2 sections after the update"),
    Rejected("section move to a missing section", [.moveSection(from: 0, to: 1)],
             snapshot(section("A")), snapshot(section("A")),
             .moveSectionDestinationOutOfRange, "attempt to to move section 0 to section 1, but there are only 1 sections after the update"),
    Rejected("item delete past the end", [.deleteItem(p(0, 3))],
             flat("a", "b", "c"), flat("a", "b"),
             .deleteItemOutOfRange, "attempt to delete item 3 from section 0 which only contains 3 items before the update"),
    Rejected("item delete in a missing section", [.deleteItem(p(1, 0))],
             flat("a"), flat(),
             .deleteItemOutOfRange, "attempt to delete item 0 from section 1, but there are only 1 sections before the update"),
    Rejected("item reload out of range is reported as a delete", [.reloadItem(p(0, 4))],
             flat("a", "b"), flat("a", "b"),
             .deleteItemOutOfRange, "attempt to delete item 4 from section 0 which only contains 2 items before the update (the delete half of reload 0.4)"),
    // A negative item passes the bounds checks and is skipped by the item map, which leaves a in place.
    Rejected("negative item delete", [.deleteItem(p(0, -1))],
             flat("a"), flat(),
             .globalIndexOutOfRange, "request for index path for global index 0 when there are only 0 items in the collection view (the update's item map sends the item at global index 0 before the update there)"),
    Rejected("item insert past the end", [.insertItem(p(0, 3))],
             flat("a", "b"), flat("a", "b", "c"),
             .insertItemOutOfRange, "attempt to insert item 3 into section 0, but there are only 3 items in section 0 after the update"),
    Rejected("item insert in a missing section", [.insertItem(p(2, 0))],
             flat("a"), flat("a", "b"),
             .insertItemOutOfRange, "attempt to insert item 0 into section 2, but there are only 1 sections after the update"),
    Rejected("item move from a missing index path", [.moveItem(from: p(0, 5), to: p(0, 0))],
             flat("a", "b", "c"), flat("a", "b", "c"),
             .moveItemSourceOutOfRange, "attempt to move index path (0-5) that does not exist - there are only 3 items in section 0 before the update"),
    Rejected("item move from a missing section", [.moveItem(from: p(4, 0), to: p(0, 0))],
             flat("a"), flat("a"),
             .moveItemSourceOutOfRange, "attempt to move index path (4-0) from a section that does not exist - there are only 1 sections before the update"),
    Rejected("item move to a missing index path", [.moveItem(from: p(0, 0), to: p(0, 7))],
             flat("a", "b", "c"), flat("a", "b", "c"),
             .moveItemDestinationOutOfRange, "attempt to move index path (0-0) to index path (0-7) that does not exist - there are only 3 items in section 0 after the update"),
    Rejected("item move to a missing section", [.moveItem(from: p(0, 0), to: p(1, 0))],
             flat("a"), flat("a"),
             .moveItemDestinationOutOfRange, "attempt to move index path (0-0) to index path (1-0) in section that does not exist - there are only 1 sections after the update"),
    Rejected("huge indexes", [.deleteItem(p(Int.max, Int.min))],
             flat("a"), flat("a"),
             .deleteItemOutOfRange, "attempt to delete item \(Int.min) from section \(Int.max), but there are only 1 sections before the update"),
]

@Test(arguments: boundsExamples)
func boundsRejectWithUIKitsMessage(_ example: Rejected) {
    for profile in Profile.allCases {
        let r = rejection(example.operations, example.old, example.new, profile)
        let expected = example.expected(under: profile)
        #expect(r?.rule == expected.rule)
        #expect(r?.message == expected.message)
    }
}

@Test func theLastIndexIsInRange() {
    #expect(rejection([.deleteItem(p(0, 2))], flat("a", "b", "c"), flat("a", "b")) == nil)
    #expect(rejection([.insertItem(p(0, 3))], flat("a", "b", "c"), flat("a", "b", "c", "d")) == nil)
    #expect(rejection([.insertSection(1)], snapshot(section("A")), snapshot(section("A"), section("B"))) == nil)
}

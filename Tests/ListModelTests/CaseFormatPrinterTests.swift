import Testing
@testable import ListModel

// Hand-picked cases for CasePrinter. Generated round trips are in
// CaseFormatRoundTripTests.

@Suite struct CaseFormatPrinterTests {
    private let a = Item(id: "a"), b = Item(id: "b"), c = Item(id: "c")

    @Test func printsTheIssueExampleCanonically() throws {
        let text = """
            # b is deleted and reloaded in the same batch
            old: [A: a b c] [B: d e]
            new: [A: a c] [B: e' d]
            batch: delete 0.1, reload 0.1, move 1.1 1.0
            expect: error attempt to delete and reload the same index path

            """
        let parsed = try CaseParser.parse(text, file: "t.case").get()
        #expect(CasePrinter.text(parsed) == text)
    }

    @Test func printsEveryDirectiveInCanonicalOrder() {
        let c = Case(
            comments: ["why", "", " indented"],
            old: Snapshot(sections: [Section(id: "A", content: 1, items: [a, Item(id: "b", content: 2)]), Section(id: "B")]),
            new: Snapshot(sections: [Section(id: "B"), Section(id: "A", items: [a])]),
            stages: [
                Stage(batch: Batch([.deleteItem(ItemPath(0, 1)), .reloadSection(0)]), data: Snapshot(sections: [Section(id: "A", items: [a]), Section(id: "B")])),
                Stage(batch: Batch([.moveSection(from: 1, to: 0), .insertSection(3), .deleteSection(4), .insertItem(ItemPath(1, 0)), .moveItem(from: ItemPath(0, 0), to: ItemPath(2, 3))])),
            ],
            expectation: .fail("minimal-moves"), profile: .uikit, engine: "mutant:last-wins")
        #expect(CasePrinter.text(c) == """
            # why
            #
            #  indented
            old: [A': a b''] [B:]
            new: [B:] [A: a]
            batch: delete 0.1, reload section 0
            then: [A: a] [B:]
            batch: move section 1 0, insert section 3, delete section 4, insert 1.0, move 0.0 2.3
            expect: fail minimal-moves
            profile: uikit
            engine: mutant:last-wins

            """)
    }

    @Test func printsFlatSnapshotsWithoutBracketsAndIndexesAlone() {
        let c = Case(old: .flat([a, b, c]), new: .flat([c, Item(id: "a", content: 1)]),
                     stages: [Stage(batch: Batch([.deleteItem(ItemPath(0, 1)), .moveItem(from: ItemPath(0, 2), to: ItemPath(0, 0)), .deleteSection(0)]))])
        #expect(CasePrinter.text(c) == "old: a b c\nnew: c a'\nbatch: delete 1, move 2 0, delete section 0\n")
    }

    @Test func printsSectionPathsWhenOnlyOneSnapshotIsFlat() {
        let c = Case(old: .flat([a]), new: Snapshot(sections: [Section(id: "A", items: [a])]),
                     stages: [Stage(batch: Batch([.deleteItem(ItemPath(0, 0))]))])
        #expect(CasePrinter.text(c) == "old: a\nnew: [A: a]\nbatch: delete 0.0\n")
    }

    @Test func tellsNoSectionsFromOneEmptyImplicitSection() throws {
        let c = Case(old: Snapshot(), new: .flat([]))
        let text = CasePrinter.text(c)
        #expect(text == "old:\nnew: [_:]\n")
        #expect(try CaseParser.parse(text, file: "t.case").get() == c)
    }

    @Test func printsAnEmptyBatchAndAnErrorWithoutText() {
        let c = Case(old: .flat([a]), new: .flat([a]), stages: [Stage(batch: Batch())], expectation: .error(""))
        #expect(CasePrinter.text(c) == "old: a\nnew: a\nbatch:\nexpect: error\n")
    }

    @Test func printsStagesAsAReportShowsThem() throws {
        let stages = [
            Stage(batch: Batch([.deleteItem(ItemPath(0, 0))]), data: .flat([b])),
            Stage(batch: Batch([.insertItem(ItemPath(0, 1))])),
        ]
        let lines = CasePrinter.stageLines(stages, isFlat: true)
        #expect(lines == ["batch: delete 0", "then: b", "batch: insert 1"])
        let reread = try CaseParser.parse((["old: a b", "new: b c"] + lines).joined(separator: "\n"), file: "r.case").get()
        #expect(reread.stages == stages)
    }

    @Test func printsASnapshotAndABatchThatParseBack() throws {
        let snapshot = Snapshot(sections: [Section(id: "x-1", content: 3, items: [Item(id: "_", content: 1)])])
        #expect(CasePrinter.snapshot(snapshot) == "[x-1''': _']")
        #expect(try CaseParser.snapshot(CasePrinter.snapshot(snapshot)).get() == snapshot)
        let batch = Batch([.moveItem(from: ItemPath(1, 2), to: ItemPath(0, 0)), .reloadItem(ItemPath(3, 4))])
        #expect(CasePrinter.batch(batch, isFlat: false) == "move 1.2 0.0, reload 3.4")
        #expect(try CaseParser.batch(CasePrinter.batch(batch, isFlat: false), isFlat: false).get() == batch)
    }
}

import Testing
@testable import ListModel

// The case format's engine identity: `recorded:` stages (an engine's answer
// kept in the case), `engine: external` and the older
// `engine: external: COMMAND`, and engine names checked against a list.

@Suite struct CaseFormatEngineTests {
    @Test func recordedStagesAreKeptApartFromTheCasesOwnStages() throws {
        let text = "old: a b\nnew: b a\nrecorded: delete 0\nthen: b\nrecorded: insert 1\nengine: external\n"
        let c = try CaseParser.parse(text, file: "t.case").get()
        #expect(c.stages.isEmpty, "recorded stages are not the stages to check")
        #expect(c.recorded == [
            Stage(batch: Batch([.deleteItem(ItemPath(0, 0))]), data: Snapshot(sections: [Section(id: "_", items: [Item(id: "b")])])),
            Stage(batch: Batch([.insertItem(ItemPath(0, 1))])),
        ])
        #expect(c.engine == "external")
        #expect(CasePrinter.text(c) == text)
    }

    @Test func aCaseHasBatchLinesOrRecordedLinesNotBoth() {
        guard case .failure(let error) = CaseParser.parse("old: a\nnew: a\nbatch:\nrecorded:\n", file: "t.case") else {
            Issue.record("batch: and recorded: together must be refused")
            return
        }
        #expect(error.description.hasPrefix("t.case:4:1: error: expected more batch: lines"), "\(error)")
    }

    /// A crash finding saved by an older diffcheck: reading it back failed
    /// with "expected the end of the line after the engine name (one word)".
    @Test func theOlderExternalEngineLineReadsAsExternalWithTheCommandAsAComment() throws {
        let c = try CaseParser.parse("# finding\nold: a\nnew: a\nengine: external: python3 engine.py --fast\n", file: "t.case").get()
        #expect(c.engine == "external")
        #expect(c.comments == ["finding", "engine command: python3 engine.py --fast"])
        let printed = CasePrinter.text(c)
        #expect(printed.contains("engine: external\n") && !printed.contains("engine: external:"))
        #expect(try CaseParser.parse(printed, file: "t.case").get() == c)
    }

    @Test func anEngineNameOutsideTheGivenListIsAnErrorWithLineAndColumn() {
        let engines = ["core", "mutant:last-wins", "external"]
        guard case .failure(let error) = CaseParser.parse("old: a\nnew: a\nengine:  no-such-engine\n", file: "t.case", engines: engines) else {
            Issue.record("an unknown engine must be refused")
            return
        }
        #expect(error.description == "t.case:3:10: error: expected an engine name (core, mutant:last-wins, external) but found 'no-such-engine'")
        #expect((try? CaseParser.parse("old: a\nnew: a\nengine: mutant:last-wins\n", file: "t.case", engines: engines).get()) != nil)
    }
}

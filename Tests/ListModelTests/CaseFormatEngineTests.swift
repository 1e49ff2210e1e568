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

    /// Issue 43, point 8: a second answer to the same pair (a `deterministic`
    /// finding's) is kept in `again:` lines, after the first, with `then:`
    /// and `none` as `recorded:` has them; it prints back as it was read.
    @Test func aSecondRecordedAnswerIsKeptInAgainLines() throws {
        let text = "old: a b\nnew: b a\nrecorded: move 0 1\nagain: delete 0\nthen: b\nagain: insert 1\nengine: external\n"
        let c = try CaseParser.parse(text, file: "t.case").get()
        #expect(c.recorded == [Stage(batch: Batch([.moveItem(from: ItemPath(0, 0), to: ItemPath(0, 1))]))])
        #expect(c.recordedAgain == [
            Stage(batch: Batch([.deleteItem(ItemPath(0, 0))]), data: Snapshot(sections: [Section(id: "_", items: [Item(id: "b")])])),
            Stage(batch: Batch([.insertItem(ItemPath(0, 1))])),
        ])
        #expect(c.hasSecondRecordedAnswer && !c.recordsNoStagesAgain)
        #expect(CasePrinter.text(c) == text)
        let none = try CaseParser.parse("old: a\nnew: a\nrecorded:\nagain: none\n", file: "t.case").get()
        #expect(none.recordsNoStagesAgain && none.recordedAgain.isEmpty && none.hasSecondRecordedAnswer)
        #expect(CasePrinter.text(none) == "old: a\nnew: a\nrecorded:\nagain: none\n")
        // A case written before `again:` existed reads as before: no second answer.
        #expect(try !CaseParser.parse("old: a\nnew: a\nrecorded:\n", file: "t.case").get().hasSecondRecordedAnswer)
    }

    @Test(arguments: [
        ("old: a\nnew: a\nagain: delete 0\n", "t.case:3:1: error: expected a recorded: answer for the again: answer to follow (again: is the engine's second answer) but found again: with no recorded: line"),
        ("old: a\nnew: a\nbatch:\nagain:\n", "t.case:4:1: error: expected more batch: lines (again: is an engine's second recorded answer, which a case with batch: lines has not) but found again: after the batch: on line 3"),
        ("old: a\nnew: a\nrecorded:\nagain: none\nagain:\n", "t.case:5:1: error: expected no other again: line with again: none (the engine answered no stages) but found again: after the again: none on line 4"),
        ("old: a\nnew: a\nrecorded:\nagain:\nagain:\n", "t.case:5:1: error: expected a then: line after the again: on line 4 (every stage but the last needs the data source's snapshot) but found another again:"),
        ("old: a\nnew: a\nrecorded:\nagain:\nthen: a\n", "t.case:5:1: error: expected another again: after this then: (the last stage's data is the new: snapshot) but found no further again:"),
    ])
    func aSecondAnswerOutOfPlaceIsAnError(text: String, message: String) {
        guard case .failure(let error) = CaseParser.parse(text, file: "t.case") else {
            Issue.record("read: \(text)")
            return
        }
        #expect(error.description == message)
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
    @Test func theOlderExternalEngineLineReadsAsExternalWithTheCommandAsItsLine() throws {
        let c = try CaseParser.parse("# finding\nold: a\nnew: a\nengine: external: python3 engine.py --fast\n", file: "t.case").get()
        #expect(c.engine == "external")
        #expect(c.comments == ["finding"])
        #expect(c.engineCommand == "python3 engine.py --fast")
        let printed = CasePrinter.text(c)
        #expect(printed.contains("engine: external\n") && !printed.contains("engine: external:"))
        #expect(try CaseParser.parse(printed, file: "t.case").get() == c)
    }

    /// `engine-command:` is the case's command whichever line comes first;
    /// the older form's command stands only without one; a second
    /// `engine-command:` line names the first's line.
    @Test func theEngineCommandLineWinsOverTheOlderFormInEitherOrder() throws {
        for text in ["old: a\nnew: a\nengine: external: old-form\nengine-command: new-form\n",
                     "old: a\nnew: a\nengine-command: new-form\nengine: external: old-form\n"] {
            #expect(try CaseParser.parse(text, file: "t.case").get().engineCommand == "new-form", "\(text)")
        }
        guard case .failure(let error) = CaseParser.parse("old: a\nnew: a\nengine-command: a\nengine: external: b\nengine-command: c\n",
                                                          file: "t.case") else {
            Issue.record("a second engine-command: line must be refused")
            return
        }
        #expect(error.description == "t.case:5:1: error: expected one engine-command: line but found a second one (the first is on line 3)")
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

import ListModel
import Testing

@Suite struct CountCheckTests {
    @Test func aValidBatchIsAccepted() {
        let check = CountCheck(before: [3], after: [2], batch: Batch([.deleteItem(ItemPath(0, 1))]))
        #expect(check.isAccepted)
        #expect(check.rejection == nil)
        #expect(check.profile == .uikit)
    }

    @Test func aDeleteOutOfRangeIsRejectedInUIKitsWords() {
        let check = CountCheck(before: [3], after: [2], batch: Batch([.deleteItem(ItemPath(0, 3))]))
        #expect(check.rejection?.message == "attempt to delete item 3 from section 0 which only contains 3 items before the update")
    }

    @Test func aCountTheBatchDoesNotExplainIsRejected() {
        let check = CountCheck(before: [2, 1], after: [2, 2], batch: Batch())
        #expect(check.rejection?.rule == .itemCount)
        #expect(check.rejection?.message.hasPrefix("Invalid update: invalid number of items in section 1.") == true)
    }

    @Test func theCaseTextReplaysTheVerdict() throws {
        let check = CountCheck(before: [1], after: [2], batch: Batch())
        let c = try CaseParser.parse(check.caseText, file: "check").get()
        #expect(c.old == .flat([Item(id: "x0")]))
        #expect(c.new == .flat([Item(id: "x0"), Item(id: "x1")]))
        #expect(c.stages == [Stage(batch: Batch())])
        #expect(c.profile == .uikit)
        #expect(c.expectation == .error(check.rejection?.message ?? "none"))
        let accepted = CountCheck(before: [1], after: [1], batch: Batch([.reloadItem(ItemPath(0, 0))]))
        #expect(try CaseParser.parse(accepted.caseText, file: "ok").get().expectation == .pass)
    }

    @Test func negativeCountsReadAsZeroAndNothingTraps() {
        let check = CountCheck(before: [-4], after: [0], batch: Batch([.deleteItem(ItemPath(-1, -1)), .insertSection(Int.max)]))
        #expect(check.before == [0])
        #expect(check.rejection != nil)
    }

    @Test func placeholdersAreSizedToTheCounts() {
        let snapshot = Snapshot.placeholder(itemCounts: [2, 0, 1])
        #expect(snapshot.sections.map(\.items.count) == [2, 0, 1])
        #expect(snapshot.sections.flatMap(\.items).map(\.id) == ["x0", "x1", "x2"])
        #expect(Snapshot.placeholder(itemCounts: [2]).isFlat)
        #expect(Snapshot.placeholder(itemCounts: []).sections.isEmpty)
    }
}

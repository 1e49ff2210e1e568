import DiffHarness
import ListModel
import Testing

@Suite struct TriageTests {
    // MARK: Real exception texts (TriageFixtures.swift, each cited there)

    @Test(arguments: TriageFixtures.all)
    func eachRealTextTriagesToACaseTheModelJudgesWithTheLoggedMessage(_ fixture: TriageFixture) throws {
        let report = try Triage.triage(fixture.text)
        #expect(report.exception.message == fixture.message)
        #expect(report.exception.isTableView == fixture.isTableView)
        #expect(report.reproducingCase.profile == .uikit)
        let uikit = try #require(report.verdicts[.uikit] ?? nil, "the model accepts the batch of \(fixture.name)")
        #expect(uikit.message.contains(fixture.message))
        #expect(report.isReproduced)
        // The printed case reads back as the same case, and replays to its expectation.
        let parsed = try CaseParser.parse(report.caseText, file: fixture.name).get()
        #expect(parsed == report.reproducingCase)
        let outcome = CorpusReplayer(defaultEngine: CoreEngine()).replay(.text(path: fixture.name, parsed))
        #expect(outcome.meetsExpectation, "\(outcome.summary)")
    }

    @Test func theForumTextIsTheLoggedBatchAndItsExplanationReadsTheCounts() throws {
        let report = try Triage.triage(TriageFixtures.forum728797.text)
        guard case .batch(let before, let after, let updates, let isElided) = report.exception.kind else {
            Issue.record("not read as the whole-batch form: \(report.exception.kind)")
            return
        }
        #expect(before == [27386] && after == [27385] && !isElided)
        #expect(updates == Batch([.deleteItem(ItemPath(0, 27384)), .insertItem(ItemPath(0, 27384))]))
        #expect(report.reproducingCase.old.itemCount == 27386 && report.reproducingCase.new.itemCount == 27385)
        #expect(report.reproducingCase.stages == [Stage(batch: updates)])
        #expect(report.reproducingCase.expectation == .error("Invalid update: invalid number of items in section 0."))
        let text = report.explanation.joined(separator: "\n")
        #expect(text.contains("the batch changes section 0 by 0 items, the data source by \u{2212}1: the data changed without a batch for it, or the view had not seen an earlier change (RULES.md §4)"))
        #expect(report.nearestBatch == Batch([.deleteItem(ItemPath(0, 27384))]))
        #expect(text.contains("nearest valid batch for these counts: batch: delete 27384"))
    }

    @Test func aTableViewsBatchCountsTwoDeletesAgainstThreeLostRows() throws {
        let report = try Triage.triage(TriageFixtures.exyteChat56.text)
        let text = report.explanation.joined(separator: "\n")
        #expect(text.hasPrefix("UITableView rejected the batch"))
        #expect(text.contains("the batch changes section 0 by \u{2212}2 items, the data source by \u{2212}3"))
        // The nearest valid batch deletes the third row too.
        #expect(report.nearestBatch == Batch([.deleteItem(ItemPath(0, 1)), .deleteItem(ItemPath(0, 0)), .deleteItem(ItemPath(0, 2))]))
    }

    @Test func aConflictIsExplainedAsTwoOperationsOnOnePlace() throws {
        let report = try Triage.triage(TriageFixtures.rxDataSources321.text)
        #expect(report.exception.kind == .insertAndMove(ItemPath(0, 1)))
        #expect(report.reproducingCase.stages == [Stage(batch: Batch([.insertItem(ItemPath(0, 1)), .moveItem(from: ItemPath(0, 0), to: ItemPath(0, 1))]))])
        let text = report.explanation.joined(separator: "\n")
        #expect(text.contains("an insert and a move both end at 0-1"))
        #expect(text.contains("reload's insert half"))
        #expect(report.nearestBatch == nil)
    }

    @Test func anOlderCountMessageGivesTheSmallestCaseWithItsCounts() throws {
        let report = try Triage.triage(TriageFixtures.bsImagePicker113.text)
        let c = report.reproducingCase
        #expect(c.old == .placeholder(itemCounts: [0, 1543]) && c.new == .placeholder(itemCounts: [0, 1543]))
        #expect(c.stages == [Stage(batch: Batch([.insertItem(ItemPath(1, 0))]))])
        #expect(report.explanation.contains { $0.hasPrefix("the batch changes section 1 by +1 items, the data source by 0: the batch was issued but the data source does not return its result yet") })
    }

    @Test func anItemCountWithMovesBuildsASecondSectionForThem() throws {
        let exception = LoggedException(.itemCount(section: 0, after: 2, before: 3, inserted: 1, deleted: 1, movedIn: 1, movedOut: 1))
        let c = TriageCase.make(exception)
        #expect(c.old == .placeholder(itemCounts: [3, 1]) && c.new == .placeholder(itemCounts: [2, 1]))
        let check = CountCheck(before: [3, 1], after: [2, 1], batch: c.stages[0].batch)
        #expect(check.rejection?.message.contains(exception.message) == true, "\(check.rejection?.message ?? "accepted")")
    }

    @Test func twoMovesFromOrToOnePlaceAreReadWithBarePaths() throws {
        // UIKit prints these paths with `%@` and no parentheses.
        let both = try Triage.triage("reason: 'attempt to move item at index path <NSIndexPath: 0x1> {length = 2, path = 0 - 1} to both <NSIndexPath: 0x2> {length = 2, path = 0 - 2} and <NSIndexPath: 0x3> {length = 2, path = 0 - 3}'")
        #expect(both.exception.kind == .moveToTwoPlaces(ItemPath(0, 1), ItemPath(0, 2), ItemPath(0, 3)))
        #expect(both.isReproduced, "\(String(describing: both.verdicts[.uikit]))")
        // UIKit walks the moves in ascending order of their source: P before Q.
        let one = try Triage.triage("attempt to move both item at index path 0-1 and 1-0 to 0-0")
        #expect(one.exception.kind == .moveTwoToOnePlace(ItemPath(0, 1), ItemPath(1, 0), ItemPath(0, 0)))
        #expect(one.isReproduced, "\(String(describing: one.verdicts[.uikit]))")
    }

    @Test func everyKindOfMessageTriagesToACaseThatReproducesIt() throws {
        let p = ItemPath(1, 2)
        let kinds: [LoggedException.Kind] = [
            .sectionCount(after: 3, before: 2, inserted: 0, deleted: 1),
            .itemCount(section: 1, after: 4, before: 2, inserted: 1, deleted: 0, movedIn: 0, movedOut: 1),
            .deleteItemOutOfRange(p, itemsBefore: 2), .deleteItemSectionOutOfRange(p, sectionsBefore: 1),
            .insertItemOutOfRange(p, itemsAfter: 1), .insertItemSectionOutOfRange(p, sectionsAfter: 1),
            .deleteSectionOutOfRange(2, sectionsBefore: 2), .insertSectionOutOfRange(3, sectionsAfter: 3),
            .insertAndMove(p), .insertAndMove(ItemPath(0, 0)), .deleteAndMove(p), .deleteAndMove(ItemPath(0, 0)), .deleteAndReload(p),
            .moveSourceOutOfRange(p, itemsBefore: 2), .moveDestinationOutOfRange(ItemPath(0, 0), to: p, itemsAfter: 1),
            .moveToTwoPlaces(ItemPath(0, 0), ItemPath(0, 1), p), .moveTwoToOnePlace(ItemPath(0, 0), ItemPath(0, 1), p),
            .moveOutOfDeletedSection(1), .moveIntoInsertedSection(1),
        ]
        for kind in kinds {
            let exception = LoggedException(kind)
            // The reader reads the message it prints back to the same exception.
            #expect(try ExceptionReader.read(exception.message) == exception)
            let report = try Triage.triage(exception.message)
            #expect(report.isReproduced, "\(kind): \(String(describing: report.verdicts[.uikit]))")
        }
    }

    // MARK: Noise

    @Test func wrappedQuotedLinesAndIndexPathSpellingsAreFlattened() throws {
        let flat = ExceptionText("""
            > reason: 'attempt to delete and reload the same index path
            > (<NSIndexPath: 0xc000000000000016> {length = 2, path = 2 - 10})'
            """)
        #expect(flat.text == "reason: 'attempt to delete and reload the same index path (2-10)'")
        #expect(try ExceptionReader.read(flat.text).kind == .deleteAndReload(ItemPath(2, 10)))
    }

    @Test func theFirstMessageOfALogWins() throws {
        let log = TriageFixtures.chatSecure347.text + "\n" + TriageFixtures.deepDiff56.text
        #expect(try ExceptionReader.read(log).kind == .deleteItemOutOfRange(ItemPath(0, 1), itemsBefore: 0))
    }

    @Test func anElidedBatchSaysSoAndKeepsWhatItShows() throws {
        let text = """
            Invalid batch updates detected: … Data source before updates = { 2 sections with item counts: [3, 2] }
            Data source after updates = { 2 sections with item counts: [3, 3] } Updates = [ Insert item (1 - 2), Reload item (0 - 1), … ]
            """
        let report = try Triage.triage(text)
        #expect(report.exception.kind == .batch(before: [3, 2], after: [3, 3],
                                                updates: Batch([.insertItem(ItemPath(1, 2)), .reloadItem(ItemPath(0, 1))]), isElided: true))
        #expect(report.explanation.contains { $0.contains("elides") })
    }

    // MARK: Input that is not a batch crash

    @Test func anUnrelatedTextSaysWhatItExpected() {
        #expect(throws: TriageInputError.noException) { try Triage.triage("Thread 1: EXC_BAD_ACCESS (code=1, address=0x4)") }
        #expect(TriageInputError.noException.description.hasPrefix("expected a UIKit batch-update exception"))
    }

    @Test func theIOS164HeaderAloneIsIncomplete() {
        // ra1028/DifferenceKit #155 pasted only the header.
        #expect(throws: TriageInputError.incompleteBatch(part: "\"Data source before updates = { … }\"")) {
            try Triage.triage(TriageFixtures.differenceKit155Header)
        }
    }

    @Test func anUnknownUpdateIsNamed() {
        let text = "Invalid batch updates detected: Data source before updates = { 1 section with item counts: [1] } Data source after updates = { 1 section with item counts: [1] } Updates = [ Frobnicate item (0 - 0) ]"
        #expect(throws: TriageInputError.unknownUpdate("Frobnicate item (0 - 0)")) { try Triage.triage(text) }
    }

    @Test func countsThatDisagreeWithTheirSectionNumberAreUnreadable() {
        let text = "Invalid batch updates detected: Data source before updates = { 2 sections with item counts: [1] } Data source after updates = { 1 section with item counts: [1] } Updates = [ ]"
        #expect(throws: TriageInputError.unreadableCounts("2 sections with item counts: [1]")) { try Triage.triage(text) }
    }

    @Test func aMessageTheModelDoesNotGiveIsNotReproduced() throws {
        // The counts of this section-count message add up: UIKit could not have said it.
        let report = try Triage.triage("Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
        #expect(!report.isReproduced)
        #expect(report.verdicts[.uikit] == .some(nil))
    }
}

import DiffHarness
import DiffTriage
import Foundation
import ListModel
import Testing

@Suite struct TriageTests {
    // MARK: Real exception texts (TriageFixtures.swift, each cited there)

    @Test(arguments: TriageFixtures.all)
    func eachRealTextTriagesToACaseTheModelJudgesWithTheLoggedMessage(_ fixture: TriageFixture) throws {
        let report = try Triage.triage(fixture.text)
        #expect(report.exception.message == fixture.message)
        #expect(report.exception.isTableView == fixture.isTableView)
        // A UITableView's log is judged under tableview, in its own words.
        let profile: Profile = fixture.isTableView ? .tableview : .uikit
        #expect(report.reproducingCase.profile == profile)
        let judged = try #require(report.verdicts[profile] ?? nil, "the model accepts the batch of \(fixture.name)")
        #expect(judged.message.contains(fixture.message))
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
        #expect(text.contains("the batch changes section 0 by \u{2212}2 rows, the data source by \u{2212}3"))
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
        let c = try TriageCase.make(exception)
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

    // Issue 27 point 12: Xcode's `Thread 1: "…"` banner prints the reason
    // on one line, its line breaks and tabs escaped as `\n` and `\t`.
    @Test func xcodesBannerWithEscapedLineBreaksReadsAsTheTextWithRealOnes() throws {
        let lines = [
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.",
            "Data source before updates = { 1 section with row counts: [3] }",
            "Data source after updates = { 1 section with row counts: [0] }",
            "Updates = [", "\tDelete row (0 - 0),", "\tDelete row (0 - 1)", "]",
            "Table view: <UITableView: 0x7f9e1c80a000>",
        ]
        let real = try Triage.triage(lines.joined(separator: "\n"))
        let banner = "Thread 1: \"" + lines.joined(separator: "\\n").replacing("\t", with: "\\t") + "\""
        let escaped = try Triage.triage(banner)
        #expect(escaped.exception == real.exception)
        #expect(escaped.exception == LoggedException(.batch(before: [3], after: [0], updates: Batch([.deleteItem(ItemPath(0, 0)), .deleteItem(ItemPath(0, 1))]), isElided: false), isTableView: true))
        #expect(escaped.caseText == real.caseText)
        // Pasted with Windows line ends, the same.
        #expect(try Triage.triage(lines.joined(separator: "\r\n")).exception == real.exception)
        // The empty list, `Updates = [\n\n]`.
        let empty = "Thread 1: \"Invalid batch updates detected: … Data source before updates = { 1 section with item counts: [4] }\\nData source after updates = { 1 section with item counts: [1] }\\nUpdates = [\\n\\n]\\nCollection view: <UICollectionView: 0x1>\""
        #expect(try Triage.triage(empty).exception.kind == .batch(before: [4], after: [1], updates: Batch(), isElided: false))
    }

    // Issue 27 point 12: UITableView's count message from before moves
    // existed has no "moved into or out of" clause: nothing moved.
    @Test func aTableViewCountMessageWithoutTheMovedClauseIsRead() throws {
        let report = try Triage.triage("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted).")
        #expect(report.exception == LoggedException(.itemCount(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0), isTableView: true))
        #expect(report.isReproduced, "\(String(describing: report.verdicts[.uikit]))")
    }

    // MARK: What a log holds of an exception without its whole message

    /// The column (1-based) where `needle` starts in the one-line `text`.
    private func column(of needle: String, in text: String) -> Int {
        text.distance(from: text.startIndex, to: text.firstRange(of: needle)!.lowerBound) + 1
    }

    /// The error `Triage.triage(text)` throws, or nil when it reads an exception.
    private func triageError(_ text: String) -> TriageInputError? {
        do { _ = try Triage.triage(text); return nil } catch { return error }
    }

    @Test func aReasonCutOffAfterItsStartSaysWhatItFoundAndWhatIsMissing() throws {
        let text = TriageFixtures.chatto380CutOff
        let counts = "its counts (the items after and before the update, inserted and deleted, moved in and out)"
        let expected = TriageInputError.cutOffMessage("Invalid update: invalid number of items in section 0", name: "the item-count exception",
                                                      missing: counts, at: TextPosition(line: 1, column: column(of: "Invalid update", in: text)))
        #expect(triageError(text) == expected)
        #expect(expected.description.hasPrefix("found the start of the item-count exception, \"Invalid update: invalid number of items in section 0\", but not its counts"))
        #expect(!expected.description.contains("found none"))
        // A table view's, in its own words; the reason's closing quote and what follows it are not the message.
        let table = "reason: 'Invalid update: invalid number of rows in section 2' userInfo: (null)"
        #expect(triageError(table) == .cutOffMessage("Invalid update: invalid number of rows in section 2", name: "the item-count exception",
                                                     missing: counts, at: TextPosition(line: 1, column: column(of: "Invalid", in: table))))
        // A message cut in the middle of its sentence, on a line of its own, before the stack.
        let cut = "Fatal Exception: NSInternalInconsistencyException\nattempt to delete item 3 from section 0 which only\n0  CoreFoundation  0x1 __exceptionPreprocess"
        guard case .cutOffMessage(let found, "a delete out of range", _, TextPosition(line: 2, column: 1))? = triageError(cut) else {
            Issue.record("not read as a cut-off delete: \(String(describing: triageError(cut)))")
            return
        }
        #expect(found == "attempt to delete item 3 from section 0 which only")
        // Its first words wrapped over two lines, the message cut off on the second
        // (TriageFuzz found the reader trapping on it: Fuzz/corpus/triage/wrapped-cut-off-lead.log).
        let wrapped = "Invalid update: invalid\nnumber of sections. The number of\nat 0x1"
        guard case .cutOffMessage(let start, "the section-count exception", _, TextPosition(line: 1, column: 1))? = triageError(wrapped) else {
            Issue.record("not read as a cut-off section count: \(String(describing: triageError(wrapped)))")
            return
        }
        #expect(start == "Invalid update: invalid number of sections. The number of", "\(start)")
        // Prose that says `cannot move ` is no message.
        #expect(triageError("I cannot move the cell") == .noException)
    }

    @Test func aStackWithoutItsReasonSaysWhichCheckItShowsAndThatTheReasonIsMissing() throws {
        let frame = "-[UICollectionView _Bug_Detected_In_Client_Of_UICollectionView_Invalid_Number_Of_Items_In_Section:]"
        let line = String(TriageFixtures.igListKit1623FramesOnly.split(separator: "\n")[4])
        let error = try #require(triageError(TriageFixtures.igListKit1623FramesOnly))
        #expect(error == .reasonMissing(frame: frame, throwing: "the item-count exception, \"Invalid update: invalid number of items in section S. …\"",
                                        at: TextPosition(line: 5, column: column(of: "-[", in: line))))
        #expect(error.description.hasPrefix("found no exception message, only UIKit's batch-update check in the stack, \(frame), which throws the item-count exception"))
        #expect(error.description.contains("the exception's reason is missing"))
        // Frames that name only the end of the batch: any of the exceptions.
        let only = try #require(triageError(TriageFixtures.igListKit1576FramesOnly))
        guard case .reasonMissing(let shown, nil, let at) = only, at.line == 6 else {
            Issue.record("not read as a stack without its reason: \(only)")
            return
        }
        #expect(shown == "-[UICollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:animator:]")
        #expect(only.description.contains("which throws UIKit's batch-update exceptions (the frame does not say which)"))
        // A stack with its reason is triaged as before.
        #expect(try Triage.triage(TriageFixtures.chatSecure347.text).isReproduced)
    }

    // A UITableView's log is quoted in its own words (rows, table view),
    // and the case and the verdicts (profile tableview) say them too.
    @Test func aTableViewsLogIsQuotedInItsOwnWords() throws {
        let logged = "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)"
        let report = try Triage.triage("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(logged).'")
        #expect(report.quote == logged)
        #expect(report.explanation.first == "UITableView rejected the batch: \(logged)")
        #expect(report.reproducingCase.comments.contains("  " + logged), "\(report.reproducingCase.comments)")
        #expect(report.exception.message.contains("contained in the table view after the update (1)"))
        #expect(report.reproducingCase.profile == .tableview)
        #expect(report.isReproduced)
        for fixture in TriageFixtures.all where fixture.isTableView {
            let report = try Triage.triage(fixture.text)
            #expect(report.explanation.first?.contains(report.quote) == true, "\(fixture.name): \(report.explanation)")
            if case .batch = report.exception.kind { continue }
            #expect(report.quote.contains("row") && !report.quote.contains("item"), "\(fixture.name) is quoted as \(report.quote)")
        }
        // A row count, wrapped over lines in markdown, quoted on one line.
        let wrapped = try Triage.triage("> Invalid update: invalid number of **rows** in section 0.\n> The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted).")
        #expect(wrapped.quote == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted)")
        // A collection view's log is quoted as it is read.
        let collection = try Triage.triage(TriageFixtures.friendlyPix43.text)
        #expect(collection.quote == TriageFixtures.friendlyPix43.message)
    }

    // MARK: Numbers of an untrusted log (issue 31 point 4)

    /// The reliability probe's logs: each trapped (SIGILL, SIGSEGV) or
    /// asked for gigabytes (85 GB, 18 GB) before the size bound.
    static let hugeNumberLogs = [
        "cannot move an item from a deleted section (9223372036854775807)",
        "attempt to move item at index path 1-9223372036854775807 to both 0-0 and 0-1",
        "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (1) must be equal to the number of sections contained in the collection view before the update (9223372036854775807), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).",
        "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (2147483648 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).",
        "attempt to delete item 0 from section 2147483648 which only contains 0 items before the update",
    ]

    @Test(arguments: hugeNumberLogs)
    func aCaseTooLargeToBuildIsRefusedNamingItsSizeAndTheBound(_ log: String) {
        do {
            let report = try Triage.triage("Fatal Exception: NSInternalInconsistencyException\n" + log)
            Issue.record("built a case of \(report.reproducingCase.old.itemCount) items")
        } catch {
            guard case .caseTooLarge(let needed, let bound, let at) = error else { Issue.record("\(error)"); return }
            #expect(needed > bound && bound == TriageCase.sizeBound)
            #expect(at == TextPosition(line: 2, column: 1))
            #expect(error.description.contains("\(TriageCase.sizeBound)") && error.description.contains("\(needed)"))
        }
    }

    /// Every kind of message, its numbers taken from `n` (seven of them).
    static func everyKind(_ n: [Int]) -> [LoggedException.Kind] {
        [
            .sectionCount(after: n[0], before: n[1], inserted: n[2], deleted: n[3]),
            .itemCount(section: n[0], after: n[1], before: n[2], inserted: n[3], deleted: n[4], movedIn: n[5], movedOut: n[6]),
            .deleteItemOutOfRange(ItemPath(n[0], n[1]), itemsBefore: n[2]),
            .deleteItemSectionOutOfRange(ItemPath(n[0], n[1]), sectionsBefore: n[2]),
            .insertItemOutOfRange(ItemPath(n[0], n[1]), itemsAfter: n[2]),
            .insertItemSectionOutOfRange(ItemPath(n[0], n[1]), sectionsAfter: n[2]),
            .deleteSectionOutOfRange(n[0], sectionsBefore: n[1]), .insertSectionOutOfRange(n[0], sectionsAfter: n[1]),
            .insertAndMove(ItemPath(n[0], n[1])), .deleteAndMove(ItemPath(n[0], n[1])), .deleteAndReload(ItemPath(n[0], n[1])),
            .moveSourceOutOfRange(ItemPath(n[0], n[1]), itemsBefore: n[2]),
            .moveDestinationOutOfRange(ItemPath(n[0], n[1]), to: ItemPath(n[2], n[3]), itemsAfter: n[4]),
            .moveToTwoPlaces(ItemPath(n[0], n[1]), ItemPath(n[2], n[3]), ItemPath(n[4], n[5])),
            .moveTwoToOnePlace(ItemPath(n[0], n[1]), ItemPath(n[2], n[3]), ItemPath(n[4], n[5])),
            .moveOutOfDeletedSection(n[0]), .moveIntoInsertedSection(n[0]),
        ]
    }

    @Test func everyMessageWithAnyNumberHugeEndsInABoundedCaseOrAnError() throws {
        for huge in [Int.max, TriageCase.sizeBound + 1] {
            for place in 0..<7 {
                var numbers = Array(repeating: 1, count: 7)
                numbers[place] = huge
                for kind in Self.everyKind(numbers) {
                    let exception = LoggedException(kind)
                    // The message reads back to the same numbers, whatever their size.
                    #expect(try ExceptionReader.read(exception.message) == exception)
                    do {
                        let c = try Triage.triage(exception.message).reproducingCase
                        #expect(c.old.itemCount + c.new.itemCount + c.old.sections.count + c.new.sections.count <= TriageCase.sizeBound)
                    } catch {
                        guard case .caseTooLarge(_, TriageCase.sizeBound, _) = error else { Issue.record("\(kind): \(error)"); continue }
                    }
                    // The explanation's sums saturate.
                    #expect(!TriageExplanation.lines(exception, verdicts: [:], isReproduced: false, nearest: nil, isFlat: true).isEmpty)
                }
            }
        }
    }

    @Test func theWholeBatchFormsNumbersAreBoundedToo() throws {
        func log(before: String, updates: String = "") -> String {
            "Invalid batch updates detected: Data source before updates = { 1 section with item counts: [\(before)] } Data source after updates = { 1 section with item counts: [0] } Updates = [ \(updates) ]"
        }
        #expect(throws: TriageInputError.caseTooLarge(needed: .max, bound: TriageCase.sizeBound, at: TextPosition(line: 1, column: 1))) {
            try Triage.triage(log(before: "9223372036854775807"))
        }
        #expect(throws: TriageInputError.caseTooLarge(needed: 2_147_483_650, bound: TriageCase.sizeBound, at: TextPosition(line: 1, column: 1))) {
            try Triage.triage(log(before: "2147483648"))
        }
        #expect(throws: TriageInputError.numberTooLarge("9223372036854775808", at: TextPosition(line: 1, column: 93))) {
            try Triage.triage(log(before: "9223372036854775808"))
        }
        // An index no list holds, with small counts, is judged, not built.
        let report = try Triage.triage(log(before: "1", updates: "Delete item (0 - 9223372036854775807)"))
        #expect(report.exception.kind == .batch(before: [1], after: [0], updates: Batch([.deleteItem(ItemPath(0, .max))]), isElided: false))
        #expect(report.verdicts[.uikit] != .some(nil))
    }

    @Test func aNumberTooLargeForAnIntIsAnErrorWhereItStandsNeverAZero() {
        let digits = String(repeating: "9", count: 5_000)
        let log = "2024-05-01 10:00:00.000 App[123:456] crash\n  attempt to delete section \(digits), but there are only 2 sections before the update"
        do {
            let report = try Triage.triage(log)
            Issue.record("read as \(report.exception.kind)")
        } catch {
            guard case .numberTooLarge(let shown, let at) = error else { Issue.record("\(error)"); return }
            #expect(at == TextPosition(line: 2, column: 29))
            #expect(shown == String(repeating: "9", count: TriageInputError.excerptLength) + "…")
        }
    }

    // MARK: Long logs (issue 31 point 5)

    @Test func anErrorInALongLogNamesItsLineAndColumnAndEchoesABoundedExcerpt() {
        let updates = (0..<500).map { "    Delete item (0 - \($0))," }
        let garbage = String(repeating: "x", count: 10_000)
        let log = (["Invalid batch updates detected: …", "Data source before updates = { 1 section with item counts: [500] }",
                    "Data source after updates = { 1 section with item counts: [0] }", "Updates = ["]
                   + updates + ["    Frobnicate " + garbage, "]"]).joined(separator: "\n")
        do {
            let report = try Triage.triage(log)
            Issue.record("read as \(report.exception.summary)")
        } catch {
            #expect(error.position == TextPosition(line: 505, column: 5))
            guard case .unknownUpdate(let shown, _) = error else { Issue.record("\(error)"); return }
            #expect(shown == "Frobnicate " + String(repeating: "x", count: TriageInputError.excerptLength - 11) + "…")
            #expect(error.description.count < 1_000)
        }
    }

    @Test func theExplanationOfALongBatchStaysAScreen() throws {
        // 200 sections that each lost their item, and no updates.
        let ones = Array(repeating: "1", count: 200).joined(separator: ", ")
        let zeros = Array(repeating: "0", count: 200).joined(separator: ", ")
        let log = "Invalid batch updates detected: Data source before updates = { 200 sections with item counts: [\(ones)] } Data source after updates = { 200 sections with item counts: [\(zeros)] } Updates = [ ]"
        let report = try Triage.triage(log)
        #expect(report.nearestBatch?.operations.count == 200)
        #expect(report.explanation.count < 25, "\(report.explanation.count) lines")
        #expect(report.explanation.allSatisfy { $0.count < 500 }, "\(report.explanation.map(\.count).max() ?? 0) characters")
        #expect(report.explanation.contains("(and 190 more sections whose counts disagree)"))
        #expect(report.explanation.contains { $0.hasPrefix("nearest valid batch for these counts: batch: ") && $0.hasSuffix("… (200 updates in all)") })
        #expect(report.exception.summary.hasSuffix("item counts before [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, …] (200 sections), after [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, …] (200 sections), 0 updates"))
    }

    @Test func positionsCountTheRawLogAcrossQuotingEscapesAndTableWords() throws {
        // Quoting and leading spaces are dropped but counted; an escaped `\n`
        // is two columns of one raw line; `row` read as `item` keeps its place.
        let log = "> Thread 1: \"Invalid batch updates detected: …\\nData source before updates = { 1 section with row counts: [1] }\\nData source after updates = { 1 section with row counts: [1] }\\nUpdates = [\\n\\tFrobnicate row (0 - 0)\\n]\""
        let column = try #require(log.firstRange(of: "Frobnicate")).lowerBound.utf16Offset(in: log) + 1
        #expect(throws: TriageInputError.unknownUpdate("Frobnicate item (0 - 0)", at: TextPosition(line: 1, column: column))) {
            try Triage.triage(log)
        }
    }

    // MARK: Input that is not a batch crash

    @Test func anUnrelatedTextSaysWhatItExpected() {
        #expect(throws: TriageInputError.noException) { try Triage.triage("Thread 1: EXC_BAD_ACCESS (code=1, address=0x4)") }
        #expect(TriageInputError.noException.description.hasPrefix("expected a UIKit batch-update exception"))
    }

    @Test func theIOS164HeaderAloneIsIncomplete() {
        // ra1028/DifferenceKit #155 pasted only the header.
        #expect(throws: TriageInputError.incompleteBatch(part: "\"Data source before updates = { … }\"", at: TextPosition(line: 2, column: 1))) {
            try Triage.triage(TriageFixtures.differenceKit155Header)
        }
    }

    @Test func anUnknownUpdateIsNamed() {
        let text = "Invalid batch updates detected: Data source before updates = { 1 section with item counts: [1] } Data source after updates = { 1 section with item counts: [1] } Updates = [ Frobnicate item (0 - 0) ]"
        #expect(throws: TriageInputError.unknownUpdate("Frobnicate item (0 - 0)", at: TextPosition(line: 1, column: 174))) { try Triage.triage(text) }
    }

    @Test func countsThatDisagreeWithTheirSectionNumberAreUnreadable() {
        let text = "Invalid batch updates detected: Data source before updates = { 2 sections with item counts: [1] } Data source after updates = { 1 section with item counts: [1] } Updates = [ ]"
        #expect(throws: TriageInputError.unreadableCounts("2 sections with item counts: [1]", at: TextPosition(line: 1, column: 64))) { try Triage.triage(text) }
    }

    @Test func aMessageTheModelDoesNotGiveIsNotReproduced() throws {
        // The counts of this section-count message add up: UIKit could not have said it.
        let report = try Triage.triage("Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
        #expect(!report.isReproduced)
        #expect(report.verdicts[.uikit] == .some(nil))
    }
}

/// TriageFuzz's seeds are the triage tests' real logs: each fixture is a
/// file of Fuzz/corpus/triage/, byte for byte, so the fuzzer starts from
/// every form the reader knows.
@Test func everyTriageFixtureIsATriageFuzzSeed() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/corpus/triage").standardized
    for fixture in TriageFixtures.all {
        let seed = try String(contentsOf: folder.appendingPathComponent(fixture.name + ".log"), encoding: .utf8)
        #expect(seed == fixture.text, "Fuzz/corpus/triage/\(fixture.name).log is not the fixture's text")
    }
}

/// A model that rejects the batch with another message than the log's says
/// what differs: the view's words, the numbers, or the exception.
@Test func aVerdictWithAnotherMessageSaysWhatDiffers() throws {
    let logged = LoggedException(.deleteItemOutOfRange(ItemPath(0, 1), itemsBefore: 1), isTableView: true)
    let inRows = Rejection(.deleteItemOutOfRange, "attempt to delete row 1 from section 0 which only contains 1 rows before the update")
    let inItems = Rejection(.deleteItemOutOfRange, "attempt to delete item 1 from section 0 which only contains 1 items before the update")
    let otherNumbers = Rejection(.deleteItemOutOfRange, "attempt to delete row 2 from section 0 which only contains 1 rows before the update")
    let otherRule = Rejection(.insertAndMove, "attempt to perform an insert and a move to the same index path (0-0)")
    let open = Rejection(.reloadNotInPlace, "the reload of index path (0-1) does not stay in place")
    let lines = TriageExplanation.lines(logged, verdicts: [.tableview: inRows, .uikit: inItems, .strict: otherNumbers],
                                        isReproduced: true, nearest: nil, isFlat: true)
    #expect(lines.contains("model, profile tableview: rejects it with the logged message"))
    #expect(lines.contains("model, profile uikit: rejects it with the same exception and numbers, in UICollectionView's words (items)"))
    #expect(lines.contains("model, profile strict: rejects it with the same exception but other numbers: \(otherNumbers.message)"))
    let others = TriageExplanation.lines(logged, verdicts: [.tableview: otherRule, .strict: open], isReproduced: false, nearest: nil, isFlat: true)
    #expect(others.contains("model, profile tableview: rejects it with another exception (rule insert-and-move), met before the logged one: \(otherRule.message)"))
    #expect(others.contains("model, profile strict: rejects it with another exception (rule reload-not-in-place, the portable subset's, not a UIKit exception), met before the logged one: \(open.message)"))
    #expect(!(lines + others).contains { $0.contains("rejects it otherwise") })
}

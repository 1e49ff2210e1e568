// A finding's facts as case-format lines (`finding:`, `origin:`, `shrunk:`,
// `choices:`, `engine-command:`), and findings saved before those lines
// existed (SavedByRound4/: their facts in comments) read into the same
// fields, named as they were, and replayed as they were.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

private let savedFolder = (("\(#filePath)" as NSString).deletingLastPathComponent as NSString)
    .appendingPathComponent("SavedByRound4")

private func saved(_ name: String) throws -> Case {
    let path = (savedFolder as NSString).appendingPathComponent(name)
    let bytes = try #require(FileManager.default.contents(atPath: path))
    return try CaseParser.parse(bytes: [UInt8](bytes), file: path).get()
}

private func facts(_ text: String) -> Result<Case, CaseFormatError> {
    CaseParser.parse(text, file: "t.case")
}

@Test func aRandomFindingSavedInCommentsReadsIntoItsFields() throws {
    let c = try saved("random.case")
    #expect(c.finding == FindingFacts(property: "fresh", message: "item a' at 0.0 is stale: it shows a",
                                      origin: .random(seed: 1, caseNumber: 7),
                                      shrinking: FindingShrinking(.done, calls: 4373, originalItems: 6)))
    #expect(c.choices == [1, 0, 2, 2, 0, 1, 2, 1, 0, 0, 0, 0, 0, 1, 0])
    #expect(c.engineCommand == nil)
    #expect(c.comments.isEmpty, "every comment was a fact: \(c.comments)")
}

@Test func exhaustiveAndExternalFindingsSavedInCommentsReadIntoTheirFields() throws {
    let flat = try saved("exhaustive-flat.case")
    #expect(flat.finding?.property == "valid")
    #expect(flat.finding?.origin == .exhaustive(place: 1, bound: "flat lists of up to 5 items, 6 in all, 2 content versions"))
    #expect(flat.finding?.shrinking == nil)
    #expect(flat.choices == nil)
    let external = try saved("external.case")
    #expect(external.engineCommand == "diffcheck worker --serve --engine mutant:last-wins")
    #expect(external.finding?.message.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
    #expect(external.finding?.origin == .random(seed: 1, caseNumber: 1))
    #expect(external.comments == ["an external engine: replay with --engine-cmd (diffcheck never runs a command written in a case)"])
    let unshrunk = try saved("unshrunk.case")
    #expect(unshrunk.finding?.shrinking?.state == .notShrunk)
    #expect(unshrunk.finding?.message == "item a' at 0.1 is stale: it shows a", "the unshrunk note is the shrunk: line, not the message")
    #expect(isSavedUnshrunk(unshrunk))
    let shrunk = try saved("shrunk.case")
    #expect(shrunk.choices == [1, 0, 2, 2, 0, 1, 2, 1, 0, 0, 0, 0, 0, 1, 0])
    #expect(shrunk.comments == ["fresh: item a' at 0.0 is stale: it shows a"], "a comment that is no fact stays")
}

/// The name a finding is saved under comes from its identity, which the
/// facts' new spelling leaves as it was: the same finding found again by
/// today's harness is the same file, not a second one.
@Test func aFindingSavedInCommentsKeepsItsName() throws {
    for (file, name) in [("random.case", "9b29f959cf8d06dc"), ("exhaustive-sectioned.case", "93719679e10a15c3"),
                         ("exhaustive-flat.case", "df135c6021ec28f0")] {
        #expect(contentHash(findingIdentity(try saved(file))) == name, "\(file)")
    }
}

@Test func aFindingSavedInCommentsReplaysAsItDid() throws {
    for file in ["random.case", "exhaustive-flat.case", "exhaustive-sectioned.case", "unshrunk.case"] {
        let c = try saved(file)
        let outcome = CorpusReplayer(defaultEngine: CoreEngine()).replay(.text(path: file, c))
        #expect(outcome.ranOnNamedEngine, "\(file)")
        #expect(!outcome.meetsExpectation, "\(file): the engine still has the bug")
        #expect(outcome.failures.map(\.property.rawValue).contains(c.finding?.property ?? "?"), "\(file): \(outcome.failures)")
    }
    let external = try saved("external.case")
    let refused = CorpusReplayer(defaultEngine: CoreEngine()).replay(.text(path: "external.case", external))
    #expect(refused.refusal == .needsEngineCommand(recordedCommand: "diffcheck worker --serve --engine mutant:last-wins",
                                                   hasRecordedStages: true))
    var judging = CorpusReplayer(defaultEngine: CoreEngine())
    judging.judgesRecordedStages = true
    #expect(judging.replay(.text(path: "external.case", external)).failures.map(\.property) == [.valid])
}

/// Printed again, a finding saved in comments has its facts as lines, and
/// reads back the same.
@Test func aFindingSavedInCommentsPrintsItsFactsAsLines() throws {
    for file in ["random.case", "exhaustive-flat.case", "external.case", "unshrunk.case", "shrunk.case"] {
        let c = try saved(file)
        let text = CasePrinter.text(c)
        #expect(!text.contains("# finding:") && !text.contains("# choices:") && !text.contains("# engine command:")
                && !text.contains("# seed "), "\(file): \(text)")
        #expect(try CaseParser.parse(text, file: file).get() == c, "\(file): \(text)")
    }
}

@Test func findingFactsRoundTrip() throws {
    let c = Case(comments: ["for people"], old: Snapshot.flat([Item(id: "a"), Item(id: "b")]), new: Snapshot.flat([Item(id: "b"), Item(id: "a")]), engine: "external",
                 recorded: [Stage(batch: Batch([]))], engineCommand: "sh -c 'engine # with a hash'", choices: [],
                 finding: FindingFacts(property: "reaches-target", message: "index path 0.0 shows a # but b",
                                       origin: .random(seed: 18_446_744_073_709_551_615, caseNumber: 3),
                                       shrinking: FindingShrinking(.stoppedAtBudget, calls: 20_000, originalItems: 4_000)))
    let text = CasePrinter.text(c)
    #expect(text.contains("\nfinding: reaches-target: index path 0.0 shows a # but b\n"), "\(text)")
    #expect(text.contains("\nshrunk: partly, 20000 calls from 4000 items\n"), "\(text)")
    #expect(text.contains("\nchoices: none\n"), "\(text)")
    #expect(text.hasSuffix("engine-command: sh -c 'engine # with a hash'\n"), "\(text)")
    #expect(try CaseParser.parse(text, file: "t.case").get() == c)
}

@Test func aWrittenFindingHasItsFactsAsLinesAndNoFactComments() throws {
    let old = Snapshot.flat([Item(id: "a"), Item(id: "b")]), new = Snapshot.flat([Item(id: "b"), Item(id: "a")])
    let pair = GeneratedPair(old: old, new: new, choices: [2, 0, 1], bounds: [3, 3, 3])
    let verdict = Checker(engine: CoreEngine()).check(old: old, new: new)
    let example = Counterexample(failure: PropertyFailure(.fresh, "planted"), engine: "external", profile: .uikit, seed: 9,
                                 caseNumber: 41, original: pair, shrunk: pair, shrunkVerdict: verdict, shrinkCalls: 12,
                                 isShrinkBudgetExhausted: false, engineCommand: "python3 engine.py")
    let c = findingCase(example)
    #expect(c.finding == FindingFacts(property: "fresh", message: "planted", origin: .random(seed: 9, caseNumber: 41),
                                      shrinking: FindingShrinking(.done, calls: 12, originalItems: 4)))
    #expect(c.choices == [2, 0, 1] && c.engineCommand == "python3 engine.py")
    #expect(!c.comments.contains { $0.hasPrefix("finding") || $0.hasPrefix("seed") || $0.hasPrefix("choices") || $0.hasPrefix("engine") })
    var unshrunk = example
    unshrunk.isShrunk = false
    #expect(findingCase(unshrunk).finding?.shrinking == FindingShrinking(.notShrunk))
    #expect(findingCase(unshrunk).finding?.message == "planted")
}

@Test func aBadFactLineSaysWhereAndWhat() {
    let errors: [(String, String)] = [
        ("finding: frosh: x\nold: a\nnew: a\n", "t.case:1:10: error: expected a property (valid, reaches-target, fresh, minimal-moves, deterministic, no-crash, max-cpu) but found 'frosh'"),
        ("finding: fresh: x\norigin: seed one case 2\nold: a\nnew: a\n", "t.case:2:"),
        ("finding: fresh: x\nshrunk: maybe\nold: a\nnew: a\n", "t.case:2:9: error: expected yes, partly or no but found 'maybe'"),
        ("choices: 1 x 2\nold: a\nnew: a\n", "t.case:1:12: error: expected a choice (a whole number) or none but found 'x'"),
        ("origin: seed 1 case 2\nold: a\nnew: a\n", "t.case:1:1: error: expected a finding: line for the origin: line to belong to"),
        ("engine-command:\nold: a\nnew: a\n", "t.case:1:16: error: expected the command the external engine ran with"),
        ("finding: fresh: x\nfinding: valid: y\nold: a\nnew: a\n", "t.case:2:1: error: expected one finding: line but found a second one (the first is on line 1)"),
    ]
    for (text, error) in errors {
        switch facts(text) {
        case .success(let c): Issue.record("\(text) parsed: \(c)")
        case .failure(let e): #expect(e.description.hasPrefix(error), "\(e)")
        }
    }
}

/// Comments that only look like facts (an empty command, a negative
/// choice, a finding of no property) stay comments, and every case reads
/// back as it prints (the case-file fuzz target's round trip).
@Test func commentsThatAreNoFactsStayCommentsAndEveryCaseRoundTrips() throws {
    let texts = [
        "# engine command: \nold: a\nnew: a\n",
        "# choices: 1 -2 3\nold: a\nnew: a\n",
        "# finding: frosh: x\n# seed 1, case 2; original 3 items, shrunk in 4 calls\nold: a\nnew: a\n",
        "# finding: valid:   spaced out   \n# engine command:  python3 e.py  \n# exhaustive: pair 3 of  a bound ; 2 failing pairs of valid\nold: a\nnew: a\n",
    ]
    for text in texts {
        let c = try CaseParser.parse(text, file: "t.case").get()
        #expect(try CaseParser.parse(CasePrinter.text(c), file: "t.case").get() == c, "\(text)\n\(CasePrinter.text(c))")
    }
    #expect(try CaseParser.parse(texts[0], file: "t.case").get().comments == ["engine command: "])
    #expect(try CaseParser.parse(texts[1], file: "t.case").get().choices == nil)
    #expect(try CaseParser.parse(texts[2], file: "t.case").get().comments.count == 2, "no finding: its origin stays a comment")
    let spaced = try CaseParser.parse(texts[3], file: "t.case").get()
    #expect(spaced.finding == FindingFacts(property: "valid", message: "spaced out", origin: .exhaustive(place: 3, bound: "a bound")))
    #expect(spaced.engineCommand == "python3 e.py")
}

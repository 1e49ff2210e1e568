// FindingStore: a finding's name covers what makes it different, no finding
// replaces another, and a finding keeps its engine's answer.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

private func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "diffcheck-findings-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The `last-wins` mutant's failure on a swap, as an engine named `engine` found it.
private func swapFinding(engine: String, command: String? = nil, seed: UInt64 = 1) -> Counterexample {
    let old = Snapshot(sections: [Section(id: "_", items: [Item(id: "a"), Item(id: "b")])])
    let new = Snapshot(sections: [Section(id: "_", items: [Item(id: "b"), Item(id: "a")])])
    let pair = GeneratedPair(old: old, new: new, choices: [1, 0, 1], bounds: [2, 2, 2])
    let stages = [Stage(batch: Batch([.deleteItem(ItemPath(0, 0)), .insertItem(ItemPath(0, 1))]))]
    let failure = PropertyFailure(.reachesTarget, "index path 0.0 shows a but the data source holds b")
    return Counterexample(failure: failure, engine: engine, profile: .strict, seed: seed, caseNumber: 3,
                          original: pair, shrunk: pair,
                          shrunkVerdict: Verdict(output: .stages(stages), failures: [failure], isSkipped: false),
                          shrinkCalls: 10, isShrinkBudgetExhausted: false, engineCommand: command)
}

private func caseFiles(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".case") }.sorted()
}

@Test func twoExternalEnginesWithTheSameShrunkPairMakeTwoFindings() throws {
    let folder = try temporaryFolder()
    let first = try saveFinding(swapFinding(engine: "external", command: "python3 a.py"), in: folder)
    let second = try saveFinding(swapFinding(engine: "external", command: "python3 b.py"), in: folder)
    #expect(first != second)
    #expect(caseFiles(folder).count == 2)
    #expect(try String(contentsOfFile: first, encoding: .utf8).contains("\nengine-command: python3 a.py\n"))
    #expect(try String(contentsOfFile: second, encoding: .utf8).contains("\nengine-command: python3 b.py\n"))
}

@Test func theSameFindingFoundTwiceIsOneFile() throws {
    let folder = try temporaryFolder()
    let first = try saveFinding(swapFinding(engine: "mutant:last-wins", seed: 1), in: folder)
    let again = try saveFinding(swapFinding(engine: "mutant:last-wins", seed: 2), in: folder)
    #expect(again == first)
    #expect(caseFiles(folder).count == 1)
    #expect(try String(contentsOfFile: first, encoding: .utf8).contains("\norigin: seed 1 case 3\n"),
            "the same finding found again: the first file keeps its origin (no finding overwrites another's)")
}

@Test func aFileWithOtherContentUnderTheNameIsNeverReplaced() throws {
    let folder = try temporaryFolder()
    let example = swapFinding(engine: "mutant:last-wins")
    let name = contentHash(findingIdentity(findingCase(example))) + ".case"
    let occupied = (folder as NSString).appendingPathComponent(name)
    try "# someone else's case\nold: x\nnew: y\n".write(toFile: occupied, atomically: true, encoding: .utf8)
    let path = try saveFinding(example, in: folder)
    #expect(path != occupied && path.hasSuffix("-1.case"), "\(path)")
    #expect(try String(contentsOfFile: occupied, encoding: .utf8) == "# someone else's case\nold: x\nnew: y\n")
    #expect(caseFiles(folder).count == 2)
}

@Test func findingsThatDifferOnlyInTheirRecordedAnswerOrPropertyAreTwoFiles() throws {
    let folder = try temporaryFolder()
    var other = swapFinding(engine: "mutant:last-wins")
    other.shrunkVerdict.output = .stages([Stage(batch: Batch([.moveItem(from: ItemPath(0, 0), to: ItemPath(0, 0))]))])
    var third = swapFinding(engine: "mutant:last-wins")
    third.failure = PropertyFailure(.fresh, "stale")
    try saveFinding(swapFinding(engine: "mutant:last-wins"), in: folder)
    try saveFinding(other, in: folder)
    try saveFinding(third, in: folder)
    #expect(caseFiles(folder).count == 3)
}

/// `check` saved crash findings as `engine: external: COMMAND`, which did not read back.
@Test func aCrashFindingOfAnExternalEngineReadsBackWithItsEngineAndCommand() throws {
    let folder = try temporaryFolder()
    let path = try saveFinding(swapFinding(engine: "external: python3 engine.py"), in: folder)
    let (entries, errors) = readCorpus([path])
    #expect(errors.isEmpty, "\(errors)")
    guard case .text(_, let c)? = entries.first else { Issue.record("no case read"); return }
    #expect(c.engine == "external")
    #expect(c.engineCommand == "python3 engine.py")
    #expect(c.recorded.count == 1, "the engine's answer is kept as recorded: lines")
}

// Issue 27, point 7: an exhaustive-part finding's file for a pair was rewritten
// by the random part's unshrunk save of the same failure, which then said
// "not shrunk: the campaign stopped while shrinking it" — which never happened.
@Test func anotherPartsFindingOfTheSameFailureKeepsItsComments() throws {
    let folder = try temporaryFolder()
    let found = swapFinding(engine: "core")
    let exhaustive = exhaustiveFindingCase(found.failure, old: found.shrunk.old, new: found.shrunk.new, verdict: found.shrunkVerdict,
                                           engine: "core", engineCommand: nil, profile: .strict,
                                           origin: .exhaustive(place: 5, bound: "flat lists of up to 4 items"))
    let path = try saveFinding(exhaustive, in: folder)
    let before = try String(contentsOfFile: path, encoding: .utf8)
    var unshrunk = found
    unshrunk.isShrunk = false
    #expect(try saveFinding(unshrunk, in: folder) == path)
    #expect(try saveFinding(found, in: folder) == path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    #expect(caseFiles(folder).count == 1)
}

@Test func aFindingSavedUnshrunkIsBroughtUpToDateByItsShrink() throws {
    let folder = try temporaryFolder()
    var unshrunk = swapFinding(engine: "core")
    unshrunk.isShrunk = false
    let path = try saveFinding(unshrunk, in: folder)
    #expect(try saveFinding(swapFinding(engine: "core"), in: folder) == path)
    #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("shrunk: no"))
}

/// An engine that answers reload-all on its first call and a wrong empty
/// batch on every later one: not deterministic.
private final class ChangesItsMind: DiffEngine, @unchecked Sendable {
    let name = "changes-its-mind"
    let isFlatOnly = false
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    private var calls = 0

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        calls += 1
        if calls > 1 { return .stages([Stage(batch: Batch())]) }
        return .stages([Stage(batch: Batch((0..<old.sections.count).map { .deleteSection($0) }
                                           + (0..<new.sections.count).map { .insertSection($0) }))])
    }
}

/// Issue 43, point 8: a `deterministic` finding records both answers, the
/// first as `recorded:` and the other as `again:`, so that judging its
/// recorded answers (`repro --recorded`) fails `deterministic` as the engine
/// did; a finding saved before (one answer) reads and judges as before.
@Test func aDeterministicFindingRecordsBothAnswersAndItsRecordedReplayFails() throws {
    let old = Snapshot.flat([Item(id: "a")]), new = Snapshot.flat([Item(id: "b")])
    let verdict = Checker(engine: ChangesItsMind()).check(old: old, new: new)
    let failure = try #require(verdict.failures.first { $0.property == .deterministic }, "\(verdict)")
    #expect(verdict.secondOutput == .stages([Stage(batch: Batch())]))
    let pair = GeneratedPair(old: old, new: new, choices: [], bounds: [])
    let example = Counterexample(failure: failure, engine: "external", profile: .strict, seed: 1, caseNumber: 0,
                                 original: pair, shrunk: pair, shrunkVerdict: verdict, shrinkCalls: 1,
                                 isShrinkBudgetExhausted: false, engineCommand: "python3 engine.py")
    let text = CasePrinter.text(findingCase(example))
    #expect(text.contains("\nrecorded: delete section 0, insert section 0\nagain:\n"), "\(text)")
    var replayer = CorpusReplayer(defaultEngine: CoreEngine())
    replayer.judgesRecordedStages = true
    let saved = try CaseParser.parse(text, file: "f.case").get()
    let outcome = replayer.replay(.text(path: "f.case", saved))
    #expect(outcome.failures == [failure] && !outcome.meetsExpectation, "\(outcome.summary)")
    #expect(outcome.applicable.contains(.deterministic) && outcome.evaluated.contains(.deterministic))
    // Written before `again:`: the first answer alone, which holds.
    var older = saved
    older.recordedAgain = []
    let before = replayer.replay(.text(path: "f.case", try CaseParser.parse(CasePrinter.text(older), file: "f.case").get()))
    #expect(before.meetsExpectation && !before.applicable.contains(.deterministic), "\(before.summary)")
}

/// Issue 51, point 2: an engine's error text is written into its finding on
/// one line: `{"error": "boom\nexpect: fail no-crash"}` made the saved
/// finding expect `fail no-crash`, so the engine under test chose what the
/// gate expects. Its finding expects a pass and keeps the text whole.
@Test func anEnginesErrorTextAddsNoDirectiveToItsFinding() throws {
    let folder = try temporaryFolder()
    let reason = "the engine answered an error: boom\nexpect: fail no-crash\r\nprofile: uikit\u{2028}# and a comment"
    var example = swapFinding(engine: "external", command: "python3 engine.py")
    example.failure = PropertyFailure(.noCrash, reason)
    example.shrunkVerdict = Verdict(output: .failure(EngineFailure(reason)), failures: [example.failure], isSkipped: false)
    let path = try saveFinding(example, in: folder)
    let saved = try CaseParser.parse(String(contentsOfFile: path, encoding: .utf8), file: path).get()
    #expect(saved.expectation == .pass && saved.profile == nil)
    #expect(saved.finding?.message == reason)
    #expect(saved.comments.contains("the engine failed: " + reason), "\(saved.comments)")
    #expect(saved == findingCase(example))
}

/// Issue 51, point 5: an engine that printed every answer twice failed its
/// first answer (a protocol error) and answered the second: the finding
/// had an `again:` answer and no `recorded:` one, which the parser refuses,
/// so it was never saved. Every pair of answers makes a finding that parses.
@Test func everyFindingParsesWhateverItsTwoAnswers() throws {
    let stages = [Stage(batch: Batch([.deleteItem(ItemPath(0, 0)), .insertItem(ItemPath(0, 1))]))]
    let answers: [EngineOutput?] = [nil, .stages(stages), .stages([]), .refusal("duplicates"),
                                    .failure(EngineFailure("the engine broke the protocol: it printed an answer nobody asked for"))]
    for first in answers.compactMap({ $0 }) {
        for second in answers {
            var example = swapFinding(engine: "external", command: "python3 engine.py")
            example.failure = PropertyFailure(.deterministic, "a second call on the same input gave a different answer")
            example.shrunkVerdict = Verdict(output: first, failures: [example.failure], isSkipped: false)
            example.shrunkVerdict.secondOutput = second
            let c = findingCase(example)
            let text = CasePrinter.text(c)
            let parsed = CaseParser.parse(text, file: "f.case")
            #expect((try? parsed.get()) == c, "\(first) then \(String(describing: second)): \(parsed)\n\(text)")
        }
    }
}

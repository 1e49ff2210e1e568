// CorpusReplayer: each file on the engine it names, never a command from a
// case, recorded answers judged without their engine, crash artifacts on
// their engine, and reading errors that say what is wrong.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "diffcheck-corpus-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func entry(_ text: String) throws -> CorpusEntry {
    .text(path: "t.case", try CaseParser.parse(text, file: "t.case").get())
}

@Test func anExternalCaseIsNotRunWithoutAnEngineCommand() throws {
    let outcome = CorpusReplayer(defaultEngine: CoreEngine())
        .replay(try entry("# engine command: python3 engine.py\nold: a b\nnew: b a\nengine: external\n"))
    #expect(outcome.refusal == .needsEngineCommand(recordedCommand: "python3 engine.py", hasRecordedStages: false))
    #expect(outcome.refusal?.description.contains("pass --engine-cmd") == true)
    #expect(outcome.evaluated.isEmpty)
}

@Test func recordedStagesAreJudgedWithoutTheEngine() throws {
    var replayer = CorpusReplayer(defaultEngine: CoreEngine())
    replayer.judgesRecordedStages = true
    let outcome = replayer.replay(try entry("old: a b\nnew: b a\nrecorded:\nengine: external\n"))
    #expect(outcome.refusal == nil)
    #expect(outcome.judgedRecordedStages)
    #expect(outcome.engineName == nil, "no engine ran")
    #expect(!outcome.meetsExpectation)
    #expect(outcome.failures.map(\.property) == [.reachesTarget])
}

@Test func aCaseNamingAnotherBuiltInEngineRunsOnItAndSaysSo() throws {
    let outcome = CorpusReplayer(defaultEngine: CoreEngine())
        .replay(try entry("old: a b c\nnew: c a b\nengine: mutant:last-wins\n"))
    #expect(outcome.ranOnNamedEngine)
    #expect(outcome.engineName == "mutant:last-wins")
}

@Test func propertiesNotJudgedAreNotCountedAsHolding() throws {
    // A stage the model rejects: reaches-target and fresh cannot be judged after it.
    let outcome = CorpusReplayer(defaultEngine: CoreEngine()).replay(try entry("old: a\nnew: a\nbatch: delete 3\n"))
    #expect(outcome.applicable == [.valid, .reachesTarget, .fresh])
    #expect(outcome.evaluated == [.valid])
    #expect(outcome.notEvaluated[.fresh] == "a stage was rejected before it could be judged")
    // Stages that do not reach the new snapshot: what they leave stale is not judged.
    let short = CorpusReplayer(defaultEngine: CoreEngine()).replay(try entry("old: a b\nnew: b a\nbatch:\n"))
    #expect(short.failures.map(\.property) == [.reachesTarget])
    #expect(short.evaluated == [.valid, .reachesTarget])
    #expect(short.notEvaluated[.fresh]?.hasPrefix("the stages do not reach the new snapshot") == true)
}

/// Issue 27, point 5: a live engine's rejected stage left reaches-target
/// and fresh "evaluated" (repro printed `holds` for both), where the
/// recorded answer said "not evaluated".
@Test func aLiveEnginesRejectedStageLeavesWhatFollowsUnjudged() throws {
    let outcome = CorpusReplayer(defaultEngine: CoreEngine()).replay(try entry("old: a a\nnew: a\nengine: mutant:last-wins\n"))
    #expect(outcome.failures.map(\.property) == [.valid])
    #expect(!outcome.evaluated.contains(.reachesTarget) && !outcome.evaluated.contains(.fresh))
    #expect(outcome.evaluated.isSuperset(of: [.valid, .deterministic, .noCrash]))
    #expect(outcome.notEvaluated == [.reachesTarget: "a stage was rejected before it could be judged",
                                     .fresh: "a stage was rejected before it could be judged"])
    // An engine that does not claim valid: its rejected stage stops the judging all the same.
    var lax = CommandLineEngine(engine: try #require(EngineCatalog.engine(named: "mutant:last-wins")))
    lax.claimsValid = false
    let unclaimed = CorpusReplayer(defaultEngine: lax).replay(try entry("old: a a\nnew: a\n"))
    #expect(unclaimed.failures.isEmpty && unclaimed.applicable.contains(.reachesTarget))
    #expect(!unclaimed.evaluated.contains(.reachesTarget), "\(unclaimed.evaluated)")
}

/// A mutant's crash artifact was decoded and run on the core, and passed.
@Test func aCrashArtifactRunsOnTheEngineItsFolderNames() throws {
    let root = try folder()
    let mutant = "mutant:off-by-one-at-end"
    let checker = Checker(engine: try #require(EngineCatalog.engine(named: mutant)))
    // A small input the mutant fails on.
    var bytes: [UInt8] = []
    for n in 0..<5000 {
        var random = SplitMix64(seed: UInt64(n))
        let candidate = (0..<12).map { _ in UInt8(truncatingIfNeeded: random.next() % 8) }
        let pair = PairGenerator().generate(from: ByteSource(candidate))
        if !checker.check(old: pair.old, new: pair.new).failures.isEmpty { bytes = candidate; break }
    }
    #expect(!bytes.isEmpty)
    let path = root + "/\(mutant)/crash-0123"
    try FileManager.default.createDirectory(atPath: root + "/\(mutant)", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(artifactEngine(path) == mutant)
    var replayer = CorpusReplayer(defaultEngine: CoreEngine())
    replayer.isEngineGiven = false
    let outcome = replayer.replay(.binary(path: path, bytes: bytes))
    #expect(outcome.engineName == mutant)
    #expect(!outcome.meetsExpectation)
    // The same bytes outside an engine's folder: not run, unless the engine is given.
    let loose = root + "/crash-0123"
    #expect(replayer.replay(.binary(path: loose, bytes: bytes)).refusal == .unknownArtifactEngine)
    replayer.isEngineGiven = true
    #expect(replayer.replay(.binary(path: loose, bytes: bytes)).engineName == "core")
}

/// The engine the command line gives (`--engine-cmd`), under the name it has there.
private struct CommandLineEngine: DiffEngine {
    var engine: any DiffEngine = CoreEngine()
    var claimsValid = true
    let name = CaseParser.externalEngine
    var isFlatOnly: Bool { engine.isFlatOnly }
    var summary: String { "the command line's engine" }
    var claims: Set<PropertyName> { claimsValid ? engine.claims : engine.claims.subtracting([.valid]) }
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { engine.diff(old: old, new: new) }
}

/// A name that is not a built-in engine's was a reading error, so a case
/// `checkEngine` saved (`engine: claims-too-much`) could not be read at all.
@Test func anEngineThatIsNotBuiltInReadsAndRunsOnlyOnTheEngineCommand() throws {
    let root = try folder()
    let path = root + "/x.case"
    try "# fresh: item a' at 0.0 is stale: it shows a\nold: a\nnew: a'\nrecorded:\nengine: claims-too-much\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
    let (entries, errors) = readCorpus([root])
    #expect(errors.isEmpty, "\(errors)")
    let entry = try #require(entries.first)
    // Without an engine command: refused, in one line naming the file, line and column.
    let refused = CorpusReplayer(defaultEngine: CoreEngine()).replay(entry)
    #expect(refused.refusal == .needsUserEngine(name: "claims-too-much", line: 5, column: 9, hasRecordedStages: true, suggestion: nil))
    let message = try #require(refused.refusal).message(path: path)
    #expect(message.hasPrefix(path + ":5:9: error: engine claims-too-much is not built into diffcheck"), "\(message)")
    #expect(message.contains("--engine-cmd 'COMMAND'") && message.contains("--recorded") && !message.contains("\n"), "\(message)")
    // With one, it runs there; and its recorded answer is judged without any engine.
    let ran = CorpusReplayer(defaultEngine: CommandLineEngine()).replay(entry)
    #expect(ran.refusal == nil && ran.engineName == CaseParser.externalEngine && !ran.ranOnNamedEngine)
    #expect(ran.meetsExpectation, "the core reloads a': \(ran.summary)")
    var recorded = CorpusReplayer(defaultEngine: CoreEngine())
    recorded.judgesRecordedStages = true
    #expect(recorded.replay(entry).failures.map(\.property) == [.fresh])
}

@Test func aNameCloseToABuiltInEngineIsSuggested() throws {
    let outcome = CorpusReplayer(defaultEngine: CoreEngine()).replay(try entry("old: a\nnew: a\nengine: mutant:last-win\n"))
    guard case .needsUserEngine(let name, _, _, let hasRecorded, let suggestion)? = outcome.refusal else {
        Issue.record("not refused: \(outcome.summary)")
        return
    }
    #expect(name == "mutant:last-win" && !hasRecorded && suggestion == "mutant:last-wins")
    #expect(outcome.refusal?.description.contains("(did you mean mutant:last-wins?)") == true)
    // No file to read the position from: the message names the file alone.
    #expect(outcome.refusal?.message(path: "t.case").hasPrefix("t.case: error: engine mutant:last-win ") == true)
}

@Test func anEmptyFolderAndASymlinkLoopSayWhatIsWrong() throws {
    let root = try folder()
    #expect(readCorpus([root]).errors.first?.description == "\(root): error: the folder holds no case files or fuzz inputs")
    #expect(readCorpus([root], allowsEmptyFolders: true).errors.isEmpty)
    try FileManager.default.createSymbolicLink(atPath: root + "/l1", withDestinationPath: root + "/l2")
    try FileManager.default.createSymbolicLink(atPath: root + "/l2", withDestinationPath: root + "/l1")
    let error = readCorpus([root + "/l1"]).errors.first?.description ?? ""
    #expect(error.contains("symbolic link loop"), "\(error)")
}

/// Issue 43, point 2: a folder linked into the corpus is read as one of its
/// own, inside the corpus and named directly; a link to a folder that
/// holds it is a loop, said and not followed, and every case is read once.
@Test func aFolderLinkedIntoTheCorpusIsRead() throws {
    let root = try folder()
    let corpus = root + "/Corpus", shared = root + "/shared"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: corpus + "/own", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: shared + "/deeper", withIntermediateDirectories: true)
    try "old: a\nnew: a\nbatch:\n".write(toFile: corpus + "/own/own.case", atomically: true, encoding: .utf8)
    try "old: a b\nnew: b a\nbatch:\n".write(toFile: shared + "/deeper/fails.case", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: corpus + "/linked", withDestinationPath: "../shared")
    let read = readCorpus([corpus])
    #expect(read.errors.isEmpty, "\(read.errors)")
    #expect(read.entries.map(\.path) == [corpus + "/linked/deeper/fails.case", corpus + "/own/own.case"])
    // Named directly, the link is the folder.
    let direct = readCorpus([corpus + "/linked"])
    #expect(direct.errors.isEmpty, "\(direct.errors)")
    #expect(direct.entries.map(\.path) == [corpus + "/linked/deeper/fails.case"])
    // A link back up is a loop: said, not followed; a second link to a folder already read (linked, after
    // again) reads nothing again.
    try FileManager.default.createSymbolicLink(atPath: shared + "/deeper/up", withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(atPath: corpus + "/again", withDestinationPath: shared)
    let looped = readCorpus([corpus])
    #expect(looped.errors.map(\.description) == ["\(corpus)/again/deeper/up: error: a symbolic link loop: it links to a folder that holds it (not followed)"])
    #expect(looped.entries.map(\.path) == [corpus + "/again/deeper/fails.case", corpus + "/own/own.case"])
}

/// A campaign's slowest case (`FINDINGS/slow/slowest.case`) is kept for
/// profiling: a walk of the corpus passes it by, so every later check does
/// not spend its time on it; naming its folder replays it.
@Test func aCorpusWalkPassesTheSlowCasesFolderBy() throws {
    let root = try folder()
    try FileManager.default.createDirectory(atPath: root + "/findings/slow", withIntermediateDirectories: true)
    try "old: a b\nnew: b a\n".write(toFile: root + "/findings/swap.case", atomically: true, encoding: .utf8)
    try "# slow case\nold: a b c\nnew: c b a\nexpect: pass\n".write(toFile: root + "/findings/slow/slowest.case", atomically: true, encoding: .utf8)
    let walked = readCorpus([root])
    #expect(walked.errors.isEmpty, "\(walked.errors)")
    #expect(walked.entries.map(\.path) == [root + "/findings/swap.case"])
    let named = readCorpus([root + "/findings/slow"])
    #expect(named.entries.map(\.path) == [root + "/findings/slow/slowest.case"])
}

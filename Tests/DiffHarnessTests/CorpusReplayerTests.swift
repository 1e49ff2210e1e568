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
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
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

@Test func anUnknownEngineNameIsAReadingErrorWithLineAndColumn() throws {
    let root = try folder()
    try "old: a\nnew: a\nengine: no-such-engine\n".write(toFile: root + "/x.case", atomically: true, encoding: .utf8)
    let (entries, errors) = readCorpus([root])
    #expect(entries.isEmpty)
    #expect(errors.first?.description.hasPrefix(root + "/x.case:3:9: error: expected an engine name (core, ") == true, "\(errors)")
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

// The diffcheck command as a user runs it: worker processes that trap or
// hang, malformed corpus files, an interrupted campaign, JUnit output.
import DiffHarness
import Foundation
import TestSupport
import Testing

/// The built `diffcheck` (swift test builds it beside the tests).
let executable: URL = {
    do { return try BuiltProducts.executable("diffcheck") } catch { fatalError("\(error)") }
}()

/// A diffcheck run that has ended: its status, output and errors.
typealias Run = FinishedCommand

/// Runs diffcheck with `arguments` in `directory` (else here), sending it
/// `signal` once `seconds` have passed when they are given.
func diffcheck(_ arguments: [String], in directory: URL? = nil, sending signal: Int32 = SIGINT, after seconds: Double? = nil)
    throws -> Run {
    let command = try RunningCommand(executable, arguments, in: directory)
    if let seconds {
        Thread.sleep(forTimeInterval: seconds)
        command.send(signal)
    }
    return command.finish()
}

/// The same, awaited in a turn of `awaitedCommands`: a test that waits
/// seconds on diffcheck (an engine's timeout, a hang deadline, a signal to
/// come) holds none of the threads Swift Testing runs tests on meanwhile.
func diffcheck(_ arguments: [String], in directory: URL? = nil, sending signal: Int32 = SIGINT, after seconds: Double? = nil)
    async throws -> Run {
    try await awaitedCommands.withTurn {
        try await onAThreadOfItsOwn { try diffcheck(arguments, in: directory, sending: signal, after: seconds) }
    }
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("diffcheck-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func caseFiles(in directory: URL) -> [URL] {
    ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "case" }
}

@Test func aCampaignSurvivesAnEngineThatTrapsAndKeepsTheCase() throws {
    let findings = try temporaryDirectory()
    let run = try diffcheck(["fuzz", "--engine", "mutant:duplicate-key-trap", "--cases", "40", "--findings", findings.path])
    #expect(run.status == 1)
    #expect(run.output.contains("no-crash") || run.output.contains("trapped"), "\(run.output)")
    #expect(run.output.contains("40 cases"), "the campaign went on after the trap: \(run.output)")
    let saved = caseFiles(in: findings)
    #expect(!saved.isEmpty)
    let text = try String(contentsOf: try #require(saved.first), encoding: .utf8)
    #expect(text.contains("engine: mutant:duplicate-key-trap"))
    #expect(text.contains("no-crash"))
    // The shrunk case is two items of one identity in old (what traps), and nothing else.
    let oldLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("old:") })
    let identities = oldLine.dropFirst(4).split(whereSeparator: { " []:".contains($0) }).filter { $0.first?.isLowercase == true }
    #expect(identities == ["a", "a"], "\(text)")
    #expect(text.contains("new:\n") || text.contains("new: [_:]\n"), "\(text)")
    // The reason is the engine's own last words, not just a signal number.
    #expect(text.contains("Fatal error: Duplicate values for key"), "\(text)")

    // Every command that runs the engine survives it too: the case is a no-crash failure.
    let savedPath = try #require(caseFiles(in: findings).first).path
    let repro = try diffcheck(["repro", savedPath])
    #expect(repro.status == 1, "\(repro.output)\(repro.errors)")
    #expect(repro.output.contains("no-crash: FAILS"), "\(repro.output)")
    #expect(repro.output.contains("shrunk ("), "\(repro.output)")
    let gate = try diffcheck(["check", findings.path, "--cases", "0", "--engine", "mutant:duplicate-key-trap",
                              "--findings", try temporaryDirectory().path])
    #expect(gate.status == 1, "\(gate.output)\(gate.errors)")
    #expect(gate.output.contains("old: "), "the failing case is printed: \(gate.output)")
    #expect(gate.output.contains("stopped at the first pair the engine trapped"), "\(gate.output)")
    #expect(gate.output.contains("check: FAILED (exit 1)"), "\(gate.output)")
    for command in [["show", savedPath], ["diff", savedPath], ["shrink", savedPath]] {
        let run = try diffcheck(command + ["--engine", "mutant:duplicate-key-trap"])
        #expect(run.status <= 1, "\(command[0]) survived the trap: \(run.status) \(run.errors)")
    }
}

@Test func anExternalEngineThatHangsFailsNoCrashAndTheCaseIsKept() async throws {
    let findings = try temporaryDirectory()
    let run = try await diffcheck(["fuzz", "--engine-cmd", "sleep 30", "--timeout", "0.2", "--cases", "2", "--findings", findings.path])
    #expect(run.status == 1)
    #expect(run.output.contains("did not answer within"), "\(run.output)")
    #expect(!caseFiles(in: findings).isEmpty)
}

@Test func malformedAndTruncatedCorpusFilesAreNamedWithFileAndLine() throws {
    let corpus = try temporaryDirectory()
    try "old: a b\nnew: [A: b\n".write(to: corpus.appendingPathComponent("truncated.case"), atomically: true, encoding: .utf8)
    try "old: a b\nnew: b a\nbatch: move 0 1, frobnicate 1\n".write(to: corpus.appendingPathComponent("bad.case"), atomically: true, encoding: .utf8)
    try "old: a b\nnew: b a\n".write(to: corpus.appendingPathComponent("good.case"), atomically: true, encoding: .utf8)
    let run = try diffcheck(["check", corpus.path, "--cases", "0", "--no-exhaustive"])
    #expect(run.status == 2)
    #expect(run.errors.contains("truncated.case:2:"), "\(run.errors)")
    #expect(run.errors.contains("bad.case:3:"), "\(run.errors)")
    #expect(run.output.contains("1 meets its expectation"), "the good file still ran: \(run.output)")
}

@Test func anInterruptedCampaignPrintsItsSummaryAndKeepsItsFindings() async throws {
    let findings = try temporaryDirectory()
    let run = try await diffcheck(["fuzz", "--engine", "mutant:off-by-one-at-end", "--time", "60", "--findings", findings.path],
                                  sending: SIGINT, after: 3)
    #expect(run.output.contains("(interrupted)"), "\(run.output)")
    #expect(run.output.contains("labels:"))
    #expect(!caseFiles(in: findings).isEmpty)
}

@Test func checkWritesJUnitAndFailsOnAFindingInTheCorpus() throws {
    let corpus = try temporaryDirectory()
    let findings = try temporaryDirectory()
    _ = try diffcheck(["fuzz", "--engine", "mutant:last-wins", "--cases", "50", "--findings", findings.path])
    let finding = try #require(caseFiles(in: findings).first)
    try FileManager.default.copyItem(at: finding, to: corpus.appendingPathComponent(finding.lastPathComponent))
    try "old: a b\nnew: b a\n".write(to: corpus.appendingPathComponent("swap.case"), atomically: true, encoding: .utf8)
    let junit = corpus.appendingPathComponent("junit.xml")
    let run = try diffcheck(["check", corpus.path, "--cases", "20", "--no-exhaustive", "--junit", junit.path,
                             "--findings", findings.path])
    #expect(run.status == 1)
    #expect(run.output.contains("old: "), "the failing case is printed: \(run.output)")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("swap.case"))
    #expect(xml.contains(finding.lastPathComponent))
    #expect(xml.contains("name=\"reaches-target\""))
    #expect(xml.contains("<failure"))
}

@Test func diffOutputReplaysWithRepro() throws {
    let directory = try temporaryDirectory()
    let input = directory.appendingPathComponent("in.case")
    try "old: [A: a b c] [B: d e]\nnew: [B: e' d] [A: c a]\n".write(to: input, atomically: true, encoding: .utf8)
    let diff = try diffcheck(["diff", input.path])
    #expect(diff.status == 0)
    #expect(diff.output.contains("batch:"))
    let output = directory.appendingPathComponent("out.case")
    try diff.output.write(to: output, atomically: true, encoding: .utf8)
    let repro = try diffcheck(["repro", output.path])
    #expect(repro.status == 0, "\(repro.output)")
}

@Test func everyCommandHasHelp() throws {
    for command in ["check", "fuzz", "repro", "shrink", "exhaust", "diff", "bench", "engines", "show", "case"] {
        let run = try diffcheck([command, "--help"])
        #expect(run.status == 0, "\(command) --help")
        #expect(run.output.contains("Usage: diffcheck \(command)") || run.output.contains("diffcheck bench"), "\(command): \(run.output)")
    }
    let unknown = try diffcheck(["frobnicate"])
    #expect(unknown.status == 2)
}

@Test func theSameSeedPrintsTheSameReport() throws {
    var reports: [String] = []
    for _ in 0..<2 {
        let findings = try temporaryDirectory()
        let run = try diffcheck(["fuzz", "--engine", "mutant:last-wins", "--cases", "300", "--jobs", "1", "--seed", "5",
                                 "--findings", findings.path])
        #expect(run.status == 1)
        // Timings stand on the first line only; the findings directory differs.
        let lines = run.output.split(separator: "\n").dropFirst().map {
            $0.replacingOccurrences(of: findings.path, with: "DIR")
                .replacingOccurrences(of: #", [0-9.]+ s\)"#, with: ")", options: .regularExpression)
        }
        let firstLine = run.output.split(separator: "\n").first.map(String.init) ?? ""
        let first = firstLine.range(of: " in ").map { String(firstLine[..<$0.lowerBound]) } ?? firstLine
        reports.append(first + "\n" + lines.joined(separator: "\n"))
    }
    #expect(reports[0] == reports[1])
    #expect(reports[0].contains("FAIL case"))
}

@Test func theExhaustiveReportDoesNotDependOnTheNumberOfWorkers() throws {
    var reports: [String] = []
    // Each failing property's smallest pair is saved: here, never in the repository's Corpus/.
    let findings = try temporaryDirectory().path
    for jobs in ["1", "3"] {
        let run = try diffcheck(["exhaust", "--engine", "mutant:stale-moved-update", "--max-items", "3", "--jobs", jobs,
                                 "--findings", findings])
        #expect(run.status == 1)
        // Timings aside.
        reports.append(run.output.replacingOccurrences(of: #" in [0-9.]+ s \([0-9]+ pairs/s\)"#, with: "", options: .regularExpression))
    }
    #expect(reports[0] == reports[1])
    #expect(reports[0].contains("# smallest failure: fresh"), "\(reports[0])")
    // Where the walk stops at a trap, too.
    var trapped: [String] = []
    for jobs in ["1", "3"] {
        let run = try diffcheck(["exhaust", "--engine", "mutant:duplicate-key-trap", "--jobs", jobs, "--findings", findings])
        #expect(run.status == 1)
        // Timings aside, and the trap's last words: a worker killed by its trap may die
        // before its stderr is read, so they are there in one run and not in another.
        trapped.append(run.output
            .replacingOccurrences(of: #" in [0-9.]+ s \([0-9]+ pairs/s\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(array index out of range\))[^\n]*"#, with: "$1", options: .regularExpression))
    }
    #expect(trapped[0] == trapped[1])
    #expect(trapped[0].contains("stopped at the first pair the engine trapped"), "\(trapped[0])")
}

@Test func anExternalEngineThatWritesMuchToStderrIsNotMistakenForAHang() throws {
    // 100 KB of stderr per start, more than a pipe holds, then the core as a server.
    let command = "head -c 100000 /dev/zero | tr '\\0' x >&2; exec '\(executable.path)' worker --serve --engine core"
    let findings = try temporaryDirectory()
    let run = try diffcheck(["fuzz", "--engine-cmd", command, "--cases", "4", "--timeout", "5", "--findings", findings.path])
    #expect(run.status == 0, "\(run.output)")
    let exhaust = try diffcheck(["exhaust", "--engine-cmd", command, "--flat", "--max-items", "2", "--timeout", "5",
                                 "--findings", findings.path])
    #expect(exhaust.status == 0, "\(exhaust.output)")
    // The corpus gate with an external engine: binary fuzz inputs run on it.
    let corpus = try temporaryDirectory()
    try Data([0, 1, 1, 0, 1, 0, 1]).write(to: corpus.appendingPathComponent("seed"))
    let gate = try diffcheck(["check", corpus.path, "--engine-cmd", command, "--cases", "0", "--no-exhaustive"])
    #expect(gate.status == 0, "\(gate.output)")
}

@Test func withSeveralWorkersTheSeedStillFixesTheCasesChecked() throws {
    var labels: [String] = []
    for jobs in ["1", "2"] {
        let findings = try temporaryDirectory()
        let run = try diffcheck(["fuzz", "--engine", "core", "--cases", "400", "--jobs", jobs, "--seed", "9", "--findings", findings.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(": 400 cases"), "\(run.output)")
        labels.append(run.output.split(separator: "\n").first { $0.hasPrefix("labels:") }.map(String.init) ?? "")
    }
    // The label counts sum over every case checked: equal counts, same cases.
    #expect(labels[0] == labels[1])
    #expect(!labels[0].isEmpty)
}

/// Ctrl-C is not a failure: `check` stopped before anything failed says it
/// was interrupted and exits 130 (128 + SIGINT), not 1 (issue 39, point 6).
@Test func ctrlCDuringCheckIsAnInterruptionNotAFailure() async throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let run = try await diffcheck(["check", "--no-exhaustive", "--cases", "100000000", "--corpus", findings.path,
                                   "--findings", findings.path], sending: SIGINT, after: 4)
    #expect(run.status == 130, "\(run.output)")
    #expect(run.output.contains("0 failures (interrupted)"), "\(run.output)")
    #expect(run.output.hasSuffix("check: interrupted (Ctrl-C), nothing failed in what ran (exit 130)\n"), "\(run.output)")
    #expect(!run.output.contains("FAILED"), "\(run.output)")
}

/// Findings of every engine share a folder, and each names its engine:
/// `check` with engine A, then with engine B, never replays A's findings on
/// B, and says where findings go and what it did not replay (issue 39, point 2).
@Test func checkNeverReplaysAnotherEnginesFindings() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
    let a = try diffcheck(["check", "--engine", "mutant:last-wins", "--no-exhaustive", "--cases", "200"], in: directory)
    #expect(a.status == 1, "\(a.output)")
    #expect(a.output.contains("saved: Corpus/findings/"), "\(a.output)")
    let b = try diffcheck(["check", "--no-exhaustive", "--cases", "200"], in: directory)
    #expect(b.status == 0, "\(b.output)")
    #expect(b.output.contains("corpus: not replayed on the engine under test (core): "), "\(b.output)")
    #expect(b.output.contains("of other engines in Corpus/findings (mutant:last-wins "), "\(b.output)")
    #expect(b.output.contains("this engine's findings go there too, each naming its engine"), "\(b.output)")
    #expect(b.output.contains("corpus: 0 files, 0 meet their expectation"), "\(b.output)")
    // Named as PATHS, a finding runs as it says (on its own engine) and still fails.
    let named = try diffcheck(["check"] + caseFiles(in: directory.appendingPathComponent("Corpus/findings")).map(\.path)
                              + ["--no-exhaustive", "--cases", "0"], in: directory)
    #expect(named.status == 1, "\(named.output)")
}

/// One finding a property: a property the exhaustive part of `check` found
/// and saved is not saved again by the random part, whose failing cases of
/// it are counted as repeats (issue 39, point 10: two files for one failure).
@Test func aPropertyTheExhaustivePartFoundIsNotSavedAgainByTheRandomPart() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings = directory.appendingPathComponent("findings")
    let run = try diffcheck(["check", "--engine", "mutant:last-wins", "--flat", "--cases", "300",
                             "--findings", findings.path], in: directory)
    #expect(run.status == 1, "\(run.output)")
    #expect(run.output.contains("failing (valid "), "\(run.output)")
    // The random part's headline counts its failing cases, none of them new (issue 51, point 10).
    #expect(run.output.contains("300 cases in") && run.output.contains(" failing, 0 new"), "\(run.output)")
    #expect(!run.output.contains(", 0 failures"), "\(run.output)")
    #expect(run.output.contains("more failing cases of properties already found (not shrunk again): "), "\(run.output)")
    let saved = run.output.split(separator: "\n").filter { $0.hasPrefix("saved: ") || $0.hasPrefix("  saved: ") }
    #expect(caseFiles(in: findings).count == saved.count && saved.count == 2, "\(run.output)")
}

/// A run that saves nothing leaves no folder behind: `check PATHS` in a
/// folder without `Corpus/` does not create an empty `Corpus/findings`
/// (issue 43, point 12); one that finds something creates it.
@Test func aCheckThatSavesNothingCreatesNoFindingsFolder() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "old: a b\nnew: b a\n".write(to: directory.appendingPathComponent("swap.case"), atomically: true, encoding: .utf8)
    let run = try diffcheck(["check", "swap.case", "--no-exhaustive", "--cases", "300"], in: directory)
    #expect(run.status == 0, "\(run.output)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Corpus").path), "\(run.output)")
    let failing = try diffcheck(["check", "swap.case", "--engine", "mutant:last-wins", "--no-exhaustive", "--cases", "300"],
                                in: directory)
    #expect(failing.status == 1, "\(failing.output)")
    #expect(!caseFiles(in: directory.appendingPathComponent("Corpus/findings")).isEmpty, "\(failing.output)")
}

/// Issue 43, point 12: `exhaust` says how many pairs a bound holds before
/// it walks them (a custom bound too), and the walk visits that many.
@Test func exhaustSaysHowManyPairsItWillWalk() throws {
    let findings = try temporaryDirectory().path
    let run = try diffcheck(["exhaust", "--engine", "core", "--sectioned", "--max-items", "3", "--versions", "1",
                             "--no-duplicates", "--findings", findings])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    let total = ExhaustiveBound(isFlat: false, maxTotalItems: 3, maxSections: 2, maxItemsPerSection: 2, contentVersions: 1,
                                allowsDuplicates: false).pairCount
    #expect(total == 636)
    #expect(run.errors.contains("pairs to walk"), "\(run.errors)")
    #expect(run.errors.contains(": \(groupedDigits(total)) pairs to walk"), "\(run.errors)")
    #expect(run.output.contains(": \(Int(total)) distinct pairs, 0 failing"), "\(run.output)")
}

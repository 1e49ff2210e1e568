// `diffcheck check` and the same gate run in this process report the same:
// the command builds its gate (`CheckCommand.gate`) and runs its parts in
// worker and child processes; here the gate runs with its parts in this
// process, and the text report of each must match line for line.
@testable import diffcheck
import DiffHarness
import Foundation
import TestSupport
import Testing

/// The gate's parts in this process, a corpus file that misses its
/// expectation shown as `check` shows it (its case, the engine's answer and
/// each property's verdict, as `repro` prints them).
private struct InProcessPartsShownAsCheck: GateParts {
    var parts: InProcessGateParts
    var options: CheckOptions
    var interruption: Int32 { parts.interruption }
    func replay(_ entry: CorpusEntry) -> EntryOutcome { parts.replay(entry) }
    func caseText(of outcome: EntryOutcome) -> String { ReproCommand.describe(outcome, options: options) }
    func walk(_ bound: ExhaustiveBound) -> ExhaustiveResult { parts.walk(bound) }
    func engineForCheckingAgain() -> (any DiffEngine)? { parts.engineForCheckingAgain() }
    func runRandom(_ request: GateRandomRequest) -> GateRandomPart { parts.runRandom(request) }
}

/// `text` with what differs between two runs by design left out: the
/// findings folder `findings` (each run saves in its own), the command that
/// reproduces a file (the test runner here, the built diffcheck there) and
/// the corpus part's time.
private func comparable(_ text: String, findings: String) -> String {
    text.replacingOccurrences(of: findings, with: "FINDINGS")
        .replacingOccurrences(of: #"\S+ repro "#, with: "diffcheck repro ", options: .regularExpression)
        .replacingOccurrences(of: #"\(\d+\.\d s\)"#, with: "(TIME)", options: .regularExpression)
}

// A mutant that fails `fresh` within a few cases, a corpus of a file that
// meets its expectation and one that does not: the corpus part, the random
// part's summary, its finding (shrunk, saved, reproduced) and the exit code.
@Test func checkReportsWhatTheSameGateRunInThisProcessReports() throws {
    let directory = try workspace([
        "corpus/swap.case": "old: a b\nnew: b a\nexpect: pass\n",
        "corpus/moved-and-updated.case": "old: a b\nnew: b a'\nexpect: pass\n",
    ])
    func arguments(findings: String) -> [String] {
        ["--engine", "mutant:stale-moved-update", "--no-exhaustive", "--cases", "150", "--no-timings", "--jobs", "2",
         "--corpus", directory.appendingPathComponent("corpus").path, "--findings", directory.appendingPathComponent(findings).path]
    }
    let run = try diffcheck(["check"] + arguments(findings: "check-findings"), in: directory)

    let options = try CheckOptions.read(arguments(findings: "gate-findings"), command: "check", help: CheckCommand.help)
    let engine = try options.engine()
    let gate = CheckCommand.gate(options, engine: engine)
    let parts = InProcessGateParts(engine: engine, profile: options.profile, generator: options.generator, seed: options.seed,
                                   findings: gate.findings)
    let result = gate.run(InProcessPartsShownAsCheck(parts: parts, options: options))
    let text = GateTextReport(showsTimings: false) { reproduceLine(path: $0, options: options) }.text(of: result)

    #expect(run.status == result.exitCode())
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(result.corpus.missedCount == 1)
    #expect(result.random?.findings.count == 1)
    let inProcess = comparable(text, findings: directory.appendingPathComponent("gate-findings").path)
    let command = comparable(run.output, findings: directory.appendingPathComponent("check-findings").path)
    #expect(command == inProcess)
    // Each finding is saved under the same name, with the same text.
    let names = { (folder: String) in caseFiles(in: directory.appendingPathComponent(folder)).map(\.lastPathComponent).sorted() }
    #expect(names("check-findings") == names("gate-findings"))
    #expect(!names("gate-findings").isEmpty)
    for name in names("gate-findings") {
        let saved = { (folder: String) in try String(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name), encoding: .utf8) }
        #expect(try saved("check-findings") == saved("gate-findings"))
    }
}

// CheckCommand: `diffcheck check`, the CI gate.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck check`'s options.
struct CheckOptions: EngineCommandOptions {
    @Positionals var positional: [String]

    @Option("--cases", "N", help: """
        random cases (default 1000000; 100000 with
        --engine-cmd)
        """, .wholeNumber)
    var cases: Int?

    @Option("--time", "SECONDS", help: """
        stop the random part after this long (default for
        --engine-cmd without --cases: the check's budget,
        15 minutes in all)
        """, .seconds)
    var time: Double?
    var timeLimit: Double? { time }

    /// The wall budget of a default check of an `--engine-cmd` engine (no
    /// `--cases`, no `--time`), in seconds: the random part stops when the
    /// whole check has run this long, and the cases it did not reach are
    /// listed as not judged (exit 4). However slow the engine, such a check
    /// ends within about this long on a 2-core machine.
    static let engineBudget = 900.0

    /// The random part's time limit once the check has run `elapsed`
    /// seconds, and whether it is the check's budget (not a `--time` the
    /// user gave): what is left of `engineBudget`, at least a minute.
    func randomTimeLimit(elapsed: Double) -> (seconds: Double?, isBudget: Bool) {
        if let time { return (time, false) }
        guard common.engineCommand != nil && cases == nil else { return (nil, false) }
        return (max(CheckOptions.engineBudget - elapsed, 60), true)
    }

    @Option("--jobs", "N", help: """
        worker processes for the exhaustive and random
        parts (default 2); the cases checked do not
        depend on N
        """, .jobs)
    var jobs = 2

    @Flag("--no-exhaustive", help: "skip the exhaustive part")
    var skipsExhaustive: Bool

    @Option("--junit", "FILE", help: """
        also write JUnit XML (one test case per corpus file
        and per property)
        """, .text)
    var junit: String?

    @Option("--corpus", "DIR", help: """
        the corpus to replay (default Corpus/); may be
        given with PATHS
        """, .text)
    var corpus: String?

    @Option("--findings", "DIR", help: """
        where exhaustive and random failures go (default
        CORPUS/findings)
        """, .text)
    var findings: String?

    @Flag("--no-timings", help: "leave timings out of the random part's summary")
    var hidesTimings: Bool

    @Flag("--recorded", help: """
        judge the answers recorded in findings (`recorded:`
        lines) instead of running their engine; only the
        corpus part runs
        """)
    var judgesRecorded: Bool

    @Option("--shard", "K/N", help: """
        check only part K of N of every part: corpus files
        at positions K-1, K-1+N, … (sorted), exhaustive
        pairs at those places, random cases n with
        n mod N = K-1; N machines running 1/N … N/N check
        everything once between them (findings folders
        merge by copying)
        """, .shard)
    var shard = Shard.whole

    var common = EngineOptions()
}

enum CheckCommand {
    static let help = CheckOptions.help(usage: "Usage: diffcheck check [PATHS…] [OPTIONS]", description: """
    The CI gate, in three parts, one line each, then a summary:
      corpus      every file under PATHS and --corpus DIR (default:
                  Corpus/, if there is one; without it the corpus part
                  says so and the other parts still gate) against its
                  expect: line — text cases, and binary fuzz inputs (which
                  must pass); findings are saved expecting a pass, so a
                  corpus holding an unfixed finding fails; the findings
                  folder's files that another engine saved are that
                  engine's, and are not replayed (PATHS naming them are)
      exhaustive  every pair within the default bounds
      random      a fixed-seed random budget, in a worker process
    Failures print the case. Progress goes to stderr (a live line on a
    terminal, a line every 10 s otherwise). Engines run in child processes:
    one that traps or hangs fails no-crash on that case and the gate goes
    on. A case past --timeout is asked again alone: an answer within
    --hang-timeout is a slow case (judged, reported with its time, the
    slowest saved in FINDINGS/slow/, which the corpus part replays only
    when that folder is named), never a failure.

    What the defaults cost: the exhaustive bounds are 143,639 pairs and
    the random part 1,000,000 cases for a built-in engine (the core: about
    a minute on a 2-core machine, release build). An --engine-cmd engine
    gets 100,000 random cases, and its speed sets the time: at 10,000
    cases/s about 25 s in all, at 1,000 cases/s about 4 minutes. However
    slow the engine, such a check ends within its budget of 15 minutes:
    the cases the random part did not reach by then are listed by size
    class as not judged, with the command that judges one alone, and
    check exits 4. Each part's line says its rate; --cases and --time set
    another budget.

    Engines in the corpus part: a case naming a built-in engine (`engine:
    core`, `engine: mutant:…`) runs on that engine, also under --engine or
    --engine-cmd, and the corpus part says how many did. A case naming
    `engine: external` runs on --engine-cmd, and says so (and how many were
    recorded with another command); without --engine-cmd it is not run and
    the gate exits 2: diffcheck never runs a command written in a case. So
    does a case naming an engine that is not built in (your own: checkEngine
    saves its cases under the engine's name). A crash artifact runs on the
    engine of its folder (Corpus/crashes/ENGINE/).
    """, footer: exitCodeHelp)

    /// Parses the options, reads the corpus, runs the gate with its parts
    /// in worker and child processes (`WorkerGateParts`), and prints each
    /// step's report as it is done; writes JUnit when asked.
    static func run(_ arguments: [String]) -> Int32 {
        let began = ContinuousClock.now
        let options: CheckOptions
        do { options = try CheckOptions.readProbingEngine(arguments, command: "check", help: help) } catch { return error.code }
        let engine: any DiffEngine, isolated: any DiffEngine
        let engines = options.isolatedEngines
        do {
            engine = try options.engine()
            isolated = try options.isolatedEngine(engines)
        } catch {
            printError("diffcheck check: \(error)")
            return ExitCode.usage
        }
        let gate = gate(options, engine: engine)
        // The engine runs in a child process: one that traps fails that file's case and the gate goes on.
        let parts = WorkerGateParts(options: options, engine: engine, engines: engines,
                                    replayer: options.corpusReplayer(engine: isolated, engines: engines),
                                    findings: gate.findings ?? "", began: began)
        var report = GateTextReport(showsTimings: !options.hidesTimings) { reproduceLine(path: $0, options: options) }
        report.judgeAlone = { judgeAloneLine(caseNumber: $0, options: options) }
        // SIGINT, SIGTERM and SIGHUP stop the gate after the corpus file or the bound
        // it is on (the random part stops its workers): what ran is reported.
        let result = catchingInterruptions {
            gate.run(parts) { step, result in
                let lines = report.lines(for: step, of: result)
                for line in lines.errors { printError(line) }
                for line in lines.output { print(line) }
            }
        }
        var isJUnitWritten = true
        if let path = options.junit {
            do { try JUnitReport(result, text: report).write(to: path) } catch {
                printError("diffcheck check: cannot write \(path): \(error)")
                isJUnitWritten = false
            }
        }
        let code = result.exitCode(addingUsageError: !isJUnitWritten)
        print(report.closingLine(of: result, exitCode: code))
        return code
    }

    /// The gate `check` runs on `engine` (the engine built from `options`):
    /// its corpus, the default exhaustive bounds (none with
    /// `--no-exhaustive` or `--recorded`), its random budget, and the
    /// findings folder (default `CORPUS/findings`, or `Corpus/findings`).
    static func gate(_ options: CheckOptions, engine: any DiffEngine) -> Gate {
        let findings = options.findings
            ?? options.corpus.map { ($0 as NSString).appendingPathComponent("findings") } ?? "Corpus/findings"
        let bounds = options.skipsExhaustive || options.judgesRecorded ? [] : (try? ExhaustCommand.bounds(options, engine: engine)) ?? []
        var gate = Gate(engine: GateEngine(name: engine.name, command: options.engineCommand), profile: options.profile,
                        seed: options.seed, generator: options.generator, shard: options.shard,
                        corpus: corpus(options, findings: findings), exhaustiveBounds: bounds,
                        cases: options.cases ?? (options.engineCommand == nil ? 1_000_000 : 100_000), findings: findings)
        // `--recorded` judges recorded answers, and only those: the exhaustive and
        // random parts would run the engine (the core, by default), which the user did not ask for.
        gate.runsCorpusOnly = options.judgesRecorded
        return gate
    }

    /// The corpus `check` replays: the files named as PATHS and the
    /// --corpus folder, else Corpus/ when there is one. A corpus folder may
    /// be empty (a corpus of 0 files); a folder named as one of PATHS must
    /// hold something, as the user named it to be checked. The findings
    /// another engine saved in `findings` are its own, left out of the
    /// folder's files (named as PATHS, a file runs as it says).
    static func corpus(_ options: CheckOptions, findings: String) -> GateCorpus {
        let corpus = options.corpus
        let start = Date()
        var isDefaultCorpus = false
        if options.positional.isEmpty && corpus == nil {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "Corpus", isDirectory: &isDirectory) && isDirectory.boolValue else {
                return .none
            }
            isDefaultCorpus = true
        }
        let none: (entries: [CorpusEntry], errors: [CorpusReadError]) = ([], [])
        let given = isDefaultCorpus ? none : readCorpus(options.positional)
        let folder = isDefaultCorpus ? readCorpus(["Corpus"], allowsEmptyFolders: true)
            : corpus.map { readCorpus([$0], allowsEmptyFolders: true) } ?? none
        let (fromFolder, othersFindings) = separatingOtherEnginesFindings(folder.entries, findings: findings, options: options)
        var read = GateCorpus(entries: given.entries + fromFolder, readErrors: given.errors + folder.errors,
                              othersFindings: othersFindings, findingsFolder: findings)
        read.readingSeconds = Date().timeIntervalSince(start)
        return read
    }

    /// The corpus entries without the findings of other engines, and those
    /// counted by engine: a `.case` file directly in `findings` (the
    /// findings folder of this run) whose engine is not the engine under
    /// test (another built-in engine, or `external` recorded with another
    /// command: `isSameEngineCommand`). Files elsewhere (`regressions/`,
    /// named as PATHS) run as they say.
    static func separatingOtherEnginesFindings(_ entries: [CorpusEntry], findings: String, options: CheckOptions)
        -> (kept: [CorpusEntry], others: [String: Int]) {
        let folder = URL(fileURLWithPath: findings).standardizedFileURL.path
        let (engineName, engineCommand) = (options.engineName, options.engineCommand)
        var kept: [CorpusEntry] = [], others: [String: Int] = [:]
        for entry in entries {
            guard case .text(let path, let c) = entry,
                  URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path == folder,
                  let named = c.engine else {
                kept.append(entry)
                continue
            }
            let recorded = c.engineCommand
            let isThisEngine: Bool
            if EngineKind(name: named).isExternal {
                isThisEngine = engineCommand.map { command in recorded.map { isSameEngineCommand($0, command) } ?? true } ?? false
            } else {
                isThisEngine = engineCommand == nil ? named == engineName : false
            }
            if isThisEngine {
                kept.append(entry)
            } else {
                let name = EngineKind(name: named).isExternal ? EngineOptions.engineCommandName + " " + shellQuoted(recorded ?? "?") : named
                others[name, default: 0] += 1
            }
        }
        return (kept, others)
    }
}

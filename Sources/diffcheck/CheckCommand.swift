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

    @Option("--time", "SECONDS", help: "stop the random part after this long", .seconds)
    var time: Double?

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
    slowest saved in FINDINGS/slow/), never a failure.

    What the defaults cost: the exhaustive bounds are 143,639 pairs and
    the random part 1,000,000 cases for a built-in engine (the core: about
    a minute on a 2-core machine, release build). An --engine-cmd engine
    gets 100,000 random cases, and its speed sets the time: at 10,000
    cases/s about 25 s in all, at 1,000 cases/s about 4 minutes. Each
    part's line says its rate; --cases and --time set the budget.

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

    static func run(_ arguments: [String]) -> Int32 {
        let options: CheckOptions
        do { options = try CheckOptions.read(arguments, command: "check", help: help) } catch { return error.code }
        let engine: any DiffEngine, isolated: any DiffEngine
        let engines = options.isolatedEngines
        let cases = options.cases ?? (options.engineCommand == nil ? 1_000_000 : 100_000)
        let (jobs, maxTime, shard) = (options.jobs, options.time, options.shard)
        do {
            engine = try options.engine()
            isolated = try options.isolatedEngine(engines)
        } catch {
            printError("diffcheck check: \(error)")
            return ExitCode.usage
        }
        var junit = JUnitReport()
        var code = ExitCode.success
        func worsen(_ to: Int32) { if code == ExitCode.success || to == ExitCode.usage { code = max(code, to) } }

        // 1. The corpus.
        let corpus = options.corpus
        var paths = options.positional + (corpus.map { [$0] } ?? [])
        let start = Date()
        var isDefaultCorpus = false
        if paths.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "Corpus", isDirectory: &isDirectory) && isDirectory.boolValue {
                paths = ["Corpus"]
                isDefaultCorpus = true
            } else {
                print("corpus: no Corpus/ folder here and no PATHS or --corpus DIR: no corpus to replay")
            }
        }
        // A corpus folder (the default one, or --corpus DIR) may be empty: a corpus of 0 files.
        // A folder given as one of PATHS must hold something: the user named it to be checked.
        let none: (entries: [CorpusEntry], errors: [CorpusReadError]) = ([], [])
        let given = isDefaultCorpus ? none : readCorpus(options.positional)
        let folder = isDefaultCorpus ? readCorpus(paths, allowsEmptyFolders: true)
            : corpus.map { readCorpus([$0], allowsEmptyFolders: true) } ?? none
        // Where the exhaustive and random parts save their findings.
        let findingsFolder = options.findings
            ?? corpus.map { ($0 as NSString).appendingPathComponent("findings") } ?? "Corpus/findings"
        // The findings another engine saved in the findings folder are its own: never replayed on this
        // one from the corpus folder (named as PATHS, a file runs as it says).
        let (fromFolder, othersFindings) = CheckCommand.separatingOtherEnginesFindings(folder.entries, findings: findingsFolder,
                                                                                        options: options)
        let (read, errors) = (given.entries + fromFolder, given.errors + folder.errors)
        let entries = read.enumerated().filter { shard.owns($0.offset) }.map(\.element)
        var unreadable = errors.count
        for error in errors {
            printError(error.description)
            junit.add(suite: "corpus", name: error.description, time: 0, failure: (message: "unreadable", details: error.description))
            worsen(ExitCode.usage)
        }
        // The engine runs in a child process: one that traps fails that file's case and the gate goes on.
        let replayer = options.corpusReplayer(engine: isolated, engines: engines, arguments: arguments)
        var missed = 0
        var onNamedEngines: [String: Int] = [:]
        var onEngineCommand = 0, recordedWithAnotherCommand = 0
        var userEngines: [String: Int] = [:]
        // SIGINT, SIGTERM and SIGHUP stop the corpus part after the file it is
        // replaying (a slow --engine-cmd engine can take long over a corpus):
        // its summary is printed, and the exhaustive and random parts do not run.
        var replayed = 0
        let corpusInterruption: sig_atomic_t = catchingInterruptions {
            for entry in entries {
                if isInterrupted != 0 { break }
                replayed += 1
                let began = Date()
                let outcome = replayer.replay(entry)
                let time = Date().timeIntervalSince(began)
                if let refusal = outcome.refusal {
                    unreadable += 1
                    let text = refusal.message(path: outcome.path)
                    printError(text)
                    junit.add(suite: "corpus", name: outcome.path, time: time, failure: (message: "not run", details: text))
                    worsen(ExitCode.usage)
                    continue
                }
                if outcome.ranOnNamedEngine, let name = outcome.engineName { onNamedEngines[name, default: 0] += 1 }
                // Case files only: a fuzz input names no engine (it runs on the engine under test).
                if case .text = entry, outcome.engineName == "external", let named = outcome.checkedCase.engine {
                    if named == "external" {
                        onEngineCommand += 1
                        if let recorded = outcome.checkedCase.engineCommand, recorded != options.engineCommand {
                            recordedWithAnotherCommand += 1
                        }
                    } else {
                        userEngines[named, default: 0] += 1
                    }
                }
                if outcome.meetsExpectation {
                    junit.add(suite: "corpus", name: outcome.path, time: time, failure: nil)
                } else {
                    missed += 1
                    let text = ReproCommand.describe(outcome, options: options)
                    print(text)
                    print("reproduce: " + reproduceLine(path: outcome.path, options: options) + "\n")
                    junit.add(suite: "corpus", name: outcome.path, time: time, failure: (message: outcome.summary, details: text))
                    worsen(ExitCode.failure)
                }
            }
            return isInterrupted
        }
        if !paths.isEmpty {
            let ran = replayed - (unreadable - errors.count)
            print("corpus: " + (shard.isWhole ? "" : "shard \(shard): ") + "\(quantity(ran, "file")), \(ran - missed) meet their expectation, \(missed) do not" +
                  (unreadable == 0 ? "" : ", \(unreadable) unreadable or not run") + String(format: " (%.1f s)", Date().timeIntervalSince(start)))
        }
        func files(_ n: Int, _ verb: String) -> String { quantity(n, "file") + " " + (n == 1 ? verb + "s" : verb) }
        if !onNamedEngines.isEmpty {
            let counts = onNamedEngines.keys.sorted().map { "\($0) \(onNamedEngines[$0]!)" }.joined(separator: ", ")
            let total = onNamedEngines.values.reduce(0, +)
            print("corpus: \(files(total, "name")) a built-in engine and ran on it, not on \(engineWords(options)): \(counts)")
        }
        if onEngineCommand > 0 {
            print("corpus: \(files(onEngineCommand, "say")) engine: external and ran on --engine-cmd \(shellQuoted(options.engineCommand ?? ""))"
                  + (recordedWithAnotherCommand == 0 ? "" : " (\(recordedWithAnotherCommand) of them \(recordedWithAnotherCommand == 1 ? "was" : "were") recorded with another command)"))
        }
        if !userEngines.isEmpty {
            let counts = userEngines.keys.sorted().map { "\($0) \(userEngines[$0]!)" }.joined(separator: ", ")
            let total = userEngines.values.reduce(0, +)
            print("corpus: \(files(total, "name")) an engine that is not built in and ran on --engine-cmd "
                  + "\(shellQuoted(options.engineCommand ?? "")): \(counts)")
        }

        if corpusInterruption != 0 {
            isInterrupted = corpusInterruption
            print("check: \(interruptionWords()) during the corpus part, after \(quantity(replayed, "file")) of \(entries.count): "
                  + "the exhaustive and random parts did not run")
        }

        // `--recorded` judges recorded answers, and only those: the exhaustive and
        // random parts would run the engine (the core, by default), which the user did not ask for.
        let judgesRecordedOnly = options.judgesRecorded
        if judgesRecordedOnly {
            print("exhaustive and random parts: not run (--recorded judges the recorded answers only)")
        }

        if !othersFindings.isEmpty {
            let counts = othersFindings.keys.sorted().map { "\($0) \(othersFindings[$0]!)" }.joined(separator: ", ")
            print("corpus: not replayed on \(engineWords(options)): \(quantity(othersFindings.values.reduce(0, +), "finding")) "
                  + "of other engines in \(findingsFolder) (\(counts)); this engine's findings go there too, each naming its engine")
        }

        // The bounds the exhaustive part walked to their end: the random part's shrinks do not walk them again.
        var walks: [(bound: ExhaustiveBound, firstFailingPlaces: [PropertyName: Int])] = []

        // 2. The exhaustive bound.
        if !options.skipsExhaustive && !judgesRecordedOnly && corpusInterruption == 0 {
            let bounds = (try? ExhaustCommand.bounds(options, engine: engine)) ?? []
            for bound in bounds {
                let began = Date()
                let result = ExhaustCommand.exhaust(bound, options: options, jobs: jobs, engines: engines, showsProgress: true,
                                                    findings: findingsFolder)
                if let walk = result.walk { walks.append((bound, walk)) }
                print(result.line)
                if let failures = result.failuresText {
                    print(failures)
                    worsen(ExitCode.failure)
                }
                junit.add(suite: "exhaustive", name: bound.description, time: Date().timeIntervalSince(began),
                          failure: result.failuresText.map { (message: "\(quantity(result.failures, "failing pair"))", details: $0) })
                if isInterrupted != 0 { break }
            }
            // Ctrl-C during the exhaustive part stops the gate (the summary says so).
            if isInterrupted != 0 {
                print("check: \(interruptionWords()) during the exhaustive part: the random part did not run")
            }
        }

        // 3. The random budget.
        if cases > 0 && isInterrupted == 0 && !judgesRecordedOnly {
            do {
                let findings = findingsFolder
                var supervisor = Supervisor(options: options.campaign, jobs: jobs, maxCases: cases, maxTime: maxTime,
                                            findings: findings, showsStatus: true, workerExecutable: ownExecutable())
                supervisor.shard = shard
                if !walks.isEmpty { supervisor.walkedBounds = walkedText(walks) }
                // A property the exhaustive part found is saved once, there: the random part counts its cases.
                supervisor.foundProperties = Set(walks.flatMap { $0.firstFailingPlaces.keys.map(\.rawValue) })
                let report = try supervisor.run()
                print("random: " + report.summary(engine: engine.name, seed: options.seed, shard: shard, shapes: options.generator.shapes, generator: options.generator,
                                                 showsTimings: !options.hidesTimings) { reproduceLine(path: $0, options: options) })
                for failure in report.failures {
                    if let text = try? String(contentsOfFile: failure.path, encoding: .utf8) { print(text) }
                }
                let properties = Checker(engine: engine).properties.sorted()
                for property in properties {
                    let failed = report.failures.filter { $0.property == property.rawValue }
                    junit.add(suite: "random", name: property.rawValue, time: report.elapsed / Double(max(properties.count, 1)),
                              failure: failed.isEmpty ? nil : (message: "\(failed.count) failing cases",
                                                               details: failed.map { "case \($0.caseNumber): \($0.message) (\($0.path))" }.joined(separator: "\n")))
                }
                if !report.failures.isEmpty { worsen(ExitCode.failure) }
            } catch {
                printError("diffcheck check: the random part could not run: \(error)")
                worsen(ExitCode.usage)
            }
        }

        if let path = options.junit {
            do { try junit.write(to: path) } catch {
                printError("diffcheck check: cannot write \(path): \(error)")
                worsen(ExitCode.usage)
            }
        }
        // A gate stopped by a signal before anything failed has not held: it exits 128 + the signal's
        // number, as a shell reports a command a signal stopped (130 for Ctrl-C).
        if isInterrupted != 0 && code == ExitCode.success {
            code = ExitCode.interrupted(by: isInterrupted)
            print("check: \(interruptionWords()), nothing failed in what ran (exit \(code))")
        } else if isInterrupted != 0 {
            print("check: FAILED (exit \(code)), then \(interruptionWords())")
        } else {
            print(code == ExitCode.success ? "check: everything holds" : "check: FAILED (exit \(code))")
        }
        return code
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
            if named == CaseParser.externalEngine {
                isThisEngine = engineCommand.map { command in recorded.map { isSameEngineCommand($0, command) } ?? true } ?? false
            } else {
                isThisEngine = engineCommand == nil ? named == engineName : false
            }
            if isThisEngine {
                kept.append(entry)
            } else {
                let name = named == CaseParser.externalEngine ? "--engine-cmd " + shellQuoted(recorded ?? "?") : named
                others[name, default: 0] += 1
            }
        }
        return (kept, others)
    }

    /// The engine under test, as the corpus report names it.
    static func engineWords(_ options: CheckOptions) -> String {
        options.engineCommand.map { "--engine-cmd " + shellQuoted($0) } ?? "the engine under test (\(options.engineName))"
    }
}

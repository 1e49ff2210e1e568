// CheckCommand: `diffcheck check`, the CI gate.
import DiffHarness
import Foundation
import ListModel

enum CheckCommand {
    static let help = """
    Usage: diffcheck check [PATHS…] [OPTIONS]

    The CI gate, in three parts, one line each, then a summary:
      corpus      every file under PATHS (default: Corpus/) against its
                  expect: line — text cases, and binary fuzz inputs (which
                  must pass); findings are saved with `expect: pass`, so a
                  corpus holding an unfixed finding fails
      exhaustive  every pair within the default bounds
      random      a fixed-seed random budget, in a worker process
    Failures print the case. Progress goes to stderr (a live line on a
    terminal, a line every 10 s otherwise). Engines run in child processes:
    one that traps or hangs fails no-crash on that case and the gate goes
    on. Defaults finish in about a minute on a 2-core machine with a
    release build.

    Options:
      --cases N         random cases (default 1000000)
      --time SECONDS    stop the random part after this long
      --jobs N          worker processes for the exhaustive and random
                        parts (default 2); the cases checked do not
                        depend on N
      --no-exhaustive   skip the exhaustive part
      --junit FILE      also write JUnit XML (one test case per corpus file
                        and per property)
      --findings DIR    where random failures go (default Corpus/findings)

    \(commonOptionsHelp)
    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, valued: ["--cases", "--time", "--jobs", "--junit", "--findings"],
                                  switches: ["--no-exhaustive"])
        } catch {
            printError("diffcheck check: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        let engine: any DiffEngine, isolated: any DiffEngine
        let engines = IsolatedEngines(timeout: options.timeout)
        let cases: Int, jobs: Int, maxTime: Double?
        do {
            engine = try options.engine()
            isolated = try options.isolatedEngine(engines)
            cases = try options.integer("--cases", default: 1_000_000)
            jobs = try options.jobs(default: 2)
            maxTime = try options.seconds("--time")
        } catch {
            printError("diffcheck check: \(error)")
            return ExitCode.usage
        }
        var junit = JUnitReport()
        var code = ExitCode.success
        func worsen(_ to: Int32) { if code == ExitCode.success || to == ExitCode.usage { code = max(code, to) } }

        // 1. The corpus.
        let paths = options.positional.isEmpty ? ["Corpus"] : options.positional
        let start = Date()
        let (entries, errors) = readCorpus(paths)
        for error in errors {
            printError(error.description)
            junit.add(suite: "corpus", name: error.description, time: 0, failure: (message: "unreadable", details: error.description))
            worsen(ExitCode.usage)
        }
        // The engine runs in a child process: one that traps fails that file's case and the gate goes on.
        let replayer = CorpusReplayer(defaultEngine: isolated, profile: options.profile, generatorOptions: options.generator,
                                      engineNamed: { engines.engine(named: $0) })
        var missed = 0
        for entry in entries {
            let began = Date()
            let outcome = replayer.replay(entry)
            let time = Date().timeIntervalSince(began)
            if outcome.meetsExpectation {
                junit.add(suite: "corpus", name: outcome.path, time: time, failure: nil)
            } else {
                missed += 1
                let text = ReproCommand.describe(outcome, options: options)
                print(text)
                print("reproduce: diffcheck repro \(shellQuoted(outcome.path))" + ReproCommand.reproduceOptions(options, outcome: outcome) + "\n")
                junit.add(suite: "corpus", name: outcome.path, time: time, failure: (message: outcome.summary, details: text))
                worsen(ExitCode.failure)
            }
        }
        print("corpus: \(entries.count) files, \(entries.count - missed) meet their expectation, \(missed) do not" +
              (errors.isEmpty ? "" : ", \(errors.count) unreadable") + String(format: " (%.1f s)", Date().timeIntervalSince(start)))

        // 2. The exhaustive bound.
        if !options.flags.contains("--no-exhaustive") {
            let bounds = (try? ExhaustCommand.bounds(options, engine: engine)) ?? []
            for bound in bounds {
                let began = Date()
                let result = ExhaustCommand.exhaust(bound, options: options, jobs: jobs, engines: engines, showsProgress: true)
                print(result.line)
                if let first = result.firstFailure {
                    print(first)
                    worsen(ExitCode.failure)
                }
                junit.add(suite: "exhaustive", name: bound.description, time: Date().timeIntervalSince(began),
                          failure: result.firstFailure.map { (message: "\(result.failures) failing pairs", details: $0) })
                if isInterrupted != 0 { break }
            }
            // Ctrl-C during the exhaustive part stops the gate (as a failure).
            if isInterrupted != 0 {
                worsen(ExitCode.failure)
                print("check: interrupted")
            }
        }

        // 3. The random budget.
        if cases > 0 && isInterrupted == 0 {
            do {
                let findings = options.values["--findings"] ?? "Corpus/findings"
                let supervisor = Supervisor(options: options, jobs: jobs, maxCases: cases, maxTime: maxTime,
                                            findings: findings, showsStatus: true)
                let report = try supervisor.run()
                print("random: " + report.summary(engine: engine.name, seed: options.seed))
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
                if !report.failures.isEmpty || report.wasInterrupted { worsen(ExitCode.failure) }
            } catch {
                printError("diffcheck check: the random part could not run: \(error)")
                worsen(ExitCode.usage)
            }
        }

        if let path = options.values["--junit"] {
            do { try junit.write(to: path) } catch {
                printError("diffcheck check: cannot write \(path): \(error)")
                worsen(ExitCode.usage)
            }
        }
        print(code == ExitCode.success ? "check: everything holds" : "check: FAILED (exit \(code))")
        return code
    }
}

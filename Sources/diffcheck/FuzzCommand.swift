// FuzzCommand: `diffcheck fuzz`, a random campaign.
import DiffHarness
import Foundation

enum FuzzCommand {
    static let help = """
    Usage: diffcheck fuzz [OPTIONS]

    Runs random cases (fixed by --seed) against the engine until --time,
    --cases or Ctrl-C, in worker processes. A status line shows cases,
    cases/s, failures and elapsed time. Every failure is shrunk and saved to
    the findings directory as a .case named by its content hash; a worker
    that traps or hangs (past --timeout) is recorded as a no-crash failure,
    shrunk in fresh workers, and replaced. At the end: label statistics,
    coverage gaps, and the failures.

    Options:
      --time SECONDS       stop after this long
      --cases N            stop after cases 0..<N (default: no limit)
      --jobs N             worker processes (default 1); the cases checked
                           are fixed by the seed whatever N is
      --findings DIR       where failures go (default Corpus/findings)

    \(commonOptionsHelp)
    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try Options(arguments, valued: ["--time", "--cases", "--jobs", "--findings"]) } catch {
            printError("diffcheck fuzz: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        guard options.positional.isEmpty else {
            printError("diffcheck fuzz: unexpected argument \(options.positional[0])\n\n\(help)")
            return ExitCode.usage
        }
        do {
            _ = try options.engine()
            let supervisor = Supervisor(
                options: options, jobs: try options.jobs(default: 1),
                maxCases: try options.integer("--cases", default: Int.max), maxTime: try options.seconds("--time"),
                findings: options.values["--findings"] ?? "Corpus/findings", showsStatus: true)
            let report = try supervisor.run()
            print(report.summary(engine: options.engineCommand ?? options.engineName, seed: options.seed))
            return report.failures.isEmpty ? ExitCode.success : ExitCode.failure
        } catch {
            printError("diffcheck fuzz: \(error)")
            return ExitCode.usage
        }
    }
}

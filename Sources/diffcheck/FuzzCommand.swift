// FuzzCommand: `diffcheck fuzz`, a random campaign.
import DiffHarness
import DiffProcess
import Foundation

enum FuzzCommand {
    static let help = """
    Usage: diffcheck fuzz [OPTIONS]

    Runs random cases (fixed by --seed) against the engine until --time,
    --cases or Ctrl-C, in worker processes. A status line shows cases,
    cases/s, failures and elapsed time. Each property failed is reported
    once, for the smallest case number that failed it (whatever --jobs), and
    saved to the findings directory shrunk; it is saved unshrunk first, so
    that Ctrl-C, the end of --time or a dying worker keeps it. Slow is not
    wrong: a case past --timeout is asked again alone of a fresh process,
    and an answer within --hang-timeout makes it a slow case, judged and
    reported with its time (the slowest is saved in FINDINGS/slow/ for
    profiling). An engine that traps, or gives no answer within the hang
    deadline (a hang), is a no-crash failure, shrunk; a hang ends the
    campaign (each later hang would cost the hang deadline again). A worker that dies between cases is
    replaced and its share resumes at its next case. Engines started by
    workers end with them. At the end: label statistics, coverage gaps, and
    the failures, each with a command that reproduces it.

    Options:
      --time SECONDS       stop after this long
      --cases N            stop after cases 0..<N (default: no limit)
      --jobs N             worker processes (default 1); the cases checked
                           are fixed by the seed whatever N is
      --findings DIR       where failures go (default Corpus/findings)
      --no-timings         leave timings out of the summary: two runs of the
                           same seed and --cases print the same text, for
                           any --jobs
      --shard K/N          run only cases n with n mod N = K-1: N machines
                           running shards 1/N … N/N run every case once
                           between them; their findings folders merge by
                           copying (files are named by what they hold)

    \(commonOptionsHelp)
    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try Options(arguments, valued: ["--time", "--cases", "--jobs", "--findings", "--shard"], switches: ["--no-timings"]) } catch {
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
            var supervisor = Supervisor(
                options: options.campaign, jobs: try options.jobs(default: 1),
                maxCases: try options.integer("--cases", default: Int.max), maxTime: try options.seconds("--time"),
                findings: options.values["--findings"] ?? "Corpus/findings", showsStatus: true,
                workerExecutable: ownExecutable())
            supervisor.shard = try options.shard()
            let report = try supervisor.run()
            print(report.summary(engine: options.engineCommand ?? options.engineName, seed: options.seed, shard: (try? options.shard()) ?? .whole, shapes: options.generator.shapes, generator: options.generator,
                                 showsTimings: !options.flags.contains("--no-timings")) { reproduceLine(path: $0, options: options) })
            return report.failures.isEmpty ? ExitCode.success : ExitCode.failure
        } catch {
            printError("diffcheck fuzz: \(error)")
            return ExitCode.usage
        }
    }
}

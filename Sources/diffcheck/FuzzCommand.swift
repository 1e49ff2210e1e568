// FuzzCommand: `diffcheck fuzz`, a random campaign.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation

/// `diffcheck fuzz`'s options.
struct FuzzOptions: EngineCommandOptions {
    static var labelWidth: Int { 21 }

    @Option("--time", "SECONDS", help: "stop after this long", .seconds)
    var time: Double?
    var timeLimit: Double? { time }

    @Option("--cases", "N", help: "stop after cases 0..<N (default: no limit)", .wholeNumber)
    var cases: Int?

    @Option("--jobs", "N", help: """
        worker processes (default 1); the cases checked
        are fixed by the seed whatever N is
        """, .jobs)
    var jobs = 1

    @Option("--findings", "DIR", help: "where failures go (default Corpus/findings)", .text)
    var findings = "Corpus/findings"

    @Flag("--no-timings", help: """
        leave timings out of the summary: two runs of the
        same seed and --cases print the same text, for
        any --jobs
        """)
    var hidesTimings: Bool

    @Option("--shard", "K/N", help: """
        run only cases n with n mod N = K-1: N machines
        running shards 1/N … N/N run every case once
        between them; their findings folders merge by
        copying (files are named by what they hold)
        """, .shard)
    var shard = Shard.whole

    var common = EngineOptions()
}

enum FuzzCommand {
    static let help = FuzzOptions.help(usage: "Usage: diffcheck fuzz [OPTIONS]", description: """
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
    replaced and its share resumes at its next case; workers that keep dying
    between cases end the run (exit 3). Engines started by
    workers end with them. At the end: label statistics, coverage gaps, and
    the failures, each with a command that reproduces it.
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: FuzzOptions
        do { options = try FuzzOptions.readProbingEngine(arguments, command: "fuzz", help: help) } catch { return error.code }
        do { _ = try options.engine() } catch {
            printError("diffcheck fuzz: \(error)")
            return ExitCode.usage
        }
        var supervisor = Supervisor(
            options: options.campaign, jobs: options.jobs,
            maxCases: options.cases ?? Int.max, maxTime: options.time,
            findings: options.findings, showsStatus: true,
            workerExecutable: ownExecutable())
        supervisor.shard = options.shard
        let report: RandomPartReport
        do { report = try supervisor.run() } catch {
            printError("diffcheck fuzz: \(error)")
            // The supervisor's `CampaignError`: workers that keep dying outside any case.
            return error is CampaignError ? ExitCode.brokenRun : ExitCode.usage
        }
        print(report.summary(engine: options.engineCommand ?? options.engineName, seed: options.seed, shard: options.shard, shapes: options.generator.shapes, generator: options.generator,
                             showsTimings: !options.hidesTimings,
                             judgeAlone: { judgeAloneLine(caseNumber: $0, options: options) }) { reproduceLine(path: $0, options: options) })
        if !report.failures.isEmpty { return ExitCode.failure }
        return report.judgedLessThanAsked ? ExitCode.unjudged : ExitCode.success
    }
}

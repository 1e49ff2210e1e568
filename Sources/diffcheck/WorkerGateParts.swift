// WorkerGateParts: the gate's parts as `diffcheck check` runs them — the
// corpus replayed with the engine in a child process, the exhaustive bounds
// and the random cases in worker processes.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// The parts of `diffcheck check`'s gate, in worker and child processes.
struct WorkerGateParts: GateParts {
    /// The command's options: the engine, how cases are made, the shard.
    let options: CheckOptions
    /// The engine under test, as the command names it (its properties are the random part's test cases).
    let engine: any DiffEngine
    /// How isolated engines are timed.
    let engines: IsolatedEngines
    /// Replays corpus files, each on the engine it names, in child processes.
    let replayer: CorpusReplayer
    /// Where the random part saves its findings.
    let findings: String
    /// When the check began (its budget counts from there).
    let began: ContinuousClock.Instant

    /// The signal the command's handlers caught (`catchingInterruptions`).
    var interruption: Int32 { isInterrupted }

    func replay(_ entry: CorpusEntry) -> EntryOutcome { replayer.replay(entry) }

    /// The case, the engine's stages and each property's verdict, as `repro` shows them.
    func caseText(of outcome: EntryOutcome) -> String { ReproCommand.describe(outcome, options: options) }

    func walk(_ bound: ExhaustiveBound) throws -> ExhaustiveResult {
        try ExhaustiveRun(options: options.campaign, jobs: options.jobs, shard: options.shard, showsProgress: true).run(bound)
    }

    /// The engine in a child process of its own.
    func engineForCheckingAgain() -> (any DiffEngine)? { try? options.isolatedEngine(engines) }

    /// The random cases in `--jobs` workers (`Supervisor`); each finding's case read from the file it was saved in.
    func runRandom(_ request: GateRandomRequest) throws -> GateRandomPart {
        let time = options.randomTimeLimit(elapsed: began.duration(to: .now).inSeconds)
        var supervisor = Supervisor(options: options.campaign, jobs: options.jobs, maxCases: request.cases, maxTime: time.seconds,
                                    findings: findings, showsStatus: true, workerExecutable: ownExecutable())
        supervisor.isMaxTimeABudget = time.isBudget
        supervisor.shard = options.shard
        if !request.walks.isEmpty { supervisor.walkedBounds = walkedText(request.walks) }
        supervisor.foundKinds = request.foundKinds
        let report = try supervisor.run()
        let found = report.failures.map { GateRandomFinding(failure: $0, caseText: try? String(contentsOfFile: $0.path, encoding: .utf8)) }
        return GateRandomPart(report: report, findings: found, properties: Checker(engine: engine).properties.sorted())
    }
}

// CrashRecheck: a case whose campaign worker ended on it, checked again
// with the engine alone in a child process of its own (`IsolatedEngine`),
// judged by the fault policy, and, when the engine alone traps, shrunk
// there. The campaign runs it as background work (`BackgroundWork`): the
// pool goes on polling the other workers meanwhile, and the job keeps what
// it comes to on a later turn (`CampaignJob.recheckEnded`).
import DiffHarness
import Foundation
import ListModel

struct CrashRecheck: Sendable, Equatable {
    /// The case the worker ended on.
    let caseNumber: Int
    /// Why the case failed, as the worker's end says it.
    let why: String
    let end: ProcessEnd
    let phase: FaultPhase
    let options: CampaignOptions
    /// The `diffcheck` executable an isolated engine runs in.
    let executable: URL
    /// Seconds the shrink may take.
    let shrinkSeconds: Double

    /// What the check and the shrink came to.
    struct Outcome: Sendable {
        /// The case as generated.
        let pair: GeneratedPair
        /// The case as shrunk (`pair` when nothing was shrunk).
        let shrunk: GeneratedPair
        let verdict: FaultVerdict
        /// The `no-crash` failure a finding reports.
        let failure: PropertyFailure
        /// Calls to the engine: the check and the shrink's.
        let calls: Int
        /// Seconds the check and the shrink took.
        let seconds: Double
    }

    /// Checks the case with the engine alone and shrinks a trap; blocks
    /// for as long as that takes (up to `shrinkSeconds` and the engine's
    /// deadlines).
    func run() -> Outcome {
        let began = ContinuousClock.now
        let engines = IsolatedEngines(timeout: options.timeout, hangTimeout: options.hangTimeout, executable: executable)
        defer { engines.stopAll() }
        var failure = PropertyFailure(.noCrash, why)
        let engine: any DiffEngine
        do {
            engine = try options.isolatedEngine(engines)
        } catch {
            // No engine alone to ask: the worker's end is all there is to judge, and the case stays as generated.
            let alone: AloneAnswer = end.isStoppedFromOutside ? .passes : .traps
            let verdict = FaultPolicy.verdict(end, in: phase, alone: alone)
            failure.message += " (the engine alone could not be started to check the case again: \(error); it is not shrunk)"
            let pair = PairGenerator(options: options.generator).campaignCase(seed: options.seed, n: caseNumber)
            return Outcome(pair: pair, shrunk: pair, verdict: verdict, failure: failure, calls: 0,
                           seconds: began.duration(to: .now).inSeconds)
        }
        var generatorOptions = options.generator
        if engine.isFlatOnly { generatorOptions.isFlatOnly = true }
        let generator = PairGenerator(options: generatorOptions)
        let checker = Checker(engine: engine, profile: options.profile)
        let pair = generator.campaignCase(seed: options.seed, n: caseNumber)
        let aloneFailure = checker.check(old: pair.old, new: pair.new).failures.first { $0.property == .noCrash }
        let alone = AloneAnswer(noCrash: aloneFailure)
        let verdict = FaultPolicy.verdict(end, in: phase, alone: alone)
        var shrunk = pair, calls = 1
        if verdict.isFinding && alone != .passes && !end.isPastDeadline {
            let result = shrinkCrash(choices: pair.choices, old: pair.old, new: pair.new, checker: checker, generator: generator,
                                     seconds: shrinkSeconds)
            shrunk = generator.replay(result.choices ?? pair.choices)
            calls += result.calls
            failure = result.verdict.failures.first { $0.property == .noCrash } ?? failure
        } else {
            failure.message += FaultPolicy.note(verdict)
        }
        return Outcome(pair: pair, shrunk: shrunk, verdict: verdict, failure: failure, calls: calls,
                       seconds: began.duration(to: .now).inSeconds)
    }
}

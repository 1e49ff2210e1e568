// WorkerCommand: `diffcheck worker`, the process that runs an engine for a
// supervisor (hidden; started by the other commands). It reads its options
// and calls the worker loop its supervisor asked for (DiffProcess):
//   (default)        a campaign worker's share of the cases (`runCampaignWorker`,
//                    for `Supervisor`)
//   --exhaust BOUND  its share of an exhaustive walk (`runExhaustiveWorker`,
//                    for `ExhaustiveRun`)
//   --shrink FILE    FILE's failure shrunk, each pair in the state file first
//                    (`runShrinkWorker`, for `guardedShrunkCase`)
//   --serve          the engine as an external engine: one JSON request a line
//                    on stdin, one answer a line on stdout (`IsolatedEngine`,
//                    and a user's `--engine-cmd "diffcheck worker --serve"`)
// A worker of a campaign, a walk or a shrink gets its configuration whole,
// as `--campaign JSON`; `--serve` also takes the engine options.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck worker`'s options: what its supervisor tells it (`Supervisor`,
/// `ExhaustiveRun`, `guardedShrunkCase`, `IsolatedEngine`).
struct WorkerOptions: EngineCommandOptions {
    @Option(CampaignOptions.argumentName, "JSON", help: "the campaign's options, as CampaignOptions.json writes them", .campaign)
    var given: CampaignOptions?

    @Flag("--serve", help: "serve the engine: one JSON request a line on stdin, one answer a line on stdout")
    var serves: Bool

    @Option("--shrink", "FILE", help: "shrink FILE's failure, each pair in the state file first", .text)
    var shrink: String?

    @Option("--exhaust", "BOUND", help: "check this worker's share of an exhaustive walk", .text)
    var exhaust: String?

    @Option("--state", "FILE", help: "the state file: the case or pair running", .text)
    var state: String?

    @Option("--jobs", "N", help: "the workers of the campaign or walk (default 1)", .wholeNumber(atLeast: 1))
    var jobs = 1

    @Option("--index", "N", help: "this worker's first case, or its place among the walk's workers (default 0)", .wholeNumber)
    var index = 0

    @Option("--case-stride", "N", help: "the stride between this worker's cases (default --jobs)", .wholeNumber(atLeast: 1))
    var caseStride: Int?

    @Option("--shard", "K/N", help: "the part of the walk checked", .shard)
    var shard = Shard.whole

    @Option("--cases", "N", help: "run cases below N only (default: no limit)", .wholeNumber)
    var cases: Int?

    @Option("--walked", "BOUNDS", help: "the bounds the exhaustive part walked: shrinks do not walk them again", .text)
    var walked: String?

    @Option("--from", "N", help: "the place in the walk to start from (default 0)", .wholeNumber)
    var from = 0

    @Option("--skip", "N,M,…", help: "cases of this worker's share not to run", .caseNumbers)
    var skip: Set<Int> = []

    var common = EngineOptions()

    var campaign: CampaignOptions { given ?? common.campaign }
}

extension OptionValue where Value == Set<Int> {
    /// Case numbers separated by commas (`3,17`): `NAME takes case numbers
    /// separated by commas, not 'ITEM'` for the first item that is none.
    static var caseNumbers: OptionValue<Set<Int>> {
        OptionValue { (name, text) throws(OptionError) in
            var numbers: Set<Int> = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(item), number >= 0 else {
                    throw OptionError("\(name) takes case numbers separated by commas, not '\(item)'")
                }
                numbers.insert(number)
            }
            return numbers
        }
    }
}

extension OptionValue where Value == CampaignOptions {
    /// A campaign's options in JSON (`CampaignOptions.json`).
    static var campaign: OptionValue<CampaignOptions> {
        OptionValue { (name, text) throws(OptionError) in
            do { return try CampaignOptions(json: text) } catch { throw OptionError("\(name): \(error)") }
        }
    }
}

enum WorkerCommand {
    static let help = WorkerOptions.help(usage: "Usage: diffcheck worker [OPTIONS]", description: """
    An internal command, started by \(commands.filter(\.startsWorkers).map(\.name).joined(separator: ", "))
    with the options they choose; it is not for direct use (see `diffcheck --help`).
    """, footer: nil)

    static func run(_ arguments: [String]) -> Int32 {
        let options: WorkerOptions
        // Not for use by hand: `--help` exits 2, and an error is the message alone.
        do {
            options = try WorkerOptions.read(arguments, as: CommandUsage(command: "diffcheck worker", help: help, helpAfterError: .never,
                                                                         helpExitCode: CommandExit.usageCode))
        } catch { return error.code }
        guard options.shrink != nil || options.exhaust != nil || options.state != nil || options.serves else {
            printError(help)
            return ExitCode.usage
        }
        guard options.serves || options.given != nil else {
            printError("diffcheck worker: \(CampaignOptions.argumentName) JSON is needed: a worker of a campaign, a walk or a shrink "
                       + "gets its configuration whole (only --serve takes the engine options)")
            return ExitCode.usage
        }
        // The supervisor decides when a campaign stops (a signal to the whole group stops it in order).
        for number in interruptingSignals { signal(number, SIG_IGN) }
        exitWhenOrphaned()
        let campaign = options.campaign
        let engine: any DiffEngine
        do { engine = try campaign.engine() } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        // The engine behind an `IsolatedEngine`: the same server a user's engine gets.
        if options.serves { serveEngine(engine) }
        // The supervisor kills the engines we start if we die first.
        ProcessGroups.engineObserver = { group, isRunning in emit(isRunning ? .engineStarted(group) : .engineEnded(group)) }
        ExternalEngine.retryObserver = { seconds in emit(.busy(seconds: seconds)) }
        do {
            if let path = options.shrink {
                guard let state = options.state else { throw UsageError(description: "--shrink needs --state FILE") }
                try runShrinkWorker(path, statePath: state, engine: engine, options: campaign)
            } else if let spec = options.exhaust {
                guard let bound = ExhaustiveBound(workerSpec: spec) else { throw UsageError(description: "--exhaust \(spec): not a bound") }
                guard let statePath = options.state else { throw UsageError(description: "--exhaust needs --state FILE") }
                let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
                guard state >= 0 else { throw UsageError(description: "\(statePath): cannot create the state file: \(String(cString: strerror(errno)))") }
                defer { close(state) }
                runExhaustiveWorker(bound, checker: Checker(engine: engine, profile: campaign.profile), jobs: options.jobs,
                                    index: options.index, shard: options.shard, from: options.from, state: state)
            } else {
                // Cases the supervisor already counted (the engine trapped on them): not run again.
                let share = CampaignShare(first: options.index, caseStride: options.caseStride ?? options.jobs,
                                          limit: options.cases ?? .max, skipped: options.skip)
                // What the exhaustive part before this campaign found (`check`): shrinks do not walk it again.
                runCampaignWorker(engine: engine, options: campaign, share: share, walked: options.walked.flatMap(walkedBounds),
                                  state: options.state.flatMap { WorkerStateFile(path: $0, seed: campaign.seed) })
            }
        } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        return ExitCode.success
    }
}

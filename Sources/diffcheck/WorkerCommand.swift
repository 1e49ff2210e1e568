// WorkerCommand: `diffcheck worker`, the process that runs an engine for a
// supervisor (hidden; started by the other commands).
//
// In a campaign (`fuzz`, the random part of `check`) it runs cases n = index, index + caseStride, … and tells its
// supervisor what happens, one `WorkerMessage` a line on standard output
// (`start`, `done`, `allow`, `failed`, `shrinking`, `unsaved`, `found`,
// `busy`, `slow`, `end`; `engine` and `engine-end` for the engine process
// groups it starts and stops). After `failed` it waits for one
// `SupervisorReply` on stdin: `shrink`, or `skip` (a smaller case of the
// property is already kept: one counterexample per property). A worker
// with an in-process engine sends its `start` and `done` lines in batches
// (`ProtocolLines`), so the case running is its state file's
// (`WorkerStateFile`), which may be past the last `start` line.
// `--skip N,M,…`: cases of its share not to run (the supervisor counted
// them already: the engine trapped on them, after cases it had not reported).
// Other modes, each for one supervisor:
//   --serve          the engine as an external engine: one JSON request a line
//                    on stdin, one answer a line on stdout (`IsolatedEngine`)
//   --shrink FILE    shrinks FILE's failure, each pair in the state file first
//                    (`guardedShrunkCase`)
//   --exhaust BOUND  checks its share of an exhaustive walk (`ExhaustiveRun`):
//                    `fail`, `hang`, `at` and `walked` messages
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck worker`'s options: what its supervisor tells it (`Supervisor`,
/// `ExhaustiveRun`, `guardedShrunkCase`, `IsolatedEngine`), the engine
/// options whole as `CampaignOptions.forwarded` writes them.
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

    @Option("--worker", "N", help: "this worker's index among the campaign's workers, naming its staging folder (default --index mod --jobs)", .wholeNumber)
    var workerIndex: Int?

    @Option("--shard", "K/N", help: "the part of the walk checked", .shard)
    var shard = Shard.whole

    @Option("--cases", "N", help: "run cases below N only (default: no limit)", .wholeNumber)
    var cases: Int?

    @Option("--findings", "DIR", help: "the findings folder (this worker stages its own in it)", .text)
    var findings: String?

    @Option("--walked", "BOUNDS", help: "the bounds the exhaustive part walked: shrinks do not walk them again", .text)
    var walked: String?

    @Option("--from", "N", help: "the place in the walk to start from (default 0)", .wholeNumber)
    var from = 0

    @Option("--skip", "N,M,…", help: "cases of this worker's share not to run", .text)
    var skip: String?

    var common = EngineOptions()

    var campaign: CampaignOptions { given ?? common.campaign }
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
        let parsed: Parsed<WorkerOptions>
        do { parsed = try WorkerOptions.parse(arguments) } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        guard case .options(let options) = parsed, options.shrink != nil || options.exhaust != nil || options.state != nil || options.serves else {
            printError(help)
            return ExitCode.usage
        }
        // The supervisor decides when a campaign stops (a signal to the whole group stops it in order).
        for number in interruptingSignals { signal(number, SIG_IGN) }
        exitWhenOrphaned()
        let engine: any DiffEngine
        do { engine = try options.engine() } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        // The engine behind an `IsolatedEngine`: the same server a user's engine gets.
        if options.serves { serveEngine(engine) }
        // The supervisor kills the engines we start if we die first.
        ProcessGroups.engineObserver = { group, isRunning in emit(isRunning ? .engineStarted(group) : .engineEnded(group)) }
        ExternalEngine.retryObserver = { seconds in emit(.busy(seconds: seconds)) }
        if let path = options.shrink { return shrinkCase(path, engine: engine, options: options) }
        if let spec = options.exhaust {
            guard let bound = ExhaustiveBound(workerSpec: spec), let statePath = options.state else { return ExitCode.usage }
            let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
            guard state >= 0 else { return ExitCode.usage }
            defer { close(state) }
            return exhaustInWorker(bound, checker: Checker(engine: engine, profile: options.profile),
                                   jobs: options.jobs, index: options.index, shard: options.shard, from: options.from, state: state)
        }
        var cases = CampaignCases(engine: engine, profile: options.profile, generatorOptions: options.generator,
                                  seed: options.seed, engineCommand: options.engineCommand)
        // What the exhaustive part before this campaign found (`check`): shrinks do not walk it again.
        if let text = options.walked, let walked = walkedBounds(text) { cases.walked = walked }
        let (jobs, index) = (options.jobs, options.index)
        let caseStride = options.caseStride ?? jobs
        let workerIndex = options.workerIndex ?? index % jobs
        let limit = options.cases ?? Int.max
        // Findings go to a staging folder of this worker's; the supervisor
        // moves those it keeps into the findings folder.
        let findings = options.findings.map { stagingFolder($0, worker: workerIndex) } ?? "Corpus/findings"
        // Cases the supervisor already counted (the engine trapped on them): not run again.
        let skips = Set((options.skip ?? "").split(separator: ",").compactMap { Int($0) })
        let state = options.state.flatMap { WorkerStateFile(path: $0, seed: options.seed) }
        // Read once: a closure made for every case copies what it captures.
        let timeout = options.timeout
        // An external engine gets its cases in flights (pipelined): as many
        // as answer within an eighth of the timeout, up to 256, so the
        // supervisor's deadline (from the last line) is never at risk. An
        // in-process engine gains nothing from a flight and must not have
        // one: if it traps, the case in this worker's state file has to be
        // the one it trapped on. Its `done` and `start` lines go out in
        // batches (`ProtocolLines`): the state file names the case running.
        let isPipelined = engine is ExternalEngine
        ProtocolLines.isBatched = !isPipelined
        /// The first case of this worker's share from `m` on that is not skipped.
        func unskipped(_ m: Int) -> Int {
            var m = m
            while m < limit && skips.contains(m) { m = after(m) }
            return m
        }
        /// The case after `m` in this worker's share (`limit` past the end).
        func after(_ m: Int) -> Int {
            let (sum, overflows) = m.addingReportingOverflow(caseStride)
            return overflows ? limit : sum
        }
        var n = unskipped(index)
        var flight = 1
        while n < limit {
            var numbers = [n]
            while isPipelined && numbers.count < flight, case let m = unskipped(after(numbers[numbers.count - 1])), m < limit {
                numbers.append(m)
            }
            // Enough to rebuild the cases is on disk before they run.
            state?.write(caseNumber: n, following: numbers.count - 1, step: caseStride)
            ProtocolLines.queue(WorkerMessage.start(n).line)
            ProtocolLines.sendIfDue()
            let began = isPipelined ? ContinuousClock.now : nil
            // The supervisor's deadline for the flight grows with its cases.
            let allow = { (pairs: [GeneratedPair]) in
                // One case short enough to answer within the timeout gets the base deadline (most cases: nothing to add up).
                if Supervisor.needsOnlyTheBaseDeadline(pairs) { return }
                let seconds = Supervisor.checkingSeconds(timeout: timeout, pairs: pairs)
                // Only a flight that needs more than the base deadline says so (one write a case otherwise).
                if seconds > Supervisor.baseCheckingSeconds(timeout: timeout) {
                    emit(.allow(n, seconds: seconds))
                }
            }
            let flown = isPipelined ? cases.check(numbers, willCheck: allow) : [cases.check(n, willCheck: allow)]
            if let began {
                let seconds = began.duration(to: .now).inSeconds
                if seconds < timeout / 8 { flight = min(flight * 2, 256) } else if seconds > timeout / 4 { flight = max(flight / 2, 1) }
            }
            // Slow answers, by the case they answered (the first of that size in the flight).
            for slow in (engine as? ExternalEngine)?.takeSlowAnswers() ?? [] {
                guard let checked = flown.first(where: { slow.isAnswer(old: $0.pair.old, new: $0.pair.new) }) else { continue }
                emit(.slow(checked.caseNumber, items: totalItems(checked.pair.old, checked.pair.new), changes: slow.changes,
                           seconds: slow.seconds))
            }
            for (position, checked) in flown.enumerated() {
                let n = checked.caseNumber
                if position > 0 { emit(.start(n)) }
                // The supervisor decides, across workers, which case of a property is shrunk.
                if let failure = checked.verdict.failures.first {
                    emit(.failed(n, property: failure.property.rawValue, isHang: failure.isHang))
                    guard let answer = readLine() else { return ExitCode.success }
                    if SupervisorReply(line: answer) == .shrink {
                        // An external engine's stderr is kept from ours while it is shrunk: one note at the end.
                        // A hang is shrunk with every timeout a hang, and the case kept is confirmed with the hang deadline.
                        let external = failure.isHang ? engine as? ExternalEngine : nil
                        let stillHangs = external.map { external in { (pair: GeneratedPair) in external.confirmsHang(old: pair.old, new: pair.new) } }
                        let saved = keepingEngineErrors(engine) {
                            treatingTimeoutsAsHangs(external) {
                                cases.shrinkAndSave(checked, failure: failure, in: findings, stillFails: stillHangs) { pending in
                                    var path = pending
                                    if path == nil {
                                        // Not on disk: the supervisor gets the case itself.
                                        let unshrunk = findingCase(cases.unshrunk(checked, failure: failure))
                                        do { path = try saveFinding(unshrunk, in: findings) } catch {
                                            emitUnsaved(n, failure.property.rawValue, why: "\(error)", text: CasePrinter.text(unshrunk))
                                        }
                                    }
                                    emit(.shrinking(n, property: failure.property.rawValue, path: path))
                                }
                            }
                        }
                        // Slow answers while shrinking belong to no campaign case.
                        _ = external?.takeSlowAnswers()
                        if saved.path == nil {
                            emitUnsaved(n, failure.property.rawValue, why: saved.saveError ?? "the findings folder cannot be written",
                                        text: CasePrinter.text(findingCase(saved.example)))
                        }
                        emit(.found(n, property: failure.property.rawValue, calls: saved.example.shrinkCalls, seconds: saved.seconds,
                                    path: saved.path))
                    }
                }
                let ending: CaseEnding = checked.refusalReason.map(CaseEnding.refused)
                    ?? checked.tooSlowReason.map { .tooSlow(sizeClass: CampaignCases.sizeClassName(checked.pair), reason: $0) }
                    ?? (checked.verdict.isSkipped ? .skipped : .checked(labels: checked.labels.rawValue))
                ProtocolLines.queue(WorkerMessage.done(n, ending).line)
            }
            n = unskipped(after(flown.last?.caseNumber ?? n))
        }
        emit(.end)
        return ExitCode.success
    }
}

/// Shrinks the case in `path` with the engine in this process, writing each
/// pair to the state file before the engine runs it; prints the shrunk case
/// (nothing when no smaller case fails). `guardedShrunkCase` reads it.
func shrinkCase(_ path: String, engine defaultEngine: any DiffEngine, options: WorkerOptions) -> Int32 {
    guard let statePath = options.state else { return ExitCode.usage }
    let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
    guard state >= 0, let entry = readCorpus([path]).entries.first else { return ExitCode.usage }
    defer { close(state) }
    let replayer = CorpusReplayer(defaultEngine: RecordingEngine(engine: defaultEngine, state: state), profile: options.profile,
                                  generatorOptions: options.generator,
                                  engineNamed: { EngineCatalog.engine(named: $0).map { RecordingEngine(engine: $0, state: state) } })
    let outcome = replayer.replay(entry)
    let engine = outcome.checkedCase.engine.flatMap(replayer.engineNamed) ?? replayer.defaultEngine
    if let shrunk = ReproCommand.shrunkCase(outcome, options: options, engine: engine) {
        FileHandle.standardOutput.write(Data(CasePrinter.text(shrunk).utf8))
    }
    return ExitCode.success
}

/// Ends this worker soon after its supervisor is gone (killed, or stopped by
/// Ctrl-C), even if an engine call never returns: a worker ignores SIGINT
/// and an isolated engine has a process group of its own.
func exitWhenOrphaned() {
    let supervisor = getppid()
    Thread.detachNewThread {
        while getppid() == supervisor { usleep(200_000) }
        ProcessGroups.killAll()
        _exit(0)
    }
}

/// Sends a finding that could not be saved (`WorkerMessage.unsaved`).
func emitUnsaved(_ n: Int, _ property: String, why: String, text: String) {
    emit(.unsaved(n, property: property, why: why, text: text))
}

/// Writes one message to standard output now, after the lines queued
/// before it, so the supervisor sees it even if the worker dies right
/// after.
func emit(_ message: WorkerMessage) {
    ProtocolLines.queue(message.line)
    ProtocolLines.send()
}

/// The protocol lines a worker has not written yet. A campaign worker with
/// an in-process engine queues its `start` and `done` lines and writes them
/// a batch at a time (`sendIfDue`: every `interval`, or when `limit` bytes
/// wait), so that a case costs no system call; every other line goes out
/// at once (`emit`), after what is queued. A batch is at most `interval`
/// old when the next case starts, so the supervisor's deadlines (seconds)
/// are not at risk; the state file names the case running.
enum ProtocolLines {
    /// Whether `sendIfDue` waits for a batch (else it writes every line).
    nonisolated(unsafe) static var isBatched = false
    /// The longest a queued line waits before a case starts.
    static let interval = Duration.milliseconds(5)
    /// The most bytes that wait.
    static let limit = 16_384
    nonisolated(unsafe) private static var queued: [UInt8] = []
    nonisolated(unsafe) private static var lastSent: ContinuousClock.Instant?
    private static let lock = NSLock()

    /// Adds `line` to the batch.
    static func queue(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        queued += line.utf8
        queued.append(UInt8(ascii: "\n"))
    }

    /// Writes the batch when it is due (always, when not batched).
    static func sendIfDue() {
        if isBatched, queued.count < limit, let lastSent, lastSent.duration(to: .now) < interval { return }
        send()
    }

    /// Writes the batch now, unbuffered.
    static func send() {
        lock.lock()
        defer { lock.unlock() }
        guard !queued.isEmpty else { return }
        FileHandle.standardOutput.write(Data(queued))
        queued.removeAll(keepingCapacity: true)
        lastSent = .now
    }
}

/// Runs `body` with `engine`'s timeouts taken for hangs at once
/// (`ExternalEngine.treatingTimeoutsAsHangs`), or as it is without an engine.
func treatingTimeoutsAsHangs<T>(_ engine: ExternalEngine?, _ body: () throws -> T) rethrows -> T {
    guard let engine else { return try body() }
    return try engine.treatingTimeoutsAsHangs(body)
}

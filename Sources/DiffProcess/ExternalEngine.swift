// ExternalEngine: a diff engine in another process, in any language, spoken
// to in JSON Lines over its stdin and stdout (`--engine-cmd 'COMMAND'`).
//
// One request a line, `{"old": SNAPSHOT, "new": SNAPSHOT}`; one answer a line,
// `{"stages": [BATCH, ...]}` or `{"error": "why"}` (see SnapshotJSON for the
// shapes), in request order: several requests may be in flight at once
// (EngineProcess.fly). A line on stdout that is not a JSON object is
// something the engine printed: it is reported once, with its text, and
// skipped; the engine is not restarted when its answer follows (within a
// second). From then on the engine gets one request at a time, so that such
// a line is never taken for another request's answer; the flight it first
// came in is asked again, one request at a time, of a fresh process.
//
// The engine's stderr is a pipe drained by diffcheck (`ChildErrors`): it
// passes through to ours as it comes, except when it is captured
// (`capturesErrors`) and while the engine is shrunk (`keepingErrors`), where
// every candidate that traps would print its backtrace again. Either way the
// line of it that explains a death ends the failure reason, cut at 300
// characters, and the signal that killed the engine is named, whether it
// came straight or as the exit status 128 + N of the `sh -c` around it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffHarness
import ListModel

/// What an external engine did with one request.
package enum ExternalAnswer: Hashable, Sendable {
    /// The engine answered: stages, or a refusal (`{"error": ...}`).
    case output(EngineOutput)
    /// The engine exited, answered garbage or did not answer in time; the
    /// failure says which. The process has been killed and is restarted on
    /// the next request.
    case failed(EngineFailure)
}

/// A diff engine run as a separate process (`/bin/sh -c COMMAND`), started
/// on first use and kept running across requests.
///
/// Slow is never wrong. A request is allowed `timeout` (more for a case of
/// more than 20,000 items and sections: `allowedSeconds`): writes and reads
/// wait on poll(2) with a deadline. Passing it is a question, not a verdict:
/// the request is asked again alone, of a fresh process, with `hangTimeout`
/// (a small request of at most `EnginePace.smallItems` items with the
/// timeout again: no engine needs minutes for it). An answer then is a
/// *slow answer* (`takeSlowAnswers()`): judged like any other, never a
/// failure; only no answer is a hang. A request with at least the items and
/// the changes of one that took more than half its allowed time is sent
/// alone with `hangTimeout` at once (`EnginePace`), and the same request
/// asked again right after a slow answer (the check of `deterministic`) is
/// not sent: it would cost as long again. When the process fails (exits,
/// prints garbage, does not answer in time) it is killed with its whole
/// process group, reaped, and started again for the next request. A process that closes its
/// output before answering anything of a request, after it has answered an
/// earlier one (it quit between requests) or with a later request already
/// written (it may have died of that one): the request is sent once more,
/// alone, to a fresh process (an input that crashes the engine crashes the
/// fresh one too, and fails).
///
/// `run(pairs:)` and `diff(pairs:)` keep several requests in flight
/// (answers come back in request order); calls are serialized: the engine
/// is one process.
public final class ExternalEngine: DiffEngine, @unchecked Sendable {
    public let name = EngineKind.external.name
    /// The command, run with `/bin/sh -c`.
    public let command: String
    /// Seconds a request may take before it is asked again alone.
    public let timeout: Double
    /// Seconds a request that passed `timeout` may take when asked again
    /// alone of a fresh process (or sent alone as known slow) before it is a hang.
    public let hangTimeout: Double
    /// The hang deadline when none is given (`--hang-timeout`): ten
    /// minutes, which a correct O(n²) engine compiled in release meets on
    /// the largest case the size schedule sends (70,000 old items).
    public static let defaultHangTimeout = 600.0
    public let isFlatOnly: Bool
    /// The most resident memory the engine's process tree may hold while
    /// it owes an answer, in bytes (`--rss-limit-mb`); nil: no limit. An
    /// engine past it is stopped, and the request is not judged: a fact
    /// about the engine's memory, never a `no-crash` failure.
    package let memoryLimitBytes: Int?
    /// The most CPU the engine's process tree may use on one request, in
    /// seconds (`--max-cpu-per-case`); nil: no limit. A request it is read
    /// to pass (while owed, or at its answer) fails `max-cpu`: the engine
    /// is stopped there, so a check of a slow engine costs at most this
    /// much CPU a case. Each fresh process is first asked `EngineProbe.pair`
    /// with no limit, so its start-up is counted in no case.
    package let cpuLimitSeconds: Double?
    /// The properties checked: those the engine claims (`--claims`, or its
    /// declaration), with `deterministic` and `no-crash` always, and
    /// `max-cpu` with a CPU limit.
    public let claims: Set<PropertyName>
    /// What an external engine claims when it does not say.
    package static let defaultClaims: Set<PropertyName> = [.valid, .reachesTarget, .fresh, .deterministic, .noCrash]
    /// Whether the engine's stderr is always kept from ours (else it is
    /// kept only inside `keepingErrors`). Either way the line of it that
    /// explains a death ends the failure's reason (`Fatal error: …` for a
    /// Swift trap).
    package let capturesErrors: Bool
    /// Where the engine's stderr goes, for every process of it.
    private let errorOutput: EngineErrors
    public var summary: String { "external engine `\(command)`" }

    private let lock = NSLock()
    /// The running process; guarded by `lock`.
    private var process: EngineProcess?
    /// Whether a line that is not an answer was reported; guarded by `lock`.
    private var hasReportedStrayLine = false
    /// Whether the engine printed such a line: it then gets one request at a
    /// time, so that a line it prints can never be taken for the answer to
    /// the next request; guarded by `lock`.
    private var printsStrayLines = false
    /// The engine's measured answer times (CPU seconds) by size: what a
    /// request it dominates may take (`limits(size:allowed:)`); guarded by `lock`.
    private var pace = EnginePace()
    /// The answer time of the last request answered by a process that had
    /// answered before (what the pace records), or nil when the last answer
    /// was a process's first (its start-up counted in it) or none came;
    /// guarded by `lock`.
    private var lastPacedSeconds: Double?
    /// Whether a slow answer was reported on stderr; guarded by `lock`.
    private var hasReportedSlowAnswer = false
    /// The largest resident memory of one process tree of the engine read,
    /// in bytes (`peakMemory`); guarded by `lock`.
    private var peakResidentBytes = 0
    /// When the engine's high-water mark was last read (a monotonic
    /// uptime in nanoseconds); guarded by `lock`.
    private var lastHighWaterReading: UInt64 = 0
    /// The measurements not yet taken (`takeMeasurements`); guarded by `lock`.
    private var untakenMeasurements: [EnginePace.Measurement] = []
    /// The slow answers not yet taken (`takeSlowAnswers`); guarded by `lock`.
    private var slowAnswers: [SlowAnswer] = []
    /// The pathologically slow answers not yet taken (`takePathologicalAnswers`), at most
    /// `EnginePace.keptMeasurements`; guarded by `lock`.
    private var pathologicalAnswers: [SlowAnswer] = []
    /// The request whose answer was slow, until the next request is sent:
    /// the same request right after it is not sent again; guarded by `lock`.
    private var lastSlowRequest: (old: Snapshot, new: Snapshot, seconds: Double)?
    /// Whether a timeout is a hang at once (while a hang is shrunk:
    /// `treatingTimeoutsAsHangs`); guarded by `lock`.
    private var timeoutsAreHangs = false
    /// Whether the same request right after a slow answer is sent again
    /// (a bench timing runs; by default it is not: `deterministic` is not
    /// checked on a slow case). Set before the engine is used.
    package var repeatsSlowRequests = false
    /// How long each request waits, before it goes out, for output the
    /// engine may still be writing after its last answer (`EngineProcess.settleSeconds`):
    /// a bench sets it, so that an engine that prints its answer twice,
    /// the copy in a write of its own, is refused rather than timed. Set
    /// before the engine is used.
    package var settleSeconds = 0.0
    /// The idle time a fresh process's first request may take, at least,
    /// for its start-up (`EngineProcess.firstAnswerIdleSeconds`): the
    /// start-up's allowance until a process of this engine sat idle past it
    /// on its first request without answering; then none (the engine does
    /// not answer however long it is given to start, and each fresh
    /// process, a shrink's too, would wait that long again).
    private var startupIdleSeconds = EngineProcess.startupIdleSeconds

    /// Where the engine's events go (a stray line, the first slow answer);
    /// nil: a line on stderr each, `diffcheck: ` and the event's message.
    /// Set before the engine is used.
    package var onEvent: (@Sendable (EngineEvent) -> Void)?

    /// Hands `event` to `onEvent`, or writes it on stderr.
    private func reportEvent(_ event: EngineEvent) {
        if let onEvent { return onEvent(event) }
        FileHandle.standardError.write(Data(("diffcheck: " + event.message + "\n").utf8))
    }

    /// Called with the seconds the engine may now take before it is given
    /// longer than the timeout on a request (asked again alone, or sent
    /// alone with the hang deadline), from the calling thread: the worker
    /// tells its supervisor, whose deadline for the case starts again with
    /// that much more.
    nonisolated(unsafe) package static var retryObserver: ((Double) -> Void)?

    /// The engine behind `command`, started on first use; `claims` nil: `defaultClaims`.
    public init(command: String, timeout: Double = 10, isFlatOnly: Bool = false, claims: Set<PropertyName>? = nil,
                capturesErrors: Bool = false, hangTimeout: Double = ExternalEngine.defaultHangTimeout,
                memoryLimitBytes: Int? = nil, cpuLimitSeconds: Double? = nil) {
        self.memoryLimitBytes = memoryLimitBytes.map { max($0, 1) }
        let cpuLimit = cpuLimitSeconds.flatMap { $0.isNaN ? nil : min(max($0, EngineProcess.readingInterval), 1_000_000) }
        self.cpuLimitSeconds = cpuLimit
        self.command = command
        self.claims = (claims ?? ExternalEngine.defaultClaims).union(cpuLimit == nil ? [.deterministic, .noCrash]
                                                                      : [.deterministic, .noCrash, .maxCPU])
        self.capturesErrors = capturesErrors
        errorOutput = EngineErrors(isAlwaysKept: capturesErrors)
        self.timeout = timeout.isNaN ? 10 : min(max(timeout, 0), 1_000_000)
        self.hangTimeout = hangTimeout.isNaN ? ExternalEngine.defaultHangTimeout : min(max(hangTimeout, self.timeout), 1_000_000)
        self.isFlatOnly = isFlatOnly
    }

    deinit {
        process?.stop()
    }

    /// The answer time of the last request `run(old:new:)` or `diff(old:new:)`
    /// got an answer to, as the engine's pace measures it (`EnginePace`):
    /// from when the engine could start on the request to its answer; nil
    /// when that answer was a fresh process's first (its start-up is in
    /// it) or the request got no answer.
    package var lastAnswerSeconds: Double? {
        lock.lock()
        defer { lock.unlock() }
        return lastPacedSeconds
    }

    /// The largest resident memory of one process of the engine and its
    /// children read so far, in bytes: its high-water mark (read at most
    /// every `highWaterInterval` seconds, and when the process is stopped)
    /// and its resident memory while an answer was late; 0 before any.
    package var peakMemory: Int {
        lock.lock()
        defer { lock.unlock() }
        return peakResidentBytes
    }

    /// The measurements the pace took since the last call, for another
    /// process's pace (`EnginePace.record(_:)`): those of at least
    /// `EnginePace.fittedItems` items whose CPU was read (answers that
    /// took `EngineProcess.earlyReading` or more) and each answer larger
    /// than every one before; at most `EnginePace.keptMeasurements` between
    /// two calls.
    package func takeMeasurements() -> [EnginePace.Measurement] {
        lock.lock()
        defer { lock.unlock() }
        defer { untakenMeasurements.removeAll() }
        return untakenMeasurements
    }

    /// Seconds between two readings of a running engine's high-water mark.
    static let highWaterInterval = 1.0

    /// Reads the high-water mark of `running`'s process tree into
    /// `peakResidentBytes`, if `highWaterInterval` has passed since the
    /// last reading (`always`: whatever the time); with `lock` held.
    private func readHighWater(_ running: EngineProcess, always: Bool = false) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard always || now &- lastHighWaterReading >= UInt64(ExternalEngine.highWaterInterval * 1e9) else { return }
        lastHighWaterReading = now
        if let bytes = ProcessTreeUsage.peakResidentBytes(root: running.pid) {
            peakResidentBytes = max(peakResidentBytes, bytes)
        }
    }

    /// The engine's measured answer times, each with its request's size
    /// and change (`EnginePace`).
    package var measuredPace: EnginePace {
        lock.lock()
        defer { lock.unlock() }
        return pace
    }

    /// Asks the engine; a failure becomes `.failure`.
    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        run(pairs: [(old, new)])[0].output
    }

    /// Asks the engine about the pairs, several requests in flight at once,
    /// up to the first answer `isLast` accepts; a failure becomes
    /// `.failure`. Exactly what `diff(old:new:)` would answer for each pair
    /// in turn (see `run(pairs:until:)`).
    public func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput] {
        run(pairs: pairs, until: { isLast($0, $1.output) }).map(\.output)
    }

    /// Sends one request and reads the answer, starting the process if needed.
    package func run(old: Snapshot, new: Snapshot) -> ExternalAnswer {
        run(pairs: [(old, new)])[0]
    }

    /// Asks the engine about the pairs in order, starting the process if
    /// needed, up to and including the first pair whose answer `isLast(n,
    /// answer)` accepts (all of them by default). Up to
    /// `EngineProcess.maximumInFlight` requests are written ahead of the
    /// oldest unanswered one, and answers are read while requests are
    /// written.
    ///
    /// The answers are those of `run(old:new:)` on each pair in turn, for an
    /// engine that answers each request alone (whatever it was sent
    /// before): each request has its own deadline (`allowedSeconds`, counted
    /// from when the engine could start on it), and the request being
    /// answered when the engine hangs or answers garbage is the one that
    /// fails. The process is then killed, and the requests after it go to a
    /// fresh process. When the engine closes its output before answering a
    /// request, it may have quit between requests or died of a later
    /// request already written: every request it had been sent and not
    /// answered is sent again, one at a time, to a fresh process, and fails
    /// only if it fails there. A process left with unanswered requests when
    /// `isLast` stops is killed.
    package func run(pairs: [(old: Snapshot, new: Snapshot)],
                    until isLast: (Int, ExternalAnswer) -> Bool = { _, _ in false }) -> [ExternalAnswer] {
        lock.lock()
        defer { lock.unlock() }
        lastPacedSeconds = nil
        return runLocked(pairs: pairs, judgesTimeouts: true, until: isLast)
    }

    /// `run(pairs:until:)` with `lock` held. With `judgesTimeouts`, an
    /// answer past the timeout is kept as a slow answer and the worker's
    /// supervisor hears of a flight's longer limits (`retryObserver`).
    private func runLocked(pairs: [(old: Snapshot, new: Snapshot)], judgesTimeouts: Bool,
                           until isLast: (Int, ExternalAnswer) -> Bool) -> [ExternalAnswer] {
        let sizes = pairs.map(ExternalEngine.size)
        /// The CPU seconds request n may take before its answer is slow: the timeout, and more for a long request.
        func allowed(_ n: Int) -> Double { allowedSeconds(pairs[n]) }
        /// What request n may take, and why (`limits(size:allowed:)`).
        func limits(for n: Int) -> (index: Int, limits: TimeLimits, why: String) {
            let chosen = self.limits(size: sizes[n], allowed: allowed(n))
            return (n, chosen.limits, chosen.why)
        }
        var answers: [ExternalAnswer] = []
        answers.reserveCapacity(pairs.count)
        var isDone = false
        /// Keeps an answer; whether it is the last one wanted.
        func add(_ answer: ExternalAnswer) -> Bool {
            answers.append(answer)
            isDone = answers.count == pairs.count || isLast(answers.count - 1, answer)
            return isDone
        }
        // After the process closed its output with requests unanswered, those
        // requests (up to this index) are sent one at a time, as they would
        // have been without pipelining: any of them may have killed it.
        var aloneThrough = -1
        // A process that closed its output with a request owed (it died of a signal or a nonzero status,
        // or closed its stdout and lives on), after answering others or with others sent: the request it
        // owed, the last one it had been sent, and why it ended. When every one of them answers alone,
        // the fault depends on what the process was asked before: it is still the owed request's
        // failure, never dropped.
        var unconfirmedCrash: (owed: Int, through: Int, answeredBefore: Int, reason: String)?
        func settleCrash() {
            guard let crash = unconfirmedCrash, answers.count > crash.through else { return }
            unconfirmedCrash = nil
            guard answers[crash.owed...crash.through].allSatisfy({ !$0.output.isFailure }) else { return }
            answers[crash.owed] = .failed(EngineFailure(crash.reason + ExternalEngine.historyDependentCrash(
                answeredBefore: crash.answeredBefore, askedAgain: crash.through - crash.owed + 1)))
        }
        while !isDone && answers.count < pairs.count {
            settleCrash()
            let first = answers.count
            if judgesTimeouts, !repeatsSlowRequests, let slow = lastSlowRequest {
                lastSlowRequest = nil
                // The check of `deterministic` asks again at once: a slow answer would cost as long again.
                if slow.old == pairs[first].old && slow.new == pairs[first].new {
                    _ = add(.failed(EngineFailure("the same request again right after its answer took \(EnginePace.seconds(slow.seconds)) "
                        + "(past the timeout): not sent again, so deterministic is not checked on this slow case", isTooSlow: true)))
                    continue
                }
            }
            let running: EngineProcess
            switch startedProcess() {
            case .success(let process): running = process
            case .failure(let failure):
                _ = add(.failed(EngineFailure(failure.reason)))
                continue
            }
            var count = first <= aloneThrough || printsStrayLines ? 1 : pairs.count - first
            // A long request asked again at once (the check of `deterministic`) starts a flight of its own, so
            // that it is not sent when its first answer was slow (it would cost as long again).
            if judgesTimeouts && !repeatsSlowRequests, count > 1,
               let again = ((first + 1)..<(first + count)).first(where: { n in
                   sizes[n].items > EnginePace.smallItems && pairs[n].old == pairs[n - 1].old && pairs[n].new == pairs[n - 1].new
               }) {
                count = again - first
            }
            // The worker's supervisor gives the flight as long as its requests may take, when that is more than a case's.
            let flightLimits = (first..<(first + count)).map { limits(for: $0) }
            var longer = flightLimits.reduce(0.0) { $0 + ($1.limits.cpu > allowed($1.index) ? $1.limits.cpu + $1.limits.idle : 0) }
            // So does a fresh process's start-up.
            let startup = running.answered == 0 ? max(running.firstAnswerIdleSeconds - flightLimits[0].limits.idle, 0) : 0
            longer += startup
            if judgesTimeouts && longer > 0 { ExternalEngine.retryObserver?(longer + 10) }
            var refusal: EngineFailure?
            // The last line skipped as not an answer, and whether one came with later requests in flight.
            var strayLine: [UInt8]?
            var isStrayAmbiguous = false
            let end = running.fly(
                count: count,
                encode: { n, bytes in SnapshotJSON.appendRequest(old: pairs[first + n].old, new: pairs[first + n].new, to: &bytes) },
                limits: { n in flightLimits[n].limits },
                // A request that may dominate a pathologically slow one has its CPU read, not its wall.
                readsEarly: { n in sizes[first + n].items >= EnginePace.fittedItems },
                skips: { line in
                    guard ExternalEngine.isStrayLine(line) else { return false }
                    self.reportStrayLine(line)
                    self.printsStrayLines = true
                    // With several requests in flight the line may stand for an answer: the
                    // lines after it could be the next requests' answers. Stop, and ask again alone.
                    guard count == 1 else { isStrayAmbiguous = true; return false }
                    strayLine = line
                    return true
                },
                accept: { n, line in
                    if isStrayAmbiguous { return false }
                    switch SnapshotJSON.answer(fromJSON: line) {
                    case .success(let output):
                        // A process's first answer also took its start-up (an interpreter, a runtime): not the engine's pace.
                        let cpu = running.lastAnswerCPUSeconds
                        self.lastPacedSeconds = running.answered > 1 ? cpu : nil
                        if running.answered > 1 {
                            let measured = EnginePace.Measurement(items: sizes[first + n].items, changes: sizes[first + n].changes,
                                                                  seconds: cpu)
                            let isLargest = self.pace.largestAnswered.map { measured.items > $0.items } ?? true
                            self.notePathological(pairs[first + n], size: sizes[first + n],
                                                  cpuSeconds: running.lastAnswerMeasuredCPUSeconds)
                            self.pace.record(measured)
                            // Only an answer whose process tree was read has its CPU measured (the rest: wall time).
                            // Bounded as the pace is, for an owner that never takes them (`takeMeasurements`).
                            if untakenMeasurements.count < EnginePace.keptMeasurements,
                               isLargest || (measured.items >= EnginePace.fittedItems && running.lastAnswerClock != nil) {
                                self.untakenMeasurements.append(measured)
                            }
                        }
                        self.peakResidentBytes = max(self.peakResidentBytes, running.peakResidentBytes)
                        if let limit = self.cpuLimitSeconds, running.lastAnswerMeasuredCPUSeconds > limit {
                            return !add(.failed(ExternalEngine.overCPU(running.lastAnswerMeasuredCPUSeconds, limit: limit,
                                                                       size: sizes[first + n], answered: true)))
                        }
                        if judgesTimeouts, cpu > allowed(first + n) {
                            self.noteSlowAnswer(pairs[first + n], size: sizes[first + n], cpuSeconds: cpu,
                                                clock: running.lastAnswerClock, because: flightLimits[n].why)
                        }
                        return !add(.output(output))
                    case .failure(let error):
                        refusal = EngineFailure(error.message)
                        return false
                    }
                })
            readHighWater(running)
            if isDone {
                // Stopped by `isLast`: later requests already written would be answered to the next call.
                if end.wroteBeyond { stopProcess() }
                break
            }
            if end.answered == count { continue }
            if isStrayAmbiguous {
                // The requests from the one the line came for are asked again, one at a time, of a fresh process.
                stopProcess()
                continue
            }
            let failingIndex = first + end.answered
            let allowed = allowed(failingIndex)
            let failure: EngineFailure
            switch end.failure {
            case nil:
                failure = refusal ?? EngineFailure("engine answer refused")
            case .noAnswerAfterStrayLine?:
                // It printed instead of answering: the line is its answer, and garbage.
                if case .failure(let error) = SnapshotJSON.answer(fromJSON: strayLine ?? []) {
                    failure = EngineFailure(error.message)
                } else {
                    failure = EngineFailure("engine answered garbage")
                }
            case .timedOut(let verdict)?:
                if running.answered == 0 && verdict.clock == .idle && startup > 0 {
                    startupIdleSeconds = 0
                }
                stopProcess()
                _ = add(.failed(judged(verdict, size: sizes[failingIndex], why: flightLimits[end.answered].why)))
                continue
            case .tooLong?:
                // A limit of diffcheck's (its memory), not a fault of the engine: the case is not judged.
                stopProcess()
                _ = add(.failed(EngineFailure(
                    "the engine's answer to a request of \(sizes[failingIndex].summary) is longer than "
                    + "\(EngineProcess.maximumLine / 1_048_576) MiB, diffcheck's limit on one answer line (it keeps diffcheck's "
                    + "memory bounded): not judged, a limit of diffcheck's and not a fault of the engine", isTooSlow: true)))
                continue
            case .overMemory(let held)?:
                stopProcess()
                _ = add(.failed(ExternalEngine.overMemory(held, limit: memoryLimitBytes ?? 0, size: sizes[failingIndex])))
                continue
            case .overCPU(let used)?:
                stopProcess()
                _ = add(.failed(ExternalEngine.overCPU(used, limit: cpuLimitSeconds ?? 0, size: sizes[failingIndex], answered: false)))
                continue
            case .system(let what)?, .brokeProtocol(let what)?:
                failure = EngineFailure(what)
            case .closed(let hasPartialAnswer)?:
                let reason = running.exitReason(deadline: DispatchTime.now().uptimeNanoseconds + UInt64(allowed * 1e9))
                // A process that answered before (or was sent more) is asked again; a fresh one sent one request is not.
                if !hasPartialAnswer && (running.answered > 0 || end.wroteBeyond) {
                    // Exiting with status 0 between requests is the engine's own choice (it is restarted).
                    if unconfirmedCrash == nil && (running.diedAbnormally || !running.hasExited()) {
                        unconfirmedCrash = (failingIndex, first + end.written - 1, running.answered, reason)
                    }
                    stopProcess()
                    aloneThrough = max(aloneThrough, first + end.written - 1)
                    continue
                }
                failure = EngineFailure(reason)
            }
            stopProcess()
            _ = add(.failed(failure))
        }
        settleCrash()
        return answers
    }

    /// What a crash that did not come back alone adds to how the process
    /// died: "; it had answered 10 requests since it started, and this
    /// one (and the 2 sent after it) answered when asked again alone of a
    /// fresh process: a crash that depends on what the process was asked
    /// before".
    static func historyDependentCrash(answeredBefore: Int, askedAgain: Int) -> String {
        let later = askedAgain > 1 ? " (and the \(askedAgain - 1) sent after it)" : ""
        return " on this request, after answering \(answeredBefore) request\(answeredBefore == 1 ? "" : "s") since it started; "
            + "this one\(later) answered when asked again alone of a fresh process: a crash that depends on what "
            + "the process was asked before"
    }

    // MARK: Slow is never wrong

    /// A slow answer: a request answered after its timeout, when asked
    /// again alone (or sent alone as known slow) within the hang deadline.
    /// Judged like any other answer; never a failure.
    package struct SlowAnswer: Sendable, Hashable {
        /// Items and sections of the request's old and new snapshots.
        package var oldItems: Int, newItems: Int, oldSections: Int, newSections: Int
        /// Deletes, inserts and moves the core finds for the request (`CoreEngine.changeCount`).
        package var changes: Int?
        /// Seconds the answer took, alone, in a fresh process (a
        /// pathologically slow answer: the CPU its readings show).
        package var seconds: Double
        /// For a pathologically slow answer (`takePathologicalAnswers`), the
        /// quickest answered request with at least its items and changes.
        package var dominator: EnginePace.Measurement?

        /// Whether this is the answer to a request of `old` and `new` (by
        /// their items and sections: how a worker finds the case it was).
        package func isAnswer(old: Snapshot, new: Snapshot) -> Bool {
            (oldItems, newItems, oldSections, newSections) == (old.itemCount, new.itemCount, old.sections.count, new.sections.count)
        }
    }

    /// The slow answers since the last call, oldest first.
    package func takeSlowAnswers() -> [SlowAnswer] {
        lock.lock()
        defer { lock.unlock() }
        defer { slowAnswers.removeAll() }
        return slowAnswers
    }

    /// The pathologically slow answers since the last call, oldest first:
    /// each used, by its readings, at least `pathologicalFloor` seconds of
    /// CPU and `dominatedFactor` times the time of a request already
    /// answered with at least its items and its changes (its `dominator`).
    /// An engine whose time grows with both takes no longer on a smaller
    /// request, so such an answer is a performance finding: a shape the
    /// engine is slow on, whatever the machine (the larger request's time
    /// can only be overstated by the load, never understated).
    package func takePathologicalAnswers() -> [SlowAnswer] {
        lock.lock()
        defer { lock.unlock() }
        defer { pathologicalAnswers.removeAll() }
        return pathologicalAnswers
    }

    /// The fewest CPU seconds a pathologically slow answer takes: below it,
    /// a hundred times a quick answer is a pause of the engine's runtime
    /// (a collection, a compilation) as often as a slow shape.
    package static let pathologicalFloor = 0.5

    /// Runs `body` (the shrink of a hang) with every timeout a hang at once:
    /// each candidate that passes the timeout would otherwise wait for the
    /// hang deadline. Confirm the case kept with `confirmsHang(old:new:)`.
    package func treatingTimeoutsAsHangs<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        let was = timeoutsAreHangs
        timeoutsAreHangs = true
        lock.unlock()
        defer {
            lock.lock()
            timeoutsAreHangs = was
            lock.unlock()
        }
        return try body()
    }

    /// Whether the engine, asked `old` → `new` alone of a fresh process
    /// (after the trivial request that takes its start-up; a hang on that
    /// one is the engine's on every request), hangs by the
    /// rules of `limits(for:)`: it passes its CPU limit or sits idle past
    /// `idleSeconds` without answering. An answer is a slow answer
    /// (`takeSlowAnswers`) when it took longer than the timeout.
    package func confirmsHang(old: Snapshot, new: Snapshot) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        stopProcess()
        let answers = runLocked(pairs: [EngineProbe.pair, (old, new)], judgesTimeouts: true,
                                until: { n, answer in n == 0 && answer.output.isFailure })
        stopProcess()
        // An engine that hangs on the trivial request hangs on every request.
        return answers.last?.output.isHang ?? false
    }

    // MARK: The time a request may take

    /// How many times the CPU of a larger request already answered a
    /// request may use before it is a hang (or a pathologically slow case).
    package static let dominatedFactor = 100.0
    /// `dominatedFactor` times the time `larger` took, counted up by the
    /// CPU readings' resolution (`ProcessRow.cpuResolutionSeconds`): a
    /// quick answer read as no CPU at all took up to that.
    static func dominatedSeconds(_ larger: EnginePace.Measurement) -> Double {
        dominatedFactor * (larger.seconds + ProcessRow.cpuResolutionSeconds)
    }
    /// The fewest CPU seconds the dominated rule allows a request (the
    /// timeout's, if more): below it, times are the machine's noise.
    package static let dominatedFloor = 5.0

    /// The seconds a request may sit idle, neither running nor waiting for
    /// a processor, before it is a hang: the timeout. A diff engine waits
    /// for nothing; idle with a request unanswered is blocked.
    package var idleSeconds: Double { timeout }

    /// The limits of a request of `size` (`allowed`: the timeout, with its
    /// time for a long request), and why. Its CPU limit:
    ///   - the timeout, for a small request (`EnginePace.smallItems`), a
    ///     request at the size of one that hung before, and every request
    ///     while a hang is shrunk (`treatingTimeoutsAsHangs`);
    ///   - `dominatedFactor` times the CPU of the quickest answered request
    ///     with at least its items and its changes (at least
    ///     `dominatedFloor`, at most the hang deadline);
    ///   - else the hang deadline, `hangTimeout`, with its time for a long
    ///     request: nothing measured says how long it may take.
    /// Its idle limit is `idleSeconds`. Passing the timeout in CPU without
    /// passing the limit makes an answer a slow answer, never a failure.
    func limits(size: EnginePace.Measurement, allowed: Double) -> (limits: TimeLimits, why: String) {
        let idle = idleSeconds
        if timeoutsAreHangs { return (TimeLimits(cpu: allowed, idle: idle), "while a hang is shrunk, the timeout") }
        if size.items <= EnginePace.smallItems {
            return (TimeLimits(cpu: allowed, idle: idle), "--timeout: a request of at most \(quantity(EnginePace.smallItems, "item"))")
        }
        if let hungFrom = pace.hungFrom, size.items >= hungFrom {
            return (TimeLimits(cpu: allowed, idle: idle), "--timeout: a request of \(quantity(hungFrom, "item")) hung before")
        }
        let hang = ExternalEngine.allowedSeconds(hangTimeout, items: size.items)
        if let larger = pace.quickestDominating(size) {
            let cpu = min(hang, max(allowed, ExternalEngine.dominatedFloor, ExternalEngine.dominatedSeconds(larger)))
            return (TimeLimits(cpu: cpu, idle: idle), "\(Int(ExternalEngine.dominatedFactor)) times the "
                    + "\(EnginePace.seconds(larger.seconds)) of CPU it took on a larger request of \(larger.summary)")
        }
        return (TimeLimits(cpu: max(hang, allowed), idle: idle), "the hang deadline, --hang-timeout")
    }

    /// The failure a request of `size` gets for `verdict`, whose limit was
    /// set `why`: a hang by the CPU or the idle clock; not judged by the
    /// wall clock's backstop (the machine held the engine up: it got no
    /// processor long enough to use its CPU limit).
    private func judged(_ verdict: TimeVerdict, size: EnginePace.Measurement, why: String) -> EngineFailure {
        switch verdict.clock {
        case .cpu:
            pace.noteHung(items: size.items)
            return EngineFailure("engine did not answer within \(verdict.clock.amount(verdict.limit)) on a request of "
                + "\(size.summary) (\(why); \(TimeVerdict.usage(cpu: verdict.cpuSeconds, idle: verdict.idleSeconds, wall: verdict.wallSeconds)))"
                + "; for comparison, " + pace.growthDescription, isHang: true)
        case .idle:
            pace.noteHung(items: size.items)
            return EngineFailure("engine did not answer within \(ExternalEngine.seconds(verdict.limit)) idle on a request of "
                + "\(size.summary): it sat neither running nor waiting for a processor (blocked: a diff "
                + "engine waits for nothing; \(TimeVerdict.usage(cpu: verdict.cpuSeconds, idle: verdict.idleSeconds, wall: verdict.wallSeconds)))",
                isHang: true)
        case .wall:
            return EngineFailure("engine did not answer a request of \(size.summary) within \(verdict.clock.amount(verdict.limit)), "
                + "the backstop, having \(TimeVerdict.usage(cpu: verdict.cpuSeconds, idle: verdict.idleSeconds, wall: verdict.wallSeconds)): "
                + "the machine's load held it up; not judged", isTooSlow: true)
        }
    }

    /// The failure of a request on which the engine's processes held `held`
    /// bytes, past `limit`: not judged, and said to be the engine's memory.
    static func overMemory(_ held: Int, limit: Int, size: EnginePace.Measurement) -> EngineFailure {
        EngineFailure("the engine's processes held \(EngineScaling.bytes(held)) of resident memory on a request of \(size.summary), "
            + "past its limit of \(EngineScaling.bytes(limit)) (--rss-limit-mb): stopped, and the case not judged (the engine's "
            + "memory, not a crash)", isTooSlow: true)
    }

    /// The failure of a request on which the engine's processes were read
    /// to use `used` CPU seconds, past `limit`: a `max-cpu` failure, the
    /// engine stopped there unless it had `answered`.
    static func overCPU(_ used: Double, limit: Double, size: EnginePace.Measurement, answered: Bool) -> EngineFailure {
        EngineFailure("the engine used more than its CPU limit of \(EnginePace.seconds(limit)) (--max-cpu-per-case) on a request of "
            + "\(size.summary): " + (answered ? "its answer took \(EnginePace.seconds(used)) of CPU"
                                             : "stopped after \(EnginePace.seconds(used)) of CPU without answering"),
                      isOverCPULimit: true)
    }

    /// Keeps a pathologically slow answer (`takePathologicalAnswers`): one
    /// whose readings show `cpuSeconds` of CPU, at least `pathologicalFloor`
    /// and `dominatedFactor` times a larger request's answer (its time an
    /// upper bound: the readings' CPU and their resolution, or its wall
    /// time when it came before a reading; requests of `fittedItems` or
    /// more are read from `earlyReading` on, so that the wall of a loaded
    /// machine does not time them); its dominator is the quickest such.
    private func notePathological(_ pair: (old: Snapshot, new: Snapshot), size: EnginePace.Measurement, cpuSeconds: Double) {
        guard cpuSeconds >= ExternalEngine.pathologicalFloor, pathologicalAnswers.count < EnginePace.keptMeasurements,
              let larger = pace.quickestDominating(size),
              cpuSeconds >= ExternalEngine.dominatedSeconds(larger) else { return }
        pathologicalAnswers.append(SlowAnswer(oldItems: pair.old.itemCount, newItems: pair.new.itemCount,
                                              oldSections: pair.old.sections.count, newSections: pair.new.sections.count,
                                              changes: size.changes, seconds: cpuSeconds, dominator: larger))
    }

    /// Keeps a slow answer: one that used more CPU than the timeout allows,
    /// within its limit. Judged like any other; reported once on stderr.
    private func noteSlowAnswer(_ pair: (old: Snapshot, new: Snapshot), size: EnginePace.Measurement, cpuSeconds: Double,
                                clock: EngineClock?, because why: String) {
        slowAnswers.append(SlowAnswer(oldItems: pair.old.itemCount, newItems: pair.new.itemCount,
                                      oldSections: pair.old.sections.count, newSections: pair.new.sections.count,
                                      changes: size.changes, seconds: cpuSeconds))
        lastSlowRequest = (pair.old, pair.new, cpuSeconds)
        guard !hasReportedSlowAnswer else { return }
        hasReportedSlowAnswer = true
        let used = clock.map { " (" + $0.usage + ")" } ?? ""
        reportEvent(.slowAnswer("a request of \(size.summary) used \(EnginePace.seconds(cpuSeconds)) of CPU\(used), past "
            + "--timeout and within its limit (\(why)): a slow case, judged like any other, not a failure (the report "
            + "lists slow cases; later ones are not reported here)"))
    }

    /// A request's size as the pace keeps it: its items (old and new
    /// together) and, from `EnginePace.fittedItems` items, its changes
    /// (`CoreEngine.changeCount`); no time yet.
    static func size(_ pair: (old: Snapshot, new: Snapshot)) -> EnginePace.Measurement {
        let items = ExternalEngine.items(pair)
        let changes = items >= EnginePace.fittedItems ? CoreEngine().changeCount(old: pair.old, new: pair.new) : nil
        return EnginePace.Measurement(items: items, changes: changes, seconds: 0)
    }

    /// Items in a request, old and new together.
    static func items(_ pair: (old: Snapshot, new: Snapshot)) -> Int {
        pair.old.itemCount + pair.new.itemCount
    }

    /// Seconds as the reports show a timeout: whole, or to a tenth.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// Whether an output line is not an answer at all, but something the
    /// engine printed (a log line, a debug `print`): blank, or not a JSON
    /// object. It is skipped, and the answer is still awaited. A line that
    /// is an object but no answer (`{"stages": 3}`) is a wrong answer.
    package static func isStrayLine(_ line: [UInt8]) -> Bool {
        guard let first = line.first(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return true }
        return first != UInt8(ascii: "{")
    }

    /// Says once, on stderr, with its text, that the engine printed a line
    /// that is not an answer (later ones are skipped without a word).
    private func reportStrayLine(_ line: [UInt8]) {
        guard !hasReportedStrayLine else { return }
        hasReportedStrayLine = true
        let text = ExternalEngine.excerpt(line)
        reportEvent(.strayLine("the engine printed a line on stdout that is not an answer (skipped; later ones are skipped "
            + "without a word): \(text)\n"
            + "  keep stdout for answers: write anything else to stderr (a Swift engine served with serveEngine(_:) does)"))
    }

    /// Runs `body` with the engine's stderr kept from ours: shrinking calls
    /// the engine hundreds of times, and would otherwise stream its prints
    /// and, for each candidate that traps, its backtrace. Engine processes
    /// started meanwhile get `SWIFT_BACKTRACE=enable=no` (see
    /// `EngineProcess.start`). At the end, when anything was kept, one note
    /// on our stderr says how many lines, with a bounded excerpt (first and
    /// last lines, each cut short) of the first engine process that died;
    /// each failure's reason still ends with the line that explains it.
    /// Scopes nest: only the outermost one writes the note.
    package func keepingErrors<T>(while activity: String = "shrinking", _ body: () throws -> T) rethrows -> T {
        errorOutput.beginKeeping()
        defer {
            // What the engine wrote while kept is kept, though the drain's thread is behind on a loaded machine.
            lock.lock()
            let running = process
            lock.unlock()
            running?.catchUpOnErrors()
            if let note = errorOutput.endKeeping(activity: activity) { FileHandle.standardError.write(Data(note.utf8)) }
        }
        return try body()
    }

    /// A line the engine printed, as reports show it: cut to 200 characters.
    static func excerpt(_ line: [UInt8]) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// Terminates the process (it is started again if the engine is used).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        process?.stop()
        process = nil
    }

    /// Items and sections a request may hold before its time grows with it.
    package static let itemsWithinTimeout = 20_000
    /// Seconds added for each item or section past `itemsWithinTimeout`:
    /// the JSON both ways, in and out of the engine (each is an object of
    /// its own in the request).
    package static let secondsPerExtraItem = 50e-6

    /// The time a request of `items` items and sections (old and new
    /// together) may take: `timeout`, plus `secondsPerExtraItem` for each
    /// past `itemsWithinTimeout`, so a large case is not taken for a hang.
    package static func allowedSeconds(_ timeout: Double, items: Int) -> Double {
        timeout + Double(max(items - itemsWithinTimeout, 0)) * secondsPerExtraItem
    }

    /// Items and sections in a request, old and new together: what its
    /// time grows with (a million empty sections are as long to send as
    /// a million items).
    static func elements(_ pair: (old: Snapshot, new: Snapshot)) -> Int {
        pair.old.itemCount + pair.new.itemCount + pair.old.sections.count + pair.new.sections.count
    }

    /// The time request `pair` may take, in seconds.
    private func allowedSeconds(_ pair: (old: Snapshot, new: Snapshot)) -> Double {
        ExternalEngine.allowedSeconds(timeout, items: ExternalEngine.elements(pair))
    }

    /// The running process, started if there is none (or it has exited).
    private func startedProcess() -> Result<EngineProcess, PipeFailure> {
        if let running = process, running.hasExited() {
            stopProcess()
        }
        if let running = process { return .success(running) }
        let started = launched()
        // With a CPU limit, a fresh process's start-up is taken by the trivial request, counted in no case. One that
        // does not answer it is started again without: its fault shows on the request itself, as without a limit.
        if case .success(let running) = started, cpuLimitSeconds != nil, !hasWarmedUp(running) {
            stopProcess()
            return launched()
        }
        return started
    }

    /// A fresh process of the engine, with its limits: the running one.
    private func launched() -> Result<EngineProcess, PipeFailure> {
        let started = EngineProcess.start(command: command, errors: errorOutput)
        if case .success(let running) = started {
            running.settleSeconds = settleSeconds
            running.memoryLimitBytes = memoryLimitBytes
            running.cpuLimitSeconds = cpuLimitSeconds
            running.firstAnswerIdleSeconds = startupIdleSeconds
            process = running
        }
        return started
    }

    /// Whether `running`, a fresh process, answered `EngineProbe.pair`
    /// asked with no CPU limit (its start-up's idle allowance and the
    /// timeout's CPU): its start-up is then behind it.
    private func hasWarmedUp(_ running: EngineProcess) -> Bool {
        let limit = running.cpuLimitSeconds
        running.cpuLimitSeconds = nil
        defer { running.cpuLimitSeconds = limit }
        let limits = TimeLimits(cpu: timeout, idle: max(idleSeconds, running.firstAnswerIdleSeconds))
        let end = running.fly(
            count: 1,
            encode: { _, bytes in SnapshotJSON.appendRequest(old: EngineProbe.pair.old, new: EngineProbe.pair.new, to: &bytes) },
            limits: { _ in limits },
            accept: { _, line in
                if case .success = SnapshotJSON.answer(fromJSON: line) { return true }
                return false
            })
        return end.answered == 1
    }

    private func stopProcess() {
        // Its high-water mark goes with it.
        if let running = process, !running.hasExited() { readHighWater(running, always: true) }
        process?.stop()
        process = nil
    }
}

extension ExternalAnswer {
    /// The answer as an engine output: a failure becomes `.failure`.
    package var output: EngineOutput {
        switch self {
        case .output(let output): return output
        case .failed(let failure): return .failure(failure)
        }
    }
}

/// Runs `body`, a shrink of a case `engine` fails, with the engine's stderr
/// kept from ours if it is an external engine (`ExternalEngine.keepingErrors`).
package func keepingEngineErrors<T>(_ engine: any DiffEngine, while activity: String = "shrinking",
                                   _ body: () throws -> T) rethrows -> T {
    guard let external = engine as? ExternalEngine else { return try body() }
    return try external.keepingErrors(while: activity, body)
}

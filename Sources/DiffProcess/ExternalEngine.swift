// ExternalEngine: a diff engine in another process, in any language, spoken
// to in JSON Lines over its stdin and stdout (`--engine-cmd 'COMMAND'`).
//
// One request a line, `{"old": SNAPSHOT, "new": SNAPSHOT}`; one answer a line,
// `{"stages": [BATCH, ...]}` or `{"error": "why"}` (see SnapshotJSON for the
// shapes), in request order: several requests may be in flight at once
// (EngineProcess.fly). The engine's stderr passes through to ours, unless it
// is captured (`capturesErrors`): then its last line is part of the failure
// reason.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffHarness
import ListModel

/// What an external engine did with one request.
public enum ExternalAnswer: Hashable, Sendable {
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
/// A request never takes much longer than `timeout` (more for a case of more
/// than 20,000 items: `allowedSeconds`): writes and reads wait on poll(2)
/// with a deadline. When the process fails (exits, prints garbage,
/// does not answer in time) it is killed with its whole process group,
/// reaped, and started again for the next request. A process that closes its
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
    public let name = "external"
    public let command: String
    /// Seconds a request may take.
    public let timeout: Double
    public let isFlatOnly: Bool
    public let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh, .deterministic, .noCrash]
    /// Whether the engine's stderr is kept from ours; its last line then
    /// ends the reason of a failure (`Fatal error: …` for a Swift trap).
    public let capturesErrors: Bool
    public var summary: String { "external engine `\(command)`" }

    private let lock = NSLock()
    /// The running process; guarded by `lock`.
    private var process: EngineProcess?

    public init(command: String, timeout: Double = 10, isFlatOnly: Bool = false, capturesErrors: Bool = false) {
        self.command = command
        self.capturesErrors = capturesErrors
        self.timeout = timeout.isNaN ? 10 : min(max(timeout, 0), 1_000_000)
        self.isFlatOnly = isFlatOnly
    }

    deinit {
        process?.stop()
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
    public func run(old: Snapshot, new: Snapshot) -> ExternalAnswer {
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
    public func run(pairs: [(old: Snapshot, new: Snapshot)],
                    until isLast: (Int, ExternalAnswer) -> Bool = { _, _ in false }) -> [ExternalAnswer] {
        lock.lock()
        defer { lock.unlock() }
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
        while !isDone && answers.count < pairs.count {
            let first = answers.count
            let running: EngineProcess
            switch startedProcess() {
            case .success(let process): running = process
            case .failure(let failure):
                _ = add(.failed(EngineFailure(failure.reason)))
                continue
            }
            let count = first <= aloneThrough ? 1 : pairs.count - first
            var refusal: EngineFailure?
            let end = running.fly(
                count: count,
                encode: { n, bytes in SnapshotJSON.appendRequest(old: pairs[first + n].old, new: pairs[first + n].new, to: &bytes) },
                allowed: { n in UInt64(self.allowedSeconds(pairs[first + n]) * 1e9) },
                accept: { _, line in
                    switch SnapshotJSON.answer(fromJSON: line) {
                    case .success(let output):
                        return !add(.output(output))
                    case .failure(let error):
                        refusal = EngineFailure(error.message)
                        return false
                    }
                })
            if isDone {
                // Stopped by `isLast`: later requests already written would be answered to the next call.
                if end.wroteBeyond { stopProcess() }
                break
            }
            if end.answered == count { continue }
            let failing = pairs[first + end.answered]
            let allowed = allowedSeconds(failing)
            let failure: EngineFailure
            switch end.failure {
            case nil:
                failure = refusal ?? EngineFailure("engine answer refused")
            case .timedOut?:
                let waited = allowed == allowed.rounded() ? "\(Int(allowed))" : "\(allowed)"
                failure = EngineFailure("engine did not answer within \(waited) s", isHang: true)
            case .tooLong?:
                failure = EngineFailure("engine answer is longer than \(EngineProcess.maximumLine / 1_048_576) MiB")
            case .system(let what)?:
                failure = EngineFailure(what)
            case .closed(let hasPartialAnswer)?:
                let reason = running.exitReason(deadline: DispatchTime.now().uptimeNanoseconds + UInt64(allowed * 1e9))
                // A process that answered before (or was sent more) is asked again; a fresh one sent one request is not.
                if !hasPartialAnswer && (running.answered > 0 || end.wroteBeyond) {
                    stopProcess()
                    aloneThrough = max(aloneThrough, first + end.written - 1)
                    continue
                }
                failure = EngineFailure(reason)
            }
            stopProcess()
            _ = add(.failed(failure))
        }
        return answers
    }

    /// Terminates the process (it is started again if the engine is used).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        process?.stop()
        process = nil
    }

    /// Items a request may hold before its time grows with it.
    public static let itemsWithinTimeout = 20_000
    /// Seconds added for each item past `itemsWithinTimeout`: the JSON
    /// both ways, in and out of the engine (a million items measured about
    /// a minute here, with the engine in a child process).
    public static let secondsPerExtraItem = 50e-6

    /// The time a request of `items` items (old and new together) may take:
    /// `timeout`, plus `secondsPerExtraItem` for each item past
    /// `itemsWithinTimeout`, so a large case is not taken for a hang.
    public static func allowedSeconds(_ timeout: Double, items: Int) -> Double {
        timeout + Double(max(items - itemsWithinTimeout, 0)) * secondsPerExtraItem
    }

    /// The time request `pair` may take, in seconds.
    private func allowedSeconds(_ pair: (old: Snapshot, new: Snapshot)) -> Double {
        ExternalEngine.allowedSeconds(timeout, items: pair.old.itemCount + pair.new.itemCount)
    }

    /// The running process, started if there is none (or it has exited).
    private func startedProcess() -> Result<EngineProcess, PipeFailure> {
        if let running = process, running.hasExited() {
            stopProcess()
        }
        if let running = process { return .success(running) }
        let started = EngineProcess.start(command: command, capturesErrors: capturesErrors)
        if case .success(let running) = started { process = running }
        return started
    }

    private func stopProcess() {
        process?.stop()
        process = nil
    }
}

extension ExternalAnswer {
    /// The answer as an engine output: a failure becomes `.failure`.
    public var output: EngineOutput {
        switch self {
        case .output(let output): return output
        case .failed(let failure): return .failure(failure)
        }
    }
}

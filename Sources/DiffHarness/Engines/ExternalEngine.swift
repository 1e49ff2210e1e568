// ExternalEngine: a diff engine in another process, in any language, spoken
// to in JSON Lines over its stdin and stdout (`--engine-cmd 'COMMAND'`).
//
// One request a line, `{"old": SNAPSHOT, "new": SNAPSHOT}`; one answer a line,
// `{"stages": [BATCH, ...]}` or `{"error": "why"}` (see SnapshotJSON for the
// shapes). The engine's stderr passes through to ours, unless it is captured
// (`capturesErrors`): then its last line is part of the failure reason.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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
/// earlier one, is taken to have quit between requests: the request is sent
/// once more to a fresh process (an input that crashes the engine crashes
/// the fresh one too, and fails).
///
/// Requests are serialized: the engine is one process.
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
        switch run(old: old, new: new) {
        case .output(let output): return output
        case .failed(let failure): return .failure(failure)
        }
    }

    /// Sends one request and reads the answer, starting the process if needed.
    public func run(old: Snapshot, new: Snapshot) -> ExternalAnswer {
        lock.lock()
        defer { lock.unlock() }
        let request = Array((SnapshotJSON.request(old: old, new: new) + "\n").utf8)
        let allowed = ExternalEngine.allowedSeconds(timeout, items: old.itemCount + new.itemCount)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(allowed * 1e9)
        var answer = exchange(request, deadline: deadline, allowed: allowed)
        if case .quitBetweenRequests = answer {
            answer = exchange(request, deadline: deadline, allowed: allowed)
        }
        switch answer {
        case .line(let line):
            switch SnapshotJSON.answer(fromJSON: line) {
            case .success(let output): return .output(output)
            case .failure(let error): return fail(EngineFailure(error.message))
            }
        case .failed(let failure), .quitBetweenRequests(let failure):
            return fail(failure)
        }
    }

    /// Terminates the process (it is started again if the engine is used).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        process?.stop()
        process = nil
    }

    private enum Exchange {
        case line([UInt8])
        case failed(EngineFailure)
        case quitBetweenRequests(EngineFailure)
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

    private func exchange(_ request: [UInt8], deadline: UInt64, allowed timeout: Double) -> Exchange {
        if let running = process, running.hasExited() {
            running.stop()
            process = nil
        }
        if process == nil {
            switch EngineProcess.start(command: command, capturesErrors: capturesErrors) {
            case .success(let started): process = started
            case .failure(let failure): return .failed(EngineFailure(failure.reason))
            }
        }
        guard let running = process else { return .failed(EngineFailure("engine process did not start")) }
        let waited = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
        let outcome = running.send(request, deadline: deadline).flatMap { running.receiveLine(deadline: deadline) }
        switch outcome {
        case .success(let line):
            running.answered += 1
            return .line(line)
        case .failure(.timedOut):
            return .failed(EngineFailure("engine did not answer within \(waited) s", isHang: true))
        case .failure(.tooLong):
            return .failed(EngineFailure("engine answer is longer than \(EngineProcess.maximumLine / 1_048_576) MiB"))
        case .failure(.closed(let hasPartialAnswer)):
            let reason = running.exitReason(deadline: deadline)
            if running.answered > 0 && !hasPartialAnswer {
                running.stop()
                process = nil
                return .quitBetweenRequests(EngineFailure(reason))
            }
            return .failed(EngineFailure(reason))
        case .failure(.system(let what)):
            return .failed(EngineFailure(what))
        }
    }

    private func fail(_ failure: EngineFailure) -> ExternalAnswer {
        process?.stop()
        process = nil
        return .failed(failure)
    }
}

/// Why talking to the process stopped.
private enum PipeFailure: Error {
    case timedOut
    case tooLong
    /// The process closed its end; whether part of an answer had arrived.
    case closed(hasPartialAnswer: Bool)
    case system(String)

    var reason: String {
        if case .system(let what) = self { return what }
        return "\(self)"
    }
}

/// One running engine process: its id (also its process group) and our ends
/// of its stdin and stdout pipes.
private final class EngineProcess {
    static let maximumLine = 64 * 1_048_576

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    /// Its stderr, when captured.
    private var errors: ErrorTail?
    private var buffer: [UInt8] = []
    private var isReaped = false
    private var isStopped = false
    private var status: Int32 = 0
    /// How many requests this process has answered.
    var answered = 0

    private init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
    }

    static func start(command: String, capturesErrors: Bool) -> Result<EngineProcess, PipeFailure> {
        switch ChildProcess.spawn(["/bin/sh", "-c", command], capturesErrors: capturesErrors) {
        case .failure(let failure):
            return .failure(.system("could not start engine: \(failure.description)"))
        case .success(let child):
            let started = EngineProcess(pid: child.pid, input: child.input, output: child.output)
            if child.errors >= 0 { started.errors = ErrorTail(draining: child.errors) }
            ProcessGroups.engineObserver?(child.pid, true)
            return .success(started)
        }
    }

    /// The line of its captured stderr that explains how it died.
    var lastErrorLine: String? {
        errors?.explanation
    }

    /// Writes all of `bytes`, waiting for room in the pipe until the deadline.
    func send(_ bytes: [UInt8], deadline: UInt64) -> Result<Void, PipeFailure> {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: if let failure = wait(for: input, events: Int16(POLLOUT), deadline: deadline) { return .failure(failure) }
            case EPIPE: return .failure(.closed(hasPartialAnswer: !buffer.isEmpty))
            default: return .failure(.system("could not write to the engine: \(EngineProcess.errorText())"))
            }
        }
        return .success(())
    }

    /// Reads up to the next line break (which is not returned).
    func receiveLine(deadline: UInt64) -> Result<[UInt8], PipeFailure> {
        var searched = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = buffer[searched...].firstIndex(of: 10) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return .success(line)
            }
            searched = buffer.count
            if buffer.count > EngineProcess.maximumLine { return .failure(.tooLong) }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 {
                return .failure(.closed(hasPartialAnswer: !buffer.isEmpty))
            } else if errno == EAGAIN {
                if let failure = wait(for: output, events: Int16(POLLIN), deadline: deadline) { return .failure(failure) }
            } else if errno != EINTR {
                return .failure(.system("could not read from the engine: \(EngineProcess.errorText())"))
            }
        }
    }

    /// Waits until `descriptor` is ready (or hung up), or the deadline passes.
    private func wait(for descriptor: Int32, events: Int16, deadline: UInt64) -> PipeFailure? {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return nil }
            if ready < 0 && errno != EINTR { return .system("could not wait for the engine: \(EngineProcess.errorText())") }
        }
    }

    /// Whether the process has already exited (reaping it if so).
    func hasExited() -> Bool {
        if isReaped { return true }
        guard let status = ChildProcess.exitStatus(pid) else { return false }
        isReaped = true
        self.status = status
        return true
    }

    /// After the process closed its output: how it ended, waiting a little
    /// (never past the deadline) for it to exit.
    func exitReason(deadline: UInt64) -> String {
        let limit = min(deadline, DispatchTime.now().uptimeNanoseconds + 1_000_000_000)
        while !hasExited() && DispatchTime.now().uptimeNanoseconds < limit {
            usleep(1_000)
        }
        let said = lastErrorLine.map { ": " + $0 } ?? ""
        guard isReaped else { return "engine process closed its output without answering" + said }
        return "engine process " + ChildProcess.describe(status) + said
    }

    /// Kills the process group and reaps the process; closes the pipes.
    func stop() {
        if input >= 0 { close(input); input = -1 }
        if output >= 0 { close(output); output = -1 }
        if !isStopped {
            isStopped = true
            // The group may hold the engine's own children even after the shell exited.
            kill(-pid, SIGKILL)
            if !isReaped { ChildProcess.stop(pid) }
            ProcessGroups.remove(pid)
            ProcessGroups.engineObserver?(pid, false)
        }
        isReaped = true
    }

    deinit { stop() }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

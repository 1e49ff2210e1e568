// ProtocolLines: how a worker process writes its `WorkerMessage`s — the
// batched `start`/`done` lines of a campaign with an in-process engine,
// every other message at once — and the rest of a worker's life beside its
// supervisor (ending when orphaned, timeouts taken for hangs while a hang
// is shrunk).
import DiffHarness
import Foundation

/// Ends this worker soon after its supervisor is gone (killed, or stopped by
/// Ctrl-C), even if an engine call never returns: a worker ignores SIGINT
/// and an isolated engine has a process group of its own.
package func exitWhenOrphaned() {
    let supervisor = getppid()
    Thread.detachNewThread {
        while getppid() == supervisor { usleep(200_000) }
        ProcessGroups.killAll()
        _exit(0)
    }
}


/// Writes one message to standard output now, after the lines queued
/// before it, so the supervisor sees it even if the worker dies right
/// after.
package func emit(_ message: WorkerMessage) {
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
package enum ProtocolLines {
    /// Whether `sendIfDue` waits for a batch (else it writes every line).
    nonisolated(unsafe) package static var isBatched = false
    /// The longest a queued line waits before a case starts.
    static let interval = Duration.milliseconds(5)
    /// The most bytes that wait.
    static let limit = 16_384
    nonisolated(unsafe) private static var queued: [UInt8] = []
    nonisolated(unsafe) private static var lastSent: ContinuousClock.Instant?
    private static let lock = NSLock()

    /// Adds `line` to the batch.
    package static func queue(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        queued += line.utf8
        queued.append(UInt8(ascii: "\n"))
    }

    /// Writes the batch when it is due (always, when not batched).
    package static func sendIfDue() {
        // The batch is read under the lock: another thread may be queueing a line (emit).
        lock.lock()
        let isDue = !isBatched || queued.count >= limit || lastSent.map { $0.duration(to: .now) >= interval } ?? true
        lock.unlock()
        if isDue { send() }
    }

    /// Writes the batch now, unbuffered.
    package static func send() {
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
package func treatingTimeoutsAsHangs<T>(_ engine: ExternalEngine?, _ body: () throws -> T) rethrows -> T {
    guard let engine else { return try body() }
    return try engine.treatingTimeoutsAsHangs(body)
}

// WorkerProcess: a `diffcheck worker` child as its supervisors see it (the
// campaign, the exhaustive run, guarded shrinking): its output lines, its
// stderr, and how it ended.
import DiffHarness
import Foundation
#if canImport(Darwin)
import MachO
#endif

/// A running worker process and what the supervisor knows of it.
///
/// The worker runs in a process group of its own; the engine processes it
/// starts (each in a group of its own) are reported on its output as
/// `engine PGID` / `engine-end PGID` lines (`handleEngineLine`), so that
/// `stop()` ends them too, even after the worker died without stopping them.
package final class Worker {
    /// Which worker it is (0 ..< jobs): its cases are those `Supervisor.workerIndex(of:)` gives it.
    package let index: Int
    /// The worker's process id (also its process group's).
    package let pid: pid_t
    /// Our end of its stdin (the supervisor's answers), or -1.
    private var input: Int32
    private var output: Int32
    /// Its stderr, kept from ours unless it runs an external engine (whose
    /// output the user wants to see); the line that explains a trap.
    var errors: ErrorTail?
    var buffer: [UInt8] = []
    /// Whether its output has ended (it exited or closed it).
    package private(set) var isAtEnd = false
    /// Engine process groups the worker started and has not stopped.
    private(set) var engineGroups: Set<pid_t> = []
    /// Its wait(2) status, once reaped.
    package private(set) var status: Int32?
    /// Whether the supervisor killed it (a hang, the end of the run).
    private(set) var wasKilled = false
    /// The out-of-memory killer's count when it started (`OutOfMemoryKills`).
    private let memoryKillsAtStart = OutOfMemoryKills.count()

    /// Starts `executable` with `arguments` as worker `index`; its stderr is kept from ours when
    /// `capturesErrors`, but for the lines that begin with `passing`.
    package init(executable: URL, arguments: [String], index: Int, capturesErrors: Bool = true, passing prefix: String? = nil) throws {
        self.index = index
        // Swift's crash backtracer can take a long time after a trap.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        switch ChildProcess.spawn([executable.path] + arguments, environment: environment,
                                  capturesErrors: capturesErrors) {
        case .failure(let error):
            throw error
        case .success(let child):
            pid = child.pid
            input = child.input
            output = child.output
            // Blocking: callers poll(2) before `readLines`, which takes a
            // failed read for the end of the output.
            _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) & ~O_NONBLOCK)
            if child.errors >= 0 { errors = ErrorTail(draining: child.errors, passing: prefix) }
        }
    }

    deinit {
        stop()
        if input >= 0 { close(input) }
        close(output)
    }

    /// The line of its stderr that explains how it died, as ": LINE", or "".
    package var lastErrorLine: String {
        errors?.explanation.map { ": " + $0 } ?? ""
    }

    /// Our read end of its output, to poll.
    package var descriptor: Int32 { output }

    /// Reads what is available; returns complete lines (engine group lines
    /// are taken here and not returned).
    package func readLines() -> [String] {
        let kept = buffer.count
        var count = 0
        // Read straight into the buffer's end. The append grows the buffer
        // geometrically: reserving kept + 65536 each time copied the whole
        // of a long line on every read (a 50 MB line, 20 GB of copies).
        buffer.append(contentsOf: repeatElement(0, count: 65536))
        count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + kept, 65536) }
        let error = errno
        buffer.removeLast(65536 - max(count, 0))
        if count < 0 && error == EINTR { return [] }
        if count <= 0 { isAtEnd = true }
        var lines: [String] = []
        var start = 0
        // Only the bytes just read can hold a new line's end.
        var scan = kept
        while let newline = buffer[scan...].firstIndex(of: 10) {
            let line = String(decoding: buffer[start..<newline], as: UTF8.self)
            start = newline + 1
            scan = start
            if !handleEngineLine(line) { lines.append(line) }
        }
        buffer.removeSubrange(..<start)
        return lines
    }

    /// Reads what is already in its output pipe, without waiting, and takes
    /// the engine lines in it (the others stay in the buffer).
    private func drainEngineLines() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0 else { return }
            let count = read(output, &chunk, chunk.count)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            var start = 0
            var kept: [UInt8] = []
            while let newline = buffer[start...].firstIndex(of: 10) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                if !handleEngineLine(line) { kept += buffer[start...newline] }
                start = newline + 1
            }
            buffer = kept + buffer[start...]
        }
    }

    /// Takes an `engineStarted` or `engineEnded` message; false for other lines.
    private func handleEngineLine(_ line: String) -> Bool {
        guard line.utf8.first == UInt8(ascii: "e") else { return false }
        switch WorkerMessage(line: line) {
        case .engineStarted(let group)?: engineGroups.insert(group)
        case .engineEnded(let group)?: engineGroups.remove(group)
        default: return false
        }
        return true
    }

    /// Sends one line to the worker (an answer to its question).
    package func send(_ line: String) {
        guard input >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { ChildProcess.writeIgnoringBrokenPipe(input, $0.baseAddress, $0.count) }
        if written != bytes.count { close(input); input = -1 }
    }

    /// Whether it has exited (reaping it if so).
    package var hasExited: Bool {
        if status != nil { return true }
        status = ChildProcess.exitStatus(pid)
        return status != nil
    }

    /// Kills it with its group and its engines' groups, and reaps it.
    package func kill() {
        if !hasExited { wasKilled = true }
        stop()
    }

    /// Ends the worker and everything it started; never waits more than a
    /// few seconds (a child that cannot be reaped is left to init).
    package func stop() {
        if status == nil {
            // Stopped first, so that it starts no engine we would not hear of;
            // then the engine lines it wrote that nobody has read yet.
            Foundation.kill(pid, SIGSTOP)
            drainEngineLines()
        }
        for group in engineGroups { Foundation.kill(-group, SIGKILL) }
        engineGroups = []
        if status == nil { status = ChildProcess.stop(pid, within: 5) ?? SIGKILL }
        ProcessGroups.remove(pid)
    }

    /// How it ended, as data (`ProcessEnd`); nil while it runs. A process
    /// diffcheck killed (`kill()`) ended past its deadline.
    package var end: ProcessEnd? {
        guard let status else { return nil }
        let memoryKilled = status & 0x7F == SIGKILL && (OutOfMemoryKills.count() ?? 0) > (memoryKillsAtStart ?? .max)
        return ProcessEnd(status: status, killedByUs: wasKilled, memoryKilled: memoryKilled)
    }

    /// Reaps it (waiting up to 10 s: its output has closed, so it is
    /// exiting, however loaded the machine), ends the engines it left
    /// behind, and says how it ended.
    package func reap() -> ProcessEnd {
        let deadline = ContinuousClock.now + .seconds(10)
        while !hasExited && ContinuousClock.now < deadline { usleep(2_000) }
        kill()
        return end ?? .pastDeadline
    }
}

/// The path of this process's executable (inside diffcheck: the `diffcheck`
/// executable, which workers and isolated engines run): `/proc/self/exe`
/// on Linux, `_NSGetExecutablePath` (<mach-o/dyld.h>) on Darwin, never
/// `argv[0]` (a relative path, or whatever the parent chose to pass).
public func ownExecutable() -> URL {
    #if canImport(Darwin)
    var size: UInt32 = 0
    _ = _NSGetExecutablePath(nil, &size)
    var path = [CChar](repeating: 0, count: Int(size) + 1)
    if _NSGetExecutablePath(&path, &size) == 0 {
        return URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath()
    }
    #else
    if FileManager.default.fileExists(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    #endif
    return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
}

// ChildProcess: starting a child in a process group of its own, knowing
// every group still running, and ending a child for sure.
//
// Engines and workers run in process groups of their own, so that a kill
// reaches the children they start (a `sh -c` wrapper and its program). A
// group of its own also means a terminal's Ctrl-C and a kill of the parent do
// not reach them: so every group this process starts is listed here until it
// is stopped, and `ProcessGroups.killAll()` ends them all (on exit, on a
// fatal signal, when an orphaned worker gives up).
//
// A child gets stdin, stdout and stderr and no other descriptor of ours
// (`keepsOnlyStandardDescriptors`): not a worker's state file, not another
// engine's pipe. A descendant that leaves the group (`setsid`) is still
// ended: on Linux this process is a subreaper (`becomeSubreaper`), so such a
// process comes back to it when its parent dies, and `stop` ends the
// processes that left our session along with the group (`endEscaped`).
//
// Linux and macOS. What differs is in one file per platform,
// `ChildProcess+Linux.swift` and `ChildProcess+Darwin.swift`, each whole
// inside its check: the spawn objects (`SpawnAttributes`,
// `SpawnFileActions`), broken pipes (`keepsBrokenPipesQuiet`,
// `writeIgnoringBrokenPipe`), descriptors (`keepsOnlyStandardDescriptors`),
// crash reports (`keepsCrashReportsAway`), escaped descendants
// (`becomeSubreaper`, `endEscaped`, `endChildrenLeft`).
import Foundation

/// A started child: its pid (also its process group) and our ends of its pipes.
package struct SpawnedChild: Sendable {
    /// The child's process id, also its process group's.
    package var pid: pid_t
    /// Our write end of its stdin.
    package var input: Int32
    /// Our read end of its stdout.
    package var output: Int32
    /// Our read end of its stderr, or -1 when it shares ours.
    package var errors: Int32
}

/// Process groups this process started and has not stopped yet.
///
/// The list is a fixed array of slots read without locks, so that a signal
/// handler may walk it (`killAll` is async-signal-safe).
package enum ProcessGroups {
    private static let capacity = 1024
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let lock = NSLock()
    /// Told of every engine group started (`true`) and stopped (`false`):
    /// a worker passes them on to its supervisor, which kills them if the
    /// worker dies first.
    nonisolated(unsafe) package static var engineObserver: (@Sendable (pid_t, Bool) -> Void)?

    /// Records a running group.
    package static func add(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == 0 {
            slots[slot] = group
            return
        }
    }

    /// Forgets a group (it was killed and reaped).
    package static func remove(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == group { slots[slot] = 0 }
    }

    /// Kills every group still listed. Safe in a signal handler.
    package static func killAll() {
        for slot in 0..<capacity {
            let group = slots[slot]
            if group > 0 { _ = kill(-group, SIGKILL) }
        }
    }
}

/// Starting child processes in process groups of their own, and ending them.
package enum ChildProcess {
    /// Starts `arguments[0]` (a path) in a process group of its own, with
    /// default signal handling and no blocked signals, as a shell would.
    /// Its stdin and stdout are pipes, its stderr a pipe when `capturesErrors`. Our ends are
    /// close-on-exec and nonblocking; the group is listed in `ProcessGroups`.
    package static func spawn(_ arguments: [String], environment: [String: String]? = nil,
                             capturesErrors: Bool) -> Result<SpawnedChild, ChildProcessError> {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func closeAll() {
            for descriptor in toChild + fromChild + errorPipe where descriptor >= 0 { close(descriptor) }
        }
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, (!capturesErrors || pipe(&errorPipe) == 0) else {
            let why = String(cString: strerror(errno))
            closeAll()
            return .failure(ChildProcessError(description: "could not start \(arguments[0]): pipe: \(why)"))
        }
        // Close-on-exec, so children started later do not inherit our ends
        // (an inherited write end would hide this child's exit).
        for descriptor in toChild + fromChild + errorPipe where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        keepsBrokenPipesQuiet(toChild[1])
        var actions = SpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        if capturesErrors { posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2) }

        var attributes = SpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        guard keepsOnlyStandardDescriptors(&actions, &flags, inheritsErrors: !capturesErrors) else {
            closeAll()
            return .failure(ChildProcessError(description: "could not start \(arguments[0]): cannot close the other descriptors in the child"))
        }
        posix_spawnattr_setflags(&attributes, flags)
        becomeSubreaper()
        keepsCrashReportsAway(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let mark = SpawnMark.next()
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment[SpawnMark.name] = mark
        let variables = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
            (variables + [nil]).withUnsafeBufferPointer { envp in
                posix_spawn(&pid, arguments[0], &actions, &attributes,
                            UnsafeMutablePointer(mutating: argvPointer.baseAddress!),
                            UnsafeMutablePointer(mutating: envp.baseAddress!))
            }
        }
        for descriptor in [toChild[0], fromChild[1], errorPipe[1]] where descriptor >= 0 { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [toChild[1], fromChild[0], errorPipe[0]] where descriptor >= 0 { close(descriptor) }
            return .failure(ChildProcessError(description: "could not start \(arguments[0]): posix_spawn: \(String(cString: strerror(spawned)))"))
        }
        ProcessGroups.add(pid)
        SpawnMark.record(mark, group: pid)
        for descriptor in [toChild[1], fromChild[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return .success(SpawnedChild(pid: pid, input: toChild[1], output: fromChild[0], errors: errorPipe[0]))
    }

    /// Ends every process this one started, as it exits: the groups still
    /// listed (`ProcessGroups.killAll`), then every child left
    /// (`endChildrenLeft`), until none is left or `seconds` have passed.
    /// Not for a process that goes on running children of its own (a
    /// user's test process): it ends them all.
    package static func endAll(within seconds: Double = 2) {
        ProcessGroups.killAll()
        endChildrenLeft(within: seconds)
    }

    /// The wait(2) status of `pid` if it has exited (reaping it), else nil.
    package static func exitStatus(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status }
            if reaped < 0 && errno == EINTR { continue }
            // ECHILD: someone else reaped it; report a kill.
            return reaped < 0 ? SIGKILL : nil
        }
    }

    /// Kills `pid`'s whole group and reaps `pid`, waiting at most `seconds`
    /// (a process in uninterruptible sleep can outlast a SIGKILL); returns
    /// its wait status, or nil if it could not be reaped in time.
    @discardableResult
    package static func stop(_ pid: pid_t, within seconds: Double = 5) -> Int32? {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while true {
            if let status = exitStatus(pid) {
                ProcessGroups.remove(pid)
                endEscaped(afterKilling: pid)
                return status
            }
            if DispatchTime.now().uptimeNanoseconds > deadline { return nil }
            usleep(2_000)
        }
    }

    /// A wait(2) status in words: "exited with status 3", "was killed by
    /// signal 4, SIGILL: a Swift runtime trap (…)".
    ///
    /// `isShell`: the child is a shell running a command (`/bin/sh -c`),
    /// whose exit status 128 + N says that the command was killed by signal
    /// N (`signalFromShellStatus`, a heuristic): that is described as the
    /// signal, with the shell's status after it ("…, as its shell reported
    /// (exit status 128 + 4)").
    package static func describe(_ status: Int32, isShell: Bool = false) -> String {
        let signal = status & 0x7F
        if signal != 0 { return "was killed by " + describeSignal(signal) }
        let code = (status >> 8) & 0xFF
        if isShell, let signal = signalFromShellStatus(code) {
            return "was killed by \(describeSignal(signal)), as its shell reported (exit status 128 + \(signal))"
        }
        return "exited with status \(code)"
    }
}

/// A child that could not be started.
package struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    package var description: String
}

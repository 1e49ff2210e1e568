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
// Linux and macOS. Where they differ, one branch per concept, each here:
// the spawn objects (`SpawnAttributes`, `SpawnFileActions`), crash reports
// (`keepsCrashReportsAway`), descriptors (`keepsOnlyStandardDescriptors`),
// escaped descendants (`becomeSubreaper`, `endEscaped`), broken pipes
// (`writeIgnoringBrokenPipe`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A started child: its pid (also its process group) and our ends of its pipes.
public struct SpawnedChild: Sendable {
    /// The child's process id, also its process group's.
    public var pid: pid_t
    /// Our write end of its stdin.
    public var input: Int32
    /// Our read end of its stdout.
    public var output: Int32
    /// Our read end of its stderr, or -1 when it shares ours.
    public var errors: Int32
}

/// Process groups this process started and has not stopped yet.
///
/// The list is a fixed array of slots read without locks, so that a signal
/// handler may walk it (`killAll` is async-signal-safe).
public enum ProcessGroups {
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
    nonisolated(unsafe) public static var engineObserver: (@Sendable (pid_t, Bool) -> Void)?

    /// Records a running group.
    public static func add(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == 0 {
            slots[slot] = group
            return
        }
    }

    /// Forgets a group (it was killed and reaped).
    public static func remove(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for slot in 0..<capacity where slots[slot] == group { slots[slot] = 0 }
    }

    /// Kills every group still listed. Safe in a signal handler.
    public static func killAll() {
        for slot in 0..<capacity {
            let group = slots[slot]
            if group > 0 { _ = kill(-group, SIGKILL) }
        }
    }
}

/// posix_spawn's attribute and file-action objects: structs in glibc,
/// opaque pointers (`void *`) in Darwin's <spawn.h>, which Swift imports
/// as optional pointers with no zero-argument initializer (as
/// swift-tools-support-core and swift-subprocess declare them).
#if canImport(Darwin)
typealias SpawnAttributes = posix_spawnattr_t?
typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
typealias SpawnAttributes = posix_spawnattr_t
typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// Starting child processes in process groups of their own, and ending them.
public enum ChildProcess {
    /// Starts `arguments[0]` (a path) in a process group of its own, with
    /// default signal handling and no blocked signals, as a shell would.
    /// Its stdin and stdout are pipes, its stderr a pipe when `capturesErrors`. Our ends are
    /// close-on-exec and nonblocking; the group is listed in `ProcessGroups`.
    public static func spawn(_ arguments: [String], environment: [String: String]? = nil,
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
        #if canImport(Darwin)
        // A write to a child that has exited fails with EPIPE instead of
        // raising SIGPIPE (Darwin's per-descriptor switch; Linux: see
        // `writeIgnoringBrokenPipe`).
        _ = fcntl(toChild[1], F_SETNOSIGPIPE, 1)
        #endif
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

    /// The child keeps descriptors 0, 1 and 2 (the file actions' pipes, and
    /// our stderr when `inheritsErrors`) and no other: every descriptor of
    /// this process, whoever opened it and with or without close-on-exec,
    /// is closed in the child. Darwin: `POSIX_SPAWN_CLOEXEC_DEFAULT`, with
    /// stderr kept by `posix_spawn_file_actions_addinherit_np` (<spawn.h>,
    /// macOS 10.7). Linux: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34), looked up at run time; where it is missing, every descriptor
    /// above 2 listed in /proc/self/fd is made close-on-exec before the spawn.
    /// False when the file action could not be added.
    static func keepsOnlyStandardDescriptors(_ actions: inout SpawnFileActions, _ flags: inout Int16, inheritsErrors: Bool) -> Bool {
        #if canImport(Darwin)
        flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        return !inheritsErrors || posix_spawn_file_actions_addinherit_np(&actions, 2) == 0
        #else
        if let closeFrom = Self.closeFrom {
            return closeFrom(&actions, 3) == 0
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            for descriptor in descriptors.compactMap({ Int32($0) }) where descriptor > 2 {
                _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
            }
        }
        return true
        #endif
    }

    #if os(Linux)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's
    /// Glibc module does not declare, or nil before glibc 2.34.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Whether this process is a subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`,
    /// Linux 3.4), set once before the first child starts: a descendant
    /// whose parent dies is then reparented to this process instead of to
    /// init, so that one that left its group (`setsid`) can still be ended
    /// (`endEscaped`). prctl is variadic, which Swift does not call: it is
    /// reached through dlsym with its five integer arguments.
    private static let isSubreaper: Bool = {
        let setChildSubreaper: Int32 = 36 // PR_SET_CHILD_SUBREAPER, <linux/prctl.h>
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
        return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
    }()
    #endif

    /// Makes this process a subreaper (Linux; once). macOS has no
    /// subreaper: a descendant that called `setsid` and outlived its parent
    /// is reparented to launchd there, out of our reach.
    static func becomeSubreaper() {
        #if os(Linux)
        _ = isSubreaper
        #endif
    }

    /// Linux, as a subreaper: ends the processes that came back to us after
    /// leaving our session (an engine's `setsid` descendant whose parent
    /// died), with their groups, and reaps them; waits up to `seconds` for
    /// the group `group` (just killed) to empty first, since its members
    /// hand their own children to us as they die. With a group, only the
    /// processes that carry its leader's `SpawnMark` are ended: another
    /// engine's descendants, and processes no child of ours started, are
    /// left alone. Our own children (engines, workers) are in our session
    /// and are left alone. macOS: nothing.
    public static func endEscaped(afterKilling group: pid_t? = nil, within seconds: Double = 2) {
        #if os(Linux)
        guard isSubreaper else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        let session = getsid(0)
        let mark = group.flatMap { SpawnMark.mark(of: $0) }
        defer { if let group { _ = SpawnMark.mark(of: group, forget: true) } }
        var status: Int32 = 0
        while true {
            var isBusy = false
            if let group {
                // Reap the group's members that are ours now; the group is gone when none is left.
                while waitpid(-group, &status, WNOHANG) > 0 {}
                if kill(-group, 0) == 0 { isBusy = true }
            }
            for stray in escapedChildren(session: session) where mark.map({ SpawnMark.carries(stray, $0) }) ?? true {
                kill(-stray, SIGKILL)
                kill(stray, SIGKILL)
                if waitpid(stray, &status, WNOHANG) == 0 { isBusy = true }
                // Its own group's members come back to us as it dies.
                while waitpid(-stray, &status, WNOHANG) > 0 {}
                if kill(-stray, 0) == 0 { isBusy = true }
            }
            if !isBusy || DispatchTime.now().uptimeNanoseconds > deadline { return }
            usleep(2_000)
        }
        #endif
    }

    /// Ends every process this one started, as it exits: the groups still
    /// listed (`ProcessGroups.killAll`), then, on Linux as a subreaper, every
    /// child left (what came back to us, escaped or not), until none is
    /// left or `seconds` have passed. Not for a process that goes on running
    /// children of its own (a user's test process): it ends them all.
    public static func endAll(within seconds: Double = 2) {
        ProcessGroups.killAll()
        #if os(Linux)
        guard isSubreaper else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var status: Int32 = 0
        while DispatchTime.now().uptimeNanoseconds < deadline {
            for child in children(inSessionOtherThan: nil) {
                kill(-child, SIGKILL)
                kill(child, SIGKILL)
            }
            while waitpid(-1, &status, WNOHANG) > 0 {}
            if waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD { return }
            usleep(2_000)
        }
        #endif
    }

    #if os(Linux)
    /// Our children (from /proc) in another session than `session`.
    private static func escapedChildren(session: pid_t) -> [pid_t] {
        children(inSessionOtherThan: session)
    }

    /// Our children (from /proc): all of them (`session` nil), or those in
    /// another session than `session`.
    private static func children(inSessionOtherThan session: pid_t?) -> [pid_t] {
        let me = getpid()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // After "(comm)": state, parent, group, session.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count >= 4 && pid_t(fields[1]) == me && (session == nil || pid_t(fields[3]) != session)
        }
    }
    #endif

    /// A child's crash must not write a crash report: an engine that traps
    /// on a thousand cases would leave a thousand. On macOS, ReportCrash
    /// hears of a crash through the EXC_CRASH exception port every process
    /// inherits from launchd; the child gets that port cleared
    /// (`posix_spawnattr_setexceptionports_np`, <spawn.h>, macOS 10.5). It
    /// still dies of its signal, so the status reads as before. Linux writes
    /// no report (a core file only where the limit allows one).
    static func keepsCrashReportsAway(_ attributes: inout SpawnAttributes) {
        #if os(macOS)
        _ = posix_spawnattr_setexceptionports_np(&attributes, exception_mask_t(EXC_MASK_CRASH), mach_port_t(MACH_PORT_NULL),
                                                 exception_behavior_t(EXCEPTION_DEFAULT), thread_state_flavor_t(THREAD_STATE_NONE))
        #endif
    }

    /// write(2) to a child's stdin that fails with EPIPE when the child has
    /// exited, without a SIGPIPE ending this process, and without changing
    /// how this process handles SIGPIPE (it may be a user's test process).
    ///
    /// Darwin: the descriptor was told at spawn (`F_SETNOSIGPIPE`). Linux
    /// has no such switch for pipes: SIGPIPE is blocked on this thread for
    /// the write, and one it raised is taken off the thread's pending
    /// signals (`sigtimedwait`) before the mask is restored.
    public static func writeIgnoringBrokenPipe(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        return write(descriptor, bytes, count)
        #else
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        let written = write(descriptor, bytes, count)
        let failure = errno
        if written < 0 && failure == EPIPE && !wasPending {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&brokenPipe, nil, &now) < 0 && errno == EINTR {}
        }
        errno = failure
        return written
        #endif
    }

    /// The wait(2) status of `pid` if it has exited (reaping it), else nil.
    public static func exitStatus(_ pid: pid_t) -> Int32? {
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
    public static func stop(_ pid: pid_t, within seconds: Double = 5) -> Int32? {
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
    public static func describe(_ status: Int32, isShell: Bool = false) -> String {
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
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

// ChildProcess+Linux: what starting and ending children takes on Linux
// (glibc): the platform half of `ChildProcess` (see ChildProcess.swift).
#if os(Linux)
import Foundation
import ProcessShim

/// posix_spawn's attribute and file-action objects: structs in glibc.
typealias SpawnAttributes = posix_spawnattr_t
typealias SpawnFileActions = posix_spawn_file_actions_t

extension ChildProcess {
    /// Linux has no per-descriptor switch for SIGPIPE on a pipe: see
    /// `writeIgnoringBrokenPipe`.
    static func keepsBrokenPipesQuiet(_ descriptor: Int32) {}

    /// write(2) to a child's stdin that fails with EPIPE when the child has
    /// exited, without a SIGPIPE ending this process, and without changing
    /// how this process handles SIGPIPE (it may be a user's test process):
    /// SIGPIPE is blocked on this thread for the write, and one it raised
    /// is taken off the thread's pending signals (`sigtimedwait`) before
    /// the mask is restored.
    package static func writeIgnoringBrokenPipe(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
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
    }

    /// The child keeps descriptors 0, 1 and 2 (the file actions' pipes, and
    /// our stderr when `inheritsErrors`) and no other: every descriptor of
    /// this process, whoever opened it and with or without close-on-exec,
    /// is closed in the child, by glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34, through
    /// `ProcessShim`); with an older glibc, every descriptor above 2 listed
    /// in /proc/self/fd is made close-on-exec before the spawn. False when
    /// the file action could not be added.
    static func keepsOnlyStandardDescriptors(_ actions: inout SpawnFileActions, _ flags: inout Int16, inheritsErrors: Bool) -> Bool {
        let added = diffcheck_spawn_file_actions_addclosefrom(&actions, 3)
        if added != ENOSYS { return added == 0 }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            for descriptor in descriptors.compactMap({ Int32($0) }) where descriptor > 2 {
                _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
            }
        }
        return true
    }

    /// Linux writes no crash report (a core file only where the limit allows one).
    static func keepsCrashReportsAway(_ attributes: inout SpawnAttributes) {}

    /// Whether this process is a subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`,
    /// Linux 3.4, through `ProcessShim`: prctl is variadic), set once before
    /// the first child starts: a descendant whose parent dies is then
    /// reparented to this process instead of to init, so that one that left
    /// its group (`setsid`) can still be ended (`endEscaped`).
    private static let isSubreaper: Bool = diffcheck_become_subreaper() == 0

    /// Makes this process a subreaper (once).
    static func becomeSubreaper() {
        _ = isSubreaper
    }

    /// As a subreaper: ends the processes that came back to us after
    /// leaving our session (an engine's `setsid` descendant whose parent
    /// died), with their groups, and reaps them; waits up to `seconds` for
    /// the group `group` (just killed) to empty first, since its members
    /// hand their own children to us as they die. With a group, only the
    /// processes that carry its leader's `SpawnMark` are ended: another
    /// engine's descendants, and processes no child of ours started, are
    /// left alone. Our own children (engines, workers) are in our session
    /// and are left alone.
    package static func endEscaped(afterKilling group: pid_t? = nil, within seconds: Double = 2) {
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
            for stray in children(inSessionOtherThan: session) where mark.map({ SpawnMark.carries(stray, $0) }) ?? true {
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
    }

    /// As a subreaper: ends and reaps every child left (what came back to
    /// us, escaped or not), until none is left or `seconds` have passed.
    static func endChildrenLeft(within seconds: Double) {
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
}
#endif

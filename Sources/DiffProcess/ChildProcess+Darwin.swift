// ChildProcess+Darwin: what starting and ending children takes on macOS:
// the platform half of `ChildProcess` (see ChildProcess.swift). It follows
// <spawn.h> and <fcntl.h> of the macOS SDK, as swift-tools-support-core
// and swift-subprocess call them; it is not built on the Linux machine this
// project is tested on.
#if canImport(Darwin)
import Darwin
import Foundation

/// posix_spawn's attribute and file-action objects: opaque pointers
/// (`void *`) in Darwin's <spawn.h>, which Swift imports as optional
/// pointers with no zero-argument initializer.
typealias SpawnAttributes = posix_spawnattr_t?
typealias SpawnFileActions = posix_spawn_file_actions_t?

extension ChildProcess {
    /// A write to a child that has exited fails with EPIPE instead of
    /// raising SIGPIPE (`F_SETNOSIGPIPE`, Darwin's per-descriptor switch).
    static func keepsBrokenPipesQuiet(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
    }

    /// write(2) to a child's stdin that fails with EPIPE when the child has
    /// exited, without a SIGPIPE: the descriptor was told at spawn
    /// (`keepsBrokenPipesQuiet`).
    package static func writeIgnoringBrokenPipe(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        write(descriptor, bytes, count)
    }

    /// The child keeps descriptors 0, 1 and 2 (the file actions' pipes, and
    /// our stderr when `inheritsErrors`) and no other:
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, with stderr kept by
    /// `posix_spawn_file_actions_addinherit_np` (<spawn.h>, macOS 10.7).
    /// False when the file action could not be added.
    static func keepsOnlyStandardDescriptors(_ actions: inout SpawnFileActions, _ flags: inout Int16, inheritsErrors: Bool) -> Bool {
        flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        return !inheritsErrors || posix_spawn_file_actions_addinherit_np(&actions, 2) == 0
    }

    /// A child's crash must not write a crash report: an engine that traps
    /// on a thousand cases would leave a thousand. ReportCrash hears of a
    /// crash through the EXC_CRASH exception port every process inherits
    /// from launchd; the child gets that port cleared
    /// (`posix_spawnattr_setexceptionports_np`, <spawn.h>, macOS 10.5). It
    /// still dies of its signal, so the status reads as before.
    static func keepsCrashReportsAway(_ attributes: inout SpawnAttributes) {
        #if os(macOS)
        _ = posix_spawnattr_setexceptionports_np(&attributes, exception_mask_t(EXC_MASK_CRASH), mach_port_t(MACH_PORT_NULL),
                                                 exception_behavior_t(EXCEPTION_DEFAULT), thread_state_flavor_t(THREAD_STATE_NONE))
        #endif
    }

    /// macOS has no subreaper: a descendant that called `setsid` and
    /// outlived its parent is reparented to launchd, out of our reach.
    static func becomeSubreaper() {}

    /// Nothing to end: see `becomeSubreaper`.
    package static func endEscaped(afterKilling group: pid_t? = nil, within seconds: Double = 2) {}

    /// Nothing to end: see `becomeSubreaper`.
    static func endChildrenLeft(within seconds: Double) {}
}
#endif

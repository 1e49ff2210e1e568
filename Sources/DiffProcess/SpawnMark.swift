// SpawnMark: the environment variable that tells which of our children
// started a process, so that ending one engine's escaped descendants never
// ends another's.
//
// A descendant that calls `setsid` leaves its engine's process group; on
// Linux it comes back to us (we are a subreaper) when its parent dies, with
// nothing in /proc to say which engine it came from. Every child we start
// carries `DIFFCHECK_SPAWN=<our pid>.<n>` in its environment, and its
// descendants inherit it; `ChildProcess.endEscaped(afterKilling:)` ends
// only the escaped processes that carry the mark of the group it killed.
// Another engine's descendants (tests run in parallel, several engines in
// one process) and processes that are not an engine's are left alone.
import Foundation

enum SpawnMark {
    /// The variable's name.
    static let name = "DIFFCHECK_SPAWN"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var markOfGroup: [pid_t: String] = [:]

    /// A mark no other child of this process has.
    static func next() -> String {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return "\(getpid()).\(count)"
    }

    /// Records that the child leading `group` was started with `mark`.
    static func record(_ mark: String, group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        markOfGroup[group] = mark
    }

    /// The mark `group`'s leader was started with; `forget` drops it from
    /// the table as it is read (the group was ended).
    static func mark(of group: pid_t, forget: Bool = false) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return forget ? markOfGroup.removeValue(forKey: group) : markOfGroup[group]
    }

    #if os(Linux)
    /// Whether process `pid` was started (directly or not) by the child
    /// marked `mark`: its environment (/proc/PID/environ, NUL-separated, as
    /// it was at its exec) holds the mark.
    static func carries(_ pid: pid_t, _ mark: String) -> Bool {
        guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        let wanted = Array("\(name)=\(mark)".utf8)
        return environment.split(separator: 0, omittingEmptySubsequences: true).contains { Array($0) == wanted }
    }
    #endif
}

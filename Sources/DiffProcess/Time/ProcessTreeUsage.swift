// ProcessTreeUsage: what a process and every process below it are doing
// right now: the CPU time they have used, whether any of them is running
// or waiting for a processor, whether any is stopped, and the memory they
// hold. The platform halves read it (`+Linux`: /proc; `+Darwin`: libproc).
//
// Time verdicts are made from this, never from the wall clock alone
// (`EngineClock`): on a shared machine the wall measures the machine's
// load; the CPU an engine used and its run state measure the engine.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One reading of a process tree: a process and its descendants, by
/// parent, at one moment.
struct ProcessTreeUsage: Equatable, Sendable {
    /// CPU seconds (user and system) the tree has used: each live process's
    /// own, and those of the children it has reaped.
    var cpuSeconds: Double
    /// Whether a process of the tree is running, waiting for a processor
    /// (the machine's load), or in an uninterruptible wait (a page fault,
    /// the disk): the tree is busy, if slowly.
    var isRunnable: Bool
    /// Whether a process of the tree is stopped (SIGSTOP, a debugger): held
    /// up from outside.
    var isStopped: Bool
    /// Resident memory of the tree's live processes, in bytes.
    var residentBytes: Int
    /// How many live processes the tree holds.
    var processes: Int

    /// Neither running nor runnable nor stopped: every process of the tree
    /// waits for something (a pipe, a sleep, a lock).
    var isIdle: Bool { !isRunnable && !isStopped }
}

/// One process as the table lists it.
struct ProcessRow: Sendable {
    var pid: pid_t
    var parent: pid_t
    /// Running or runnable, or in an uninterruptible wait.
    var isRunnable: Bool
    var isStopped: Bool
    /// Its CPU seconds, with those of its reaped children.
    var cpuSeconds: Double
    var residentBytes: Int
}

extension ProcessTreeUsage {
    /// The trees under `roots`, read in one pass over the process table;
    /// a root that is gone (or a platform that cannot say) has none.
    static func read(roots: [pid_t]) -> [pid_t: ProcessTreeUsage] {
        guard !roots.isEmpty, let rows = ProcessRow.table() else { return [:] }
        return trees(roots: roots, rows: rows)
    }

    /// The tree under `root`, or nil when it is gone or cannot be read.
    static func read(root: pid_t) -> ProcessTreeUsage? {
        read(roots: [root])[root]
    }

    /// The peak resident memory of the tree under `root`, in bytes: the
    /// sum of its live processes' high-water marks (on Linux, each one's
    /// `VmHWM`; where the platform keeps none, their resident memory
    /// now); nil when the tree is gone or cannot be read. An upper bound
    /// on the tree's peak: its processes may have peaked at different times.
    static func peakResidentBytes(root: pid_t) -> Int? {
        guard let rows = ProcessRow.table() else { return nil }
        let members = members(root: root, rows: rows)
        guard !members.isEmpty else { return nil }
        return members.reduce(0) { $0 + (ProcessRow.highWaterBytes($1.pid) ?? $1.residentBytes) }
    }

    /// The rows of the tree under `root` in `rows`: the root first, then
    /// every process whose parent is in the tree.
    static func members(root: pid_t, rows: [ProcessRow]) -> [ProcessRow] {
        guard let top = rows.firstIndex(where: { $0.pid == root }) else { return [] }
        var children: [pid_t: [Int]] = [:]
        for (index, row) in rows.enumerated() { children[row.parent, default: []].append(index) }
        var members: [ProcessRow] = []
        var stack = [top]
        var seen: Set<Int> = []
        while let index = stack.popLast() {
            guard seen.insert(index).inserted else { continue }
            members.append(rows[index])
            stack += children[rows[index].pid] ?? []
        }
        return members
    }

    /// The trees under `roots` in `rows` (a process table): each root and
    /// every process whose parent is in its tree.
    static func trees(roots: [pid_t], rows: [ProcessRow]) -> [pid_t: ProcessTreeUsage] {
        var children: [pid_t: [Int]] = [:]
        var byPID: [pid_t: Int] = [:]
        for (index, row) in rows.enumerated() {
            children[row.parent, default: []].append(index)
            byPID[row.pid] = index
        }
        var result: [pid_t: ProcessTreeUsage] = [:]
        for root in roots {
            guard let top = byPID[root] else { continue }
            var usage = ProcessTreeUsage(cpuSeconds: 0, isRunnable: false, isStopped: false, residentBytes: 0, processes: 0)
            var stack = [top]
            var seen: Set<Int> = []
            while let index = stack.popLast() {
                guard seen.insert(index).inserted else { continue }
                let row = rows[index]
                usage.cpuSeconds += row.cpuSeconds
                usage.isRunnable = usage.isRunnable || row.isRunnable
                usage.isStopped = usage.isStopped || row.isStopped
                usage.residentBytes += row.residentBytes
                usage.processes += 1
                stack += children[row.pid] ?? []
            }
            result[root] = usage
        }
        return result
    }
}

// ProcessTreeUsage+Darwin: the process table read with libproc
// (<libproc.h>): proc_listallpids, proc_pidinfo's PROC_PIDTBSDINFO (the
// parent, SSTOP) and PROC_PIDTASKINFO (running threads), and
// proc_pid_rusage's RUSAGE_INFO_V2 (CPU time in Mach time units, its
// reaped children's too, and resident memory). Not compiled on Linux: it
// follows the SDK's declarations, as the README says.
#if canImport(Darwin)
import Darwin

extension ProcessRow {
    /// Nanoseconds a Mach time unit (rusage_info's CPU times are in them).
    private static let nanosecondsPerUnit: Double = {
        var timebase = mach_timebase_info_data_t()
        mach_timebase_info(&timebase)
        return timebase.denom == 0 ? 1 : Double(timebase.numer) / Double(timebase.denom)
    }()
    /// The most a difference of two readings of one process's CPU may fall
    /// short of the CPU it used between them: rusage_info counts in Mach
    /// time units (nanoseconds or less); a microsecond is generous.
    static let cpuResolutionSeconds = 1e-6

    /// Every process libproc lists; nil when it cannot list them.
    static func table() -> [ProcessRow]? {
        let capacity = proc_listallpids(nil, 0)
        guard capacity > 0 else { return nil }
        var pids = [pid_t](repeating: 0, count: Int(capacity) + 64)
        let listed = pids.withUnsafeMutableBytes { proc_listallpids($0.baseAddress, Int32($0.count)) }
        guard listed > 0 else { return nil }
        return pids.prefix(Int(listed)).compactMap { $0 > 0 ? row($0) : nil }
    }

    /// The high-water mark of `pid`'s resident memory: libproc's
    /// RUSAGE_INFO_V2 keeps none, so nil (the tree's resident memory now
    /// stands for it).
    static func highWaterBytes(_ pid: pid_t) -> Int? { nil }

    /// The row of `pid`; nil when it is gone.
    private static func row(_ pid: pid_t) -> ProcessRow? {
        var bsd = proc_bsdinfo()
        let bsdSize = Int32(MemoryLayout<proc_bsdinfo>.size)
        guard proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &bsd, bsdSize) == bsdSize else { return nil }
        var task = proc_taskinfo()
        let taskSize = Int32(MemoryLayout<proc_taskinfo>.size)
        let hasTask = proc_pidinfo(pid, PROC_PIDTASKINFO, 0, &task, taskSize) == taskSize
        var usage = rusage_info_v2()
        let read = withUnsafeMutablePointer(to: &usage) { pointer in
            pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V2, $0) }
        }
        guard read == 0 else { return nil }
        let units = usage.ri_user_time + usage.ri_system_time + usage.ri_child_user_time + usage.ri_child_system_time
        return ProcessRow(pid: pid, parent: pid_t(bitPattern: bsd.pbi_ppid),
                          isRunnable: hasTask && task.pti_numrunning > 0,
                          isStopped: bsd.pbi_status == UInt32(SSTOP),
                          cpuSeconds: Double(units) * nanosecondsPerUnit / 1e9,
                          residentBytes: Int(clamping: usage.ri_resident_size))
    }
}
#endif

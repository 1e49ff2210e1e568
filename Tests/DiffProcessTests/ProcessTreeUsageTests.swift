// ProcessTreeUsage: the process table as the time rule reads it: a stat
// line whose command name holds spaces and parentheses, and real trees
// (busy, idle, stopped, a child's CPU counted in its parent's tree).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import DiffProcess
import TestSupport

#if os(Linux)
@Test func aStatLineIsReadAfterItsCommandNameWhateverTheNameHolds() throws {
    let line = "4242 (a (b) c) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 1 0 1000 10000000 300 "
        + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
    let row = try #require(ProcessRow.parse(pid: 4242, stat: ArraySlice(Array(line.utf8))))
    #expect(row.parent == 17 && !row.isRunnable && !row.isStopped)
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    #expect(abs(row.cpuSeconds - 350 / ticks) < 1e-9, "\(row.cpuSeconds)")
    #expect(row.residentBytes == 300 * Int(sysconf(Int32(_SC_PAGESIZE))))
    #expect(ProcessRow.parse(pid: 1, stat: ArraySlice(Array("1 (x) R 0".utf8))) == nil)
}
#endif

/// Starts `sh -c script`; returns its pid.
private func started(_ script: String) throws -> pid_t {
    guard case .success(let child) = ChildProcess.spawn(["/bin/sh", "-c", script], environment: nil, capturesErrors: false) else {
        throw CocoaError(.executableLoad)
    }
    return child.pid
}

/// Waits up to `seconds` for `condition` on the tree under `pid`.
private func eventually(_ pid: pid_t, within seconds: Double, _ condition: (ProcessTreeUsage) -> Bool) -> ProcessTreeUsage? {
    let end = Date().addingTimeInterval(seconds)
    var last: ProcessTreeUsage?
    while Date() < end {
        last = ProcessTreeUsage.read(root: pid)
        if let last, condition(last) { return last }
        usleep(50_000)
    }
    return last
}

@Test func aTreeIsBusyIdleOrStoppedAndItsChildrenCount() throws {
    // The busy loop is a child of the shell (the `;` keeps sh from exec-ing it): its CPU is the tree's.
    let busy = try started("while :; do :; done & wait; true")
    defer { kill(-busy, SIGKILL); kill(busy, SIGKILL); ChildProcess.stop(busy) }
    let used = eventually(busy, within: 20) { $0.cpuSeconds >= 0.3 && $0.processes >= 2 }
    #expect((used?.cpuSeconds ?? 0) >= 0.3 && used?.processes ?? 0 >= 2, "\(String(describing: used))")
    #expect(used?.isRunnable == true, "\(String(describing: used))")

    let idle = try started("sleep 30; true")
    defer { kill(idle, SIGKILL); ChildProcess.stop(idle) }
    let waiting = eventually(idle, within: 10) { $0.isIdle && $0.processes == 2 }
    #expect(waiting?.isIdle == true && waiting?.cpuSeconds ?? 1 < 0.5, "\(String(describing: waiting))")

    kill(idle, SIGSTOP)
    let stopped = eventually(idle, within: 10) { $0.isStopped }
    #expect(stopped?.isStopped == true && stopped?.isIdle == false, "\(String(describing: stopped))")
    #expect(ProcessTreeUsage.read(root: 999_999_999) == nil)
}

#if os(Linux)
/// Issue 49: an engine's peak memory is its processes' high-water mark, not
/// what they hold at the reading: a child that filled 200 MB and freed it
/// still reads 200 MB or more.
@Test func aTreesPeakMemoryIsItsHighWaterMarkNotItsMemoryNow() throws {
    let status = "Name:\tpython3\nVmPeak:\t  300000 kB\nVmHWM:\t  204800 kB\nVmRSS:\t   10000 kB\n"
    #expect(ProcessRow.parseHighWater(status: ArraySlice(Array(status.utf8))) == 204_800 * 1_024)
    #expect(ProcessRow.parseHighWater(status: ArraySlice(Array("Name:\tx\nVmRSS:\t1 kB\n".utf8))) == nil)

    let ready = NSTemporaryDirectory() + "high-water-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: ready) }
    let child = try started("python3 -c 'b = b\"x\" * (200 << 20); del b; open(\"\(ready)\", \"w\").close()\nimport time; time.sleep(60)'; true")
    defer { kill(-child, SIGKILL); kill(child, SIGKILL); ChildProcess.stop(child) }
    let end = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: ready) && Date() < end { usleep(50_000) }
    #expect(FileManager.default.fileExists(atPath: ready))
    let now = try #require(ProcessTreeUsage.read(root: child))
    let peak = try #require(ProcessTreeUsage.peakResidentBytes(root: child))
    #expect(peak >= 200 << 20, "\(peak)")
    #expect(now.residentBytes < 100 << 20, "\(now.residentBytes)")
    #expect(ProcessTreeUsage.peakResidentBytes(root: 999_999_999) == nil)
}
#endif

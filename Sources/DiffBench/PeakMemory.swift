// PeakMemory: how much resident memory one run of a contender adds at its
// peak, measured by the kernel.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProcessShim

/// Peak resident-memory growth during a piece of work (Linux).
///
/// Before the work: freed heap is returned to the system (`malloc_trim`),
/// the kernel's high-water mark is reset (writing `5` to
/// `/proc/self/clear_refs`) and the current resident size (`VmRSS`) is read.
/// After it: the high-water mark (`VmHWM`) minus that baseline. `nil` where
/// the kernel does not allow the reset (then no honest per-contender peak
/// exists).
///
/// On Darwin, `nil`: its kernel keeps one high-water mark for the life of
/// the process (`getrusage`'s `ru_maxrss`, `task_info`'s
/// `resident_size_peak`) and has no documented way to reset it, so the
/// peak of one contender after another cannot be told apart. The table
/// says "not measured" rather than print the process's lifetime peak.
enum PeakMemory {
    static func measure(_ work: () -> Void) -> Int? {
        #if os(Linux)
        returnFreedMemory()
        guard resetHighWaterMark(), let before = statusField("VmRSS:") else {
            work()
            return nil
        }
        work()
        guard let peak = statusField("VmHWM:") else { return nil }
        return max(0, peak - before)
        #else
        work()
        return nil
        #endif
    }

    /// glibc's `malloc_trim(0)` (through `ProcessShim`: its header is not
    /// part of the Glibc module); nothing elsewhere.
    static func returnFreedMemory() {
        diffcheck_return_freed_memory()
    }

    static func resetHighWaterMark() -> Bool {
        #if os(Linux)
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
        #else
        return false
        #endif
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    static func statusField(_ name: String) -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        #endif
        return nil
    }
}

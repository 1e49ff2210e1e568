// BenchClock: the two clocks a benchmark sample is read on — the calling
// thread's CPU time and the wall clock.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One reading of the calling thread's CPU time and of the wall clock.
///
/// Thread CPU time (`CLOCK_THREAD_CPUTIME_ID`) counts only the time this
/// thread ran, so a burst of load that deschedules it does not land in the
/// sample (it still pays for the caches other processes evict); the wall
/// clock (`CLOCK_MONOTONIC`) counts everything. Where the thread clock is
/// missing, both readings are the wall clock.
struct BenchClock {
    var cpu: Double
    var wall: Double

    /// Now, on both clocks.
    static func now() -> BenchClock {
        #if os(Linux)
        var cpu = timespec(), wall = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        clock_gettime(CLOCK_MONOTONIC, &wall)
        return BenchClock(cpu: seconds(cpu), wall: seconds(wall))
        #else
        let wall = Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
        return BenchClock(cpu: wall, wall: wall)
        #endif
    }

    #if os(Linux)
    static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
    #endif

    /// The CPU and wall seconds from `start` to `end`, divided by
    /// `iterations` (a sample that repeats the work to rise above the
    /// clocks' own cost).
    static func elapsed(from start: BenchClock, to end: BenchClock, iterations: Int) -> BenchClock {
        BenchClock(cpu: (end.cpu - start.cpu) / Double(iterations), wall: (end.wall - start.wall) / Double(iterations))
    }

    /// The machine's load averages over 1, 5 and 15 minutes
    /// (`/proc/loadavg`), or `nil` where that file is missing.
    static func loadAverages() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }
}

// BenchClock: the two clocks a benchmark sample is read on — the calling
// thread's CPU time and the wall clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One reading of the calling thread's CPU time and of the wall clock.
///
/// Thread CPU time (`CLOCK_THREAD_CPUTIME_ID`) counts only the time this
/// thread ran, so a burst of load that deschedules it does not land in the
/// sample (it still pays for the caches other processes evict); the wall
/// clock (`CLOCK_MONOTONIC`) counts everything. Both are POSIX clocks that
/// Linux and Darwin (since macOS 10.12 / iOS 10) have; elsewhere both
/// readings are the wall clock (and `hasThreadClock` says so).
struct BenchClock {
    var cpu: Double
    var wall: Double

    /// Whether `cpu` is the thread's CPU time (else it is the wall clock).
    static var hasThreadClock: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        return true
        #else
        return false
        #endif
    }

    /// Now, on both clocks.
    static func now() -> BenchClock {
        #if canImport(Glibc) || canImport(Darwin)
        var cpu = timespec(), wall = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        clock_gettime(CLOCK_MONOTONIC, &wall)
        return BenchClock(cpu: seconds(cpu), wall: seconds(wall))
        #else
        let wall = Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
        return BenchClock(cpu: wall, wall: wall)
        #endif
    }

    #if canImport(Glibc) || canImport(Darwin)
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

    /// The machine's load averages over 1, 5 and 15 minutes (getloadavg(3),
    /// in glibc and Darwin's libc alike), or `nil` where they cannot be read.
    static func loadAverages() -> String? {
        #if canImport(Glibc) || canImport(Darwin)
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return nil }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: ", ")
        #else
        return nil
        #endif
    }
}

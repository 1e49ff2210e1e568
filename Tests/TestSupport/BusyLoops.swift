// BusyLoops: the load a shared CI runner puts beside a test, made by the
// test itself: busy loops on threads of the test's own process, each one
// bounded (it stops when the test's body ends, and after a minute at most).
// A time verdict that holds only on a quiet machine is a bug: every test of
// one runs beside these when DIFFCHECK_TEST_BUSY_LOOPS is set, as CI's step
// "the time verdicts under load" sets it (.ci/tests-under-load names them).
// Plain `swift test` runs them without the loops: four loops beside the whole
// suite's run cost it as much CPU as the rest of the suite together.
import Foundation

/// Runs `body` beside busy loops (threads that only spin), and stops them
/// when it returns: `DIFFCHECK_TEST_BUSY_LOOPS` of them (none when it is
/// not set; `count` is what the test is written for, the load CI gives it).
/// Tests under load at the same time share their loops
/// (`BusyLoops.shared`): two of them never stack eight on two cores,
/// which would starve both for nothing a shared runner does.
public func withBusyLoops<T>(_ count: Int = 4, _ body: () throws -> T) rethrows -> T {
    guard let loops = BusyLoops.requested, loops > 0 else { return try body() }
    BusyLoops.shared.acquire(loops)
    defer { BusyLoops.shared.release() }
    return try body()
}

/// `withBusyLoops` for an async body.
public func withBusyLoops<T>(_ count: Int = 4, _ body: () async throws -> T) async rethrows -> T {
    guard let loops = BusyLoops.requested, loops > 0 else { return try await body() }
    BusyLoops.shared.acquire(loops)
    defer { BusyLoops.shared.release() }
    return try await body()
}

/// Threads that spin while some test holds them, and for at most
/// `BusyLoops.longest` seconds after the last test took them.
public final class BusyLoops: @unchecked Sendable {
    /// The longest a loop spins after the last `acquire`, whatever the tests do.
    public static let longest = 120.0
    /// The loops of this test process.
    public static let shared = BusyLoops()
    private let lock = NSLock()
    /// How many tests hold the loops.
    private var holders = 0
    /// How many loops spin now.
    private var running = 0
    /// Bumped when the last holder lets go: loops of an older generation stop.
    private var generation = 0
    /// When a test last took the loops.
    private var lastAcquired = Date()
    /// How many loop threads have not returned yet.
    private var live = 0

    /// How many loops a test under load runs beside: `DIFFCHECK_TEST_BUSY_LOOPS`,
    /// a number; nil when it is not set (or is no number).
    public static let requested = ProcessInfo.processInfo.environment["DIFFCHECK_TEST_BUSY_LOOPS"].flatMap { Int($0) }

    /// Loops of their own, for a test of the loops (tests under load use `shared`).
    public init() {}

    /// How many loop threads have not returned yet.
    public var liveLoops: Int {
        lock.lock()
        defer { lock.unlock() }
        return live
    }

    /// Holds the loops for a test: at least `count` spin until `release`.
    public func acquire(_ count: Int) {
        lock.lock()
        defer { lock.unlock() }
        holders += 1
        lastAcquired = Date()
        while running < count {
            running += 1
            live += 1
            let mine = generation
            let thread = Thread { [self] in
                var spins: UInt64 = 0
                while true {
                    spins &+= 1
                    if spins % 1_000_000 == 0, !shouldSpin(generation: mine) { break }
                }
                lock.lock()
                live -= 1
                lock.unlock()
            }
            thread.start()
        }
    }

    /// Lets go of the loops; the last holder stops them (each ends within a few milliseconds).
    public func release() {
        lock.lock()
        defer { lock.unlock() }
        holders -= 1
        if holders == 0 {
            generation += 1
            running = 0
        }
    }

    /// Whether a loop started in `generation` spins on.
    private func shouldSpin(generation mine: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard mine == generation, Date().timeIntervalSince(lastAcquired) <= BusyLoops.longest else {
            if mine == generation { running = max(running - 1, 0) }
            return false
        }
        return true
    }
}

/// Python lines that define `burn(seconds)`: spin until the process has
/// used that much CPU (not `sleep`, which is idle time: a diff engine that
/// sleeps with a request unanswered is blocked).
public let pythonBurn = """
    import time
    def burn(seconds):
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
    """

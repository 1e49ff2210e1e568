// BusyLoops: the load a shared CI runner puts beside a test, made by the
// test itself: busy loops on threads of the test's own process, each one
// bounded (it stops when the test's body ends, and after a minute at most).
// A time verdict that holds only on a quiet machine is a bug: every test of
// one runs beside these.
import Foundation

/// Runs `body` beside `count` busy loops (threads that only spin), and
/// stops them when it returns.
public func withBusyLoops<T>(_ count: Int = 4, _ body: () throws -> T) rethrows -> T {
    let loops = BusyLoops(count)
    defer { loops.stop() }
    return try body()
}

/// `withBusyLoops` for an async body.
public func withBusyLoops<T>(_ count: Int = 4, _ body: () async throws -> T) async rethrows -> T {
    let loops = BusyLoops(count)
    defer { loops.stop() }
    return try await body()
}

/// Threads that spin until stopped, or for `BusyLoops.longest` seconds.
public final class BusyLoops: @unchecked Sendable {
    /// The longest a loop spins, whatever the test does.
    public static let longest = 120.0
    private let lock = NSLock()
    private var isStopped = false

    /// Starts `count` busy loops.
    public init(_ count: Int) {
        let began = Date()
        for _ in 0..<count {
            let thread = Thread { [self] in
                var spins: UInt64 = 0
                while true {
                    spins &+= 1
                    if spins % 1_000_000 == 0 {
                        if self.hasStopped || Date().timeIntervalSince(began) > BusyLoops.longest { return }
                    }
                }
            }
            thread.start()
        }
    }

    private var hasStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStopped
    }

    /// Stops every loop (each ends within a few milliseconds).
    public func stop() {
        lock.lock()
        isStopped = true
        lock.unlock()
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

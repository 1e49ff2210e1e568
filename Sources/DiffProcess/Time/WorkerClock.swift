// WorkerClock: a slot's time on the worker pool, counted as `EngineClock`
import Dispatch
// counts an engine's: the CPU the worker and everything under it (its
// engines) used, plus the time all of them sat idle. A worker stopped from
// outside (SIGSTOP) or starved by the machine's load is not late.

/// The seconds a pool slot's workers have spent, by CPU and idle time;
/// each slot's deadlines are counted on its clock (`WorkerPoolJob.deadline`).
struct WorkerClock: Sendable {
    /// Seconds spent by the slot's earlier workers.
    private var earlier = 0.0
    /// The current worker's clock.
    private var current = EngineClock(limits: TimeLimits(cpu: .infinity, idle: .infinity, wall: .infinity))
    /// When the current worker's clock started, in monotonic seconds.
    private var began: Double

    /// A clock at 0, for a worker started at `now` (monotonic seconds).
    init(now: Double) {
        began = now
    }

    /// The slot's seconds so far.
    var seconds: Double { earlier + current.cpuSeconds + current.idleSeconds }

    /// Takes a reading of the current worker's tree at `now`; nil usage (it
    /// cannot be read) counts the wall.
    mutating func read(now: Double, usage: ProcessTreeUsage?) {
        _ = current.read(wall: now - began, usage: usage)
    }

    /// A new worker in the slot, started at `now`: its clock starts where the last one's ended.
    mutating func restart(now: Double) {
        earlier = seconds
        current = EngineClock(limits: current.limits)
        began = now
    }
}

/// Seconds on a monotonic clock (the system's uptime), for what is
/// measured and never for what is judged: a step of the wall clock moves
/// no deadline.
func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

// WorkerPool: the one supervisor loop. Worker processes (`diffcheck
// worker`) run the engine; the pool polls their output, decodes each line
// as a `WorkerMessage`, keeps each worker's deadline, stops the run on
// Ctrl-C (`isInterrupted`), and prints the progress line. What the
// messages mean, when a worker is late, and what a death is, are the job's
// (`WorkerPoolJob`): the random campaign (`Supervisor`), the exhaustive
// walk (`ExhaustiveRun`) and guarded shrinking (`guardedShrunkCase`) are
// three jobs on this one loop.
//
// One turn at least every 100 ms (the poll's timeout), and whenever a worker writes:
//   1. the run stops on an interruption, or when the job's `turn` says so;
//   2. every running worker's new lines go to `handle`, in order;
//   3. a worker whose output ended goes to `ended(slot:hung: false)`; one
//      past the job's deadline is killed (with its engines) and goes to
//      `ended(slot:hung: true)`: each fault has exactly one transition.
//      Deadlines count on each slot's `WorkerClock` (the CPU of the worker
//      and its engines, and the time they all sat idle), read at most
//      every `clockInterval` (0.1 s):
//      a worker stopped from outside or starved by the load is not late;
//   4. the progress line, when it is due.
// When the loop ends (every slot finished, the job's stop, Ctrl-C), the job
// hears `stopping` and every worker still there is killed.
import Foundation

/// A kind of work that runs on a `WorkerPool`: what its workers' messages
/// mean, when a worker is late, and what its end means.
protocol WorkerPoolJob {
    /// Called at the start of each turn, before the pool polls: false ends
    /// the run (its time is up; nothing it waits for is left).
    mutating func turn() throws -> Bool
    /// A message from the worker in `slot`.
    mutating func handle(_ message: WorkerMessage, slot: Int)
    /// When the worker in `slot` has passed its time, on the slot's clock
    /// (`WorkerPool.now(_:)`); nil: never.
    func deadline(slot: Int) -> Double?
    /// The worker in `slot` ended (its output closed), or was killed by the
    /// pool for passing its deadline (`hung`). The job finishes the slot
    /// or puts a new worker in it.
    mutating func ended(slot: Int, hung: Bool) throws
    /// Whether the job waits on work of its own (`BackgroundWork`) with
    /// no worker running: the run goes on until it is done.
    var isWaiting: Bool { get }
    /// The progress line, `elapsed` seconds into the run.
    func progress(elapsed: Double) -> String
    /// The run ends with workers still in their slots (they are killed
    /// right after): a shrink cut short keeps its unshrunk finding, a case
    /// cut short is reported.
    mutating func stopping()
}

extension WorkerPoolJob {
    mutating func turn() throws -> Bool { true }
    mutating func stopping() {}
    var isWaiting: Bool { false }
}

/// The worker processes of one run, by slot, and the loop that supervises them.
final class WorkerPool {
    /// The worker in each slot (the last one started there).
    private(set) var workers: [Worker] = []
    /// Whether each slot's share is done (its worker is left alone).
    private(set) var isFinished: [Bool] = []
    /// When the run began.
    let start = ContinuousClock.now
    /// The progress line, when the run shows one.
    var progress: ProgressLine?
    /// Whether an interruption (`isInterrupted`) ended the run.
    private(set) var wasInterrupted = false
    /// The longest a call into the job (a turn, a message, an end) held
    /// the loop, in seconds: nothing that waits belongs in one.
    private(set) var longestCallback = 0.0
    /// Each slot's clock (`WorkerClock`).
    private var clocks: [WorkerClock] = []
    /// When the clocks were last read, in monotonic seconds.
    private var clocksReadAt = -Double.infinity
    /// Seconds between two readings of the clocks: deadlines are seconds
    /// long, and a reading scans the process table (a turn comes as often
    /// as a worker writes a line).
    static let clockInterval = 0.1

    /// The seconds of slot `slot`'s clock: the CPU its workers and their
    /// engines used and the time they sat idle, as of the last turn.
    func now(_ slot: Int) -> Double {
        slot < clocks.count ? clocks[slot].seconds : 0
    }

    /// A pool that shows `progress` (nil: none).
    init(progress: ProgressLine? = nil) {
        self.progress = progress
    }

    /// The slots, finished or not.
    var slots: Range<Int> { workers.indices }

    /// The slots still running.
    var running: [Int] { workers.indices.filter { !isFinished[$0] } }

    /// Adds a slot for `worker`; returns the slot.
    @discardableResult
    func add(_ worker: Worker) -> Int {
        workers.append(worker)
        isFinished.append(false)
        clocks.append(WorkerClock(now: monotonicSeconds()))
        return workers.count - 1
    }

    /// Puts `worker` in `slot` (its last one ended), running.
    func replace(_ slot: Int, with worker: Worker) {
        workers[slot] = worker
        isFinished[slot] = false
        clocks[slot].restart(now: monotonicSeconds())
    }

    /// Marks `slot` finished: its worker is no longer polled.
    func finish(_ slot: Int) {
        isFinished[slot] = true
    }

    /// Kills the worker in `slot` and finishes the slot.
    func stop(_ slot: Int) {
        workers[slot].kill()
        isFinished[slot] = true
    }

    /// Runs `job` until every slot is finished, the job's `turn` says stop,
    /// or an interruption; then `stopping`, and every worker is killed.
    func run<Job: WorkerPoolJob>(_ job: inout Job) throws {
        while isFinished.contains(false) || job.isWaiting {
            if isInterrupted != 0 {
                wasInterrupted = true
                break
            }
            guard try timed({ try job.turn() }) else { break }
            var descriptors = workers.indices.map { slot in
                isFinished[slot] ? pollfd(fd: -1, events: 0, revents: 0)
                    : pollfd(fd: workers[slot].descriptor, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            let now = monotonicSeconds()
            if now - clocksReadAt >= WorkerPool.clockInterval {
                // The process table, read for the workers' trees: at most every `clockInterval`, however often lines come.
                clocksReadAt = now
                let trees = ProcessTreeUsage.read(roots: workers.indices.compactMap { isFinished[$0] ? nil : workers[$0].pid })
                for slot in workers.indices where !isFinished[slot] {
                    clocks[slot].read(now: now, usage: trees[workers[slot].pid])
                }
            }
            for slot in workers.indices where !isFinished[slot] {
                let worker = workers[slot]
                if descriptors[slot].revents != 0 {
                    for line in worker.readLines() {
                        if let message = WorkerMessage(line: line) { timed { job.handle(message, slot: slot) } }
                    }
                }
                // The job may have finished the slot, or put a new worker in it.
                guard !isFinished[slot], workers[slot] === worker else { continue }
                if worker.isAtEnd {
                    try timed { try job.ended(slot: slot, hung: false) }
                } else if let deadline = job.deadline(slot: slot), clocks[slot].seconds > deadline {
                    worker.kill()
                    try timed { try job.ended(slot: slot, hung: true) }
                }
            }
            progress?.show { job.progress(elapsed: start.duration(to: .now).inSeconds) }
        }
        job.stopping()
        for slot in workers.indices {
            workers[slot].kill()
            isFinished[slot] = true
        }
        progress?.end()
    }

    /// Runs `body`, a call into the job, keeping the longest (`longestCallback`).
    private func timed<T>(_ body: () throws -> T) rethrows -> T {
        let began = ContinuousClock.now
        defer { longestCallback = max(longestCallback, began.duration(to: .now).inSeconds) }
        return try body()
    }
}

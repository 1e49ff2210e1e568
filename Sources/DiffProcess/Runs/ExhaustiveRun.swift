// ExhaustiveRun: the exhaustive enumeration in worker processes (`exhaust`,
// and the exhaustive part of `check`), a job on the one `WorkerPool`.
//
// Each of N workers walks every pair of the bound in the same order and
// checks the pairs whose place in the walk is its own modulo N, writing that
// place to a state file before the engine runs (`ExhaustiveWorker`). Workers
// report failures by place. When a worker traps or hangs, the place in its
// state file is a pair the engine may not survive: it is checked again with
// the engine alone, in a child process of its own, and the fault policy
// (`FaultPolicy`) judges. A `no-crash` failure stops the walk there (the
// other workers finish the places before it, so the smallest failure is
// still the first in the walk's order). A worker stopped from outside or
// held up past its deadline on a pair the engine alone passes is replaced,
// its share resuming at that pair (the death is reported); one that
// trapped on a pair the engine alone passes is a `no-crash` failure that
// says the trap may be diffcheck's own.
import DiffHarness
import Foundation
import ListModel

/// A walk of an exhaustive bound in `jobs` worker processes.
package struct ExhaustiveRun {
    /// The engine and its settings, as every worker is told.
    package var options: CampaignOptions
    /// How many worker processes walk at once.
    package var jobs: Int
    /// The part of the walk this run checks.
    package var shard = Shard.whole
    /// Prints progress now and then (a live line on a terminal).
    package var showsProgress: Bool
    /// The `diffcheck` executable the workers run.
    package var workerExecutable = ownExecutable()

    /// A walk of `options`' engine in `jobs` workers over `shard`.
    package init(options: CampaignOptions, jobs: Int, shard: Shard = .whole, showsProgress: Bool) {
        self.options = options
        self.jobs = jobs
        self.shard = shard
        self.showsProgress = showsProgress
    }

    /// Walks `bound` to its end, the first pair the engine trapped or hung on, or Ctrl-C.
    package func run(_ bound: ExhaustiveBound) throws -> ExhaustiveResult {
        try runMeasured(bound).result
    }

    /// `run(_:)`, and the longest a call into the walk held the pool's
    /// loop (`WorkerPool.longestCallback`), in seconds.
    package func runMeasured(_ bound: ExhaustiveBound) throws -> (result: ExhaustiveResult, longestCallback: Double) {
        try catchingInterruptions {
            // The workers' state files, in a folder of our own (a name known beforehand could be planted).
            let scratch = try PrivateFolder(prefix: "diffcheck-exhaust")
            defer { scratch.remove() }
            let pool = WorkerPool(progress: showsProgress ? ProgressLine(endsByClearing: true) : nil)
            var walk = ExhaustiveWalk(run: self, bound: bound, pool: pool, scratch: scratch)
            for index in 0..<jobs { pool.add(try walk.launch(index)) }
            try pool.run(&walk)
            return (walk.result(), pool.longestCallback)
        }
    }
}

/// The supervisor's side of one walk, on the pool: it runs what the walk's
/// state (`ExhaustiveWalkState`) asks for (state files read, the engine
/// alone asked, workers started, stopped and finished).
private struct ExhaustiveWalk: WorkerPoolJob {
    let run: ExhaustiveRun
    let bound: ExhaustiveBound
    let pool: WorkerPool
    let scratch: PrivateFolder
    var options: CampaignOptions { run.options }
    var walk: ExhaustiveWalkState
    /// The pairs a worker died on, each asked of the engine alone beside
    /// the other workers, by the slot that waits for the answer.
    var asked: [Int: AskedAlone] = [:]

    /// A pair asked of the engine alone for the slot whose worker died on it.
    struct AskedAlone {
        let worker: Int
        let place: Int
        let end: ProcessEnd
        let errorLine: String
        let work: BackgroundWork<AloneAnswer>
    }

    init(run: ExhaustiveRun, bound: ExhaustiveBound, pool: WorkerPool, scratch: PrivateFolder) {
        self.run = run
        self.bound = bound
        self.pool = pool
        self.scratch = scratch
        walk = ExhaustiveWalkState(jobs: run.jobs, timeout: run.options.timeout)
    }

    /// Worker `index`'s state file: the place it is checking.
    func state(_ index: Int) -> String { scratch.file("worker-\(index).state") }

    /// Starts worker `index` at place `from` of its share.
    func launch(_ index: Int, from: Int = 0) throws -> Worker {
        unlink(state(index))
        return try Worker(executable: run.workerExecutable, arguments: ["worker"] + options.forwarded + [
            "--exhaust", bound.workerSpec, "--jobs", String(run.jobs), "--index", String(index),
            "--shard", run.shard.description, "--state", state(index), "--from", String(from),
        ], index: index, capturesErrors: options.engineCommand == nil)
    }

    var isWaiting: Bool { !asked.isEmpty }

    mutating func turn() throws -> Bool {
        for (slot, pending) in asked.sorted(by: { $0.key < $1.key }) {
            guard let answer = pending.work.result else { continue }
            asked[slot] = nil
            try take(walk.answered(answer, worker: pending.worker, place: pending.place, end: pending.end,
                                   errorLine: pending.errorLine), slot: slot, end: pending.end)
        }
        // Past the place where the walk stopped, the rest is not needed.
        for slot in pool.running where walk.isPastTheStop(pool.workers[slot].index) { pool.stop(slot) }
        return true
    }

    mutating func handle(_ message: WorkerMessage, slot: Int) {
        walk.heard(message, worker: pool.workers[slot].index, now: pool.now(slot))
    }

    func deadline(slot: Int) -> Double? {
        walk.deadline(worker: pool.workers[slot].index)
    }

    mutating func ended(slot: Int, hung isHung: Bool) throws {
        let worker = pool.workers[slot], index = worker.index
        let end = isHung ? ProcessEnd.pastDeadline : worker.reap()
        // The pair in its state file: the one it trapped or hung on.
        let text = (try? String(contentsOfFile: state(index), encoding: .utf8)) ?? ""
        let place = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        try take(walk.ended(worker: index, end: end, place: place), slot: slot, end: end, errorLine: worker.lastErrorLine)
    }

    /// Runs what the walk asks for after the end `end` in `slot`.
    mutating func take(_ action: ExhaustiveWalkState.Action, slot: Int, end: ProcessEnd, errorLine: String = "") throws {
        let index = pool.workers[slot].index
        switch action {
        case .askTheEngineAlone(let place):
            // Asked beside the other workers: the slot waits for the answer (`turn`).
            let (bound, options, executable) = (bound, options, run.workerExecutable)
            asked[slot] = AskedAlone(worker: index, place: place, end: end, errorLine: errorLine, work: BackgroundWork {
                ExhaustiveWalk.engineAlone(bound: bound, at: place, options: options, executable: executable)
            })
            pool.finish(slot)
        case .finish:
            pool.finish(slot)
        case .interrupt:
            isInterrupted = SIGINT
            pool.finish(slot)
        case .relaunch(let from):
            pool.replace(slot, with: try launch(index, from: from))
            walk.started(worker: index, now: pool.now(slot))
        }
    }

    func progress(elapsed: Double) -> String {
        walk.progress(elapsed: elapsed, total: Int(exactly: bound.pairCount.rounded()))
    }

    /// The walk ends with pairs still asked of the engine alone: their
    /// answers are waited for and judged, and no worker starts again.
    mutating func stopping() {
        for pending in asked.sorted(by: { $0.key < $1.key }).map(\.value) {
            let action = walk.answered(pending.work.waited(), worker: pending.worker, place: pending.place, end: pending.end,
                                       errorLine: pending.errorLine)
            if case .interrupt = action { isInterrupted = SIGINT }
        }
        asked = [:]
    }

    /// What the engine alone, in a child process of its own, does on the
    /// pair at `place` (an engine that cannot be started traps: the
    /// worker's death stands).
    static func engineAlone(bound: ExhaustiveBound, at place: Int, options: CampaignOptions, executable: URL) -> AloneAnswer {
        let engines = IsolatedEngines(timeout: options.timeout, hangTimeout: options.hangTimeout, executable: executable)
        defer { engines.stopAll() }
        guard let pair = exhaustivePair(bound, at: place), let engine = try? options.isolatedEngine(engines) else { return .traps }
        let failure = Checker(engine: engine, profile: options.profile).check(old: pair.old, new: pair.new)
            .failures.first { $0.property == .noCrash }
        return AloneAnswer(noCrash: failure)
    }

    /// What the walk found, once the pool is done.
    func result() -> ExhaustiveResult {
        walk.result(wasInterrupted: pool.wasInterrupted, elapsed: pool.start.duration(to: .now).inSeconds)
    }
}

/// One walk's state, a value: the workers' messages and ends in, what to do
/// next out (`Action`). It starts no process, reads no file and no clock:
/// each event brings what it needs (the slot's clock, the place in the
/// worker's state file, what the engine alone did), so every fault is
/// driven in memory (ExhaustiveWalkStateTests). A worker's end is judged
/// by the fault policy (`FaultPolicy`).
struct ExhaustiveWalkState {
    /// What the pool does after an end.
    enum Action: Equatable {
        /// The slot is done.
        case finish
        /// The user's Ctrl-C: the run stops.
        case interrupt
        /// The engine alone must be asked about the pair at `place`
        /// (`answered` says what comes of it).
        case askTheEngineAlone(place: Int)
        /// A new worker in the slot, from place `from` of its share.
        case relaunch(from: Int)
    }

    let jobs: Int
    /// The engine's `--timeout`: a worker silent for twice it (and 5 s) on its slot's clock has hung.
    let timeout: Double
    private(set) var found = ExhaustiveResult()
    /// Pairs checked again after their worker died (each once).
    private(set) var checkedAgain: Set<Int> = []
    /// When each worker last said something, on its slot's clock: a silent one has hung.
    private(set) var lastLine: [Double]
    /// The place each worker reached (`Int.max`: its walk is over).
    private(set) var reached: [Int]
    /// The properties each failing place failed.
    private(set) var failing: [Int: [FindingKind]] = [:]

    init(jobs: Int, timeout: Double) {
        self.jobs = jobs
        self.timeout = timeout
        lastLine = Array(repeating: 0, count: jobs)
        reached = Array(repeating: -1, count: jobs)
    }

    /// A message from worker `index`, at `now` on its slot's clock.
    mutating func heard(_ message: WorkerMessage, worker index: Int, now: Double) {
        lastLine[index] = now
        switch message {
        case .pairHung(let place, let message):
            // The engine hung on this pair (the worker's engine call timed out): the walk stops here.
            reached[index] = Int.max
            if place < (found.stoppedAt ?? Int.max) {
                found.stoppedAt = place
                found.firstFailure = (place, message)
            }
        case .pairFailed(let place, let kinds): failing[place] = kinds.sorted()
        case .reached(let place): reached[index] = place
        case .walked(let places): found.pairs = max(found.pairs, places); reached[index] = Int.max
        default: break
        }
    }

    /// When worker `index` has hung, on its slot's clock.
    func deadline(worker index: Int) -> Double {
        lastLine[index] + timeout * 2 + 5
    }

    /// Whether worker `index` is past the place the walk stopped at (it is stopped).
    func isPastTheStop(_ index: Int) -> Bool {
        found.stoppedAt.map { reached[index] > $0 } ?? false
    }

    /// A new worker `index` started, at `now` on its slot's clock.
    mutating func started(worker index: Int, now: Double) {
        lastLine[index] = now
    }

    /// Worker `index` ended (`end`), its state file naming `place` (nil: none yet).
    mutating func ended(worker index: Int, end: ProcessEnd, place: Int?) throws -> Action {
        if end == .normal { return .finish }
        guard let place else {
            throw CampaignError(description: "an exhaustive worker stopped before its first pair: it \(end.words)")
        }
        guard place < (found.stoppedAt ?? Int.max) else { return .finish }
        let phase = FaultPhase.onCase(isRetry: checkedAgain.contains(place), canRunAgain: true)
        switch FaultPolicy.step(end, in: phase) {
        case .interrupted: return .interrupt
        case .askTheEngineAlone, .resume, .keepUnshrunk: return .askTheEngineAlone(place: place)
        }
    }

    /// What the engine alone did (`alone`) on the pair at `place` that
    /// worker `index` ended on (`end`); `errorLine`: the line of the
    /// worker's stderr that explains its end.
    mutating func answered(_ alone: AloneAnswer, worker index: Int, place: Int, end: ProcessEnd, errorLine: String) -> Action {
        let phase = FaultPhase.onCase(isRetry: checkedAgain.contains(place), canRunAgain: true)
        let verdict = FaultPolicy.verdict(end, in: phase, alone: alone)
        if !verdict.isFinding {
            // Not the engine: a new worker checks the pair again and goes on.
            checkedAgain.insert(place)
            found.workerDeaths.append("worker \(index) \(end.words), on pair \(place); \(FaultPolicy.runAgainWords(end, case: "pair"))")
            return .relaunch(from: place)
        }
        let why = (end.isPastDeadline ? "the engine did not return within \(timeout) s" : end.failureWords + errorLine)
            + FaultPolicy.note(verdict, case: "pair")
        if place < (found.stoppedAt ?? Int.max) {
            found.stoppedAt = place
            failing[place] = [FindingKind(.noCrash)]
            found.firstFailure = (place, why)
        }
        return .finish
    }

    /// The progress line, `elapsed` seconds in, of a walk of `total` pairs (nil: not known).
    func progress(elapsed: Double, total: Int?) -> String {
        let done = reached.map { $0 == Int.max ? 0 : $0 }.max() ?? 0
        let rate = Double(done) / max(elapsed, 0.001)
        return "exhaustive: about \(done)" + (total.map { "/\($0)" } ?? "") + " pairs walked  \(Int(rate))/s  "
            + "\(failing.count) failing  elapsed \(Int(elapsed)) s" + timeLeft(done: done, total: total, rate: rate, elapsed: elapsed, maxTime: nil)
    }

    /// What the walk found, once its workers are done.
    func result(wasInterrupted: Bool, elapsed: Double) -> ExhaustiveResult {
        var result = found
        var failing = self.failing
        result.wasInterrupted = wasInterrupted
        if let stop = result.stoppedAt {
            failing = failing.filter { $0.key <= stop }
            result.pairs = stop + 1
        } else if result.wasInterrupted {
            result.pairs = reached.filter { $0 != Int.max }.max().map { $0 + 1 } ?? result.pairs
        }
        result.failingPairs = failing.count
        for (place, kinds) in failing {
            for kind in kinds {
                result.byKind[kind, default: 0] += 1
                result.firstPlaceByKind[kind] = min(result.firstPlaceByKind[kind] ?? place, place)
            }
        }
        if let first = failing.keys.min() {
            if result.firstFailure?.place != first { result.firstFailure = (first, nil) }
            result.firstProperties = Set((failing[first] ?? []).map(\.property)).sorted()
        }
        result.elapsed = elapsed
        return result
    }
}

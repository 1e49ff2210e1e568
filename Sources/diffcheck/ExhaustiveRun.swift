// ExhaustiveRun: the exhaustive enumeration in worker processes (`exhaust`,
// and the exhaustive part of `check`).
//
// Each of N workers walks every pair of the bound in the same order and
// checks the pairs whose place in the walk is its own modulo N, writing that
// place to a state file before the engine runs. Workers report failures by
// place. When a worker traps or hangs, the place in its state file is a
// pair the engine may not survive: it is checked again with the engine
// alone, in a child process of its own. If the engine alone fails
// `no-crash` there, or the worker hung, it is recorded as a `no-crash`
// failure and the walk stops there (the other workers finish the places
// before it, so the smallest failure is still the first in the walk's
// order). A worker killed from outside (SIGKILL, SIGTERM) on a pair the
// engine alone passes is replaced, its share resuming at that pair (the
// death is reported); one that trapped on a pair the engine alone passes
// is a `no-crash` failure that says the trap may be diffcheck's own.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// The worker's side: walks the bound and checks its share.
/// Places before `from` are skipped (a worker that replaces one killed there).
func exhaustInWorker(_ bound: ExhaustiveBound, checker: Checker, jobs: Int, index: Int, shard: Shard, from: Int = 0,
                     state: Int32) -> Int32 {
    var place = 0
    var isStopped = false
    var lastReport = ContinuousClock.now
    ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
        defer { place += 1 }
        // The shard's places, dealt to its workers in turn.
        guard place >= from && shard.owns(place) && (place / shard.count) % jobs == index else { return true }
        let line = Array("\(place)\n".utf8)
        _ = line.withUnsafeBytes { pwrite(state, $0.baseAddress, $0.count, 0) }
        let verdict = checker.check(old: old, new: new)
        if !verdict.failures.isEmpty {
            emit(.pairFailed(place, Set(verdict.failures.map(\.property))))
        }
        // A hang stops the walk here: each later hang would cost the timeout again.
        if let hang = verdict.failures.first(where: \.isHang) {
            emit(.pairHung(place, message: hang.message))
            isStopped = true
            return false
        }
        // Now and then, so the supervisor sees progress (and no hang).
        if ContinuousClock.now - lastReport > .milliseconds(500) {
            lastReport = ContinuousClock.now
            emit(.reached(place))
        }
        return true
    }
    if !isStopped { emit(.walked(place)) }
    return ExitCode.success
}

/// The supervisor's side.
struct ExhaustiveRun {
    var options: CampaignOptions
    var jobs: Int
    /// The part of the walk this run checks.
    var shard = Shard.whole
    /// Prints progress now and then (a live line on a terminal).
    var showsProgress: Bool

    func run(_ bound: ExhaustiveBound) throws -> ExhaustiveResult {
        try catchingInterruptions { try walk(bound) }
    }

    private func walk(_ bound: ExhaustiveBound) throws -> ExhaustiveResult {
        var result = ExhaustiveResult()
        let start = Date()
        // The workers' state files, in a folder of our own (a name known beforehand could be planted).
        let scratch = try PrivateFolder(prefix: "diffcheck-exhaust")
        defer { scratch.remove() }
        func state(_ index: Int) -> String { scratch.file("worker-\(index).state") }
        func launch(_ index: Int, from: Int = 0) throws -> Worker {
            unlink(state(index))
            return try Worker(executable: ownExecutable(), arguments: ["worker"] + options.forwarded + [
                "--exhaust", bound.workerSpec, "--jobs", String(jobs), "--index", String(index),
                "--shard", shard.description, "--state", state(index), "--from", String(from),
            ], index: index, capturesErrors: options.engineCommand == nil)
        }
        // A pair a worker died on is checked again with the engine alone.
        let engines = IsolatedEngines(timeout: options.timeout, hangTimeout: options.hangTimeout)
        defer { engines.stopAll() }
        var checkedAgain: Set<Int> = []
        var workers = try (0..<jobs).map { try launch($0) }
        defer { for worker in workers { worker.kill(); _ = worker.ending() } }
        var lastLine = Array(repeating: Date(), count: jobs)
        var reached = Array(repeating: -1, count: jobs)
        var failing: [Int: [PropertyName]] = [:]
        let isTerminal = isatty(STDERR_FILENO) != 0
        var lastProgress = Date()
        while !workers.isEmpty {
            if isInterrupted != 0 {
                result.wasInterrupted = true
                break
            }
            var descriptors = workers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            var finished: [Int] = []
            for (slot, worker) in workers.enumerated() {
                let index = worker.index
                if descriptors[slot].revents != 0 {
                    for line in worker.readLines() {
                        lastLine[index] = Date()
                        switch WorkerMessage(line: line) {
                        case .pairHung(let place, let message)?:
                            // The engine hung on this pair (the worker's engine call timed out): the walk stops here.
                            reached[index] = Int.max
                            if place < (result.stoppedAt ?? Int.max) {
                                result.stoppedAt = place
                                result.firstFailure = (place, message)
                            }
                        case .pairFailed(let place, let properties)?: failing[place] = properties.sorted()
                        case .reached(let place)?: reached[index] = place
                        case .walked(let places)?: result.pairs = max(result.pairs, places); reached[index] = Int.max
                        default: break
                        }
                    }
                }
                let isHung = Date().timeIntervalSince(lastLine[index]) > options.timeout * 2 + 5
                // Past the place where the walk stopped, the rest is not needed.
                let isPastStop = result.stoppedAt.map { reached[index] > $0 } ?? false
                guard worker.isAtEnd || isHung || isPastStop else { continue }
                if isHung || isPastStop { worker.kill() }
                let ending = worker.ending()
                if isPastStop || (!isHung && ending == nil) {
                    finished.append(slot)
                    continue
                }
                // The worker trapped or hung on the pair in its state file.
                let text = (try? String(contentsOfFile: state(index), encoding: .utf8)) ?? ""
                guard let place = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw UsageError(description: "an exhaustive worker stopped before its first pair: \(ending ?? "it hung")")
                }
                var why = isHung ? "the engine did not return within \(options.timeout) s" : (ending ?? "the worker stopped")
                if place < (result.stoppedAt ?? Int.max) {
                    let killedFromOutside = !isHung && (worker.diedOf(SIGKILL) || worker.diedOf(SIGTERM))
                    if !engineAloneCrashes(bound, at: place, engines: engines, options: options) {
                        // Not the engine (killed from outside, or held up past its deadline: stopped, suspended,
                        // starved of CPU): a new worker checks the pair again and goes on.
                        if (killedFromOutside || isHung) && !checkedAgain.contains(place) {
                            checkedAgain.insert(place)
                            let how = isHung ? "passed its deadline (diffcheck stopped it with SIGKILL)"
                                : ChildProcess.describe(worker.status ?? SIGKILL)
                            result.workerDeaths.append("worker \(index) \(how), on pair \(place); the engine alone "
                                + (isHung ? "answers it (the worker was held up)" : "passes it") + ", so the pair was checked again")
                            workers[slot] = try launch(index, from: place)
                            lastLine[index] = Date()
                            continue
                        }
                        if !isHung {
                            why += " (the engine alone does not trap on this pair: the trap may be in diffcheck's own checking; please report it)"
                        }
                    }
                }
                if place < (result.stoppedAt ?? Int.max) {
                    result.stoppedAt = place
                    failing[place] = [.noCrash]
                    result.firstFailure = (place, why)
                }
                finished.append(slot)
            }
            for slot in finished.reversed() { workers.remove(at: slot) }
            if showsProgress && Date().timeIntervalSince(lastProgress) >= (isTerminal ? 0.5 : 10) {
                lastProgress = Date()
                let done = reached.map { $0 == Int.max ? 0 : $0 }.max() ?? 0
                let elapsed = Date().timeIntervalSince(start)
                let rate = Double(done) / max(elapsed, 0.001)
                let total = Int(exactly: bound.pairCount.rounded())
                let line = "exhaustive: about \(done)" + (total.map { "/\($0)" } ?? "") + " pairs walked  \(Int(rate))/s  "
                    + "\(failing.count) failing  elapsed \(Int(elapsed)) s" + timeLeft(done: done, total: total, rate: rate, elapsed: elapsed, maxTime: nil)
                // What was printed goes out first: with stdout and stderr in one file, a progress
                // line never lands inside a printed case.
                fflush(nil)
                FileHandle.standardError.write(Data((isTerminal ? "\r\(line)   " : line + "\n").utf8))
            }
        }
        if showsProgress && isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if let stop = result.stoppedAt {
            failing = failing.filter { $0.key <= stop }
            result.pairs = stop + 1
        } else if result.wasInterrupted {
            result.pairs = reached.filter { $0 != Int.max }.max().map { $0 + 1 } ?? result.pairs
        }
        result.failingPairs = failing.count
        for (place, properties) in failing {
            for property in properties {
                result.byProperty[property, default: 0] += 1
                result.firstPlaceByProperty[property] = min(result.firstPlaceByProperty[property] ?? place, place)
            }
        }
        if let first = failing.keys.min() {
            if result.firstFailure?.place != first { result.firstFailure = (first, nil) }
            result.firstProperties = failing[first] ?? []
        }
        result.elapsed = Date().timeIntervalSince(start)
        return result
    }
}

/// Whether the engine alone, in a child process of its own, fails
/// `no-crash` on the pair at `place` (an engine that cannot be started
/// counts as failing: the worker's death stands).
private func engineAloneCrashes(_ bound: ExhaustiveBound, at place: Int, engines: IsolatedEngines, options: CampaignOptions) -> Bool {
    guard let pair = exhaustivePair(bound, at: place), let engine = try? options.isolatedEngine(engines) else { return true }
    return Checker(engine: engine, profile: options.profile).fails(.noCrash, old: pair.old, new: pair.new)
}

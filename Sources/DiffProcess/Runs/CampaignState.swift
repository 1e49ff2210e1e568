// CampaignState: what the supervisor of a random campaign decides, as a
// value. Its events are what the pool sees (a worker started, a message,
// a worker's end, the engine alone's answer, a turn, the stop); each
// returns what the pool does (`Action`: reply to a worker, start or stop
// one, remove a file, ask the engine alone). It starts no process, reads
// no clock and no file: the slots' clocks (`clocksRead`), the case in a
// worker's state file and a finding's saved path come in with the events,
// so every fault and every ordering is driven in memory
// (CampaignStateTests). `CampaignJob` is the driver on the `WorkerPool`.
//
// Each worker has one explicit state with a deadline:
//
//   starting ──start N──▶ checking N ──done N──▶ idle ──start N'──▶ …
//                             │ failed N P: the supervisor answers
//                             │ `shrink` (the smallest case failing P so
//                             │ far) or `skip` (P already has a smaller one)
//                             ▼
//                         shrinking N P ──found──▶ checking N ──done──▶ idle
//   any state ──end──▶ finished (the pool leaves it alone)
//
// A worker's end is judged by the fault policy (`FaultPolicy`):
//   - past its state's deadline, killed with its engines: a case that hung
//     is asked of the engine alone; a shrink that hung keeps its unshrunk
//     failure;
//   - dead while checking case N: the case is asked of the engine alone
//     (`CrashRecheck`, beside the other workers) and the slot waits; a trap
//     there is a `no-crash` failure, else the case is run again by a new
//     worker (the death is reported);
//   - dead between cases, or while starting: a new worker resumes its share
//     at its next case (the death is reported);
//   - dead while shrinking: its unshrunk failure, saved before shrinking
//     began, is kept;
//   - Ctrl-C or the end of `--time`: every worker is stopped in whatever
//     state, the unshrunk failures of shrinking workers are kept, and the
//     summary is printed.
// A hang ends the campaign (each later hang would cost the hang deadline again).
// Kinds of finding (`FindingKind`: a property, and for `valid` whether the
// view throws or only the stricter reading rejects) are deduplicated across
// workers: each is reported once, for the smallest case number that failed
// it, so the report and the saved files do not depend on `--jobs`.
import DiffHarness
import Foundation
import ListModel

/// Where a worker is in its share of the cases.
enum WorkerState: Equatable {
    /// Started; it has not begun a case.
    case starting(since: Double)
    /// Checking case N (the engine is running).
    case checking(Int, since: Double)
    /// Shrinking case N's failure of a kind of finding; its unshrunk failure, as the worker sent it, is `pending`.
    case shrinking(Int, kind: FindingKind, pending: ReceivedFinding, since: Double)
    /// Between cases (the last one done).
    case idle(since: Double)

    var isShrinking: Bool {
        if case .shrinking = self { return true }
        return false
    }
}

struct CampaignState {
    /// What the pool does after an event.
    enum Action: Equatable {
        /// Answer the worker in `slot`'s `failed` line.
        case reply(slot: Int, SupervisorReply)
        /// Remove a finding this run wrote that is no longer kept.
        case discard(path: String)
        /// The slot is done: its worker is left alone.
        case finish(slot: Int)
        /// Kill the worker in `slot` (the campaign no longer needs it).
        case stop(slot: Int)
        /// Start a worker in `slot` at case `at`, skipping the cases
        /// counted already (`skipping`); then `launched`.
        case launch(slot: Int, at: Int, skipping: [Int])
        /// Ask the engine alone about a case (in the background); its
        /// answer comes back to `judge` and `rechecked`.
        case recheck(slot: Int, CrashRecheck)
        /// Say `line` on stderr.
        case announce(String)
        /// The user's Ctrl-C reached a worker: the run stops.
        case interrupt
    }

    /// What the engine alone's answer on a case comes to.
    enum Judgement {
        /// A `no-crash` finding, to be saved (`Counterexample`) and then
        /// kept with its path (`rechecked`); `isHang`: the engine did not answer.
        case found(RandomFailure, example: Counterexample, isHang: Bool)
        /// A `no-crash` failure of a later case than the one kept (counted).
        case repeated
        /// Not the engine (`FaultVerdict.runAgain`): the case is run again.
        case runAgain
    }

    /// What the supervisor knows of the worker in a slot of the pool.
    struct Slot: Equatable {
        var state: WorkerState
        /// The next case of this worker's not yet done.
        var next: Int
        /// The worker's number in its shard (`Worker.index`).
        var worker: Int
        /// Whether the pool polls it (not finished, stopped or waiting).
        var isRunning = true
        /// The seconds its current flight of cases may take (its `allow` line).
        var allowance: Double? = nil
        /// Until when its engine was given longer than the timeout (its `busy SECONDS` line).
        var busyUntil: Double? = nil
    }

    /// A case asked of the engine alone for a slot whose worker ended on it.
    struct Waiting: Equatable {
        let recheck: CrashRecheck
        /// The case the slot's next worker starts at.
        let resumeAt: Int
        /// The worker that ended (`Worker.index`), as the report names it.
        let worker: Int
    }

    let supervisor: Supervisor
    /// File names in the findings folder before the run: never deleted.
    let existing: Set<String>
    var report = RandomPartReport()
    var slots: [Slot] = []
    /// Each slot's clock as of the last reading (`WorkerPool.now`).
    var clocks: [Double] = []
    /// The failure kept for each kind of finding (`RandomFailure.key`): the smallest case number so far.
    var kept: [String: RandomFailure] = [:]
    /// Cases a worker died on without the engine alone failing (run again once).
    var rerun: Set<Int> = []
    /// Cases a worker died on that are counted and not run again (a trap
    /// recorded, or a hang), each skipped by a worker resuming before it.
    var crashed: Set<Int> = []
    /// Cases on which the engine did not answer in time (`failed N no-crash hang`).
    var hungCases: Set<Int> = []
    /// The smallest case the campaign stopped at for a hang.
    var hangCase: Int?
    /// How many cases had each label (by `Label.index`).
    var labelTotals = [Int](repeating: 0, count: Label.allCases.count)
    /// Whether the campaign's time (`--time`, or its budget) was up.
    var isTimeUp = false
    /// The cases said on stderr to have run past their timeout (each once).
    var announcedSlow: Set<Int> = []
    /// The engine's answers measured by every worker (`measured` lines).
    var pace = EnginePace()
    /// The largest resident memory of one engine process any worker read (`memory` lines); nil: none read.
    var peakMemoryBytes: Int?
    /// The cases being asked of the engine alone, by slot.
    var waiting: [Int: Waiting] = [:]
    /// The actions the event being handled asks for.
    private var actions: [Action] = []

    init(supervisor: Supervisor, existing: Set<String>) {
        self.supervisor = supervisor
        self.existing = existing
    }

    var options: CampaignOptions { supervisor.options }
    var jobs: Int { supervisor.jobs }
    /// The slots the pool polls.
    var running: [Int] { slots.indices.filter { slots[$0].isRunning } }

    /// The actions asked for since the last call, in order.
    private mutating func taken() -> [Action] {
        defer { actions = [] }
        return actions
    }

    private mutating func finish(_ slot: Int) {
        slots[slot].isRunning = false
        actions.append(.finish(slot: slot))
    }

    private mutating func stop(_ slot: Int) {
        slots[slot].isRunning = false
        actions.append(.stop(slot: slot))
    }

    // MARK: Events

    /// The first cases of the workers' shares: a worker to start in each slot.
    mutating func start() -> [Action] {
        for j in 0..<min(jobs, supervisor.shard.share(of: max(supervisor.maxCases, 0))) {
            actions.append(.launch(slot: j, at: supervisor.shard.number(j), skipping: []))
        }
        return taken()
    }

    /// The slots' clocks were read (`WorkerPool.now`): every deadline and
    /// time in the state counts on them.
    mutating func clocksRead(_ seconds: [Double]) {
        clocks = seconds
    }

    /// A worker started in `slot` at case `n`, its clock at `now`.
    mutating func launched(slot: Int, at n: Int, now: Double) {
        let fresh = Slot(state: .starting(since: now), next: n, worker: supervisor.workerIndex(of: n))
        if slot < slots.count { slots[slot] = fresh } else { slots.append(fresh) }
        if slot < clocks.count { clocks[slot] = now } else { clocks.append(now) }
    }

    /// When the worker in `slot` has passed its time, on the slot's clock.
    func deadline(slot: Int) -> Double? {
        supervisor.deadline(slots[slot].state, allowance: slots[slot].allowance, busyUntil: slots[slot].busyUntil)
    }

    /// The start of a turn, `elapsed` seconds into the run: false ends the
    /// run (its time is up). After a hang only its shrinking goes on, and
    /// the cases before it.
    mutating func turn(elapsed: Double) -> (goesOn: Bool, actions: [Action]) {
        if let maxTime = supervisor.maxTime, elapsed >= maxTime {
            isTimeUp = true
            return (false, taken())
        }
        if report.stoppedEarly != nil {
            // Each case before the hang may be the first hang: the report names the smallest case
            // number whatever the timing; the pool ends when none is left.
            for index in running {
                switch slots[index].state {
                case .shrinking: continue
                case .checking(let m, _) where isBeforeTheHang(m): continue
                default: stop(index)
                }
            }
        }
        return (true, taken())
    }

    /// The slots checking a case for longer than the timeout: the driver
    /// reads their state files for `announceSlow`.
    var slotsPastTheTimeout: [Int] {
        running.filter { index in
            guard case .checking(_, let since) = slots[index].state else { return false }
            return clocks[index] - since > options.timeout
        }
    }

    /// Says on stderr, once a case, that a case has run past its timeout
    /// (`fileCases`: what each slot's state file names): a long wait is
    /// never silent (the progress line names it too).
    mutating func announceSlow(fileCases: [Int: Int]) -> [Action] {
        for index in slotsPastTheTimeout {
            guard case .checking(let reported, _) = slots[index].state else { continue }
            let n = runningCase(slot: index, fileCase: fileCases[index]) ?? reported
            guard announcedSlow.insert(n).inserted else { continue }
            actions.append(.announce("diffcheck: case \(n) has run past --timeout \(ExternalEngine.seconds(options.timeout)) of its "
                + "worker's CPU and idle time; it is judged by the engine's CPU and run state (answered within --hang-timeout: "
                + "a slow case, not a failure), and the other workers go on"))
        }
        return taken()
    }

    /// Whether the driver saves a finding the worker in `slot` sends in a
    /// `found` line for case `n` (a smaller case of its kind kept
    /// meanwhile makes it a repeat, not written).
    func keepsFound(_ n: Int, kind: FindingKind) -> Bool {
        let isHang = hungCases.contains(n) && kind.property == .noCrash
        guard let known = kept[RandomFailure.key(kind: kind, isHang: isHang)] else { return true }
        return known.caseNumber >= n
    }

    /// A message from the worker in `slot`; `saved`: the finding it carries
    /// (`shrinking`, and `found` when `keepsFound`), as the driver saved it.
    mutating func heard(_ message: WorkerMessage, slot index: Int, saved: ReceivedFinding? = nil) -> [Action] {
        let now = clocks[index]
        switch message {
        case .start(let n):
            slots[index].state = .checking(n, since: now)
            slots[index].allowance = nil
        case .done(let n, let ending):
            slots[index].state = .idle(since: now)
            slots[index].next = n + supervisor.caseStride
            report.casesRun += 1
            switch ending {
            case .checked(let labels): count(labels: labels)
            case .skipped: report.skipped += 1
            case .tooSlow(let sizeClass, let reason):
                report.skipped += 1
                report.noteTooSlow(reason, sizeClass: sizeClass, caseNumber: n)
            case .refused(let reason):
                report.skipped += 1
                report.noteRefusal(reason, caseNumber: n)
            }
        case .measured(let answers):
            for answer in answers { pace.record(answer) }
        case .memory(let bytes):
            peakMemoryBytes = max(peakMemoryBytes ?? 0, bytes)
        case .end:
            finish(index)
        case .busy(let seconds):
            // The engine is given longer than the timeout on a case: its deadline starts again, that much later.
            if case .checking(let n, _) = slots[index].state { slots[index].state = .checking(n, since: now) }
            slots[index].busyUntil = now + seconds + 10
        case .allow(_, let seconds):
            // The flight starting at case n: its cases' sizes fix its deadline.
            slots[index].allowance = seconds
        case .pathological(let n, let answer, let dominator):
            // A shape the engine is slow on: a finding about speed, shrunk and saved apart at the end (never a failure).
            report.notePathological(PathologicalCase(caseNumber: n, answer: answer, dominator: dominator))
        case .slow(let n, let items, let changes, let seconds):
            // A slow case: answered after its timeout, within the hang deadline (judged, not a failure).
            report.noteSlow(SlowCase(caseNumber: n, items: items, changes: changes, seconds: seconds))
        case .failed(let n, let kind, let isHang):
            // A hang is a finding of its own: a trap kept before it does not hide it.
            if let known = kept[RandomFailure.key(kind: kind, isHang: isHang)], known.caseNumber < n {
                report.repeatedFailures[kind, default: 0] += 1
                actions.append(.reply(slot: index, .skip))
            } else if !isHang && supervisor.foundKinds.contains(kind) {
                // Found and saved by the part before (an exhaustive walk's smallest pair): a repeat here.
                report.repeatedFailures[kind, default: 0] += 1
                actions.append(.reply(slot: index, .skip))
            } else {
                actions.append(.reply(slot: index, .shrink))
                if isHang { hungCases.insert(n) }
            }
        case .shrinking(let n, let kind, let text):
            // Saved before the shrink begins: a shrink that never ends keeps it.
            slots[index].state = .shrinking(n, kind: kind, pending: saved ?? ReceivedFinding(text: text), since: now)
            if hungCases.contains(n) && kind.property == .noCrash {
                stop(atHang: n)
            }
        case .found(let n, let kind, let calls, let seconds, _):
            var pending: ReceivedFinding?
            if case .shrinking(_, _, let unshrunk, _) = slots[index].state { pending = unshrunk }
            let isHang = hungCases.contains(n) && kind.property == .noCrash
            let shrinking = "\(calls) calls, " + String(format: "%.2f", seconds) + " s"
            var path: String?
            if let saved, keepsFound(n, kind: kind) {
                path = saved.path
                keep(failure(saved, caseNumber: n, kind: kind, shrinking: shrinking, unshrunkBecause: nil, isHang: isHang))
            } else {
                // A smaller case of the kind was kept meanwhile: this one is a repeat (and is not written).
                report.repeatedFailures[kind, default: 0] += 1
            }
            // The unshrunk file goes, unless it is the one kept (a case that did not shrink has its name).
            if let unshrunk = pending?.path, unshrunk != path { discard(unshrunk) }
            slots[index].state = .checking(n, since: now)
        case .engineStarted, .engineEnded, .pairFailed, .pairHung, .reached, .walked, .shrunk:
            // Engine groups are the worker process's (`Worker`); the rest is an exhaustive worker's or a shrinking child's.
            break
        }
        return taken()
    }

    /// The worker in `slot` ended as `end` (`hung`: the pool killed it past
    /// its deadline); `fileCase`: the case its state file names;
    /// `errorLine`: the last line it wrote on stderr; `elapsed`: seconds
    /// into the run. One transition per state, each a call into the fault
    /// policy. Throws when workers keep dying outside any case.
    mutating func ended(slot index: Int, end: ProcessEnd, hung: Bool, fileCase: Int?, errorLine: String,
                        elapsed: Double) throws -> [Action] {
        var state = slots[index].state
        // A worker that batches its lines may have been past its last `start`.
        switch state {
        case .starting(let since), .idle(let since), .checking(_, let since):
            if let running = runningCase(slot: index, fileCase: fileCase) { state = .checking(running, since: since) }
        default: break
        }
        let phase: FaultPhase = switch state {
        case .checking(let n, _): .onCase(isRetry: rerun.contains(n), canRunAgain: true)
        case .shrinking: .shrinking
        case .starting, .idle: .betweenCases
        }
        let worker = slots[index].worker
        var resumeAt = slots[index].next
        switch (FaultPolicy.step(end, in: phase), state) {
        case (.interrupted, _):
            // Ctrl-C reached the worker before it could ignore it: an interruption, not a crash.
            actions.append(.interrupt)
            finish(index)
            return taken()
        case (.askTheEngineAlone, .checking(let n, _)):
            let allowed = slots[index].allowance ?? Supervisor.baseCheckingSeconds(timeout: options.timeout)
            let why = hung ? "the engine did not return within \(ExternalEngine.seconds(allowed)) of the worker's CPU and idle "
                + "time (the case's deadline: --timeout and more for a long case, and the checking)"
                : end.failureWords + errorLine
            if isRepeatedCrash(n, end: end) {
                report.casesRun += 1
                crashed.insert(n)
            } else {
                // The engine alone is asked beside the other workers; the slot waits for its answer.
                let remaining = supervisor.maxTime.map { $0 - elapsed } ?? crashShrinkSeconds
                let recheck = CrashRecheck(caseNumber: n, why: why, end: end, phase: phase, options: options,
                                           executable: supervisor.workerExecutable,
                                           shrinkSeconds: min(crashShrinkSeconds, max(remaining, 0)))
                waiting[index] = Waiting(recheck: recheck, resumeAt: resumeAt, worker: worker)
                finish(index)
                actions.append(.recheck(slot: index, recheck))
                return taken()
            }
        case (.keepUnshrunk, .shrinking(let n, let kind, let pending, _)):
            let why = hung ? "shrinking did not end within \(Int(supervisor.shrinkSeconds + options.timeout * 2 + 10)) s"
                : "the worker stopped while shrinking it (\(end == .normal ? "exit 0" : end.failureWords + errorLine))"
            keepUnshrunk(n, kind: kind, pending: pending, because: why)
            report.casesRun += 1
            resumeAt = n + supervisor.caseStride
        case (.resume, _), (.askTheEngineAlone, _), (.keepUnshrunk, _):
            // Between cases (the phase is the state's, so only `.resume` comes here).
            if end == .normal {
                // Exited normally without saying `end`: its share is not done.
                report.workerDeaths.append("worker \(worker) exited before its share was done; resumed at case \(resumeAt)")
            } else {
                report.workerDeaths.append("worker \(worker) " + (hung ? "did not start a case in time (diffcheck stopped it with SIGKILL)"
                                                                      : end.words)
                                           + " between cases; resumed at case \(resumeAt)")
            }
            if report.workerDeaths.count > 20 * jobs {
                throw CampaignError(description: "workers keep dying outside any case (last: \(report.workerDeaths.last ?? "")); the campaign stops")
            }
        }
        resume(index, at: resumeAt)
        return taken()
    }

    /// What the engine alone's answer on a case (`outcome`, judged by the
    /// fault policy) comes to: a finding to save, a repeat, or a case run again.
    mutating func judge(_ recheck: CrashRecheck, _ outcome: CrashRecheck.Outcome) -> Judgement {
        let noCrash = FindingKind(.noCrash), n = recheck.caseNumber
        guard outcome.verdict.isFinding else { return .runAgain }
        if outcome.verdict.isHang, let known = kept[RandomFailure.key(kind: noCrash, isHang: true)], known.caseNumber < n {
            report.repeatedFailures[noCrash, default: 0] += 1
            return .repeated
        }
        let failure = outcome.failure
        let example = Counterexample(
            failure: failure, engine: EngineKind(name: options.engineName, command: options.engineCommand).name,
            profile: options.profile, seed: options.seed, caseNumber: n,
            original: outcome.pair, shrunk: outcome.shrunk, shrunkVerdict: Verdict(output: nil, failures: [failure], isSkipped: false),
            shrinkCalls: outcome.calls, isShrinkBudgetExhausted: false, engineCommand: options.engineCommand)
        let isHang = outcome.verdict.isHang || failure.isHang
        let found = RandomFailure(caseNumber: n, property: noCrash.property.rawValue, path: "-", message: failure.message,
                                  shrinking: String(format: "%d calls, %.2f s", outcome.calls, outcome.seconds),
                                  isHang: isHang)
        return .found(found, example: example, isHang: isHang)
    }

    /// The engine alone's answer for the case the slot waited on, judged
    /// (`judge`; a found failure with the path the driver saved it at):
    /// kept, and the slot resumes unless the run is stopping (`isStopping`).
    mutating func rechecked(slot index: Int, _ judgement: Judgement, isStopping: Bool = false) -> [Action] {
        guard let pending = waiting.removeValue(forKey: index) else { return taken() }
        let n = pending.recheck.caseNumber, end = pending.recheck.end
        switch judgement {
        case .found(let crash, _, let isEngineHang):
            keep(crash)
            if isEngineHang { stop(atHang: n) }
            report.casesRun += 1
            crashed.insert(n)
        case .repeated:
            report.casesRun += 1
            crashed.insert(n)
        case .runAgain:
            // The cases before n that the worker ran but had not reported are run again.
            rerun.insert(n)
            report.workerDeaths.append("worker \(pending.worker) \(end.words) on case \(n); \(FaultPolicy.runAgainWords(end))")
        }
        if !isStopping { resume(index, at: pending.resumeAt) }
        return taken()
    }

    /// Time, Ctrl-C or the end: every worker stops, whatever its state
    /// (`fileCases`: what each slot's state file names; `interruption`:
    /// how the user stopped the run, nil when they did not). A case still
    /// checking then is not judged when it is past its timeout (by its
    /// worker's CPU and idle clock: unjudged, slow), and not reached
    /// otherwise; past a wall budget, so are the cases after it.
    mutating func stopping(fileCases: [Int: Int], interruption: String?) -> [Action] {
        report.wasInterrupted = interruption != nil
        for index in running {
            let state = slots[index].state
            var resumesAt = slots[index].next
            if case .checking(let reported, let since) = state {
                let n = runningCase(slot: index, fileCase: fileCases[index]) ?? reported
                resumesAt = n + supervisor.caseStride
                let seconds = clocks[index] - since
                if seconds > options.timeout {
                    let sizeClass = caseSizeClass(n)
                    report.casesRun += 1
                    report.skipped += 1
                    report.noteTooSlow(String(format: "still running after %.1f s of the worker's CPU and idle time", seconds)
                                       + ", past --timeout \(ExternalEngine.seconds(options.timeout)), when the campaign's time was up "
                                       + "(unjudged, slow: neither a pass nor a hang)",
                                       sizeClass: sizeClass, caseNumber: n)
                } else if supervisor.isMaxTimeABudget && isTimeUp {
                    report.noteUnreached(sizeClass: caseSizeClass(n), caseNumber: n)
                } else {
                    report.unfinished.append(String(format: "case %d (running for %.1f s of CPU and idle time)", n, seconds))
                }
            }
            stop(index)
            if case .shrinking(let n, let kind, let pending, _) = state {
                let why = interruption ?? "the campaign's time was up"
                keepUnshrunk(n, kind: kind, pending: pending, because: why)
                report.casesRun += 1
                resumesAt = n + supervisor.caseStride
            }
            if supervisor.isMaxTimeABudget && isTimeUp && !report.wasInterrupted && report.stoppedEarly == nil {
                noteUnreached(from: resumesAt)
            }
        }
        if supervisor.isMaxTimeABudget && isTimeUp && !report.unreached.isEmpty { report.budgetSeconds = supervisor.maxTime }
        return taken()
    }

    /// The progress line, `elapsed` seconds into the run.
    func progress(elapsed: Double) -> String {
        let rate = Double(report.casesRun) / max(elapsed, 0.001)
        let shrinkingNow = running.filter { slots[$0].state.isShrinking }.count
        // What is being shrunk: a long shrink (a hang's) shows which case and property.
        let shrinkingWhat = running.lazy.compactMap { index -> String? in
            guard case .shrinking(let n, let kind, _, _) = slots[index].state else { return nil }
            return "case \(n): \(kind)" + (hungCases.contains(n) ? " (a hang)" : "")
        }.first
        let total = supervisor.maxCases == Int.max ? nil : supervisor.shard.share(of: supervisor.maxCases)
        let slow = running.lazy.compactMap { index -> String? in
            guard case .checking(let n, let since) = slots[index].state, clocks[index] - since > options.timeout else { return nil }
            return "case \(n) running \(Int(clocks[index] - since)) s"
        }.first
        return "cases \(report.casesRun)" + (total.map { "/\($0)" } ?? "") + "  \(Int(rate))/s  failures \(kept.count)  "
            + "elapsed \(Int(elapsed)) s" + timeLeft(done: report.casesRun, total: total, rate: rate, elapsed: elapsed,
                                                     maxTime: supervisor.maxTime)
            + (shrinkingNow > 1 ? "  (shrinking \(shrinkingNow): \(shrinkingWhat ?? "")…)"
                : shrinkingNow == 1 ? "  (shrinking \(shrinkingWhat ?? ""))" : "")
            + (slow.map { "  (\($0), past --timeout)" } ?? "")
            + (waiting.values.map(\.recheck.caseNumber).min().map { "  (case \($0): checked again with the engine alone)" } ?? "")
    }

    /// The report's counts, once the run is over (`elapsed` seconds).
    mutating func finishedReport(elapsed: Double) -> RandomPartReport {
        report.elapsed = elapsed
        for label in Label.allCases where labelTotals[label.index] > 0 { report.labelCounts[label] = labelTotals[label.index] }
        report.failures = kept.values.sorted { ($0.caseNumber, $0.property) < ($1.caseNumber, $1.property) }
        if !report.refusals.isEmpty, let engine = try? options.engine() {
            let generator = PairGenerator(options: options.generator.forEngine(engine)), seed = options.seed
            report.describeFirstRefusals { generator.campaignCase(seed: seed, n: $0) }
        }
        if pace.largestAnswered != nil || peakMemoryBytes != nil {
            report.engineScaling = pace.scaling(peakMemoryBytes: peakMemoryBytes)
        }
        return report
    }

    // MARK: Bookkeeping

    /// A new worker in `slot` resumes its share at case `n`, unless the
    /// share is done or the campaign stops early.
    private mutating func resume(_ index: Int, at n: Int) {
        if n < supervisor.maxCases && report.stoppedEarly == nil {
            let skipping = crashed.filter { $0 >= n && supervisor.workerIndex(of: $0) == supervisor.workerIndex(of: n) }.sorted()
            slots[index].isRunning = true
            actions.append(.launch(slot: index, at: n, skipping: skipping))
        } else {
            finish(index)
        }
    }

    /// The case the worker in `slot` was running, by its state file
    /// (`fileCase`), when it is past the cases the supervisor heard of (a
    /// worker that batches its lines, `WorkerStateFile`): a case of its
    /// share from its next unreported one on; nil otherwise.
    func runningCase(slot index: Int, fileCase: Int?) -> Int? {
        let slot = slots[index]
        guard let n = fileCase, n >= slot.next, n < supervisor.maxCases,
              (n - slot.next) % supervisor.caseStride == 0 else { return nil }
        return n
    }

    /// Whether a crash on case `n` is a repeat of the `no-crash` failure
    /// kept for a smaller case (counted; seed and case number rebuild it).
    /// A worker stopped from outside is always asked about.
    private mutating func isRepeatedCrash(_ n: Int, end: ProcessEnd) -> Bool {
        let noCrash = FindingKind(.noCrash)
        guard !end.isStoppedFromOutside, let known = kept[RandomFailure.key(kind: noCrash, isHang: false)],
              known.caseNumber < n else { return false }
        report.repeatedFailures[noCrash, default: 0] += 1
        return true
    }

    /// Stops the campaign at a hang on case `n`, naming the smallest case
    /// that hung so far (workers report in any order).
    private mutating func stop(atHang n: Int) {
        let first = min(hangCase ?? .max, n)
        hangCase = first
        report.stoppedEarly = "the engine hung on case \(first): the campaign stops there (each later hang would cost --hang-timeout again)"
    }

    /// Whether case `m` comes before the hang the campaign stops at (it may
    /// hang too, and is let run: the smallest hung case is the one reported).
    func isBeforeTheHang(_ m: Int) -> Bool {
        m < (hangCase ?? .max)
    }

    /// Counts one case's labels, a LabelSet's bits.
    private mutating func count(labels: UInt32) {
        var bits = labels
        while bits != 0 {
            labelTotals[bits.trailingZeroBitCount] += 1
            bits &= bits - 1
        }
    }

    /// The failure of case `n` that `found` records.
    func failure(_ found: ReceivedFinding, caseNumber n: Int, kind: FindingKind, shrinking: String?, unshrunkBecause: String?,
                 isHang: Bool) -> RandomFailure {
        RandomFailure(caseNumber: n, property: kind.property.rawValue, path: found.path ?? "-",
                      message: found.message ?? kind.property.rawValue,
                      shrinking: shrinking, unshrunkBecause: unshrunkBecause, unsavedCase: found.path == nil ? found.text : nil,
                      saveError: found.saveError, isHang: isHang, isStricterReading: kind.isStricterReading)
    }

    /// Keeps `failure` if it is the smallest case of its kind so far; the
    /// one it replaces (or `failure` itself, if a smaller one is kept) is
    /// counted as a repeat and its file removed, unless it was there before.
    private mutating func keep(_ failure: RandomFailure) {
        if let known = kept[failure.key] {
            let (winner, loser) = known.caseNumber <= failure.caseNumber ? (known, failure) : (failure, known)
            kept[failure.key] = winner
            if let kind = failure.kind { report.repeatedFailures[kind, default: 0] += 1 }
            if loser.path != winner.path { discard(loser.path) }
        } else {
            kept[failure.key] = failure
        }
    }

    /// Removes a finding this run wrote and no kept failure names.
    private mutating func discard(_ path: String) {
        let name = (path as NSString).lastPathComponent
        guard path != "-", !existing.contains(name), !kept.values.contains(where: { $0.path == path }) else { return }
        actions.append(.discard(path: path))
    }

    /// A shrink that did not end: the failure saved before it began is kept.
    private mutating func keepUnshrunk(_ n: Int, kind: FindingKind, pending: ReceivedFinding, because why: String) {
        let isHang = hungCases.contains(n) && kind.property == .noCrash
        keep(failure(pending, caseNumber: n, kind: kind, shrinking: nil, unshrunkBecause: why, isHang: isHang))
    }

    /// The size class of case `n`, by its length, as reports name it.
    func caseSizeClass(_ n: Int) -> String {
        guard let engine = try? options.engine() else { return plannedSizeClass(n) }
        return CampaignCases.sizeClassName(PairGenerator(options: options.generator.forEngine(engine)).campaignCase(seed: options.seed, n: n))
    }

    /// The size class case `n` is planned in (`SizeSchedule`), as reports
    /// name it: `small-or-large` for a case the schedule leaves to its draw.
    func plannedSizeClass(_ n: Int) -> String {
        SizeSchedule.plannedClass(seed: options.seed, n: n, every: options.generator.everyCaseSize)?.name ?? "small-or-large"
    }

    /// Counts a worker's cases from `n` on (its share: every
    /// `caseStride`-th) as not reached within the budget.
    private mutating func noteUnreached(from n: Int) {
        for m in stride(from: n, to: supervisor.maxCases, by: supervisor.caseStride) where !crashed.contains(m) {
            report.noteUnreached(sizeClass: plannedSizeClass(m), caseNumber: m)
        }
    }
}

/// A finding a campaign worker sent (`WorkerMessage.shrinking`, `.found`),
/// as the supervisor saved it.
struct ReceivedFinding: Equatable {
    /// The case file's text, as sent.
    var text: String
    /// Its `finding:` line's failure (`PROPERTY: MESSAGE`), nil when it has none.
    var message: String?
    /// Where it was saved; nil when it could not be.
    var path: String?
    /// Why it could not be saved.
    var saveError: String?
}

// CampaignJob: what the supervisor of a random campaign decides, as a job
// on the one `WorkerPool` (which polls the workers, keeps their deadlines
// and stops on Ctrl-C).
//
// Workers run the engine; the supervisor reads their messages (`WorkerMessage`) and keeps, for
// each worker, one explicit state with a deadline:
//
//   starting ──start N──▶ checking N ──done N──▶ idle ──start N'──▶ …
//                             │ failed N P: the supervisor answers
//                             │ `shrink` (the smallest case failing P so
//                             │ far) or `skip` (P already has a smaller one)
//                             ▼
//                         shrinking N P ──found──▶ checking N ──done──▶ idle
//   any state ──end──▶ finished (the pool leaves it alone)
//
// Each fault has exactly one transition:
//   - a worker past its state's deadline is killed with its engines; a case
//     that hung is a `no-crash` failure (shrunk in an isolated engine);
//     a shrink that hung keeps its unshrunk failure;
//   - a worker that dies while checking case N: the case is checked again
//     with the engine alone; a trap there is a `no-crash` failure, else the
//     case is run again by a new worker (the death is reported);
//   - a worker that dies between cases, or while starting: a new worker
//     resumes its share at its next case (the death is reported);
//   - a worker that dies while shrinking: its unshrunk failure, saved before
//     shrinking began, is kept;
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
enum WorkerState {
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

/// The mutable side of one campaign: its workers' states, and what was
/// found; the job its `WorkerPool` runs.
struct CampaignJob: WorkerPoolJob {
    let supervisor: Supervisor
    /// The worker processes, one a slot of `slots`.
    let pool: WorkerPool
    /// File names in the findings folder before the run: never deleted.
    let existing: Set<String>
    var report = RandomPartReport()
    var start: ContinuousClock.Instant { pool.start }
    var slots: [Slot] = []
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
    /// The cases being checked again with the engine alone, by the slot whose worker ended on them.
    var rechecks: [Int: PendingRecheck] = [:]

    /// What the supervisor knows of the worker in a slot of the pool.
    struct Slot {
        var state: WorkerState
        /// The next case of this worker's not yet done.
        var next: Int
        /// The seconds its current flight of cases may take (its `allow` line).
        var allowance: Double? = nil
        /// Until when its engine was given longer than the timeout (its `busy SECONDS` line).
        var busyUntil: Double? = nil
    }

    init(supervisor: Supervisor, pool: WorkerPool, existing: Set<String>) {
        self.supervisor = supervisor
        self.pool = pool
        self.existing = existing
    }

    var options: CampaignOptions { supervisor.options }
    var jobs: Int { supervisor.jobs }

    /// Starts a worker for each slot, at its share's first case.
    mutating func launchWorkers() throws {
        for j in 0..<min(jobs, supervisor.shard.share(of: max(supervisor.maxCases, 0))) {
            let n = supervisor.shard.number(j)
            let slot = pool.add(try launch(startingAt: n))
            slots.append(Slot(state: .starting(since: pool.now(slot)), next: n))
        }
    }

    mutating func turn() throws -> Bool {
        try collectRechecks()
        if let maxTime = supervisor.maxTime, start.duration(to: .now).inSeconds >= maxTime {
            isTimeUp = true
            return false
        }
        announceSlowCases()
        guard report.stoppedEarly != nil else { return true }
        // After a hang only its shrinking goes on, and the cases before it (each may be the
        // first hang: the report names the smallest case number whatever the timing); the
        // pool ends when none is left.
        for index in pool.running {
            switch slots[index].state {
            case .shrinking: continue
            case .checking(let m, _) where isBeforeTheHang(m): continue
            default: pool.stop(index)
            }
        }
        return true
    }

    /// Says on stderr, once a case, that a case has run past its timeout:
    /// a long wait is never silent (the progress line names it too).
    mutating func announceSlowCases() {
        for index in pool.running {
            guard case .checking(let reported, let since) = slots[index].state, pool.now(index) - since > options.timeout else { continue }
            let n = runningCase(slot: index) ?? reported
            guard announcedSlow.insert(n).inserted else { continue }
            let line = "diffcheck: case \(n) has run past --timeout \(ExternalEngine.seconds(options.timeout)) of its worker's CPU and idle time; "
                + "it is judged by the engine's CPU and run state (answered within --hang-timeout: a slow case, not a failure), "
                + "and the other workers go on"
            let isTerminal = isatty(STDERR_FILENO) != 0
            FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line + "\n").utf8))
        }
    }

    var isWaiting: Bool { !rechecks.isEmpty }

    func deadline(slot index: Int) -> Double? {
        supervisor.deadline(slots[index].state, allowance: slots[index].allowance, busyUntil: slots[index].busyUntil)
    }

    mutating func ended(slot index: Int, hung: Bool) throws {
        try workerEnded(slot: index, hung: hung)
    }

    func progress(elapsed: Double) -> String {
        let rate = Double(report.casesRun) / max(elapsed, 0.001)
        let shrinkingNow = pool.running.filter { slots[$0].state.isShrinking }.count
        // What is being shrunk: a long shrink (a hang's) shows which case and property.
        let shrinkingWhat = pool.running.lazy.compactMap { index -> String? in
            guard case .shrinking(let n, let kind, _, _) = slots[index].state else { return nil }
            return "case \(n): \(kind)" + (hungCases.contains(n) ? " (a hang)" : "")
        }.first
        let total = supervisor.maxCases == Int.max ? nil : supervisor.shard.share(of: supervisor.maxCases)
        let slow = pool.running.lazy.compactMap { index -> String? in
            guard case .checking(let n, let since) = slots[index].state, pool.now(index) - since > options.timeout else { return nil }
            return "case \(n) running \(Int(pool.now(index) - since)) s"
        }.first
        return "cases \(report.casesRun)" + (total.map { "/\($0)" } ?? "") + "  \(Int(rate))/s  failures \(kept.count)  "
            + "elapsed \(Int(elapsed)) s" + timeLeft(done: report.casesRun, total: total, rate: rate, elapsed: elapsed,
                                                     maxTime: supervisor.maxTime)
            + (shrinkingNow > 1 ? "  (shrinking \(shrinkingNow): \(shrinkingWhat ?? "")…)"
                : shrinkingNow == 1 ? "  (shrinking \(shrinkingWhat ?? ""))" : "")
            + (slow.map { "  (\($0), past --timeout)" } ?? "")
            + (rechecks.values.map(\.recheck.caseNumber).min().map { "  (case \($0): checked again with the engine alone)" } ?? "")
    }

    /// Time, Ctrl-C or the end: every worker stops, whatever its state.
    /// A case still checking then is not judged when it is past its
    /// timeout (by its worker's CPU and idle clock: unjudged, slow), and
    /// not reached otherwise; past a wall budget, so are the cases after it.
    mutating func stopping() {
        report.wasInterrupted = pool.wasInterrupted
        // A case checked again with the engine alone ends too (its shrink stops at Ctrl-C and at the time):
        // what it found is kept, and no new worker starts.
        for (_, pending) in rechecks.sorted(by: { $0.key < $1.key }) {
            recheckEnded(pending, outcome: pending.work.waited())
        }
        rechecks = [:]
        for index in pool.running {
            let state = slots[index].state
            var resumesAt = slots[index].next
            if case .checking(let reported, let since) = state {
                let n = runningCase(slot: index) ?? reported
                resumesAt = n + supervisor.caseStride
                let seconds = pool.now(index) - since
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
            pool.stop(index)
            if case .shrinking(let n, let kind, let pending, _) = state {
                let why = report.wasInterrupted ? interruptionWords() : "the campaign's time was up"
                keepUnshrunk(n, kind: kind, pending: pending, because: why)
                report.casesRun += 1
                resumesAt = n + supervisor.caseStride
            }
            if supervisor.isMaxTimeABudget && isTimeUp && !report.wasInterrupted && report.stoppedEarly == nil {
                noteUnreached(from: resumesAt)
            }
        }
        if supervisor.isMaxTimeABudget && isTimeUp && !report.unreached.isEmpty { report.budgetSeconds = supervisor.maxTime }
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
    mutating func noteUnreached(from n: Int) {
        for m in stride(from: n, to: supervisor.maxCases, by: supervisor.caseStride) where !crashed.contains(m) {
            report.noteUnreached(sizeClass: plannedSizeClass(m), caseNumber: m)
        }
    }

    func launch(startingAt n: Int) throws -> Worker {
        let skipping = crashed.filter { $0 >= n && supervisor.workerIndex(of: $0) == supervisor.workerIndex(of: n) }.sorted()
        return try Worker(executable: supervisor.workerExecutable, arguments: supervisor.workerArguments(startingAt: n, skipping: skipping),
                          index: supervisor.workerIndex(of: n), capturesErrors: options.engineCommand == nil)
    }

    /// The case the worker in `slot` was running, by its state file, when
    /// it is past the cases the supervisor heard of (a worker that batches
    /// its lines, `WorkerStateFile`): a case of its share from its next
    /// unreported one on; nil when the state file says nothing more.
    func runningCase(slot index: Int) -> Int? {
        let slot = slots[index]
        guard let n = WorkerStateFile.caseNumber(atPath: supervisor.stateFile(pool.workers[index].index), seed: options.seed),
              n >= slot.next, n < supervisor.maxCases,
              (n - slot.next) % supervisor.caseStride == 0 else { return nil }
        return n
    }

    mutating func handle(_ message: WorkerMessage, slot index: Int) {
        switch message {
        case .start(let n):
            started(n, slot: index)
        case .done(let n, let ending):
            done(n, slot: index)
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
            pool.finish(index)
        case .busy(let seconds):
            // The engine is given longer than the timeout on a case: its deadline starts again, that much later.
            if case .checking(let n, _) = slots[index].state { slots[index].state = .checking(n, since: pool.now(index)) }
            slots[index].busyUntil = pool.now(index) + seconds + 10
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
                pool.workers[index].send(SupervisorReply.skip.line)
            } else if !isHang && supervisor.foundKinds.contains(kind) {
                // Found and saved by the part before (an exhaustive walk's smallest pair): a repeat here.
                report.repeatedFailures[kind, default: 0] += 1
                pool.workers[index].send(SupervisorReply.skip.line)
            } else {
                pool.workers[index].send(SupervisorReply.shrink.line)
                if isHang { hungCases.insert(n) }
            }
        case .shrinking(let n, let kind, let text):
            // Saved before the shrink begins: a shrink that never ends keeps it.
            slots[index].state = .shrinking(n, kind: kind, pending: save(text), since: pool.now(index))
            if hungCases.contains(n) && kind.property == .noCrash {
                stop(atHang: n)
            }
        case .found(let n, let kind, let calls, let seconds, let text):
            var pending: ReceivedFinding?
            if case .shrinking(_, _, let unshrunk, _) = slots[index].state { pending = unshrunk }
            let isHang = hungCases.contains(n) && kind.property == .noCrash
            let shrinking = "\(calls) calls, " + String(format: "%.2f", seconds) + " s"
            var path: String?
            if let known = kept[RandomFailure.key(kind: kind, isHang: isHang)], known.caseNumber < n {
                // A smaller case of the kind was kept meanwhile: this one is a repeat (and is not written).
                report.repeatedFailures[kind, default: 0] += 1
            } else {
                let found = save(text)
                path = found.path
                keep(failure(found, caseNumber: n, kind: kind, shrinking: shrinking, unshrunkBecause: nil, isHang: isHang))
            }
            // The unshrunk file goes, unless it is the one kept (a case that did not shrink has its name).
            if let unshrunk = pending?.path, unshrunk != path { discard(unshrunk) }
            slots[index].state = .checking(n, since: pool.now(index))
        case .engineStarted, .engineEnded, .pairFailed, .pairHung, .reached, .walked, .shrunk:
            // Engine groups are the worker process's (`Worker`); the rest is an exhaustive worker's or a shrinking child's.
            break
        }
    }

    /// The worker in `slot` started case `n`.
    mutating func started(_ n: Int, slot index: Int) {
        slots[index].state = .checking(n, since: pool.now(index))
        slots[index].allowance = nil
    }

    /// The worker in `slot` finished case `n` (its labels counted apart).
    mutating func done(_ n: Int, slot index: Int) {
        slots[index].state = .idle(since: pool.now(index))
        slots[index].next = n + supervisor.caseStride
        report.casesRun += 1
    }

    /// Counts one case's labels, a LabelSet's bits.
    mutating func count(labels: UInt32) {
        var bits = labels
        while bits != 0 {
            labelTotals[bits.trailingZeroBitCount] += 1
            bits &= bits - 1
        }
    }

    /// Saves a finding a worker sent, a case file's text, in the findings
    /// folder (named as every finding is): the one place a campaign's
    /// finding is written. One that cannot be saved (a full or read-only
    /// disk; a text that is no case, which would be a bug of the worker's)
    /// keeps its text and why, and the summary prints it whole.
    func save(_ text: String) -> ReceivedFinding {
        var found = ReceivedFinding(text: text)
        do {
            let c = try CaseParser.parse(bytes: Array(text.utf8), file: "a finding sent by a worker").get()
            found.message = c.finding.map { $0.property + ": " + $0.message }
            found.path = try saveFinding(c, in: supervisor.findings)
        } catch {
            found.saveError = "\(error)"
        }
        return found
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
    mutating func keep(_ failure: RandomFailure) {
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
    func discard(_ path: String) {
        let name = (path as NSString).lastPathComponent
        guard path != "-", !existing.contains(name), !kept.values.contains(where: { $0.path == path }) else { return }
        unlink(path)
    }

    /// A shrink that did not end: the failure saved before it began is kept.
    mutating func keepUnshrunk(_ n: Int, kind: FindingKind, pending: ReceivedFinding, because why: String) {
        let isHang = hungCases.contains(n) && kind.property == .noCrash
        keep(failure(pending, caseNumber: n, kind: kind, shrinking: nil, unshrunkBecause: why, isHang: isHang))
    }

    /// The worker in `slot` ended (its output closed) or was killed for
    /// passing its deadline (`hung`): one transition per state, each a call
    /// into the fault policy (`FaultPolicy`).
    mutating func workerEnded(slot index: Int, hung: Bool) throws {
        let worker = pool.workers[index]
        var state = slots[index].state
        let end = hung ? ProcessEnd.pastDeadline : worker.reap()
        // A worker that batches its lines may have been past its last `start`.
        switch state {
        case .starting(let since), .idle(let since), .checking(_, let since):
            if let running = runningCase(slot: index) { state = .checking(running, since: since) }
        default: break
        }
        worker.stop()
        let phase: FaultPhase = switch state {
        case .checking(let n, _): .onCase(isRetry: rerun.contains(n), canRunAgain: true)
        case .shrinking: .shrinking
        case .starting, .idle: .betweenCases
        }
        var resumeAt = slots[index].next
        switch (FaultPolicy.step(end, in: phase), state) {
        case (.interrupted, _):
            // Ctrl-C reached the worker before it could ignore it: an interruption, not a crash.
            isInterrupted = SIGINT
            pool.finish(index)
            return
        case (.askTheEngineAlone, .checking(let n, _)):
            let allowed = slots[index].allowance ?? Supervisor.baseCheckingSeconds(timeout: options.timeout)
            let why = hung ? "the engine did not return within \(ExternalEngine.seconds(allowed)) of the worker's CPU and idle "
                + "time (the case's deadline: --timeout and more for a long case, and the checking)"
                : end.failureWords + worker.lastErrorLine
            if isRepeatedCrash(n, end: end) {
                report.casesRun += 1
                crashed.insert(n)
            } else {
                // The engine alone is asked beside the other workers; the slot waits for its answer (`turn`).
                let remaining = supervisor.maxTime.map { $0 - start.duration(to: .now).inSeconds } ?? crashShrinkSeconds
                let recheck = CrashRecheck(caseNumber: n, why: why, end: end, phase: phase, options: options,
                                           executable: supervisor.workerExecutable,
                                           shrinkSeconds: min(crashShrinkSeconds, max(remaining, 0)))
                rechecks[index] = PendingRecheck(recheck: recheck, work: BackgroundWork { recheck.run() }, resumeAt: resumeAt,
                                                 worker: worker.index)
                pool.finish(index)
                return
            }
        case (.keepUnshrunk, .shrinking(let n, let kind, let pending, _)):
            let why = hung ? "shrinking did not end within \(Int(supervisor.shrinkSeconds + options.timeout * 2 + 10)) s"
                : "the worker stopped while shrinking it (\(end == .normal ? "exit 0" : end.failureWords + worker.lastErrorLine))"
            keepUnshrunk(n, kind: kind, pending: pending, because: why)
            report.casesRun += 1
            resumeAt = n + supervisor.caseStride
        case (.resume, _), (.askTheEngineAlone, _), (.keepUnshrunk, _):
            // Between cases (the phase is the state's, so only `.resume` comes here).
            if end == .normal {
                // Exited normally without saying `end`: its share is not done.
                report.workerDeaths.append("worker \(worker.index) exited before its share was done; resumed at case \(resumeAt)")
            } else {
                report.workerDeaths.append("worker \(worker.index) " + (hung ? "did not start a case in time (diffcheck stopped it with SIGKILL)"
                                                                                  : end.words)
                                           + " between cases; resumed at case \(resumeAt)")
            }
            if report.workerDeaths.count > 20 * jobs {
                throw CampaignError(description: "workers keep dying outside any case (last: \(report.workerDeaths.last ?? "")); the campaign stops")
            }
        }
        try resume(index, at: resumeAt)
    }

    /// A new worker in `slot` resumes its share at case `n`, unless the
    /// share is done or the campaign stops early.
    mutating func resume(_ index: Int, at n: Int) throws {
        if n < supervisor.maxCases && report.stoppedEarly == nil {
            pool.replace(index, with: try launch(startingAt: n))
            slots[index] = Slot(state: .starting(since: pool.now(index)), next: n)
        } else {
            pool.finish(index)
        }
    }

    /// A case checked again with the engine alone, beside the other
    /// workers, for the slot whose worker ended on it.
    struct PendingRecheck {
        let recheck: CrashRecheck
        let work: BackgroundWork<CrashRecheck.Outcome>
        /// The case the slot's next worker starts at.
        let resumeAt: Int
        /// The worker that ended (`Worker.index`), as the report names it.
        let worker: Int
    }

    /// Keeps what each finished recheck came to, and resumes its slot.
    mutating func collectRechecks() throws {
        for (index, pending) in rechecks.sorted(by: { $0.key < $1.key }) {
            guard let outcome = pending.work.result else { continue }
            rechecks[index] = nil
            recheckEnded(pending, outcome: outcome)
            try resume(index, at: pending.resumeAt)
        }
    }

    /// What a recheck came to, kept: a finding, a repeat, or a case run again.
    mutating func recheckEnded(_ pending: PendingRecheck, outcome: CrashRecheck.Outcome) {
        let n = pending.recheck.caseNumber, end = pending.recheck.end
        switch crashOutcome(pending.recheck, outcome) {
        case .found(let crash, let isEngineHang):
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
    }

    /// Stops the campaign at a hang on case `n`, naming the smallest case
    /// that hung so far (workers report in any order).
    mutating func stop(atHang n: Int) {
        let first = min(hangCase ?? .max, n)
        hangCase = first
        report.stoppedEarly = "the engine hung on case \(first): the campaign stops there (each later hang would cost --hang-timeout again)"
    }

    /// Whether case `m` comes before the hang the campaign stops at (it may
    /// hang too, and is let run: the smallest hung case is the one reported).
    func isBeforeTheHang(_ m: Int) -> Bool {
        m < (hangCase ?? .max)
    }

    /// Whether a crash on case `n` is a repeat of the `no-crash` failure
    /// kept for a smaller case (counted; seed and case number rebuild it).
    /// A worker stopped from outside is always asked about.
    mutating func isRepeatedCrash(_ n: Int, end: ProcessEnd) -> Bool {
        let noCrash = FindingKind(.noCrash)
        guard !end.isStoppedFromOutside, let known = kept[RandomFailure.key(kind: noCrash, isHang: false)],
              known.caseNumber < n else { return false }
        report.repeatedFailures[noCrash, default: 0] += 1
        return true
    }

    /// What the engine alone's answer on a case (`outcome`, judged by the
    /// fault policy) comes to: a finding, saved; a repeat; or a case run again.
    mutating func crashOutcome(_ recheck: CrashRecheck, _ outcome: CrashRecheck.Outcome) -> CrashOutcome {
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
        var found = RandomFailure(caseNumber: n, property: noCrash.property.rawValue, path: "-", message: failure.message,
                                  shrinking: String(format: "%d calls, %.2f s", outcome.calls, outcome.seconds),
                                  isHang: isHang)
        do { found.path = try saveFinding(example, in: supervisor.findings) } catch {
            found.unsavedCase = CasePrinter.text(findingCase(example))
            found.saveError = "\(error)"
        }
        return .found(found, isEngineHang: isHang)
    }

    /// What a worker's death on a case turned out to be.
    enum CrashOutcome {
        /// A `no-crash` failure, saved; `isEngineHang`: the engine did not
        /// answer (the worker hung, or the engine alone did not answer).
        case found(RandomFailure, isEngineHang: Bool)
        /// A `no-crash` failure of a later case than the one kept (counted).
        case repeated
        /// Not the engine (`FaultVerdict.runAgain`): the case is run again.
        case runAgain
    }

    mutating func finish() -> RandomPartReport {
        report.elapsed = start.duration(to: .now).inSeconds
        for label in Label.allCases where labelTotals[label.index] > 0 { report.labelCounts[label] = labelTotals[label.index] }
        report.failures = kept.values.sorted { ($0.caseNumber, $0.property) < ($1.caseNumber, $1.property) }
        if !report.refusals.isEmpty, let engine = try? options.engine() {
            let generator = PairGenerator(options: options.generator.forEngine(engine)), seed = options.seed
            report.describeFirstRefusals { generator.campaignCase(seed: seed, n: $0) }
        }
        saveSlowest()
        savePathological()
        if pace.largestAnswered != nil || peakMemoryBytes != nil {
            report.engineScaling = pace.scaling(peakMemoryBytes: peakMemoryBytes)
        }
        report.noteIfEveryFailureIsSectioned()
        return report
    }

    /// Shrinks the most pathologically slow case to the smallest one still
    /// over `ExternalEngine.dominatedFactor` times its dominator's time
    /// (at least `ExternalEngine.pathologicalFloor`), its engine run with
    /// that CPU limit (`max-cpu`), for at most `crashShrinkSeconds` and
    /// never past `--time`; then saves it apart
    /// (`FINDINGS/slow/pathological.case`) with the command that shows it.
    mutating func savePathological() {
        guard var found = report.pathological, let command = options.engineCommand else { return }
        let limit = (max(ExternalEngine.pathologicalFloor, ExternalEngine.dominatedFactor * found.dominator.seconds) * 100)
            .rounded(.down) / 100
        var limited = options
        limited.maxCPUPerCase = limit
        guard let engine = try? limited.engine() else { return }
        let generator = PairGenerator(options: options.generator.forEngine(engine))
        let pair = generator.campaignCase(seed: options.seed, n: found.caseNumber)
        let remaining = supervisor.maxTime.map { $0 - start.duration(to: .now).inSeconds } ?? crashShrinkSeconds
        var kept = (old: pair.old, new: pair.new)
        if remaining > 1 {
            let checker = Checker(engine: engine, profile: options.profile)
            let shrunk = keepingEngineErrors(engine, while: "shrinking a pathologically slow case") {
                shrinkCase(old: pair.old, new: pair.new, failing: .maxCPU, checker: checker, options: generator.options,
                           timeLimit: min(crashShrinkSeconds, remaining))
            }
            // Kept only when it is still over the limit (an engine whose slowness did not come back keeps its case whole).
            if shrunk.verdict.failures.contains(where: { $0.property == .maxCPU }) { kept = (shrunk.old, shrunk.new) }
        }
        let path = (slowCasesFolder(supervisor.findings) as NSString).appendingPathComponent("pathological.case")
        let diffcheck = shownDiffcheck
        let shown = ([diffcheck, "repro", path, "--engine-cmd", command] + (options.generator.isFlatOnly ? ["--flat"] : [])
                     + ["--max-cpu-per-case", String(format: "%g", limit)]).map(shellQuoted).joined(separator: " ")
        let file = pathologicalCaseFile(found, old: kept.old, new: kept.new, seed: options.seed, engineCommand: command,
                                        limit: limit, factor: ExternalEngine.dominatedFactor,
                                        floor: ExternalEngine.pathologicalFloor, shown: shown)
        do {
            try createFindingsFolder(slowCasesFolder(supervisor.findings))
            try writeAtomically(CasePrinter.text(file), to: path)
            found.path = path
            found.shrunkItems = kept.old.itemCount + kept.new.itemCount
            found.limit = limit
            found.reproduce = shown
        } catch {
            found.path = "not saved (\(error))"
        }
        report.pathological = found
    }

    /// diffcheck as the user ran it, for the commands a report shows (inside
    /// diffcheck); the workers' executable when a program of the user's supervises.
    private var shownDiffcheck: String {
        supervisor.workerExecutable.resolvingSymlinksInPath() == ownExecutable() ? invokedCommand() : supervisor.workerExecutable.path
    }

    /// Saves the slowest case apart from the findings, for profiling
    /// (`FINDINGS/slow/slowest.case`, replacing an earlier campaign's), with
    /// the command that times it; a case that cannot be written is only
    /// reported (it is no finding).
    mutating func saveSlowest() {
        guard let slowest = report.slowCases.first, let engine = try? options.engine() else { return }
        let generator = PairGenerator(options: options.generator.forEngine(engine))
        let pair = generator.campaignCase(seed: options.seed, n: slowest.caseNumber)
        let path = (slowCasesFolder(supervisor.findings) as NSString).appendingPathComponent("slowest.case")
        let engineArguments = options.engineCommand.map { ["--engine-cmd", $0] } ?? ["--engine", options.engineName]
        let diffcheck = shownDiffcheck
        let timing = ([diffcheck, "bench"] + engineArguments + (options.generator.isFlatOnly ? ["--flat"] : []) + ["--case", path])
            .map(shellQuoted).joined(separator: " ")
        let file = slowCaseFile(slowest, pair: pair, seed: options.seed, engineCommand: options.engineCommand,
                                timeout: options.timeout, timing: timing)
        do {
            try createFindingsFolder(slowCasesFolder(supervisor.findings))
            try writeAtomically(CasePrinter.text(file), to: path)
            report.slowestPath = path
            report.slowestTiming = timing
        } catch {
            report.slowestPath = "not saved (\(error))"
        }
    }
}

/// A finding a campaign worker sent (`WorkerMessage.shrinking`, `.found`),
/// as the supervisor saved it.
struct ReceivedFinding {
    /// The case file's text, as sent.
    var text: String
    /// Its `finding:` line's failure (`PROPERTY: MESSAGE`), nil when it has none.
    var message: String?
    /// Where it was saved; nil when it could not be.
    var path: String?
    /// Why it could not be saved.
    var saveError: String?
}

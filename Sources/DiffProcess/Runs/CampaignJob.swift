// CampaignJob: the driver of a random campaign's state (`CampaignState`)
// on the one `WorkerPool`: it hands the state the pool's events (with the
// slots' clocks, the case in a worker's state file, a finding's saved
// path) and runs the actions the state returns (replies to workers,
// workers started and stopped, files removed, the engine alone asked in
// the background, lines on stderr). Saving findings, and the slow and
// pathological cases at the end, are its own.
import DiffHarness
import Foundation
import ListModel

struct CampaignJob: WorkerPoolJob {
    let supervisor: Supervisor
    /// The worker processes, one a slot of `state.slots`.
    let pool: WorkerPool
    var state: CampaignState
    /// The cases asked of the engine alone, by slot (`CampaignState.waiting`).
    var rechecks: [Int: BackgroundWork<CrashRecheck.Outcome>] = [:]

    init(supervisor: Supervisor, pool: WorkerPool, existing: Set<String>) {
        self.supervisor = supervisor
        self.pool = pool
        state = CampaignState(supervisor: supervisor, existing: existing)
    }

    var options: CampaignOptions { supervisor.options }

    /// Hands the state the slots' clocks.
    mutating func readClocks() {
        state.clocksRead(pool.slots.map(pool.now))
    }

    /// What the state file of the worker in `slot` names.
    func fileCase(_ slot: Int) -> Int? {
        WorkerStateFile.caseNumber(atPath: supervisor.stateFile(pool.workers[slot].index), seed: options.seed)
    }

    /// Starts a worker for each slot, at its share's first case.
    mutating func launchWorkers() throws {
        try take(state.start())
    }

    mutating func turn() throws -> Bool {
        readClocks()
        for (slot, work) in rechecks.sorted(by: { $0.key < $1.key }) {
            guard let outcome = work.result else { continue }
            rechecks[slot] = nil
            try recheckEnded(slot: slot, outcome: outcome)
        }
        let (goesOn, actions) = state.turn(elapsed: pool.start.duration(to: .now).inSeconds)
        try take(actions)
        guard goesOn else { return false }
        let pastTheTimeout = state.slotsPastTheTimeout
        if !pastTheTimeout.isEmpty {
            try take(state.announceSlow(fileCases: Dictionary(uniqueKeysWithValues: pastTheTimeout.compactMap { slot in
                fileCase(slot).map { (slot, $0) }
            })))
        }
        return true
    }

    var isWaiting: Bool { !rechecks.isEmpty }

    func deadline(slot index: Int) -> Double? {
        state.deadline(slot: index)
    }

    mutating func handle(_ message: WorkerMessage, slot index: Int) {
        readClocks()
        var saved: ReceivedFinding?
        switch message {
        case .shrinking(_, _, let text): saved = save(text)
        case .found(let n, let kind, _, _, let text) where state.keepsFound(n, kind: kind): saved = save(text)
        default: break
        }
        // A message's actions start no worker: launching cannot fail here.
        try? take(state.heard(message, slot: index, saved: saved))
    }

    mutating func ended(slot index: Int, hung: Bool) throws {
        readClocks()
        let worker = pool.workers[index]
        let end = hung ? ProcessEnd.pastDeadline : worker.reap()
        let file = fileCase(index)
        worker.stop()
        try take(state.ended(slot: index, end: end, hung: hung, fileCase: file, errorLine: worker.lastErrorLine,
                             elapsed: pool.start.duration(to: .now).inSeconds))
    }

    /// The engine alone's answer for the case slot `slot` waited on: judged,
    /// a finding saved, and what the state does next.
    mutating func recheckEnded(slot: Int, outcome: CrashRecheck.Outcome, isStopping: Bool = false) throws {
        guard let recheck = state.waiting[slot]?.recheck else { return }
        var judgement = state.judge(recheck, outcome)
        if case .found(var found, let example, let isHang) = judgement {
            do { found.path = try saveFinding(example, in: supervisor.findings) } catch {
                found.unsavedCase = CasePrinter.text(findingCase(example))
                found.saveError = "\(error)"
            }
            judgement = .found(found, example: example, isHang: isHang)
        }
        try take(state.rechecked(slot: slot, judgement, isStopping: isStopping))
    }

    /// Runs what the state asked for.
    mutating func take(_ actions: [CampaignState.Action]) throws {
        for action in actions {
            switch action {
            case .reply(let slot, let reply):
                pool.workers[slot].send(reply.line)
            case .discard(let path):
                unlink(path)
            case .finish(let slot):
                pool.finish(slot)
            case .stop(let slot):
                pool.stop(slot)
            case .launch(let slot, let n, let skipping):
                let worker = try Worker(executable: supervisor.workerExecutable,
                                        arguments: supervisor.workerArguments(startingAt: n, skipping: skipping),
                                        index: supervisor.workerIndex(of: n), capturesErrors: options.engineCommand == nil)
                if slot < pool.slots.count { pool.replace(slot, with: worker) } else { pool.add(worker) }
                state.launched(slot: slot, at: n, now: pool.now(slot))
            case .recheck(let slot, let recheck):
                rechecks[slot] = BackgroundWork { recheck.run() }
            case .announce(let line):
                let isTerminal = isatty(STDERR_FILENO) != 0
                FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line + "\n").utf8))
            case .interrupt:
                isInterrupted = SIGINT
            }
        }
    }

    func progress(elapsed: Double) -> String {
        state.progress(elapsed: elapsed)
    }

    /// Time, Ctrl-C or the end: a case asked of the engine alone ends too
    /// (its shrink stops at Ctrl-C and at the time), what it found is kept
    /// and no new worker starts; then every worker stops.
    mutating func stopping() {
        readClocks()
        for (slot, work) in rechecks.sorted(by: { $0.key < $1.key }) {
            try? recheckEnded(slot: slot, outcome: work.waited(), isStopping: true)
        }
        rechecks = [:]
        var files: [Int: Int] = [:]
        for slot in state.running { files[slot] = fileCase(slot) }
        try? take(state.stopping(fileCases: files, interruption: pool.wasInterrupted ? interruptionWords() : nil))
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

    mutating func finish() -> RandomPartReport {
        _ = state.finishedReport(elapsed: pool.start.duration(to: .now).inSeconds)
        saveSlowest()
        savePathological()
        state.report.noteIfEveryFailureIsSectioned()
        return state.report
    }

    /// Shrinks the most pathologically slow case to the smallest one still
    /// over `ExternalEngine.dominatedFactor` times its dominator's time
    /// (at least `ExternalEngine.pathologicalFloor`), its engine run with
    /// that CPU limit (`max-cpu`), for at most `crashShrinkSeconds` and
    /// never past `--time`; then saves it apart
    /// (`FINDINGS/slow/pathological.case`) with the command that shows it.
    mutating func savePathological() {
        guard var found = state.report.pathological, let command = options.engineCommand else { return }
        let limit = (max(ExternalEngine.pathologicalFloor, ExternalEngine.dominatedFactor * found.dominator.seconds) * 100)
            .rounded(.down) / 100
        var limited = options
        limited.maxCPUPerCase = limit
        guard let engine = try? limited.engine() else { return }
        let generator = PairGenerator(options: options.generator.forEngine(engine))
        let pair = generator.campaignCase(seed: options.seed, n: found.caseNumber)
        let remaining = supervisor.maxTime.map { $0 - pool.start.duration(to: .now).inSeconds } ?? crashShrinkSeconds
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
        state.report.pathological = found
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
        guard let slowest = state.report.slowCases.first, let engine = try? options.engine() else { return }
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
            state.report.slowestPath = path
            state.report.slowestTiming = timing
        } catch {
            state.report.slowestPath = "not saved (\(error))"
        }
    }
}

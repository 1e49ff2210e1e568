// GuardedShrinking: shrinking for `repro` and `shrink` that survives an
// engine that traps or hangs on one of the candidates, a job on the one
// `WorkerPool`.
//
// A property failure is shrunk at full speed with the engine in-process, but
// inside a child (`diffcheck worker --shrink FILE`, `ShrinkWorker`) that
// writes each pair to a state file before the engine sees it and sends the
// shrunk case as its `shrunk` message. If the child dies, the pair in the
// state file is a case the engine traps on: that becomes a `no-crash`
// failure, shrunk with the engine in a child of its own (`IsolatedEngine`),
// where every candidate that traps costs a restart rather than the run. The
// fault policy (`FaultPolicy`) judges the child's end by the engine alone
// on that pair: a child stopped from outside (a signal diffcheck did not
// send, the out-of-memory killer) or held up past its deadline on a pair
// the engine alone answers is no trap: that is said, and nothing is
// shrunk or written.
import DiffHarness
import Foundation
import ListModel

/// What shrinking a failure in a guarded child came to.
package enum GuardedShrink {
    /// A smaller case that fails (or the candidate the engine trapped or
    /// hung on, shrunk as a `no-crash` failure).
    case shrunk(Case)
    /// Nothing smaller fails (or the child could not run).
    case notSmaller
    /// The child was stopped by no fault of the engine's (a signal
    /// diffcheck did not send, or its deadline on a candidate the engine
    /// alone answers): why, in words. Nothing is written.
    case stoppedFromOutside(String)

    /// The shrunk case, if there is one.
    package var shrunk: Case? {
        if case .shrunk(let c) = self { return c }
        return nil
    }
}

/// Shrinks the failure in `outcome` in a guarded child (the `diffcheck`
/// executable `workerExecutable` runs it).
package func guardedShrunkCase(_ outcome: EntryOutcome, options: CampaignOptions, engines: IsolatedEngines,
                              workerExecutable: URL = ownExecutable()) -> GuardedShrink {
    guard let failure = outcome.failures.first, outcome.engineName != nil else { return .notSmaller }
    let engine = outcome.engineName.flatMap { engines.engine(named: $0) } ?? (try? options.isolatedEngine(engines))
    guard let engine else { return .notSmaller }
    // An external engine is out of process already, and a crash is shrunk in isolation.
    if failure.property == .noCrash || engine is ExternalEngine {
        return shrinkResult(shrunkCase(outcome, options: options, engine: engine, isCrash: failure.property == .noCrash))
    }
    // The state file is made in a folder of our own: a name known beforehand could be planted as a link.
    guard let scratch = try? PrivateFolder(prefix: "diffcheck-shrink") else { return .notSmaller }
    defer { scratch.remove() }
    let state = scratch.file("shrink.state")
    let arguments = ["worker"] + options.forwarded + ["--shrink", outcome.path, "--state", state]
    // Its own lines for the user (that it is shrinking a long case, and how far it is) reach ours as they come.
    guard let child = try? Worker(executable: workerExecutable, arguments: arguments, index: 0, passing: "diffcheck: ") else {
        return .notSmaller
    }
    let pool = WorkerPool()
    pool.add(child)
    // The shrinker stops itself after a minute; a hang in the engine does not.
    var shrinking = ShrinkInAChild(pool: pool, deadline: 60 + options.timeout * 2 + 10)
    do { try pool.run(&shrinking) } catch { return .notSmaller }
    let end = shrinking.end ?? .normal
    // The pair in the state file: the candidate the child was on.
    let pair = end == .normal ? nil : FileManager.default.contents(atPath: state)
        .flatMap { try? SnapshotJSON.request(fromJSON: Array([UInt8]($0).prefix { $0 != 10 })).get() }
    var step = ShrinkChildEnd.judge(end, hasPair: pair != nil, alone: nil)
    if step == .askTheEngineAlone, let pair {
        let failure = Checker(engine: engine, profile: options.profile).check(old: pair.old, new: pair.new)
            .failures.first { $0.property == .noCrash }
        step = ShrinkChildEnd.judge(end, hasPair: true, alone: AloneAnswer(noCrash: failure))
    }
    switch step {
    case .shrunk:
        guard let text = shrinking.shrunk else { return .notSmaller }
        return shrinkResult(try? CaseParser.parse(text, file: outcome.path).get())
    case .stopped(let why):
        return .stoppedFromOutside(why)
    case .notSmaller, .askTheEngineAlone:
        return .notSmaller
    case .crash(let note):
        guard let pair else { return .notSmaller }
        let why = shrinking.isHung ? "the engine did not return within \(options.timeout) s" : end.failureWords + child.lastErrorLine
        var crash = outcome
        crash.checkedCase = Case(old: pair.old, new: pair.new, expectation: .pass, profile: outcome.checkedCase.profile,
                                 engine: engine.name)
        crash.choices = nil
        crash.failures = [PropertyFailure(.noCrash, "\(why) while shrinking a \(failure.property.rawValue) failure" + note)]
        return shrinkResult(shrunkCase(crash, options: options, engine: engine, isCrash: true))
    }
}

/// What a shrinking child's end comes to: a value, judged by the fault
/// policy with no process (GuardedShrinkingTests drive every end).
enum ShrinkChildEnd: Equatable {
    /// It ended normally: its `shrunk` message is the answer.
    case shrunk
    /// The engine alone must be asked about the candidate in its state file.
    case askTheEngineAlone
    /// Not the engine's fault: why, in words; nothing is written.
    case stopped(String)
    /// The candidate is a `no-crash` failure, shrunk as one; `note` ends its message.
    case crash(note: String)
    /// Nothing to shrink to (it died before its first candidate).
    case notSmaller

    /// What `end` comes to, the state file holding a candidate or not
    /// (`hasPair`), once the engine alone was asked (`alone`; nil: not yet).
    static func judge(_ end: ProcessEnd, hasPair: Bool, alone: AloneAnswer?) -> ShrinkChildEnd {
        if end == .normal { return .shrunk }
        // A shrink's candidate cannot be run again by a new process.
        let phase = FaultPhase.onCase(isRetry: false, canRunAgain: false)
        if hasPair && alone == nil { return .askTheEngineAlone }
        let verdict = FaultPolicy.verdict(end, in: phase, alone: alone ?? .passes)
        guard !verdict.isFinding else { return hasPair ? .crash(note: FaultPolicy.note(verdict)) : .notSmaller }
        var what = "the shrinking process " + end.words
        if case .killedFromOutside(let signal) = end {
            what = "the shrinking process was killed by \(signal == SIGKILL ? "SIGKILL" : "SIGTERM"), sent from outside diffcheck "
                + "(a user, or the kernel's out-of-memory killer)"
        }
        return .stopped(what + (hasPair ? "; the engine alone answers its last candidate" : ""))
    }
}

/// `.shrunk(c)`, or `.notSmaller` for nil.
private func shrinkResult(_ c: Case?) -> GuardedShrink {
    c.map(GuardedShrink.shrunk) ?? .notSmaller
}

/// The supervisor's side of one shrinking child: its shrunk case, and how it ended.
private struct ShrinkInAChild: WorkerPoolJob {
    let pool: WorkerPool
    /// When the child is taken for hung, on its slot's clock (CPU and idle seconds).
    let deadline: Double
    /// The shrunk case's text, from its `shrunk` message.
    var shrunk: String?
    /// Whether it passed its deadline (the pool killed it).
    var isHung = false
    /// How it ended (`Worker.reap()`): nil while it runs.
    var end: ProcessEnd?

    init(pool: WorkerPool, deadline: Double) {
        self.pool = pool
        self.deadline = deadline
    }

    mutating func handle(_ message: WorkerMessage, slot: Int) {
        if case .shrunk(let text) = message { shrunk = text }
    }

    func deadline(slot: Int) -> Double? { deadline }

    mutating func ended(slot: Int, hung: Bool) throws {
        isHung = hung
        end = hung ? .pastDeadline : pool.workers[slot].reap()
        pool.finish(slot)
    }

    func progress(elapsed: Double) -> String { "" }
}

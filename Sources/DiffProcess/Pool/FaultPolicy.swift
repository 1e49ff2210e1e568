// FaultPolicy: the one place that says what the end of a process diffcheck
// supervises means (a campaign's worker, an exhaustive walk's worker, a
// shrinking child). Its input is data: how the process ended
// (`ProcessEnd`), where it was (`FaultPhase`) and, when that is asked for,
// what the engine alone did on the case it was on (`AloneAnswer`). Its
// output is data too: the step to take (`FaultStep`) and then the verdict
// (`FaultVerdict`). It reads no clock and starts no process: the jobs do,
// and each job's handling of a death is a call into it.
//
// The rules, in order:
//   1. Ctrl-C reaching a process is the user's interruption, nothing else.
//   2. A process that ends between cases has no case to blame: a new one
//      resumes where it was. One that ends while shrinking a finding it sent
//      leaves that finding unshrunk.
//   3. A process that ends on a case (however: a trap, an exit, a signal
//      from outside, the out-of-memory killer, its deadline) is judged by the
//      engine alone on that case, in a child of its own.
//   4. The engine alone fails: the engine's fault, a hang when the process
//      passed its deadline or the engine alone did not answer, else a crash.
//   5. The engine alone passes, and the process was stopped from outside
//      (a signal diffcheck did not send, the out-of-memory killer) or held up
//      past its deadline (stopped, suspended, starved of CPU: a deadline is a
//      question, not a verdict): not the engine. The case is run again once
//      where it can be; where it cannot (a shrink candidate), nothing is
//      found. Held up a second time on the same case is the worker's hang.
//   6. The engine alone passes, and the process trapped or exited by itself
//      (or was stopped from outside twice): the trap may be in diffcheck's
//      own checking. It is a `no-crash` finding that says so.
import DiffHarness
import Foundation

/// How a supervised process ended, as data.
package enum ProcessEnd: Equatable, Sendable {
    /// It exited with status 0.
    case normal
    /// It exited with a nonzero status.
    case exited(code: Int32)
    /// A signal of its own raising (SIGSEGV, SIGILL, SIGABRT, SIGBUS, ...): a trap.
    case trapped(signal: Int32)
    /// SIGKILL or SIGTERM that diffcheck did not send: a user, a CI runner.
    case killedFromOutside(signal: Int32)
    /// SIGKILL while the memory cgroup's count of out-of-memory kills grew.
    case outOfMemory
    /// SIGINT: the user's Ctrl-C reached it before it could ignore it.
    case interrupted
    /// diffcheck killed it: it passed its deadline on its slot's clock (its
    /// CPU and idle time, `WorkerClock`); the job that set the deadline
    /// says how long it was.
    case pastDeadline

    /// The end a wait(2) `status` means; `killedByUs`: diffcheck sent the
    /// signal; `memoryKilled`: the out-of-memory killer's count grew.
    package init(status: Int32, killedByUs: Bool = false, memoryKilled: Bool = false) {
        let signal = status & 0x7F
        switch signal {
        case 0:
            let code = (status >> 8) & 0xFF
            self = code == 0 ? .normal : .exited(code: code)
        case SIGINT where !killedByUs:
            self = .interrupted
        case SIGKILL where memoryKilled && !killedByUs:
            self = .outOfMemory
        case SIGKILL, SIGTERM:
            self = killedByUs ? .pastDeadline : .killedFromOutside(signal: signal)
        default:
            self = .trapped(signal: signal)
        }
    }

    /// Stopped by no act of its own: from outside, by the out-of-memory
    /// killer, or by diffcheck at its deadline.
    var isStoppedFromOutside: Bool {
        switch self {
        case .killedFromOutside, .outOfMemory, .pastDeadline: true
        default: false
        }
    }

    /// Whether diffcheck killed it at its deadline.
    var isPastDeadline: Bool {
        if case .pastDeadline = self { return true }
        return false
    }

    /// How it ended, after "the worker ": "was killed by signal 11, SIGSEGV: …".
    package var words: String {
        switch self {
        case .normal: "exited normally"
        case .exited(let code): "exited with status \(code)"
        case .trapped(let signal): "was killed by " + describeSignal(signal)
        case .killedFromOutside(let signal):
            "was killed by " + describeSignal(signal) + ", sent from outside diffcheck (a user, or the kernel's out-of-memory killer)"
        case .outOfMemory: "was killed by the kernel's out-of-memory killer (signal 9, SIGKILL; the memory cgroup counted the kill)"
        case .interrupted: "was interrupted (signal 2, SIGINT)"
        case .pastDeadline: "was stopped by diffcheck with SIGKILL when it passed its deadline"
        }
    }

    /// Why a case it was on failed, in a finding's message.
    package var failureWords: String {
        switch self {
        case .trapped(let signal): "the engine trapped: the worker was killed by " + describeSignal(signal)
        case .exited(let code): "the worker exited with status \(code)"
        case .normal: "the worker stopped"
        default: "the worker " + words
        }
    }
}

/// Where a supervised process was when it ended.
package enum FaultPhase: Equatable, Sendable {
    /// On a case the engine alone can be asked again (a campaign's case, a
    /// walk's pair, a shrink candidate). `isRetry`: it was run again once
    /// already; `canRunAgain`: a new process can take it (a shrink's
    /// candidate cannot).
    case onCase(isRetry: Bool, canRunAgain: Bool)
    /// Shrinking a finding it had sent (saved before the shrink began).
    case shrinking
    /// Between cases: no case to blame.
    case betweenCases
}

/// What the engine alone did on the case, in a child process of its own.
package enum AloneAnswer: Equatable, Sendable {
    /// It passes `no-crash`.
    case passes
    /// It trapped or failed to answer properly.
    case traps
    /// It did not answer within its hang deadline.
    case hangs

    /// What a `no-crash` check of the engine alone came to: its failure,
    /// or nil when it passed.
    package init(noCrash failure: PropertyFailure?) {
        self = failure.map { $0.isHang ? .hangs : .traps } ?? .passes
    }
}

/// The step a job takes on a process's end.
package enum FaultStep: Equatable, Sendable {
    /// The run stops: the user interrupted it.
    case interrupted
    /// A new process resumes where this one was.
    case resume
    /// The finding being shrunk is kept unshrunk.
    case keepUnshrunk
    /// The verdict waits on the engine alone (`FaultPolicy.verdict`).
    case askTheEngineAlone
}

/// What a process's end on a case comes to, once the engine alone was asked.
package enum FaultVerdict: Equatable, Sendable {
    /// The engine traps on the case: a `no-crash` finding, shrunk.
    case engineCrash
    /// The engine does not answer the case: a `no-crash` hang; a campaign stops there.
    case engineHang
    /// Not the engine: the case is run again in a new process.
    case runAgain
    /// Not the engine, and nothing to run again: no finding.
    case notTheEngine
    /// Held up past its deadline a second time on a case the engine alone
    /// answers: the worker's hang, a `no-crash` hang finding.
    case heldUpAgain
    /// The engine alone passes a case its process trapped on (or was
    /// stopped on twice): a `no-crash` finding that says the trap may be
    /// diffcheck's own.
    case maybeDiffcheck

    /// Whether it is a finding.
    package var isFinding: Bool { self != .runAgain && self != .notTheEngine }

    /// Whether the engine (or its worker) did not answer.
    package var isHang: Bool { self == .engineHang || self == .heldUpAgain }
}

/// The rules above, as two pure functions.
package enum FaultPolicy {
    /// The first step on `end` in `phase`.
    package static func step(_ end: ProcessEnd, in phase: FaultPhase) -> FaultStep {
        if end == .interrupted { return .interrupted }
        switch phase {
        case .betweenCases: return .resume
        case .shrinking: return .keepUnshrunk
        case .onCase: return .askTheEngineAlone
        }
    }

    /// The verdict on `end` on a case in `phase`, given what the engine
    /// alone did on it.
    package static func verdict(_ end: ProcessEnd, in phase: FaultPhase, alone: AloneAnswer) -> FaultVerdict {
        let (isRetry, canRunAgain) = if case .onCase(let retry, let again) = phase { (retry, again) } else { (false, false) }
        switch alone {
        case .hangs: return .engineHang
        case .traps: return end.isPastDeadline ? .engineHang : .engineCrash
        case .passes:
            guard end.isStoppedFromOutside else { return .maybeDiffcheck }
            if !canRunAgain { return .notTheEngine }
            if !isRetry { return .runAgain }
            return end.isPastDeadline ? .heldUpAgain : .maybeDiffcheck
        }
    }

    /// What a finding's message adds for `verdict` (empty for the engine's own faults).
    package static func note(_ verdict: FaultVerdict, case what: String = "case") -> String {
        switch verdict {
        case .maybeDiffcheck:
            " (the engine alone does not trap on this \(what): the trap may be in diffcheck's own checking; please report it)"
        case .heldUpAgain:
            " (the engine alone answers this \(what), but its worker was held up past its deadline on it twice)"
        default: ""
        }
    }

    /// What the run report says of a case run again: "the engine alone
    /// passes it, so the case was run again".
    package static func runAgainWords(_ end: ProcessEnd, case what: String = "case") -> String {
        (end.isPastDeadline ? "the engine alone answers it (the worker was held up: stopped, suspended, or starved "
            + "of CPU; a deadline is a question, not a verdict)" : "the engine alone passes it")
            + ", so the \(what) was " + (what == "pair" ? "checked" : "run") + " again"
    }
}

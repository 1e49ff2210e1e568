// FaultPolicy: every end of a supervised process, in every phase, with
// every answer of the engine alone, judged in memory (no process started);
// a wait(2) status read as its end; and the out-of-memory killer's count
// read from the cgroup files' text.
import Foundation
import Testing
import DiffHarness
@testable import DiffProcess

/// Every kind of end, once.
private let everyEnd: [ProcessEnd] = [
    .normal, .exited(code: 3), .trapped(signal: SIGSEGV), .killedFromOutside(signal: SIGKILL),
    .killedFromOutside(signal: SIGTERM), .outOfMemory, .interrupted, .pastDeadline,
]

/// Every phase, once.
private let everyPhase: [FaultPhase] = [
    .onCase(isRetry: false, canRunAgain: true), .onCase(isRetry: true, canRunAgain: true),
    .onCase(isRetry: false, canRunAgain: false), .shrinking, .betweenCases,
]

@Test func aWaitStatusIsReadAsWhoEndedTheProcess() {
    let signalled = { (signal: Int32) in signal }
    let exited = { (code: Int32) in code << 8 }
    #expect(ProcessEnd(status: exited(0)) == .normal)
    #expect(ProcessEnd(status: exited(3)) == .exited(code: 3))
    #expect(ProcessEnd(status: signalled(SIGSEGV)) == .trapped(signal: SIGSEGV))
    #expect(ProcessEnd(status: signalled(SIGABRT)) == .trapped(signal: SIGABRT))
    #expect(ProcessEnd(status: signalled(SIGKILL)) == .killedFromOutside(signal: SIGKILL))
    #expect(ProcessEnd(status: signalled(SIGTERM)) == .killedFromOutside(signal: SIGTERM))
    #expect(ProcessEnd(status: signalled(SIGKILL), memoryKilled: true) == .outOfMemory)
    // A SIGTERM is never the out-of-memory killer's, whatever the count did.
    #expect(ProcessEnd(status: signalled(SIGTERM), memoryKilled: true) == .killedFromOutside(signal: SIGTERM))
    #expect(ProcessEnd(status: signalled(SIGINT)) == .interrupted)
    // diffcheck's own SIGKILL is its deadline, never "from outside" nor the memory killer's.
    #expect(ProcessEnd(status: signalled(SIGKILL), killedByUs: true, memoryKilled: true).isPastDeadline)
    // A core-dump bit does not hide the signal.
    #expect(ProcessEnd(status: signalled(SIGSEGV) | 0x80) == .trapped(signal: SIGSEGV))
}

@Test func ctrlCIsAnInterruptionInEveryPhase() {
    for phase in everyPhase {
        #expect(FaultPolicy.step(.interrupted, in: phase) == .interrupted, "\(phase)")
    }
}

@Test func theFirstStepDependsOnThePhaseAlone() {
    for end in everyEnd where end != .interrupted {
        #expect(FaultPolicy.step(end, in: .betweenCases) == .resume, "\(end)")
        #expect(FaultPolicy.step(end, in: .shrinking) == .keepUnshrunk, "\(end)")
        #expect(FaultPolicy.step(end, in: .onCase(isRetry: false, canRunAgain: true)) == .askTheEngineAlone, "\(end)")
        #expect(FaultPolicy.step(end, in: .onCase(isRetry: true, canRunAgain: false)) == .askTheEngineAlone, "\(end)")
    }
}

@Test func anEngineThatFailsAloneIsTheEnginesFaultHoweverItsProcessEnded() {
    for end in everyEnd {
        for phase in everyPhase {
            #expect(FaultPolicy.verdict(end, in: phase, alone: .hangs) == .engineHang, "\(end) \(phase)")
            // A trap alone after a deadline: the engine did not answer in its worker either.
            let trap = FaultPolicy.verdict(end, in: phase, alone: .traps)
            #expect(trap == (end.isPastDeadline ? .engineHang : .engineCrash), "\(end) \(phase)")
            #expect(trap.isFinding)
        }
    }
}

@Test func aProcessStoppedFromOutsideOnACaseTheEngineAlonePassesIsRunAgainOnce() {
    let stopped: [ProcessEnd] = [.killedFromOutside(signal: SIGKILL), .killedFromOutside(signal: SIGTERM), .outOfMemory,
                                 .pastDeadline]
    for end in stopped {
        #expect(FaultPolicy.verdict(end, in: .onCase(isRetry: false, canRunAgain: true), alone: .passes) == .runAgain, "\(end)")
        // A shrink's candidate cannot be run again: nothing is found.
        #expect(FaultPolicy.verdict(end, in: .onCase(isRetry: false, canRunAgain: false), alone: .passes) == .notTheEngine, "\(end)")
        #expect(!FaultPolicy.verdict(end, in: .onCase(isRetry: true, canRunAgain: false), alone: .passes).isFinding, "\(end)")
    }
    // The second time on the same case is a verdict: held up again is the worker's hang; stopped again, maybe diffcheck's.
    let again = FaultPhase.onCase(isRetry: true, canRunAgain: true)
    #expect(FaultPolicy.verdict(.pastDeadline, in: again, alone: .passes) == .heldUpAgain)
    #expect(FaultPolicy.verdict(.pastDeadline, in: again, alone: .passes).isHang)
    #expect(FaultPolicy.verdict(.outOfMemory, in: again, alone: .passes) == .maybeDiffcheck)
    #expect(FaultPolicy.verdict(.killedFromOutside(signal: SIGKILL), in: again, alone: .passes) == .maybeDiffcheck)
}

@Test func aProcessThatTrappedOnACaseTheEngineAlonePassesMayBeDiffchecksOwnFault() {
    let byItself: [ProcessEnd] = [.normal, .exited(code: 3), .trapped(signal: SIGSEGV), .trapped(signal: SIGILL)]
    for end in byItself {
        for phase in everyPhase {
            let verdict = FaultPolicy.verdict(end, in: phase, alone: .passes)
            #expect(verdict == .maybeDiffcheck, "\(end) \(phase)")
            #expect(verdict.isFinding && !verdict.isHang)
        }
    }
    #expect(FaultPolicy.note(.maybeDiffcheck).contains("the trap may be in diffcheck's own checking"))
    #expect(FaultPolicy.note(.maybeDiffcheck, case: "pair").contains("does not trap on this pair"))
    #expect(FaultPolicy.note(.engineCrash).isEmpty && FaultPolicy.note(.engineHang).isEmpty)
}

@Test func everyEndIsSaidInWordsThatNameWhoEndedIt() {
    #expect(ProcessEnd.killedFromOutside(signal: SIGKILL).words.hasPrefix("was killed by signal 9"))
    #expect(ProcessEnd.killedFromOutside(signal: SIGKILL).words.contains("sent from outside diffcheck"))
    #expect(ProcessEnd.outOfMemory.words.contains("out-of-memory killer"))
    #expect(!ProcessEnd.outOfMemory.failureWords.contains("trapped"))
    #expect(ProcessEnd.trapped(signal: SIGSEGV).failureWords.hasPrefix("the engine trapped: the worker was killed by signal 11"))
    #expect(ProcessEnd.pastDeadline.words == "was stopped by diffcheck with SIGKILL when it passed its deadline")
    #expect(ProcessEnd.exited(code: 3).failureWords == "the worker exited with status 3")
    #expect(FaultPolicy.runAgainWords(.outOfMemory, case: "pair").hasSuffix("so the pair was checked again"))
    #expect(FaultPolicy.runAgainWords(.pastDeadline).contains("held up"))
    for end in everyEnd { #expect(!end.words.isEmpty && !end.failureWords.isEmpty) }
}

@Test func theOutOfMemoryKillersCountIsReadFromEitherCgroupLayout() {
    let v2 = "oom 1\noom_kill 3\noom_group_kill 0\n"
    let v1 = "oom_kill_disable 0\nunder_oom 0\noom_kill 7\n"
    #expect(OutOfMemoryKills.killCount(in: v2) == 3)
    #expect(OutOfMemoryKills.killCount(in: v1) == 7)
    #expect(OutOfMemoryKills.killCount(in: "oom_kill x\n") == nil)
    #expect(OutOfMemoryKills.killCount(in: "") == nil)
    // cgroup v2: the folder named, then the mount's root (a container's own cgroup).
    #expect(OutOfMemoryKills.files(cgroups: "0::/user.slice/a.scope\n")
            == ["/sys/fs/cgroup/user.slice/a.scope/memory.events", "/sys/fs/cgroup/memory.events"])
    // A hybrid layout: the v1 memory controller first.
    let hybrid = "4:memory:/box\n1:cpu,cpuacct:/\n0::/\n"
    #expect(OutOfMemoryKills.files(cgroups: hybrid) == [
        "/sys/fs/cgroup/memory/box/memory.oom_control", "/sys/fs/cgroup/memory/memory.oom_control",
        "/sys/fs/cgroup/memory.events",
    ])
    #expect(OutOfMemoryKills.files(cgroups: "garbage\n").isEmpty)
}

@Test func theEngineAlonesNoCrashFailureIsItsAnswer() {
    #expect(AloneAnswer(noCrash: nil) == .passes)
    #expect(AloneAnswer(noCrash: PropertyFailure(.noCrash, "trapped")) == .traps)
    #expect(AloneAnswer(noCrash: PropertyFailure(.noCrash, "no answer", isHang: true)) == .hangs)
}

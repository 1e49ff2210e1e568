// ShrinkChildEnd: what a shrinking child's end comes to, driven in memory
// with every kind of end, with and without a candidate in its state file,
// and every answer of the engine alone; no process started.
import Foundation
import Testing
@testable import DiffProcess

@Test func aShrinkingChildsNormalEndIsItsShrunkCase() {
    #expect(ShrinkChildEnd.judge(.normal, hasPair: false, alone: nil) == .shrunk)
    #expect(ShrinkChildEnd.judge(.normal, hasPair: true, alone: nil) == .shrunk)
}

@Test func aShrinkingChildThatDiedOnACandidateHasTheEngineAloneAskedFirst() {
    let ends: [ProcessEnd] = [.exited(code: 3), .trapped(signal: SIGSEGV), .killedFromOutside(signal: SIGKILL), .outOfMemory,
                              .pastDeadline]
    for end in ends {
        #expect(ShrinkChildEnd.judge(end, hasPair: true, alone: nil) == .askTheEngineAlone, "\(end)")
        // The engine alone fails: the candidate is the engine's crash (or hang), shrunk.
        #expect(ShrinkChildEnd.judge(end, hasPair: true, alone: .traps) == .crash(note: ""), "\(end)")
        #expect(ShrinkChildEnd.judge(end, hasPair: true, alone: .hangs) == .crash(note: ""), "\(end)")
    }
}

@Test func aSlowOrKilledShrinkCandidateTheEngineAloneAnswersIsNoFinding() {
    // The latent bug: a candidate slower than the child's deadline became a no-crash case.
    guard case .stopped(let slow) = ShrinkChildEnd.judge(.pastDeadline, hasPair: true, alone: .passes) else {
        Issue.record("a slow candidate the engine alone answers is a finding")
        return
    }
    #expect(slow.contains("passed its deadline") && slow.contains("the engine alone answers its last candidate"))
    guard case .stopped(let killed) = ShrinkChildEnd.judge(.killedFromOutside(signal: SIGKILL), hasPair: false, alone: nil) else {
        Issue.record("a child killed from outside is a finding")
        return
    }
    #expect(killed == "the shrinking process was killed by SIGKILL, sent from outside diffcheck (a user, or the kernel's out-of-memory killer)")
    guard case .stopped(let memory) = ShrinkChildEnd.judge(.outOfMemory, hasPair: true, alone: .passes) else {
        Issue.record("an out-of-memory kill is a finding")
        return
    }
    #expect(memory.contains("out-of-memory killer"))
}

@Test func aTrapOnACandidateTheEngineAlonePassesSaysItMayBeDiffchecksOwn() {
    let judged = ShrinkChildEnd.judge(.trapped(signal: SIGILL), hasPair: true, alone: .passes)
    guard case .crash(let note) = judged else {
        Issue.record("\(judged)")
        return
    }
    #expect(note.contains("the trap may be in diffcheck's own checking"))
    // With no candidate written, there is nothing to shrink.
    #expect(ShrinkChildEnd.judge(.trapped(signal: SIGILL), hasPair: false, alone: nil) == .notSmaller)
}

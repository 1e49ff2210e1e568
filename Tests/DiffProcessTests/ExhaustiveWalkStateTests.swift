// ExhaustiveWalkState: the exhaustive walk's supervisor side driven in
// memory with scripted events (messages, ends, the engine alone's answers),
// no process started: every kind of end, the order of two findings, a
// worker run again once, the walk's stop, and its result.
import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess

/// A walk of two workers with a 1 s timeout.
private func twoWorkers() -> ExhaustiveWalkState { ExhaustiveWalkState(jobs: 2, timeout: 1) }

@Test func aNormalEndFinishesTheSlotAndAnEndBeforeTheFirstPairIsAnError() throws {
    var walk = twoWorkers()
    #expect(try walk.ended(worker: 0, end: .normal, place: nil) == .finish)
    #expect(throws: CampaignError.self) { try walk.ended(worker: 1, end: .trapped(signal: SIGSEGV), place: nil) }
}

@Test func aTrapTheEngineAloneSharesStopsTheWalkThere() throws {
    var walk = twoWorkers()
    walk.heard(.reached(40), worker: 0, now: 1)
    let end = ProcessEnd.trapped(signal: SIGSEGV)
    #expect(try walk.ended(worker: 0, end: end, place: 41) == .askTheEngineAlone(place: 41))
    #expect(walk.answered(.traps, worker: 0, place: 41, end: end, errorLine: ": boom") == .finish)
    let result = walk.result(wasInterrupted: false, elapsed: 2)
    #expect(result.stoppedAt == 41 && result.pairs == 42)
    #expect(result.firstFailure?.place == 41)
    #expect(result.firstFailure?.crash == "the engine trapped: the worker was killed by " + describeSignal(SIGSEGV) + ": boom")
    #expect(result.byKind == [FindingKind(.noCrash): 1])
    // The other worker, past the stop, is stopped; one before it goes on.
    walk.heard(.reached(50), worker: 1, now: 1)
    #expect(walk.isPastTheStop(1) && !walk.isPastTheStop(0))
}

@Test func aTrapTheEngineAlonePassesSaysTheTrapMayBeDiffchecksOwn() throws {
    var walk = twoWorkers()
    let end = ProcessEnd.exited(code: 3)
    #expect(try walk.ended(worker: 1, end: end, place: 7) == .askTheEngineAlone(place: 7))
    #expect(walk.answered(.passes, worker: 1, place: 7, end: end, errorLine: "") == .finish)
    let crash = walk.result(wasInterrupted: false, elapsed: 1).firstFailure?.crash ?? ""
    #expect(crash.hasPrefix("the worker exited with status 3"))
    #expect(crash.contains("the trap may be in diffcheck's own checking"))
}

@Test func aWorkerStoppedFromOutsideOnAPairTheEngineAlonePassesIsRunAgainOnce() throws {
    for end in [ProcessEnd.killedFromOutside(signal: SIGKILL), .outOfMemory, .pastDeadline] {
        var walk = twoWorkers()
        #expect(try walk.ended(worker: 0, end: end, place: 12) == .askTheEngineAlone(place: 12), "\(end)")
        #expect(walk.answered(.passes, worker: 0, place: 12, end: end, errorLine: "") == .relaunch(from: 12), "\(end)")
        walk.started(worker: 0, now: 30)
        #expect(walk.deadline(worker: 0) == 30 + 2 + 5)
        #expect(walk.result(wasInterrupted: false, elapsed: 1).workerDeaths.count == 1)
        #expect(walk.result(wasInterrupted: false, elapsed: 1).stoppedAt == nil)
        // The second time on the same pair is a verdict.
        #expect(try walk.ended(worker: 0, end: end, place: 12) == .askTheEngineAlone(place: 12))
        #expect(walk.answered(.passes, worker: 0, place: 12, end: end, errorLine: "") == .finish, "\(end)")
        let result = walk.result(wasInterrupted: false, elapsed: 1)
        #expect(result.stoppedAt == 12, "\(end)")
        if end.isPastDeadline {
            #expect(result.firstFailure?.crash?.contains("held up past its deadline on it twice") == true)
        }
    }
}

@Test func aHungWorkerWhoseEngineAloneFailsIsAHangAtThatPair() throws {
    var walk = twoWorkers()
    let end = ProcessEnd.pastDeadline
    #expect(try walk.ended(worker: 1, end: end, place: 3) == .askTheEngineAlone(place: 3))
    #expect(walk.answered(.traps, worker: 1, place: 3, end: end, errorLine: "") == .finish)
    #expect(walk.result(wasInterrupted: false, elapsed: 1).firstFailure?.crash == "the engine did not return within 1.0 s")
}

@Test func ctrlCReachingAWorkerInterruptsTheWalk() throws {
    var walk = twoWorkers()
    #expect(try walk.ended(worker: 0, end: .interrupted, place: 5) == .interrupt)
    walk.heard(.reached(9), worker: 0, now: 1)
    walk.heard(.reached(4), worker: 1, now: 1)
    let result = walk.result(wasInterrupted: true, elapsed: 1)
    #expect(result.wasInterrupted && result.pairs == 10 && result.stoppedAt == nil)
}

@Test func theSmallerOfTwoFindingsIsTheOneTheWalkStopsAt() throws {
    var walk = twoWorkers()
    // Worker 1 reports a failing pair and a hang; worker 0 then traps on an earlier pair.
    walk.heard(.pairFailed(30, [FindingKind(.valid)]), worker: 1, now: 1)
    walk.heard(.pairHung(31, message: "the engine did not answer"), worker: 1, now: 1)
    walk.heard(.pairFailed(8, [FindingKind(.fresh)]), worker: 0, now: 1)
    let end = ProcessEnd.trapped(signal: SIGILL)
    #expect(try walk.ended(worker: 0, end: end, place: 20) == .askTheEngineAlone(place: 20))
    #expect(walk.answered(.traps, worker: 0, place: 20, end: end, errorLine: "") == .finish)
    // A trap past the stop changes nothing.
    #expect(try walk.ended(worker: 1, end: end, place: 25) == .finish)
    let result = walk.result(wasInterrupted: false, elapsed: 1)
    #expect(result.stoppedAt == 20 && result.pairs == 21)
    #expect(result.failingPairs == 2)
    #expect(result.firstFailure?.place == 8 && result.firstProperties == [.fresh])
    #expect(result.firstPlaceByKind[FindingKind(.noCrash)] == 20)
    #expect(result.byKind[FindingKind(.valid)] == nil)
}

@Test func aSilentWorkerHasHungTwiceItsTimeoutAfterItsLastLine() {
    var walk = twoWorkers()
    walk.heard(.reached(1), worker: 1, now: 100)
    #expect(walk.deadline(worker: 1) == 107)
    #expect(walk.deadline(worker: 0) == 7)
    walk.heard(.walked(500), worker: 1, now: 120)
    #expect(walk.result(wasInterrupted: false, elapsed: 1).pairs == 500)
    #expect(walk.progress(elapsed: 10, total: 1000).hasPrefix("exhaustive: about 0/1000 pairs walked"))
}

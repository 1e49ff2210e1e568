// The supervisor's deadline for a worker's case grows with the case, as the
// engine's own allowance does: a slow engine on a long case is not a hang.
import DiffHarness
import DiffProcess
import ListModel
import Testing

/// Point 7: a case of 309,932 items at --timeout 10 is allowed 24.5 s a
/// call by the engine's own deadline, and is asked twice: the worker gets
/// more than both calls together (the old deadline, 30 s, was less than
/// two calls of 16 s); a small case keeps twice the timeout and 10 s.
@Test func theWorkersDeadlineGrowsWithTheCase() {
    let perCall = ExternalEngine.allowedSeconds(10, items: 309_932)
    #expect(perCall > 24 && perCall < 25)
    let long = Supervisor.checkingSeconds(timeout: 10, items: [309_932])
    #expect(long > 2 * perCall + 10, "\(long)")
    #expect(long > 2 * 16 + 10)
    #expect(Supervisor.checkingSeconds(timeout: 10, items: [40]) == 30)
    // A flight of cases: each asked twice, each with its own allowance.
    #expect(Supervisor.checkingSeconds(timeout: 1, items: [10, 10, 10]) == 3 * 2 + 10)
}

/// A request's sections count as its items do, for the supervisor's
/// deadline as for the engine's own (`ExternalEngine.elements`): a worker
/// whose engine is within its allowance on 100,000 empty sections is not
/// past the supervisor's deadline (items alone gave it the base deadline).
@Test func aFlightOfManySectionsGetsTheTimeItsEngineIsAllowed() {
    let sections = Snapshot(sections: (0..<100_000).map { Section(id: "s\($0)") })
    let pairs = [GeneratedPair(old: sections, new: Snapshot(), choices: [], bounds: [])]
    #expect(!Supervisor.needsOnlyTheBaseDeadline(pairs))
    let seconds = Supervisor.checkingSeconds(timeout: 10, pairs: pairs)
    #expect(seconds >= 2 * ExternalEngine.allowedSeconds(10, items: 100_000) + 10, "\(seconds)")
    #expect(Supervisor.needsOnlyTheBaseDeadline([GeneratedPair(old: Snapshot(sections: [Section(id: "a")]), new: Snapshot(),
                                                               choices: [], bounds: [])]))
}

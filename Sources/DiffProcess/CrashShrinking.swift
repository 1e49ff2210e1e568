// CrashShrinking: shrinking a case on which the engine traps or hangs, with
// the engine in a child process of its own (`IsolatedEngine`), where every
// candidate that traps costs a restart rather than the run.
import DiffHarness
import Foundation
import ListModel

/// How long crash shrinking may take: every trapping candidate restarts a process.
package let crashShrinkSeconds = 30.0

/// Shrinks a case on which the engine traps or hangs. `checker` must run an
/// isolated engine; candidates stop after `crashShrinkSeconds`. An external
/// engine's stderr is kept from ours meanwhile (`keepingEngineErrors`).
package func shrinkCrash(choices: [Int]?, old: Snapshot, new: Snapshot, checker: Checker, generator: PairGenerator,
                 seconds: Double = crashShrinkSeconds)
    -> (old: Snapshot, new: Snapshot, choices: [Int]?, verdict: Verdict, calls: Int) {
    keepingEngineErrors(checker.engine) {
        shrinkCrashQuietly(choices: choices, old: old, new: new, checker: checker, generator: generator, seconds: seconds)
    }
}

private func shrinkCrashQuietly(choices: [Int]?, old: Snapshot, new: Snapshot, checker: Checker, generator: PairGenerator,
                                seconds: Double)
    -> (old: Snapshot, new: Snapshot, choices: [Int]?, verdict: Verdict, calls: Int) {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var calls = 0
    func crashes(_ old: Snapshot, _ new: Snapshot) -> Verdict? {
        guard ContinuousClock.now < deadline, isInterrupted == 0 else { return nil }
        calls += 1
        let verdict = checker.check(old: old, new: new)
        return verdict.failures.contains { $0.property == .noCrash } ? verdict : nil
    }
    if let choices {
        let shrinker = Shrinker(failing: choices, size: totalItems(old, new), budget: 4000,
                                direct: generator.directShapes) { candidate in
            let replayed = generator.replay(candidate)
            return crashes(replayed.old, replayed.new) == nil ? nil : (replayed.choices, totalItems(replayed.old, replayed.new))
        }
        shrinker.smallerPairsBudget = 4000
        let result = shrinker.run()
        let shrunk = generator.replay(result.choices)
        let verdict = checker.check(old: shrunk.old, new: shrunk.new)
        return (shrunk.old, shrunk.new, shrunk.choices, verdict, calls)
    }
    // No choices: shrink the case itself, as far as the time allows.
    let shrinker = CaseShrinker(old: old, new: new, budget: 4000, timeLimit: crashShrinkSeconds,
                                exhaustive: generator.directShapes.map(\.bound)) { crashes($0, $1) != nil }
    let result = shrinker.run()
    return (result.old, result.new, nil, checker.check(old: result.old, new: result.new), calls)
}

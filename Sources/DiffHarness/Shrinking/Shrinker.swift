// Shrinker: makes a failing choice sequence as simple as possible.
//
// Like Hypothesis, the shrinker only ever edits the recorded choices, never
// the snapshots: every edited sequence replays through the generator to a
// valid case. A candidate is kept when it still fails the same property and
// is simpler: fewer items (old and new together), or as many items and
// smaller in shortlex order (shorter first, then lexicographically smaller).
// The passes run in turn until none makes progress, or until the budget of
// engine calls is spent.
import Foundation
import ListModel

/// Shortlex order on choice sequences: shorter is simpler; at equal length
/// the first differing choice decides.
public func isSimpler(_ a: [Int], than b: [Int]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    for (x, y) in zip(a, b) where x != y { return x < y }
    return false
}

/// The outcome of shrinking one failure.
public struct ShrinkResult: Sendable {
    /// The simplest failing choices found.
    public var choices: [Int]
    /// How many times the failure test ran.
    public var calls: Int
    /// Whether shrinking stopped at the budget rather than at a fixed point.
    public var isBudgetExhausted: Bool

    /// A result of `choices`, after `calls` tests.
    public init(choices: [Int], calls: Int, isBudgetExhausted: Bool) {
        self.choices = choices
        self.calls = calls
        self.isBudgetExhausted = isBudgetExhausted
    }
}

/// One shrinking run: the current best sequence and the test that decides
/// whether a candidate still fails.
public final class Shrinker {
    /// Replays a candidate and returns the choices it actually consumed and
    /// the size of the case (total items) when it still fails, or nil when
    /// it passes.
    public typealias FailureTest = ([Int]) -> (choices: [Int], size: Int)?

    private let test: FailureTest
    private let budget: Int
    /// The simplest failing choices so far.
    public private(set) var best: [Int]
    /// The size of the case `best` makes (its items, old and new).
    public private(set) var bestSize: Int
    /// How many times the failure test ran so far.
    public internal(set) var calls = 0
    /// For the smaller-pairs pass: bounds of `SmallPairGenerator` and how to
    /// turn its choices into a whole case's choices; empty disables the pass.
    let directShapes: [(bound: ExhaustiveBound, choices: @Sendable ([Int]) -> [Int])]
    /// For the smaller-pairs pass: whether an enumerated pair fails, judged
    /// on the pair itself (each answer counts as a call). When set, only the
    /// pairs it says fail are replayed through `test`; when nil, every pair
    /// is. It must agree with `test` on the pair the choices replay to.
    public var pairFails: (@Sendable (Snapshot, Snapshot) -> Bool)?
    /// Whether `pairFails` may be asked on several threads at once: the
    /// smaller-pairs pass then judges pairs on every core, with the same
    /// result and the same call count as on one.
    public var judgesPairsConcurrently = false
    /// For the smaller-pairs pass: the direct shape's bounds an earlier
    /// exhaustive walk went through to the end with the same engine, and the
    /// walk's first pair failing the shrunk property (nil: none fails).
    /// Such a bound costs the pass one call, not a walk (`WalkedBounds`).
    public var walked: [ExhaustiveBound: WalkedBounds.FirstFailure?] = [:]
    /// Whether every call stays on the thread that runs the shrinker, even
    /// with `judgesPairsConcurrently`: true when the shrinker is made on the
    /// main thread, where an engine may need to stay (UIKit,
    /// `MainActor.assumeIsolated`) and where waiting for other threads
    /// that hop back to it would deadlock.
    public var keepsCallsOnCallingThread = Thread.isMainThread

    /// Shrinks the failing `choices` (a case of `size` items) within `budget` calls; `direct` enables the smaller-pairs pass.
    public init(
        failing choices: [Int], size: Int, budget: Int = 20_000,
        direct: [(bound: ExhaustiveBound, choices: @Sendable ([Int]) -> [Int])] = [], test: @escaping FailureTest
    ) {
        self.best = choices
        self.bestSize = size
        self.budget = budget
        self.test = test
        self.directShapes = direct
    }

    var isOutOfBudget: Bool { calls >= localLimit }
    /// For the delete-pair-items pass: the choices of the pair the given
    /// choices make without the items at the given positions (old's items,
    /// then new's), or nil; nil disables the pass.
    public var removingItems: (([Int], Range<Int>) -> [Int]?)?
    /// For the shorten-each-side pass: the items of the old and of the new
    /// snapshot the given choices make; nil disables the pass.
    public var sideLengths: (([Int]) -> (old: Int, new: Int))?
    /// The most calls the smaller-pairs pass may make.
    public var smallerPairsBudget = 200_000
    /// The call count the current phase may reach.
    private var localLimit = Int.max

    /// Tries a candidate; keeps it when it is simpler and still fails.
    @discardableResult
    func consider(_ candidate: [Int], allowingLonger: Bool = false) -> Bool {
        guard !isOutOfBudget, allowingLonger || isSimpler(candidate, than: best) else { return false }
        calls += 1
        guard let outcome = test(candidate) else { return false }
        let normalized = isSimpler(outcome.choices, than: candidate) ? outcome.choices : candidate
        guard outcome.size < bestSize || (outcome.size == bestSize && isSimpler(normalized, than: best)) else {
            return false
        }
        best = normalized
        bestSize = outcome.size
        return true
    }

    /// Runs every pass until none makes progress or the budget is spent.
    public func run() -> ShrinkResult {
        // Half the budget for the local passes first, so the smaller-pairs
        // pass always gets its turn.
        localLimit = budget / 2
        runLocalPasses()
        // Drop items from the pair itself, then polish the re-encoded
        // choices: for a case larger than any pair the smaller-pairs pass
        // can try, and for an item the local passes cannot reach because
        // later edits point at it by index (`old: a`, `new: b'' a`, where
        // the smaller pairs have no `b''`). A long case it only ever
        // makes short.
        if removingItems != nil {
            let before = best
            localLimit = calls + budget / 4
            deletePairItems()
            if best != before {
                localLimit = calls + budget / 4
                runLocalPasses()
            }
        }
        var isExhausted = isOutOfBudget
        let localCalls = calls
        let before = best
        // The smaller-pairs pass has a budget of its own: it may have to
        // look at every pair below the current size.
        localLimit = calls + smallerPairsBudget
        if !needsLongList { trySmallerPairs() }
        isExhausted = isExhausted || isOutOfBudget
        if best != before || isExhausted {
            // The local passes get the rest of their budget: to polish what
            // the smaller-pairs pass found, or to go on where they stopped.
            localLimit = calls + max(budget - localCalls, 0)
            runLocalPasses()
            isExhausted = isOutOfBudget
        }
        return ShrinkResult(choices: best, calls: calls, isBudgetExhausted: isExhausted)
    }

    /// The passes that edit the current sequence, until none makes progress.
    ///
    /// A case that still needs a long list after its lists were shortened
    /// (`shortenLongLists`, then `shortenEachSide`) and whose sides were
    /// shortened apart is left there: re-encoded, it has a choice per item,
    /// and the passes that try one choice at a time would spend a call on
    /// each of them, each on a long case.
    func runLocalPasses() {
        shortenLongLists()
        let before = best
        shortenEachSide()
        if best != before && needsLongList { return }
        var improved = true
        while improved && !isOutOfBudget {
            let before = best
            deleteSpans()
            decrementAndDelete()
            zeroSpans()
            lowerValues()
            lowerDuplicates()
            sortSpans()
            improved = best != before
        }
    }
}

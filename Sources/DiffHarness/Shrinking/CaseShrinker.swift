// CaseShrinker: makes a failing case simpler by editing the case itself.
//
// The choice shrinker (`Shrinker`) needs the choices a case was generated
// from. A case a user brings (hand-written, from a bug report, imported)
// has none, so this shrinker edits the snapshots directly: it removes
// identities from both sides, sections and items from either side, makes
// the pair flat, lowers content versions, joins an identity to an earlier
// one, sorts items, and renames identities to the smallest names, each pass
// in a file of its own. The passes run in turn
// until none makes progress; then the exhaustive walk of the smaller pairs
// (`smallestFailure`) looks for a smaller failure the local edits cannot
// reach, and the passes polish what it finds.
import ListModel

/// The outcome of shrinking one case.
public struct CaseShrinkResult: Sendable {
    /// The old snapshot of the simplest failing pair found.
    public var old: Snapshot
    /// The new snapshot of that pair.
    public var new: Snapshot
    /// How many times the failure test ran (each pair of the exhaustive walk counts).
    public var calls: Int
    /// Whether shrinking stopped at its budget (calls or time) rather than
    /// at a fixed point: the case may shrink further.
    public var isBudgetExhausted: Bool
    /// Whether the exhaustive walk went through every pair of its bounds
    /// with fewer items than the result, and none fails: the result is
    /// minimal within the exhaustive bound.
    public var isMinimalWithinExhaustiveBound: Bool
}

/// One shrinking run over a case: the current simplest pair, and the test
/// that decides whether a candidate still fails.
///
/// Contract: every pair it keeps fails `fails` and is simpler than the one
/// before (`isSimpler(old:new:than:)`: fewer items, or as many and smaller
/// in shortlex order), so the result is never larger than the start and
/// the run ends. `run()` stops at a fixed point of every pass, or once
/// `budget` calls were spent or `deadline` passed, and says which.
public final class CaseShrinker {
    /// Whether a candidate pair still fails.
    public typealias FailureTest = (Snapshot, Snapshot) -> Bool

    private let fails: FailureTest
    private let budget: Int
    private let deadline: ContinuousClock.Instant?
    /// The bounds of the exhaustive walk; empty skips it.
    let exhaustiveBounds: [ExhaustiveBound]
    /// The simplest failing old snapshot so far.
    public private(set) var old: Snapshot
    /// The simplest failing new snapshot so far.
    public private(set) var new: Snapshot
    /// How many times the failure test ran so far.
    public private(set) var calls = 0
    /// The most calls the exhaustive walk may make (on top of `budget`).
    public var exhaustiveBudget = 400_000
    /// The call count the current phase may reach.
    private var localLimit = Int.max

    /// Shrinks the failing pair `old`/`new`. `exhaustive` are the bounds of
    /// the walk of smaller pairs (`PairGenerator.directShapes`' bounds);
    /// `timeLimit` in seconds, nil for none.
    public init(old: Snapshot, new: Snapshot, budget: Int = 20_000, timeLimit: Double? = nil,
                exhaustive: [ExhaustiveBound] = [], fails: @escaping FailureTest) {
        self.old = old
        self.new = new
        self.budget = budget
        self.deadline = timeLimit.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
        self.exhaustiveBounds = exhaustive
        self.fails = fails
    }

    var isOutOfBudget: Bool {
        calls >= localLimit || deadline.map { ContinuousClock.now >= $0 } ?? false
    }

    /// Tries a candidate; keeps it when it is simpler and still fails.
    @discardableResult
    func consider(_ candidateOld: Snapshot, _ candidateNew: Snapshot) -> Bool {
        guard !isOutOfBudget, isSimpler(old: candidateOld, new: candidateNew, than: (old, new)) else { return false }
        calls += 1
        guard fails(candidateOld, candidateNew) else { return false }
        old = candidateOld
        new = candidateNew
        return true
    }

    /// Runs every pass until none makes progress, then the exhaustive walk
    /// of the smaller pairs, then the passes again on what it found.
    public func run() -> CaseShrinkResult {
        localLimit = budget
        runLocalPasses()
        var isExhausted = isOutOfBudget
        var isMinimal = false
        if !isExhausted && !exhaustiveBounds.isEmpty {
            localLimit = calls + exhaustiveBudget
            let search = smallestFailure(below: totalItems(old, new), within: exhaustiveBounds,
                                         goesOn: { !isOutOfBudget }) { candidateOld, candidateNew in
                calls += 1
                return fails(candidateOld, candidateNew)
            }
            switch search {
            case .found(let smallerOld, let smallerNew):
                old = smallerOld
                new = smallerNew
                isMinimal = true
                localLimit = calls + budget / 4
                runLocalPasses()   // polish: contents and names
            case .noneFails:
                isMinimal = true
            case .stopped:
                isExhausted = true
            }
        }
        isExhausted = isExhausted || isOutOfBudget
        return CaseShrinkResult(old: old, new: new, calls: calls, isBudgetExhausted: isExhausted,
                                isMinimalWithinExhaustiveBound: isMinimal && !isExhausted)
    }

    /// The passes that edit the current pair, until none makes progress.
    func runLocalPasses() {
        var improved = true
        while improved && !isOutOfBudget {
            let before = (old, new)
            removeIdentities()
            removeSections()
            removeItems()
            flattenSections()
            lowerContents()
            mergeIdentities()
            sortItems()
            renameIdentities()
            improved = before != (old, new)
        }
    }

    /// The schedule of the removal passes: runs of `count()` things (items,
    /// sections, identities), from half of them down to one, at every
    /// position; `candidate` makes the pair without a run (nil: skip it).
    /// After a kept removal the things that followed have moved up to the
    /// same position, so it is tried again there.
    func removeRuns(count: () -> Int, candidate: (Range<Int>) -> (old: Snapshot, new: Snapshot)?) {
        var run = max(count() / 2, 1)
        while !isOutOfBudget {
            var start = 0
            while start < count() && !isOutOfBudget {
                if let smaller = candidate(start..<min(start + run, count())), consider(smaller.old, smaller.new) {
                    continue
                }
                start += run
            }
            if run == 1 { return }
            run /= 2
        }
    }
}

/// Shrinks a failing case that has no choices by editing the case itself
/// (`CaseShrinker`); the same property must keep failing (for `valid`, by
/// the same reading when `stricterReading` is given, as `shrink` does).
/// Stops after `budget` calls of the local passes or `timeLimit` seconds.
public func shrinkCase(
    old: Snapshot, new: Snapshot, failing property: PropertyName, stricterReading: Bool? = nil, checker: Checker,
    options: GeneratorOptions, budget: Int = 20_000, timeLimit: Double = 60
) -> (old: Snapshot, new: Snapshot, verdict: Verdict, result: CaseShrinkResult) {
    // Only the shrunk property is judged (the same verdict as `check`, less work).
    let propertyCheck = PropertyCheck(property, stricterReading: stricterReading, of: checker)
    let shrinker = CaseShrinker(old: old, new: new, budget: budget, timeLimit: timeLimit,
                                exhaustive: PairGenerator(options: options).directShapes.map(\.bound)) {
        propertyCheck.fails(old: $0, new: $1)
    }
    let result = shrinker.run()
    return (result.old, result.new, checker.check(old: result.old, new: result.new), result)
}

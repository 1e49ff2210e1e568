// Shrinker: makes a failing choice sequence as simple as possible.
//
// Like Hypothesis, the shrinker only ever edits the recorded choices, never
// the snapshots: every edited sequence replays through the generator to a
// valid case. A candidate is kept when it is smaller in shortlex order
// (shorter first, then lexicographically smaller) and still fails the same
// property. The passes run in turn until none makes progress, or until the
// budget of engine calls is spent.

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
}

/// One shrinking run: the current best sequence and the test that decides
/// whether a candidate still fails.
public final class Shrinker {
    /// Replays a candidate and returns the choices it actually consumed when
    /// it still fails, or nil when it passes.
    public typealias FailureTest = ([Int]) -> [Int]?

    private let test: FailureTest
    private let budget: Int
    public private(set) var best: [Int]
    public private(set) var calls = 0

    public init(failing choices: [Int], budget: Int = 20_000, test: @escaping FailureTest) {
        self.best = choices
        self.budget = budget
        self.test = test
    }

    var isOutOfBudget: Bool { calls >= budget }

    /// Tries a candidate; keeps it when it is simpler and still fails.
    @discardableResult
    func consider(_ candidate: [Int]) -> Bool {
        guard !isOutOfBudget, isSimpler(candidate, than: best) else { return false }
        calls += 1
        guard let consumed = test(candidate) else { return false }
        let normalized = isSimpler(consumed, than: candidate) ? consumed : candidate
        guard isSimpler(normalized, than: best) else { return false }
        best = normalized
        return true
    }

    /// Runs every pass until none makes progress or the budget is spent.
    public func run() -> ShrinkResult {
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
        return ShrinkResult(choices: best, calls: calls, isBudgetExhausted: isOutOfBudget)
    }
}

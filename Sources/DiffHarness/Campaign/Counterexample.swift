// Counterexample: one failing case, before and after shrinking.
import ListModel

/// A failure found by the harness, with what it takes to rebuild it.
public struct Counterexample: Sendable {
    /// The property that failed (shrinking keeps this property failing).
    public var failure: PropertyFailure
    /// The engine's name (`external` for an `--engine-cmd` engine; the older
    /// `external: COMMAND` is read as `external` with that command).
    public var engine: String
    /// The command of an external engine, recorded in the finding as its
    /// `engine-command:` line (never run from it) and part of the finding's identity.
    public var engineCommand: String?
    /// The profile the case was checked under.
    public var profile: Profile
    /// Where the case came from: the campaign seed and case number, when random.
    public var seed: UInt64?
    /// The case number within the seed, when random.
    public var caseNumber: Int?
    /// The failing pair as generated, with its choices.
    public var original: GeneratedPair
    /// The simplest pair shrinking found that still fails the property.
    public var shrunk: GeneratedPair
    /// The verdict on the shrunk case (its stages and every failing property).
    public var shrunkVerdict: Verdict
    /// How many times shrinking ran the failure test.
    public var shrinkCalls: Int
    /// Whether shrinking stopped at its budget (calls or time): the case may shrink further.
    public var isShrinkBudgetExhausted: Bool
    /// Whether shrinking ran at all: false for a case saved as found,
    /// before its shrink (`shrunk: no`), which `shrunk` then equals.
    public var isShrunk: Bool
    /// Whether shrinking ran but its case was not kept, so `shrunk` is the
    /// case as generated (`shrunk: no, C calls from I items`): no smaller
    /// case failed again when asked, or a hang's shrunk case answered in
    /// time (an engine that is not deterministic, or a slow case).
    public var isSavedAsGenerated = false

    /// A failure of `engine` under `profile`, before (`original`) and after (`shrunk`) shrinking.
    public init(failure: PropertyFailure, engine: String, profile: Profile, seed: UInt64?, caseNumber: Int?,
                original: GeneratedPair, shrunk: GeneratedPair, shrunkVerdict: Verdict, shrinkCalls: Int,
                isShrinkBudgetExhausted: Bool, engineCommand: String? = nil, isShrunk: Bool = true) {
        self.isShrunk = isShrunk
        self.failure = failure
        self.engineCommand = engineCommand
        self.engine = engine
        self.profile = profile
        self.seed = seed
        self.caseNumber = caseNumber
        self.original = original
        self.shrunk = shrunk
        self.shrunkVerdict = shrunkVerdict
        self.shrinkCalls = shrinkCalls
        self.isShrinkBudgetExhausted = isShrinkBudgetExhausted
    }
}

/// Total items, old and new together: the size a counterexample is judged by.
public func totalItems(_ old: Snapshot, _ new: Snapshot) -> Int {
    old.itemCount + new.itemCount
}

/// Shrinks a failing pair: the same property must keep failing. A pair of
/// more than `smallerCutItems` items is first cut to its smallest failing
/// prefix (`smallestFailingCut`: a sixty-fourth of it, then a thirty-second…
/// up to a half), which costs a slow engine a share of the whole case's
/// time. `walked`:
/// what exhaustive walks with the same engine and profile already found
/// (the smaller-pairs pass does not walk those bounds again).
///
/// `editsCase`: when the choices shrink to a pair still larger than every
/// direct bound and the generator's shapes cannot write a smaller pair of
/// their own (`writesAnyPair` is false: the fetched-results shapes, so the
/// shrinker's delete-pair-items pass has nothing to work with), the case shrinker
/// (`CaseShrinker`) goes on from that pair, editing the pair itself, with
/// what is left of the budget and the time. Its result has no choices
/// (`choices` empty) unless the unrelated shape can write it; a caller that
/// needs the pair's choices (a fuzz input's bytes) leaves this off.
/// `smallerPairsBudget`: the most calls the walk of the smaller pairs may
/// make (`Shrinker.smallerPairsBudget`). `stricterReading`: for `valid`,
/// whether the shrunk pair must stay a batch only the stricter reading
/// rejects (true) or one the view throws on (false), as `FindingKind`
/// tells them apart; nil lets it become either.
public func shrink(
    _ pair: GeneratedPair, failing property: PropertyName, stricterReading: Bool? = nil, checker: Checker, generator: PairGenerator,
    budget: Int = 20_000, timeLimit: Double = 60, walked: WalkedBounds = WalkedBounds(), editsCase: Bool = false,
    smallerPairsBudget: Int = 200_000
) -> (pair: GeneratedPair, verdict: Verdict, result: ShrinkResult) {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeLimit * 1000))
    // Only the shrunk property is judged (the same verdict as `check`, less work).
    let propertyCheck = PropertyCheck(property, stricterReading: stricterReading, of: checker)
    func fails(_ old: Snapshot, _ new: Snapshot) -> Bool { ContinuousClock.now < deadline && propertyCheck.fails(old: old, new: new) }
    // A large failure starts from its smallest failing cut (`smallestFailingCut`), written as choices of the
    // generator's unrelated shape (as the shrinker's item removal writes a smaller pair).
    var pair = pair
    let found: (cut: GeneratedPair?, tried: Int) = generator.writesAnyPair
        ? smallestFailingCut(of: pair, generator: generator) { fails($0.old, $0.new) } : (nil, 0)
    let cutCalls = found.tried
    if let cut = found.cut { pair = cut }
    let shrinker = Shrinker(
        failing: pair.choices, size: totalItems(pair.old, pair.new), budget: budget,
        direct: generator.directShapes
    ) { candidate in
        guard ContinuousClock.now < deadline else { return nil }
        let replayed = generator.replay(candidate)
        guard propertyCheck.fails(old: replayed.old, new: replayed.new) else { return nil }
        return (replayed.choices, totalItems(replayed.old, replayed.new))
    }
    shrinker.pairFails = { old, new in ContinuousClock.now < deadline && propertyCheck.fails(old: old, new: new) }
    shrinker.judgesPairsConcurrently = checker.engine.isSafeToCallConcurrently
    shrinker.removingItems = { generator.choices($0, removingItems: $1) }
    shrinker.sideLengths = { generator.sideLengths(of: $0) }
    shrinker.walked = walked.known(property, stricterReading: propertyCheck.stricterReading)
    shrinker.smallerPairsBudget = smallerPairsBudget
    var result = shrinker.run()
    var shrunk = generator.replay(result.choices)
    result.calls += cutCalls
    let largestDirect = generator.directShapes.map(\.bound.maxTotalItems).max() ?? 0
    if editsCase, !generator.writesAnyPair, totalItems(shrunk.old, shrunk.new) > largestDirect, ContinuousClock.now < deadline {
        let seconds = Double(ContinuousClock.now.duration(to: deadline).components.seconds) + 0.5
        let caseShrinker = CaseShrinker(old: shrunk.old, new: shrunk.new, budget: budget, timeLimit: seconds, fails: fails)
        let edited = caseShrinker.run()
        result.calls += edited.calls
        if isSimpler(old: edited.old, new: edited.new, than: (shrunk.old, shrunk.new)) {
            shrunk = generator.unrelatedChoices(old: edited.old, new: edited.new).map(generator.replay)
                ?? GeneratedPair(old: edited.old, new: edited.new, choices: [], bounds: [])
            result.choices = shrunk.choices
            result.isBudgetExhausted = edited.isBudgetExhausted
        }
    }
    // Past the time limit every candidate counted as passing: a budget too.
    if ContinuousClock.now >= deadline { result.isBudgetExhausted = true }
    return (shrunk, checker.check(old: shrunk.old, new: shrunk.new), result)
}

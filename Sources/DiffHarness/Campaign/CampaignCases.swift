// CampaignCases: the random cases of a campaign, one step at a time — case n
// of a seed, checked; a failure saved unshrunk, shrunk, saved again.
//
// The in-process `Campaign` and the command line's worker processes run
// these same steps, so a case's verdict and its saved finding do not depend
// on where it ran.
import Foundation
import ListModel

/// Case n of a random campaign, checked.
public struct CheckedCase: Sendable {
    /// The case's number n within its seed.
    public var caseNumber: Int
    /// The generated pair, with the choices that made it.
    public var pair: GeneratedPair
    /// What the engine answered and which properties it failed.
    public var verdict: Verdict
    /// What the pair exercises (empty when the engine did not apply to it).
    public var labels: LabelSet
}

extension CheckedCase {
    /// Why the engine refused the case, when it did so legitimately (an
    /// input with repeated identities; the case is skipped), on one line.
    public var refusalReason: String? {
        guard verdict.isSkipped, case .refusal(let reason)? = verdict.output else { return nil }
        return reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Why the case was not judged because the engine is too slow for it
    /// (`EngineFailure.isTooSlow`), on one line.
    public var tooSlowReason: String? {
        guard verdict.isSkipped, case .failure(let failure)? = verdict.output, failure.isTooSlow else { return nil }
        return failure.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A failure shrunk and saved.
public struct SavedFinding: Sendable {
    /// The shrunk counterexample.
    public var example: Counterexample
    /// Where it was saved; nil if it could not be written.
    public var path: String?
    /// The seconds shrinking took.
    public var seconds: Double
    /// Why it could not be written (nil when it was).
    public var saveError: String?
}

/// The random cases of one engine's campaign: case n is fixed by (seed, n).
public struct CampaignCases: Sendable {
    /// Checks each case: the engine, the profile and the properties.
    public let checker: Checker
    /// Makes case n of the seed (its options adjusted to the engine: flat pairs for a flat-only engine).
    public let generator: PairGenerator
    /// The seed that fixes every case.
    public let seed: UInt64
    /// The command of an external engine, recorded in findings.
    public let engineCommand: String?
    /// What exhaustive walks with this engine and profile already found:
    /// shrinking does not walk those bounds again.
    public var walked = WalkedBounds()

    /// The cases of `seed` for `engine` under `profile`; `engineCommand` is recorded in the findings of an external engine.
    public init(engine: any DiffEngine, profile: Profile = .strict, generatorOptions: GeneratorOptions = GeneratorOptions(),
                seed: UInt64, engineCommand: String? = nil) {
        checker = Checker(engine: engine, profile: profile)
        generator = PairGenerator(options: generatorOptions.forEngine(engine))
        self.seed = seed
        self.engineCommand = engineCommand
    }

    /// The name of the size class a pair's old snapshot is in, by its
    /// length (`SizeClass.itemRange`): `small-or-large` up to 200 items.
    public static func sizeClassName(_ pair: GeneratedPair) -> String {
        let items = pair.old.itemCount
        return SizeClass.allCases.last { $0.isLong && $0.itemRange.lowerBound <= items }?.name ?? "small-or-large"
    }

    /// Generates and checks case `n`.
    public func check(_ n: Int) -> CheckedCase {
        let pair = generator.campaignCase(seed: seed, n: n)
        // One matching for the case: `minimal-moves` builds it, the labels reuse it.
        var matching: Matching?
        let verdict = checker.check(old: pair.old, new: pair.new, matching: &matching)
        return CheckedCase(caseNumber: n, pair: pair, verdict: verdict,
                           labels: verdict.isSkipped ? [] : LabelSet(old: pair.old, new: pair.new,
                                                                     matching: matching ?? Matching(old: pair.old, new: pair.new)))
    }

    /// Generates and checks the cases `numbers` in one flight to the engine
    /// (an external engine answers them pipelined; see
    /// `Checker.check(pairs:stoppingAtHang:)`): each verdict is the one
    /// `check(_:)` gives. The result ends at the first case the engine hung
    /// on: the cases after it are not run.
    public func check(_ numbers: [Int]) -> [CheckedCase] {
        let pairs = numbers.map { generator.campaignCase(seed: seed, n: $0) }
        let verdicts = checker.checkSharingMatchings(pairs: pairs.map { (old: $0.old, new: $0.new) }, stoppingAtHang: true)
        return zip(numbers, zip(pairs, verdicts)).map { n, checked in
            let (pair, (verdict, matching)) = checked
            return CheckedCase(caseNumber: n, pair: pair, verdict: verdict,
                               labels: verdict.isSkipped ? [] : LabelSet(old: pair.old, new: pair.new,
                                                                         matching: matching ?? Matching(old: pair.old, new: pair.new)))
        }
    }

    /// A counterexample of `failure` on `checked`, as it is before shrinking.
    public func unshrunk(_ checked: CheckedCase, failure: PropertyFailure) -> Counterexample {
        var noted = failure
        noted.message += unshrunkNote
        return Counterexample(failure: noted, engine: checker.engine.name, profile: checker.profile, seed: seed,
                              caseNumber: checked.caseNumber, original: checked.pair, shrunk: checked.pair,
                              shrunkVerdict: checked.verdict, shrinkCalls: 0, isShrinkBudgetExhausted: false,
                              engineCommand: engineCommand)
    }

    /// Saves `failure` of `checked` unshrunk in `folder` (so that nothing is
    /// lost if shrinking never ends), calls `willShrink` with that path,
    /// shrinks it, saves the shrunk case, and removes the unshrunk file
    /// when the shrunk one is elsewhere.
    public func shrinkAndSave(_ checked: CheckedCase, failure: PropertyFailure, in folder: String,
                              willShrink: (String?) -> Void = { _ in }) -> SavedFinding {
        let pendingPath = try? saveFinding(unshrunk(checked, failure: failure), in: folder)
        willShrink(pendingPath)
        let began = ContinuousClock.now
        let shrunk = shrink(checked.pair, failing: failure.property, checker: checker, generator: generator, walked: walked,
                            editsCase: true)
        let took = began.duration(to: .now)
        let example = Counterexample(
            failure: shrunk.verdict.failures.first { $0.property == failure.property } ?? failure,
            engine: checker.engine.name, profile: checker.profile, seed: seed, caseNumber: checked.caseNumber,
            original: checked.pair, shrunk: shrunk.pair, shrunkVerdict: shrunk.verdict,
            shrinkCalls: shrunk.result.calls, isShrinkBudgetExhausted: shrunk.result.isBudgetExhausted,
            engineCommand: engineCommand)
        var path: String?
        var saveError: String?
        do { path = try saveFinding(example, in: folder) } catch { saveError = "\(error)" }
        if let pendingPath, path != pendingPath { unlink(pendingPath) }
        return SavedFinding(example: example, path: path, seconds: took.inSeconds, saveError: saveError)
    }
}

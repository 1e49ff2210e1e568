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
    /// The generated pair. Its `choices` and `bounds` are recorded when the
    /// case fails (for shrinking and the saved finding); a case that holds,
    /// or was skipped, has them empty (`PairGenerator.campaignCase(seed:n:)`
    /// makes them).
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

/// A failure shrunk.
public struct ShrunkFailure: Sendable {
    /// The shrunk counterexample.
    public var example: Counterexample
    /// The seconds shrinking took.
    public var seconds: Double

    /// The failure as a finding that was not written (no path, no error).
    public var unsaved: SavedFinding {
        SavedFinding(example: example, path: nil, seconds: seconds, saveError: nil)
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

    /// Generates and checks case `n`; `willCheck` gets the pair before the engine runs.
    public func check(_ n: Int, willCheck: ([GeneratedPair]) -> Void = { _ in }) -> CheckedCase {
        var pair = unrecordedCase(n)
        willCheck([pair])
        // One matching for the case: `minimal-moves` builds it, the labels reuse it.
        var matching: Matching?
        let verdict = checker.check(old: pair.old, new: pair.new, matching: &matching)
        if !verdict.holds { pair = generator.campaignCase(seed: seed, n: n) }
        return CheckedCase(caseNumber: n, pair: pair, verdict: verdict,
                           labels: verdict.isSkipped ? [] : LabelSet(old: pair.old, new: pair.new,
                                                                     matching: matching ?? Matching(old: pair.old, new: pair.new)))
    }

    /// Generates and checks the cases `numbers` in one flight to the engine
    /// (an external engine answers them pipelined; see
    /// `Checker.check(pairs:stoppingAtHang:)`): each verdict is the one
    /// `check(_:)` gives. The result ends at the first case the engine hung
    /// on: the cases after it are not run. `willCheck` gets the pairs before
    /// the engine runs. A long case (of a long size class: thousands of
    /// items or more) is checked alone: the flight ends before it, or
    /// after it when it comes first, so that the cases around a slow one
    /// are not held up by it (the result then holds fewer cases than
    /// `numbers`; the caller goes on after the last).
    public func check(_ numbers: [Int], willCheck: ([GeneratedPair]) -> Void = { _ in }) -> [CheckedCase] {
        var numbers = numbers
        var pairs = numbers.map(unrecordedCase)
        if let long = pairs.firstIndex(where: { $0.old.itemCount > SizeClass.largeCap || $0.new.itemCount > SizeClass.largeCap }) {
            let kept = max(long, 1)
            numbers.removeSubrange(kept...)
            pairs.removeSubrange(kept...)
        }
        willCheck(pairs)
        let verdicts = checker.checkSharingMatchings(pairs: pairs.map { (old: $0.old, new: $0.new) }, stoppingAtHang: true)
        return zip(numbers, zip(pairs, verdicts)).map { n, checked in
            let (unrecorded, (verdict, matching)) = checked
            let pair = verdict.holds ? unrecorded : generator.campaignCase(seed: seed, n: n)
            return CheckedCase(caseNumber: n, pair: pair, verdict: verdict,
                               labels: verdict.isSkipped ? [] : LabelSet(old: pair.old, new: pair.new,
                                                                         matching: matching ?? Matching(old: pair.old, new: pair.new)))
        }
    }

    /// Case `n` without its choices (`CheckedCase.pair`).
    private func unrecordedCase(_ n: Int) -> GeneratedPair {
        let (old, new) = generator.campaignSnapshots(seed: seed, n: n)
        return GeneratedPair(old: old, new: new, choices: [], bounds: [])
    }

    /// A counterexample of `failure` on `checked`, as it is before shrinking.
    public func unshrunk(_ checked: CheckedCase, failure: PropertyFailure) -> Counterexample {
        Counterexample(failure: failure, engine: checker.engine.name, profile: checker.profile, seed: seed,
                       caseNumber: checked.caseNumber, original: checked.pair, shrunk: checked.pair,
                       shrunkVerdict: checked.verdict, shrinkCalls: 0, isShrinkBudgetExhausted: false,
                       engineCommand: engineCommand, isShrunk: false)
    }

    /// Saves `failure` of `checked` unshrunk in `folder` (so that nothing is
    /// lost if shrinking never ends), shrinks it (`shrink`), saves the
    /// shrunk case, and removes the unshrunk file when the shrunk one is
    /// elsewhere.
    public func shrinkAndSave(_ checked: CheckedCase, failure: PropertyFailure, in folder: String,
                              stillFails: ((GeneratedPair) -> Bool)? = nil) -> SavedFinding {
        var pendingPath: String?
        let shrunk = shrink(checked, failure: failure, stillFails: stillFails) { pendingPath = try? saveFinding($0, in: folder) }
        var path: String?
        var saveError: String?
        do { path = try saveFinding(shrunk.example, in: folder) } catch { saveError = "\(error)" }
        if let pendingPath, path != pendingPath { unlink(pendingPath) }
        return SavedFinding(example: shrunk.example, path: path, seconds: shrunk.seconds, saveError: saveError)
    }

    /// Shrinks `failure` of `checked`, after giving `willShrink` the
    /// failure unshrunk (to keep, in case shrinking never ends).
    ///
    /// The shrunk case always fails `failure.kind` (its property, and for
    /// `valid` the same reading) on the answer it
    /// records, and its message is that answer's. An engine that is not
    /// deterministic (or whose answers depend on what else it was asked)
    /// may pass a pair it failed: the case is asked again first, up to
    /// `reaskings` + 1 times, and is saved as generated, with the answer
    /// that failed, when it never fails again (a failure that does not
    /// come back cannot be shrunk); a shrunk pair that passes its final
    /// check is asked again up to `reaskings` times for an answer that
    /// fails, and the case as generated is saved when none does. Either
    /// way the message says the engine answered differently when asked again.
    /// (A hang is shrunk without being asked again first: each time costs the timeout.)
    ///
    /// `stillFails`, when given, confirms the shrunk pair before it is
    /// kept (a hang's, shrunk with every timeout taken for a hang: is it
    /// still one when given the hang deadline?); when it says no, the case
    /// as generated is saved, and the message says why.
    public func shrink(_ checked: CheckedCase, failure: PropertyFailure, stillFails: ((GeneratedPair) -> Bool)? = nil,
                       willShrink: (Counterexample) -> Void = { _ in }) -> ShrunkFailure {
        willShrink(unshrunk(checked, failure: failure))
        let began = ContinuousClock.now
        let kept: (pair: GeneratedPair, verdict: Verdict, failure: PropertyFailure, calls: Int, isAsGenerated: Bool)
        var isBudgetExhausted = false
        // A hang is not asked again here: each time would cost the timeout (the shrink asks it anyway).
        if let again = failure.isHang ? 0 : failsAgain(checked, kind: failure.kind) {
            let shrunk = DiffHarness.shrink(checked.pair, failing: failure.property, stricterReading: failure.isStricterReading,
                                            checker: checker, generator: generator, walked: walked, editsCase: true)
            var answer = failingAnswer(shrunk: shrunk.pair, verdict: shrunk.verdict, of: checked, failure: failure)
            let isShrunk = answer.pair.old != checked.pair.old || answer.pair.new != checked.pair.new
            if let stillFails, isShrunk {
                if stillFails(answer.pair) {
                    answer.failure.message += " (confirmed: no answer within the hang deadline either, asked again alone of a fresh process)"
                } else {
                    var noted = checked.verdict.failures.first { $0.kind == failure.kind } ?? failure
                    noted.message += " (its shrunk case of \(quantity(totalItems(answer.pair.old, answer.pair.new), "item")) answered "
                        + "when asked again alone with the hang deadline: a slow case, not a hang, so the case as generated is saved)"
                    answer = (checked.pair, checked.verdict, noted, answer.calls, true)
                }
                answer.calls += 1
            }
            kept = (answer.pair, answer.verdict, answer.failure, shrunk.result.calls + answer.calls + again, answer.isAsGenerated)
            isBudgetExhausted = shrunk.result.isBudgetExhausted
        } else {
            var noted = checked.verdict.failures.first { $0.kind == failure.kind } ?? failure
            noted.message += " (the engine is not deterministic: asked again \(CampaignCases.reaskings + 1) times, it passed "
                + "this case every time, so it is saved as generated, with the answer that failed, and not shrunk)"
            kept = (checked.pair, checked.verdict, noted, CampaignCases.reaskings + 1, true)
        }
        let took = began.duration(to: .now)
        var example = Counterexample(
            failure: kept.failure, engine: checker.engine.name, profile: checker.profile, seed: seed, caseNumber: checked.caseNumber,
            original: checked.pair, shrunk: kept.pair, shrunkVerdict: kept.verdict,
            shrinkCalls: kept.calls, isShrinkBudgetExhausted: isBudgetExhausted, engineCommand: engineCommand)
        example.isSavedAsGenerated = kept.isAsGenerated
        return ShrunkFailure(example: example, seconds: took.inSeconds)
    }

    /// How many times a pair that failed and then passed is asked again for
    /// an answer that fails (`shrinkAndSave`): the rule is `Checker.askingAgain`'s.
    public static let reaskings = Checker.askingsForAFailure - 1

    /// The number of the check (1, 2, …) on which case `checked` failed
    /// `property` again, asked as `Checker.askingAgain` asks; nil when it
    /// passed every time.
    func failsAgain(_ checked: CheckedCase, kind: FindingKind) -> Int? {
        let asked = checker.askingAgain(for: kind, old: checked.pair.old, new: checked.pair.new)
        return asked.fails ? asked.askings : nil
    }

    /// The pair, verdict and failure a finding is saved with: the shrunk
    /// pair and `verdict` when the verdict fails `failure.property`; else
    /// the shrunk pair with the first of `reaskings` answers that fails it;
    /// else the case as generated, with the answer that failed (`checked`;
    /// `isAsGenerated`). `calls`: the checks made here.
    func failingAnswer(shrunk pair: GeneratedPair, verdict: Verdict, of checked: CheckedCase, failure: PropertyFailure)
        -> (pair: GeneratedPair, verdict: Verdict, failure: PropertyFailure, calls: Int, isAsGenerated: Bool) {
        let kind = failure.kind
        let asked = checker.askingAgain(for: kind, old: pair.old, new: pair.new, first: verdict)
        if asked.fails, var found = asked.verdict.failures.first(where: { $0.kind == kind }) {
            if asked.askings > 1 {
                found.message += " (the engine is not deterministic: it passed this pair when asked again, "
                    + "then failed it on attempt \(asked.askings))"
            }
            return (pair, asked.verdict, found, asked.askings - 1, false)
        }
        var found = checked.verdict.failures.first { $0.kind == kind } ?? failure
        found.message += " (the engine is not deterministic: its shrunk case passed when asked again "
            + "\(CampaignCases.reaskings + 1) times, so the case as generated is saved, with the answer that failed)"
        return (checked.pair, checked.verdict, found, CampaignCases.reaskings, true)
    }
}

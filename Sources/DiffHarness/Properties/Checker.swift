// Checker: runs an engine on one old/new pair and checks every property it claims.
import ListModel

/// The result of checking one case.
public struct Verdict: Hashable, Sendable {
    /// What the engine answered (first call).
    public var output: EngineOutput?
    /// What it answered when asked the same pair again, when that differs
    /// from `output` (`deterministic` fails); nil otherwise. A finding
    /// records both, so that its recorded answers show the failure.
    public var secondOutput: EngineOutput?
    /// The properties that failed, in `PropertyName` order; empty when all hold.
    public var failures: [PropertyFailure]
    /// Whether the engine does not apply to this case (a flat-only engine on
    /// a sectioned case), declined it with a legitimate refusal, or is too
    /// slow for it (`EngineFailure.isTooSlow`).
    public var isSkipped: Bool

    /// A verdict on the engine's `output`.
    public init(output: EngineOutput?, failures: [PropertyFailure], isSkipped: Bool) {
        self.output = output
        self.failures = failures
        self.isSkipped = isSkipped
    }

    /// Whether every checked property holds.
    public var holds: Bool { failures.isEmpty }

    /// Whether the engine answered, and with no stages at all (saved as
    /// `recorded: none`, which is not one empty batch).
    public var answeredNoStages: Bool {
        output == .stages([])
    }

    /// The stages the engine produced, if any.
    public var stages: [Stage] {
        if case .stages(let stages) = output { return stages }
        return []
    }
}

/// Checks engines against the reference model.
public struct Checker: Sendable {
    /// The engine under test.
    public var engine: any DiffEngine {
        didSet {
            properties = Checker.properties(of: engine)
            propertyBits = PropertyBits(properties)
        }
    }
    /// The list view the stages are checked as.
    public var profile: Profile
    /// The properties checked for this engine: its claims, plus `no-crash`
    /// and `deterministic`, which every engine owes (worked out once, not
    /// per case).
    public private(set) var properties: Set<PropertyName>
    /// `properties` as bits, read on every case.
    private var propertyBits: PropertyBits

    /// Checks `engine` under `profile`.
    public init(engine: any DiffEngine, profile: Profile = .strict) {
        self.engine = engine
        self.profile = profile
        properties = Checker.properties(of: engine)
        propertyBits = PropertyBits(properties)
    }

    private static func properties(of engine: any DiffEngine) -> Set<PropertyName> {
        engine.claims.union([.noCrash, .deterministic])
    }

    /// Runs the engine (twice, for `deterministic`) and checks its output.
    public func check(old: Snapshot, new: Snapshot) -> Verdict {
        var matching: Matching?
        return check(old: old, new: new, matching: &matching)
    }

    /// `check(old:new:)`, leaving in `matching` the pair's `Matching` when
    /// the check built one (for `minimal-moves`), so that the case's labels
    /// read the same one instead of building it again.
    package func check(old: Snapshot, new: Snapshot, matching: inout Matching?) -> Verdict {
        if isSkipped(old: old, new: new) {
            return Verdict(output: nil, failures: [], isSkipped: true)
        }
        let output = engine.diff(old: old, new: new)
        let again = propertyBits.contains(.deterministic) ? engine.diff(old: old, new: new) : nil
        return judge(old: old, new: new, output: output, again: again, matching: &matching)
    }

    /// Checks the pairs: exactly the verdicts of `check(old:new:)` on each
    /// pair in turn, with the engine asked about all of them in one call to
    /// `diff(pairs:until:)` (each pair twice in a row, for `deterministic`),
    /// so that an engine behind a pipe has many requests in flight.
    ///
    /// With `stoppingAtHang`, the verdicts end with the first one whose
    /// engine did not answer in time (its `no-crash` failure `isHang`): the
    /// later pairs are not checked, as each would cost the timeout again.
    public func check(pairs: [(old: Snapshot, new: Snapshot)], stoppingAtHang: Bool = false) -> [Verdict] {
        checkSharingMatchings(pairs: pairs, stoppingAtHang: stoppingAtHang).map(\.verdict)
    }

    /// `check(pairs:stoppingAtHang:)`, with each pair's `Matching` when its
    /// check built one (see `check(old:new:matching:)`).
    package func checkSharingMatchings(pairs: [(old: Snapshot, new: Snapshot)], stoppingAtHang: Bool = false)
        -> [(verdict: Verdict, matching: Matching?)] {
        let isAskedTwice = propertyBits.contains(.deterministic)
        let perPair = isAskedTwice ? 2 : 1
        var requests: [(old: Snapshot, new: Snapshot)] = []
        requests.reserveCapacity(pairs.count * perPair)
        for pair in pairs where !isSkipped(old: pair.old, new: pair.new) {
            requests.append(pair)
            if isAskedTwice { requests.append(pair) }
        }
        // A pair's verdict is a hang when its first answer is one; stop once its last answer is in.
        var isHung = false
        let outputs = requests.isEmpty ? [] : engine.diff(pairs: requests, until: { n, output in
            guard stoppingAtHang else { return false }
            if n % perPair == 0 { isHung = output.isHang }
            return isHung && n % perPair == perPair - 1
        })
        var verdicts: [(verdict: Verdict, matching: Matching?)] = []
        var next = 0
        for pair in pairs {
            if isSkipped(old: pair.old, new: pair.new) {
                verdicts.append((Verdict(output: nil, failures: [], isSkipped: true), nil))
                continue
            }
            guard next + perPair <= outputs.count else { break }
            let output = outputs[next]
            let again = isAskedTwice ? outputs[next + 1] : nil
            next += perPair
            var matching: Matching?
            let verdict = judge(old: pair.old, new: pair.new, output: output, again: again, matching: &matching)
            verdicts.append((verdict, matching))
            if stoppingAtHang && output.isHang { break }
        }
        return verdicts
    }

    /// Whether the engine does not apply to the pair: a flat-only engine on
    /// a sectioned pair.
    private func isSkipped(old: Snapshot, new: Snapshot) -> Bool {
        engine.isFlatOnly && !(old.isFlat && new.isFlat)
    }

    /// The verdict on the engine's answer `output`, and `again`, its answer
    /// to the same pair a second time (nil when `deterministic` is not checked);
    /// `matching` gets the pair's matching when `minimal-moves` needs it.
    private func judge(old: Snapshot, new: Snapshot, output: EngineOutput, again: EngineOutput?,
                       matching: inout Matching?) -> Verdict {
        let verdict = judgeFirstAnswer(old: old, new: new, output: output, again: again, matching: &matching)
        // Copied only for a failure of determinism: a verdict passes through unchanged on every other case.
        guard verdict.failures.contains(where: { $0.property == .deterministic }) else { return verdict }
        var kept = verdict
        kept.secondOutput = again
        return kept
    }

    /// `judge`, but for the second answer kept in the verdict.
    private func judgeFirstAnswer(old: Snapshot, new: Snapshot, output: EngineOutput, again: EngineOutput?,
                                  matching: inout Matching?) -> Verdict {
        var failures: [PropertyFailure] = []
        // A second call too long for the engine's pace says nothing of determinism.
        let again = again.flatMap { $0.isTooSlow ? nil : $0 }
        // Two engine failures (a trap, a hang) may be worded differently: that is no-crash's business.
        if let again, again != output && !(output.isFailure && again.isFailure) {
            failures.append(PropertyFailure(.deterministic, "a second call on the same input gave a different answer"))
        }
        switch output {
        case .failure(let failure) where failure.isTooSlow:
            // Speed is not correctness: a case too long for the engine's pace is not judged.
            return Verdict(output: output, failures: [], isSkipped: true)
        case .failure(let failure) where failure.isOverCPULimit:
            // Opt-in: only an engine given a CPU limit answers so.
            failures.insert(PropertyFailure(.maxCPU, failure.reason), at: 0)
            return Verdict(output: output, failures: failures, isSkipped: false)
        case .failure(let failure):
            failures.insert(PropertyFailure(.noCrash, failure.reason, isHang: failure.isHang), at: 0)
            return Verdict(output: output, failures: failures, isSkipped: false)
        case .refusal(let reason):
            if hasDuplicates(old) || hasDuplicates(new) {
                return Verdict(output: output, failures: failures, isSkipped: failures.isEmpty)
            }
            // A flat-only engine that was not declared so refuses sectioned inputs: say what is missing.
            let hint = old.isFlat && new.isFlat ? ""
                : " (a sectioned input: if the engine handles one section only, declare it flat-only with --flat)"
            failures.insert(PropertyFailure(.noCrash, "the engine refused an input without duplicated identities: \(reason)" + hint), at: 0)
            return Verdict(output: output, failures: failures, isSkipped: false)
        case .stages(let stages):
            let checked = checkStages(stages, old: old, new: new, profile: profile, checking: propertyBits)
            failures = failures.isEmpty ? checked.failures : checked.failures + failures
            if propertyBits.contains(.minimalMoves) {
                let built = matching ?? Matching(old: old, new: new)
                matching = built
                let reported = reportedMoveCount(stages), minimum = built.minimalMoveCount
                if reported > minimum {
                    failures.append(PropertyFailure(.minimalMoves, "\(reported) moves reported, but \(minimum) suffice"))
                }
            }
            if failures.count > 1 { failures.sort { $0.property < $1.property } }
            return Verdict(output: output, failures: failures, isSkipped: false)
        }
    }
}

extension EngineOutput {
    /// Whether the engine failed rather than answered.
    public var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }

    /// Whether the case was too long for the engine's pace (not judged).
    public var isTooSlow: Bool {
        if case .failure(let failure) = self { return failure.isTooSlow }
        return false
    }

    /// Whether the engine did not answer in time.
    public var isHang: Bool {
        if case .failure(let failure) = self { return failure.isHang }
        return false
    }
}

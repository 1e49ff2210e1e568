// Checker: runs an engine on one old/new pair and checks every property it claims.
import ListModel

/// The result of checking one case.
public struct Verdict: Hashable, Sendable {
    /// What the engine answered (first call).
    public var output: EngineOutput?
    /// The properties that failed, in `PropertyName` order; empty when all hold.
    public var failures: [PropertyFailure]
    /// Whether the engine does not apply to this case (a flat-only engine on
    /// a sectioned case) or declined it with a legitimate refusal.
    public var isSkipped: Bool

    public init(output: EngineOutput?, failures: [PropertyFailure], isSkipped: Bool) {
        self.output = output
        self.failures = failures
        self.isSkipped = isSkipped
    }

    public var holds: Bool { failures.isEmpty }

    /// The stages the engine produced, if any.
    public var stages: [Stage] {
        if case .stages(let stages) = output { return stages }
        return []
    }
}

/// Checks engines against the reference model.
public struct Checker: Sendable {
    public var engine: any DiffEngine
    public var profile: Profile

    public init(engine: any DiffEngine, profile: Profile = .strict) {
        self.engine = engine
        self.profile = profile
    }

    /// The properties checked for this engine: its claims, plus `no-crash`
    /// and `deterministic`, which every engine owes.
    public var properties: Set<PropertyName> {
        engine.claims.union([.noCrash, .deterministic])
    }

    /// Runs the engine (twice, for `deterministic`) and checks its output.
    public func check(old: Snapshot, new: Snapshot) -> Verdict {
        if engine.isFlatOnly && !(old.isFlat && new.isFlat) {
            return Verdict(output: nil, failures: [], isSkipped: true)
        }
        let output = engine.diff(old: old, new: new)
        var failures: [PropertyFailure] = []
        if properties.contains(.deterministic) {
            let again = engine.diff(old: old, new: new)
            // Two engine failures (a trap, a hang) may be worded differently: that is no-crash's business.
            if again != output && !(output.isFailure && again.isFailure) {
                failures.append(PropertyFailure(.deterministic, "a second call on the same input gave a different answer"))
            }
        }
        switch output {
        case .failure(let failure):
            failures.insert(PropertyFailure(.noCrash, failure.reason, isHang: failure.isHang), at: 0)
            return Verdict(output: output, failures: failures, isSkipped: false)
        case .refusal(let reason):
            if hasDuplicates(old) || hasDuplicates(new) {
                return Verdict(output: output, failures: failures, isSkipped: failures.isEmpty)
            }
            failures.insert(PropertyFailure(.noCrash, "the engine refused an input without duplicated identities: \(reason)"), at: 0)
            return Verdict(output: output, failures: failures, isSkipped: false)
        case .stages(let stages):
            let checked = checkStages(stages, old: old, new: new, profile: profile, properties: properties)
            failures = checked.failures + failures
            if properties.contains(.minimalMoves) {
                let reported = reportedMoveCount(stages), minimum = minimalMoveCount(old: old, new: new)
                if reported > minimum {
                    failures.append(PropertyFailure(.minimalMoves, "\(reported) moves reported, but \(minimum) suffice"))
                }
            }
            failures.sort { $0.property < $1.property }
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
}

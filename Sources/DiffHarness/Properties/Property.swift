// Property: the named invariants the harness checks, and what each asserts.
import ListModel

/// A property that does not hold for one case.
public struct PropertyFailure: Hashable, Sendable, CustomStringConvertible {
    /// The property that failed.
    public var property: PropertyName
    /// One line a person can act on: the model's message, the wrong cell…
    public var message: String
    /// Whether this is a `no-crash` failure because the engine did not
    /// answer in time (a campaign stops at the first: each later hang would
    /// cost the timeout again).
    public var isHang: Bool
    /// Whether this is a `valid` failure that only the stricter reading
    /// finds: a rule the view itself does not enforce (`Rule.isOpen`), so
    /// the view accepts the batch (`FindingKind`).
    public var isStricterReading: Bool

    /// A failure of `property`, saying `message`; `isHang` for a timeout,
    /// `isStricterReading` for a batch that only the stricter reading rejects.
    public init(_ property: PropertyName, _ message: String, isHang: Bool = false, isStricterReading: Bool = false) {
        self.property = property
        self.message = message
        self.isHang = isHang
        self.isStricterReading = property == .valid && isStricterReading
    }

    public var description: String { "\(property.rawValue): \(message)" }
}

extension PropertyName {
    /// What the property asserts, in one sentence.
    public var assertion: String {
        switch self {
        case .valid:
            return "every stage is accepted by the reference model (UIKit would not throw)"
        case .reachesTarget:
            return "after each stage the view holds exactly that stage's data, and after the last exactly the new snapshot"
        case .fresh:
            return "at the end every item and section shows its new content (no stale cell)"
        case .minimalMoves:
            return "no more moves than the longest-increasing-subsequence minimum"
        case .deterministic:
            return "the same input gives the same output twice"
        case .noCrash:
            return "the engine returns: no trap, no hang, no error except a declared refusal of duplicated identities"
        case .maxCPU:
            return "the engine answers every case within its CPU limit (--max-cpu-per-case; checked only with that limit)"
        }
    }
}

/// Checks `valid`, `reaches-target` and `fresh` for stages applied to `old`.
///
/// Returns the failures of the properties in `properties`, in the order of
/// `PropertyName.allCases`, and the replay.
public func checkStages(
    _ stages: [Stage], old: Snapshot, new: Snapshot, profile: Profile, properties: Set<PropertyName>
) -> (failures: [PropertyFailure], replay: Replay) {
    checkStages(stages, old: old, new: new, profile: profile, checking: PropertyBits(properties))
}

/// `checkStages(_:old:new:profile:properties:)` with the properties as bits
/// (the checker's form, made once for all its cases).
package func checkStages(
    _ stages: [Stage], old: Snapshot, new: Snapshot, profile: Profile, checking properties: PropertyBits
) -> (failures: [PropertyFailure], replay: Replay) {
    var failures: [PropertyFailure] = []
    let replay = ListView.replay(stages, from: old, to: new, profile: profile)
    if let rejected = replay.rejection {
        if properties.contains(.valid) {
            let place = stages.count > 1 ? "stage \(rejected.stage + 1): " : ""
            failures.append(PropertyFailure(.valid, place + rejected.rejection.message, isStricterReading: rejected.rejection.rule.isOpen))
        }
        return (failures, replay)
    }
    if properties.contains(.reachesTarget) {
        if stages.isEmpty {
            let shown = ListView.mismatches(displayed: old, data: new)
            if let first = shown.first { failures.append(PropertyFailure(.reachesTarget, "no stage, and " + first.description)) }
        }
        for (index, displayed) in replay.displayed.enumerated() {
            let isLast = index == stages.count - 1
            guard let data = isLast ? new : stages[index].data else {
                failures.append(PropertyFailure(.reachesTarget, "stage \(index + 1) is not the last but declares no data"))
                break
            }
            if let first = ListView.mismatches(displayed: displayed, data: data).first {
                let place = isLast ? (stages.count > 1 ? "after the last stage " : "") : "after stage \(index + 1) "
                failures.append(PropertyFailure(.reachesTarget, place + first.description))
                break
            }
        }
    }
    if properties.contains(.fresh), failures.isEmpty {
        let final = replay.final ?? old
        if let first = ListView.staleCells(displayed: final, data: new).first {
            failures.append(PropertyFailure(.fresh, first.description))
        }
    }
    return (failures, replay)
}

/// The moves a sequence of stages reports: item moves and section moves.
public func reportedMoveCount(_ stages: [Stage]) -> Int {
    stages.reduce(0) { moves, stage in
        moves + stage.batch.operations.count { operation in
            switch operation {
            case .moveItem, .moveSection: return true
            default: return false
            }
        }
    }
}

/// The fewest moves any engine needs for `old` → `new` (see `Matching`).
public func minimalMoveCount(old: Snapshot, new: Snapshot) -> Int {
    Matching(old: old, new: new).minimalMoveCount
}

/// Whether a snapshot repeats an item or section identity.
public func hasDuplicates(_ snapshot: Snapshot) -> Bool {
    let items = snapshot.sections.flatMap { $0.items.map(\.id) }
    return Set(items).count < items.count || Set(snapshot.sections.map(\.id)).count < snapshot.sections.count
}

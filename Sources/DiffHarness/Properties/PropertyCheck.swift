// PropertyCheck: whether one property fails on a pair, doing only the work
// that property needs.
import ListModel

/// Checks one property of one engine, with the same verdict as `Checker`.
///
/// `fails(old:new:)` is exactly whether `checker.check(old:new:).failures`
/// contains a failure of `property` (of the reading asked for, made with a
/// `FindingKind`), but it runs the engine a second time
/// only for `deterministic`, the reference model only for `valid`,
/// `reaches-target` and `fresh`, and the move minimum only for
/// `minimal-moves`; the property sets are worked out once, not per pair.
/// The shrinker's smaller-pairs pass asks it of every pair it enumerates.
public struct PropertyCheck: Sendable {
    /// The checker whose verdict this agrees with.
    public let checker: Checker
    /// The property checked.
    public let property: PropertyName
    /// For `valid`: whether the failure must be the stricter reading's only
    /// (true), an exception of the view (false), or either (nil).
    public let stricterReading: Bool?
    /// Whether the checker checks `property` at all.
    private let isChecked: Bool
    /// The properties `checkStages` must judge to decide `property`
    /// (`fresh` is only judged when nothing else failed).
    private let stageProperties: PropertyBits

    /// Checks `property` of `checker`'s engine, failed by either reading.
    public init(_ property: PropertyName, of checker: Checker) {
        self.init(property, stricterReading: nil, of: checker)
    }

    /// Checks a kind of finding of `checker`'s engine: its property, and
    /// for `valid` the reading that rejects the batch.
    public init(_ kind: FindingKind, of checker: Checker) {
        self.init(kind.property, stricterReading: kind.isStricterReading, of: checker)
    }

    /// Checks `property`; for `valid`, failed by the stricter reading only
    /// (`stricterReading` true), by an exception of the view (false) or by
    /// either (nil). Other properties ignore `stricterReading`.
    public init(_ property: PropertyName, stricterReading: Bool?, of checker: Checker) {
        self.checker = checker
        self.property = property
        self.stricterReading = property == .valid ? stricterReading : nil
        let properties = checker.properties
        isChecked = properties.contains(property)
        stageProperties = PropertyBits(property == .fresh ? properties.intersection([.valid, .reachesTarget, .fresh]) : [property])
    }

    /// Whether the engine fails the property on `old` and `new`.
    public func fails(old: Snapshot, new: Snapshot) -> Bool {
        guard isChecked else { return false }
        let engine = checker.engine
        if engine.isFlatOnly && !(old.isFlat && new.isFlat) { return false }
        let output = engine.diff(old: old, new: new)
        if property == .deterministic {
            // As in `Checker`: two engine failures worded differently are no-crash's business.
            let again = engine.diff(old: old, new: new)
            return again != output && !(output.isFailure && again.isFailure)
        }
        switch output {
        case .failure(let failure):
            return property == (failure.isOverCPULimit ? .maxCPU : .noCrash)
        case .refusal:
            // Only `no-crash` (and `deterministic`, above) can fail on a refusal.
            guard property == .noCrash else { return false }
            return !(hasDuplicates(old) || hasDuplicates(new))
        case .stages(let stages):
            switch property {
            case .noCrash, .deterministic, .maxCPU:
                return false
            case .minimalMoves:
                return reportedMoveCount(stages) > minimalMoveCount(old: old, new: new)
            case .valid, .reachesTarget, .fresh:
                return checkStages(stages, old: old, new: new, profile: checker.profile, checking: stageProperties)
                    .failures.contains { failure in
                        failure.property == property && (stricterReading.map { $0 == failure.isStricterReading } ?? true)
                    }
            }
        }
    }
}

extension Checker {
    /// Whether `property` fails on this pair: exactly whether
    /// `check(old:new:).failures` contains it (see `PropertyCheck`).
    public func fails(_ property: PropertyName, old: Snapshot, new: Snapshot) -> Bool {
        PropertyCheck(property, of: self).fails(old: old, new: new)
    }

    /// Whether a failure of `kind` is found on this pair (see `PropertyCheck`).
    public func fails(_ kind: FindingKind, old: Snapshot, new: Snapshot) -> Bool {
        PropertyCheck(kind, of: self).fails(old: old, new: new)
    }
}

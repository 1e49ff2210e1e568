// GateBoundResult: what a gate found in one exhaustive bound — the walk, and
// each failing property's smallest pair, checked again and saved.
import ListModel

/// One exhaustive bound: the walk, and each failing property's smallest pair.
public struct GateBoundResult: Sendable {
    /// The bound walked.
    public var bound: ExhaustiveBound
    /// The shard of the walk this run checked.
    public var shard: Shard
    /// What the walk found; nil when it could not run (`runError` says why).
    public var walk: ExhaustiveResult?
    /// Why the walk could not run.
    public var runError: String?
    /// Each failing property's smallest pair, checked again, in property order.
    public var findings: [GateExhaustiveFinding] = []
    /// The bound's wall time, walk and findings together, in seconds.
    public var seconds = 0.0

    /// A bound walked (or not: `runError`), before its findings are added.
    public init(bound: ExhaustiveBound, shard: Shard, walk: ExhaustiveResult?, runError: String? = nil) {
        self.bound = bound
        self.shard = shard
        self.walk = walk
        self.runError = runError
    }

    /// Pairs failing some property (0 for a walk that could not run).
    public var failingPairs: Int { walk?.failingPairs ?? 0 }

    /// Each failing kind's first place, when the walk went through the
    /// whole bound (no shard, no stop): what the random part's shrinks need
    /// not walk again, and the kinds of finding it does not save again.
    public var wholeWalk: [FindingKind: Int]? {
        guard let walk, walk.isWhole, shard.isWhole else { return nil }
        return walk.firstPlaceByKind
    }
}

/// A property's smallest failing pair in a bound, checked again with the
/// engine (`Checker.askingAgain`) and saved.
public struct GateExhaustiveFinding: Sendable {
    /// Where a finding went.
    public enum Saving: Sendable, Hashable {
        /// Saved at this path.
        case saved(path: String)
        /// Not saved, and why.
        case failed(reason: String)
    }

    /// What checking the pair again gave.
    public enum Check: Sendable {
        /// It failed again (or crashed in the walk): the failure and the case to save, with the answer that failed.
        case fails(PropertyFailure, Case)
        /// It passed every one of `askings` askings: there is no failing answer to record.
        case passedWhenAskedAgain(askings: Int)
    }

    /// The kind of finding: the property, and for `valid` its reading.
    public var kind: FindingKind
    /// The property.
    public var property: PropertyName { kind.property }
    /// How many pairs of the walk fail it.
    public var failingPairs: Int
    /// The pair's place in the walk.
    public var place: Int
    /// The pair's old snapshot.
    public var old: Snapshot
    /// The pair's new snapshot.
    public var new: Snapshot
    /// What checking it again gave.
    public var check: Check
    /// Where it was saved; nil when the gate has no findings folder, or there was nothing to save.
    public var saving: Saving?

    /// The smallest pair failing a `kind` of finding, at `place`, checked again.
    public init(kind: FindingKind, failingPairs: Int, place: Int, old: Snapshot, new: Snapshot, check: Check,
                saving: Saving? = nil) {
        self.kind = kind
        self.failingPairs = failingPairs
        self.place = place
        self.old = old
        self.new = new
        self.check = check
        self.saving = saving
    }
}

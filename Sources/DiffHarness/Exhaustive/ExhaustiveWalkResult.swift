// ExhaustiveWalkResult: what a walk of an exhaustive bound found, however
// it ran (in worker processes, or in this process), and the text forms a
// walk's bound and findings travel in between processes.
import ListModel

/// What an exhaustive run found.
public struct ExhaustiveResult: Sendable {
    /// A walk that found nothing yet.
    public init() {}
    /// Pairs in the bound (or walked before the run stopped).
    public var pairs = 0
    /// Pairs that failed some property.
    public var failingPairs = 0
    /// How many pairs failed each kind of finding (for `valid`, the view's
    /// exceptions apart from the stricter reading's).
    public var byKind: [FindingKind: Int] = [:]
    /// The first failing place in the walk and, for a crash, why.
    public var firstFailure: (place: Int, crash: String?)?
    /// The properties the first failing pair failed in its worker.
    public var firstProperties: [PropertyName] = []
    /// For each kind of finding, the first place in the walk failing it.
    public var firstPlaceByKind: [FindingKind: Int] = [:]
    /// The place of the pair the engine trapped or hung on, where the walk stopped.
    public var stoppedAt: Int?
    /// Workers killed from outside on a pair the engine alone passes (the
    /// pair was checked again by a new worker): one line each.
    public var workerDeaths: [String] = []
    /// The seconds the walk took.
    public var elapsed = 0.0
    /// Whether Ctrl-C (or SIGTERM, SIGHUP) stopped the walk.
    public var wasInterrupted = false
}

extension ExhaustiveBound {
    /// The bound as one worker argument (`KIND:TOTAL:SECTIONS:PER-SECTION:VERSIONS:DUPLICATES`).
    public var workerSpec: String {
        [isFlat ? "flat" : "sectioned", String(maxTotalItems), String(maxSections), String(maxItemsPerSection),
         String(contentVersions), allowsDuplicates ? "duplicates" : "unique"].joined(separator: ":")
    }

    /// The bound a `workerSpec` names; nil for text that is none.
    public init?(workerSpec: String) {
        let fields = workerSpec.split(separator: ":").map(String.init)
        guard fields.count == 6, let total = Int(fields[1]), let sections = Int(fields[2]),
              let perSection = Int(fields[3]), let versions = Int(fields[4]) else { return nil }
        self.init(isFlat: fields[0] == "flat", maxTotalItems: total, maxSections: sections, maxItemsPerSection: perSection,
                  contentVersions: versions, allowsDuplicates: fields[5] == "duplicates")
    }
}

extension ExhaustiveResult {
    /// Whether the walk went through every pair of its bound (not stopped
    /// at a trap or a hang, not interrupted, not one shard of it).
    public var isWhole: Bool { stoppedAt == nil && !wasInterrupted }
}

/// The `--walked` text a campaign's workers get: for each bound walked to
/// its end, `SPEC=KIND@PLACE,…` (each kind's first failing place, the kind
/// as `FindingKind.token` writes it), bounds separated by `;`.
public func walkedText(_ walks: [(bound: ExhaustiveBound, firstFailingPlaces: [FindingKind: Int])]) -> String {
    walks.map { walk in
        walk.bound.workerSpec + "=" + walk.firstFailingPlaces.keys.sorted().map { "\($0.token)@\(walk.firstFailingPlaces[$0]!)" }
            .joined(separator: ",")
    }.joined(separator: ";")
}

/// `walkedText` read back into what shrinking needs; nil for text it did not write.
public func walkedBounds(_ text: String) -> WalkedBounds? {
    var walked = WalkedBounds()
    for part in text.split(separator: ";") {
        // BOUND=KIND@PLACE,…
        guard let equals = part.firstIndex(of: "="), let bound = ExhaustiveBound(workerSpec: String(part[..<equals])) else { return nil }
        var places: [FindingKind: Int] = [:]
        for entry in part[part.index(after: equals)...].split(separator: ",") {
            let fields = entry.split(separator: "@")
            guard fields.count == 2, let kind = FindingKind(token: fields[0]), let place = Int(fields[1]) else { return nil }
            places[kind] = place
        }
        walked.record(bound, firstFailingPlaces: places)
    }
    return walked
}

/// The pair at `place` in the walk of `bound`.
public func exhaustivePair(_ bound: ExhaustiveBound, at place: Int) -> (old: Snapshot, new: Snapshot)? {
    var current = 0
    var found: (Snapshot, Snapshot)?
    ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
        if current == place { found = (old, new); return false }
        current += 1
        return true
    }
    return found
}

// FetchedResultsEngine: the fetched-results pipelines apps run, as subjects
// (`frc:move`, `frc:drop-in-section-changes`, `frc:delete-insert`,
// `frc:move-then-reload`): the emulated controller's change stream, replayed
// the way a collector replays it (RULES.md §5).
import ListModel

/// How a client collects a fetched-results controller's change stream
/// between will-change and did-change and replays it (RULES.md §5).
public enum FetchedResultsCollector: String, CaseIterable, Sendable {
    /// The classic collector: one `performBatchUpdates`, sections first,
    /// then objects; insert at the new path, delete at the old path, update
    /// as a reload at the old path, move as a move.
    case move
    /// The classic collector that drops object changes inside inserted or
    /// deleted sections (`FetchedResultsStream.droppingObjectChangesInChangedSections`).
    case dropInSectionChanges = "drop-in-section-changes"
    /// The classic collector with every move replayed as a delete plus an insert.
    case deleteInsert = "delete-insert"
    /// The classic collector, then a second batch reloading every moved
    /// object at its new path.
    case moveThenReload = "move-then-reload"

    /// The engine name, as `--engine` takes it.
    public var engineName: String { "frc:" + rawValue }

    /// The collector in a few words, for `diffcheck engines`.
    public var summary: String {
        switch self {
        case .move: return "fetched-results stream replayed in one batch, moves as moves (the classic collector)"
        case .dropInSectionChanges: return "the classic collector, dropping object changes inside inserted or deleted sections"
        case .deleteInsert: return "the classic collector, each move replayed as a delete plus an insert"
        case .moveThenReload: return "the classic collector, then a second batch reloading the moved objects at their new paths"
        }
    }
}

/// A fetched-results pipeline under test: `fetchedResultsChanges` (the
/// emulated controller, with the reading `FetchedResultsReading.reading`
/// draws from the pair), then the collector, written as an app writes one
/// (`BatchUpdatesCollector`, through `FetchedResultsCollectorEngine`).
///
/// Claims `valid`, `reaches-target` and `fresh`; not `minimal-moves` (the
/// controller reports what changed, not a minimal script). A pair with a
/// repeated identifier is declined: a controller's objects and section names
/// are unique, so no controller reports such a pair.
public struct FetchedResultsEngine: DiffEngine {
    /// How the client replays the controller's changes.
    public let collector: FetchedResultsCollector

    /// The pipeline with `collector`.
    public init(collector: FetchedResultsCollector) {
        self.collector = collector
    }

    public var name: String { collector.engineName }
    public var isFlatOnly: Bool { false }
    public var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh, .deterministic, .noCrash] }
    public var summary: String { collector.summary }
    public var isSafeToCallConcurrently: Bool { true }

    /// The stream the emulated controller reports for this pair, or nil
    /// when identifiers repeat.
    public func stream(old: Snapshot, new: Snapshot) -> FetchedResultsStream? {
        fetchedResultsChanges(old: old, new: new, reading: .reading(old: old, new: new))
    }

    /// The collector (`BatchUpdatesCollector`), as an app would write it,
    /// driven by the emulated controller's delegate calls.
    private var pipeline: FetchedResultsCollectorEngine {
        let collector = self.collector
        return FetchedResultsCollectorEngine(name: name, isSafeToCallConcurrently: true) {
            BatchUpdatesCollector(collector, list: $0)
        }
    }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        pipeline.diff(old: old, new: new)
    }
}

// FetchedResults: a fetched-results controller's change stream (RULES.md §5)
// and the batch the usual client replays it as.

/// One change a fetched-results controller reports between its will-change
/// and did-change calls (RULES.md §5).
///
/// Each change carries the index path UIKit's delegate method gives, in the
/// coordinates the rule book states: an insert the **new** path, a delete the
/// **old** path, a move old → new, an update the **old** path (and, when the
/// object also shifted, its new path — which must not be used for the reload).
public enum FetchedResultsChange: Hashable, Sendable {
    /// A section inserted at its new index.
    case insertSection(at: Int)
    /// A section deleted at its old index.
    case deleteSection(at: Int)
    /// An object inserted at its new index path.
    case insertObject(at: ItemPath)
    /// An object deleted at its old index path.
    case deleteObject(at: ItemPath)
    /// An object moved from its old index path to its new one (reported when
    /// a sort key changes; no separate update is sent).
    case moveObject(from: ItemPath, to: ItemPath)
    /// An object updated at its old index path; `newPath` is the second index
    /// path the controller passes when the object also shifted.
    case updateObject(at: ItemPath, newPath: ItemPath?)
}

/// One stream of changes: section changes first, then object changes, as the
/// controller reports them.
public struct FetchedResultsStream: Hashable, Sendable {
    /// The changes, in the order the controller reports them.
    public var changes: [FetchedResultsChange]

    /// A stream of `changes`, in report order.
    public init(_ changes: [FetchedResultsChange]) {
        self.changes = changes
    }

    /// What the client does with a moved object, whose content changed too
    /// (the move was caused by a sort-key change).
    public enum MovedObjects: Hashable, Sendable {
        /// Replay the move and nothing else: the usual client. The moved cell
        /// keeps the content it displayed (RULES.md §2.3), so it is **stale**
        /// until something reconfigures it.
        case move
        /// Replay each move as a delete at the old index path plus an insert
        /// at the new one, in the same batch: the cell is fresh, the move
        /// animation is lost.
        case deleteAndInsert
        /// Replay the move, then, in a second `performBatchUpdates`, reload
        /// every moved object at its new index path: the cell is fresh and
        /// the move animates, at the cost of a second animation. (A reload of
        /// a moved item in the same batch is rejected, §3.)
        case moveThenReload
    }

    /// The batch the usual client issues: every change replayed in one
    /// `performBatchUpdates`, an update as a reload at its **old** index path
    /// (never the second path), a move as a move.
    ///
    /// - Complexity: O(*n*) for *n* changes.
    public var batch: Batch {
        Batch(changes.map { change in
            switch change {
            case .insertSection(let s): return .insertSection(s)
            case .deleteSection(let s): return .deleteSection(s)
            case .insertObject(let p): return .insertItem(p)
            case .deleteObject(let p): return .deleteItem(p)
            case .moveObject(let from, let to): return .moveItem(from: from, to: to)
            case .updateObject(let p, _): return .reloadItem(p)
            }
        })
    }

    /// The stages a client replays the stream as, with `data` the
    /// controller's objects after the change (every stage's data: the data
    /// source already holds the new objects when the stream ends).
    ///
    /// `.move` and `.deleteAndInsert` give one stage; `.moveThenReload` gives
    /// two when the stream moves anything.
    ///
    /// - Complexity: O(*n*) for *n* changes.
    public func stages(movedObjects: MovedObjects = .move, data: Snapshot) -> [Stage] {
        switch movedObjects {
        case .move:
            return [Stage(batch: batch, data: data)]
        case .deleteAndInsert:
            let operations = batch.operations.flatMap { op -> [Operation] in
                if case .moveItem(let from, let to) = op { return [.deleteItem(from), .insertItem(to)] }
                return [op]
            }
            return [Stage(batch: Batch(operations), data: data)]
        case .moveThenReload:
            let movedTo = batch.movedItems.map(\.to)
            if movedTo.isEmpty { return [Stage(batch: batch, data: data)] }
            return [Stage(batch: batch, data: data), Stage(batch: Batch(movedTo.map { .reloadItem($0) }), data: data)]
        }
    }
}

// BatchUpdatesCollector: the collectors apps ship, written as an app writes
// one (`FetchedResultsCollecting` in, `ListUpdating` out): the `frc:`
// subjects are these, so the public protocols are proven by diffcheck's
// own subjects.
import Foundation

/// The classic fetched-results collector and its three variants
/// (`FetchedResultsCollector`): it collects the changes between
/// will-change and did-change and replays them in one
/// `performBatchUpdates`, in the order reported; an update is a reload at
/// the old index path, a move a move.
///
///   - `.dropInSectionChanges` drops each object change inside an inserted
///     or deleted section (a move keeps its half outside them);
///   - `.deleteInsert` replays each move as a delete and an insert;
///   - `.moveThenReload` reloads, in a second batch, every moved object at
///     its new index path.
public final class BatchUpdatesCollector: FetchedResultsCollecting {
    /// One change, as reported.
    private enum Change {
        case section(Int, FetchedResultsChangeType)
        case object(IndexPath?, FetchedResultsChangeType, IndexPath?)
    }

    /// The list view the changes are replayed on.
    public let list: any ListUpdating
    /// Which collector this is.
    public let variant: FetchedResultsCollector
    private var changes: [Change] = []

    /// The collector `variant`, replaying on `list`.
    public init(_ variant: FetchedResultsCollector, list: any ListUpdating) {
        self.variant = variant
        self.list = list
    }

    public func controllerWillChangeContent() { changes.removeAll() }

    public func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        changes.append(.section(sectionIndex, type))
    }

    public func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                          newIndexPath: IndexPath?) {
        changes.append(.object(indexPath, type, newIndexPath))
    }

    public func controllerDidChangeContent() {
        var inserted = IndexSet(), deleted = IndexSet()
        for case .section(let index, let type) in changes {
            if type == .insert { inserted.insert(index) }
            if type == .delete { deleted.insert(index) }
        }
        let drops = variant == .dropInSectionChanges
        var movedTo: [IndexPath] = []
        list.performBatchUpdates({
            for change in self.changes {
                switch change {
                case .section(let index, .insert): self.list.insertSections(IndexSet(integer: index))
                case .section(let index, .delete): self.list.deleteSections(IndexSet(integer: index))
                case .section: break
                case .object(_, .insert, let to?):
                    if !(drops && inserted.contains(to.section)) { self.list.insertItems(at: [to]) }
                case .object(let from?, .delete, _):
                    if !(drops && deleted.contains(from.section)) { self.list.deleteItems(at: [from]) }
                case .object(let from?, .update, _):
                    if !(drops && deleted.contains(from.section)) { self.list.reloadItems(at: [from]) }
                case .object(let from?, .move, let to?):
                    let keepsDelete = !(drops && deleted.contains(from.section))
                    let keepsInsert = !(drops && inserted.contains(to.section))
                    if self.variant == .deleteInsert || keepsDelete != keepsInsert {
                        if keepsDelete { self.list.deleteItems(at: [from]) }
                        if keepsInsert { self.list.insertItems(at: [to]) }
                    } else if keepsDelete {
                        self.list.moveItem(at: from, to: to)
                        movedTo.append(to)
                    }
                case .object: break
                }
            }
        }, completion: nil)
        if variant == .moveThenReload && !movedTo.isEmpty {
            list.performBatchUpdates({ self.list.reloadItems(at: movedTo) }, completion: nil)
        }
    }
}

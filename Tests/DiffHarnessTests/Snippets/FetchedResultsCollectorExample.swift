// snippet: careful-collector
import DiffHarness
import Foundation

/// Collects a fetched-results controller's changes and replays them in one
/// batch: object changes inside inserted or deleted sections are left to
/// the section change; a move, and an update of an object that shifted,
/// are a delete and an insert (the cell is made afresh, and no reload has
/// to stay in place); an update in place is a reload; a moved object's
/// update (some SDKs report both) needs nothing more.
final class CarefulCollector: FetchedResultsCollecting {
    let list: any ListUpdating
    private var insertedSections = IndexSet(), deletedSections = IndexSet()
    private var inserts: [IndexPath] = [], deletes: [IndexPath] = []
    private var updates: [(object: String, at: IndexPath)] = []
    private var moves: [(object: String, from: IndexPath, to: IndexPath)] = []

    init(list: any ListUpdating) { self.list = list }

    func controllerWillChangeContent() {
        insertedSections = []; deletedSections = []
        inserts = []; deletes = []; updates = []; moves = []
    }

    func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        if type == .insert { insertedSections.insert(sectionIndex) }
        if type == .delete { deletedSections.insert(sectionIndex) }
    }

    func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                   newIndexPath: IndexPath?) {
        switch type {
        case .insert: if let to = newIndexPath { inserts.append(to) }
        case .delete: if let from = indexPath { deletes.append(from) }
        case .update:
            guard let from = indexPath else { return }
            if let to = newIndexPath, to != from { moves.append((object, from, to)) } else { updates.append((object, from)) }
        case .move: if let from = indexPath, let to = newIndexPath { moves.append((object, from, to)) }
        }
    }

    func controllerDidChangeContent() {
        let (insertedSections, deletedSections) = (self.insertedSections, self.deletedSections)
        let movedObjects = Set(moves.map(\.object))
        let reloaded = updates.filter { !movedObjects.contains($0.object) && !deletedSections.contains($0.at.section) }.map(\.at)
        let deleted = (deletes + moves.map(\.from)).filter { !deletedSections.contains($0.section) }
        let inserted = (inserts + moves.map(\.to)).filter { !insertedSections.contains($0.section) }
        list.performBatchUpdates({
            if !deletedSections.isEmpty { self.list.deleteSections(deletedSections) }
            if !insertedSections.isEmpty { self.list.insertSections(insertedSections) }
            if !deleted.isEmpty { self.list.deleteItems(at: deleted) }
            if !inserted.isEmpty { self.list.insertItems(at: inserted) }
            if !reloaded.isEmpty { self.list.reloadItems(at: reloaded) }
        }, completion: nil)
    }
}
// end snippet

// ListUpdateRecorder: a list view that records what it is told
// (`ListUpdating`) as the stages the model judges.
import Foundation
import ListModel

/// A `ListUpdating` list that records its updates: each outermost
/// `performBatchUpdates` call is one stage (a call inside it joins it, as
/// UIKit's nested batches do), and an update outside any is a stage of its
/// own (UIKit animates it at once).
///
/// An index path that is not a section and an item (UIKit traps on one)
/// is recorded in `malformed`, not as an operation.
public final class ListUpdateRecorder: ListUpdating {
    /// The batches recorded, in order.
    public private(set) var batches: [Batch] = []
    /// Index paths passed that do not hold exactly two indexes, in words.
    public private(set) var malformed: [String] = []
    /// The batch being recorded, inside `performBatchUpdates`.
    private var open: [ListModel.Operation]?

    /// A recorder with nothing recorded.
    public init() {}

    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if open != nil {
            updates?()
        } else {
            open = []
            updates?()
            batches.append(Batch(open ?? []))
            open = nil
        }
        completion?(true)
    }

    public func insertSections(_ sections: IndexSet) { record(sections.map { .insertSection($0) }) }
    public func deleteSections(_ sections: IndexSet) { record(sections.map { .deleteSection($0) }) }
    public func reloadSections(_ sections: IndexSet) { record(sections.map { .reloadSection($0) }) }
    public func moveSection(_ section: Int, toSection newSection: Int) { record([.moveSection(from: section, to: newSection)]) }
    public func insertItems(at indexPaths: [IndexPath]) { record(paths(indexPaths, "insertItems").map { .insertItem($0) }) }
    public func deleteItems(at indexPaths: [IndexPath]) { record(paths(indexPaths, "deleteItems").map { .deleteItem($0) }) }
    public func reloadItems(at indexPaths: [IndexPath]) { record(paths(indexPaths, "reloadItems").map { .reloadItem($0) }) }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        guard let from = path(indexPath, "moveItem"), let to = path(newIndexPath, "moveItem") else { return }
        record([.moveItem(from: from, to: to)])
    }

    /// The stages recorded, each with `data` as the data source's contents
    /// after it, the last one's left unsaid (the new snapshot).
    public func stages(data: Snapshot) -> [Stage] {
        batches.indices.map { Stage(batch: batches[$0], data: $0 == batches.count - 1 ? nil : data) }
    }

    private func record(_ operations: [ListModel.Operation]) {
        if open != nil { open!.append(contentsOf: operations) } else { batches.append(Batch(operations)) }
    }

    private func paths(_ indexPaths: [IndexPath], _ method: String) -> [ItemPath] {
        indexPaths.compactMap { path($0, method) }
    }

    private func path(_ indexPath: IndexPath, _ method: String) -> ItemPath? {
        guard indexPath.count == 2 else {
            malformed.append("\(method) was passed the index path \(Array(indexPath)), which is not a section and an item")
            return nil
        }
        return ItemPath(indexPath[0], indexPath[1])
    }
}

// ListUpdating: the batch-update methods of a list view, with UIKit's
// names and shapes (UICollectionView's), so that an app's own glue (its
// fetched-results collector) drives the real view in the app and
// `ListUpdateRecorder` in its tests from the same source.
//
//     final class Collector: FetchedResultsCollecting {
//         let list: any ListUpdating
//         ...
//         func controllerDidChangeContent() {
//             list.performBatchUpdates({ self.list.deleteItems(at: self.deleted) }, completion: nil)
//         }
//     }
import Foundation

/// The batch-update methods of a list view, as `UICollectionView` declares
/// them: a section is an `Int` (sets of them an `IndexSet`), an item an
/// `IndexPath` of a section and an item.
///
/// `ListUpdateRecorder` conforms, and records what it is told as the
/// stages `checkFetchedResultsCollector` judges. On iOS, `UICollectionView`
/// has every one of these methods with these signatures, so an empty
/// `extension UICollectionView: ListUpdating {}` in the app makes it conform.
/// `reconfigureItems(at:)` (iOS 15) is not here yet: the model does not
/// know it, so a batch cannot say it. A table view's methods are
/// `TableUpdating`'s.
public protocol ListUpdating: AnyObject {
    /// Runs `updates`, whose calls make one batch, and then `completion`
    /// with whether the animations finished.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
    /// Inserts sections at these indexes (after the batch).
    func insertSections(_ sections: IndexSet)
    /// Deletes the sections at these indexes (before the batch).
    func deleteSections(_ sections: IndexSet)
    /// Reloads the sections at these indexes (before the batch).
    func reloadSections(_ sections: IndexSet)
    /// Moves a section from its index before the batch to one after it.
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Inserts items at these index paths (after the batch).
    func insertItems(at indexPaths: [IndexPath])
    /// Deletes the items at these index paths (before the batch).
    func deleteItems(at indexPaths: [IndexPath])
    /// Reloads the items at these index paths (before the batch).
    func reloadItems(at indexPaths: [IndexPath])
    /// Moves an item from its index path before the batch to one after it.
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
}

/// The names of `ListUpdating`'s requirements, in the order declared: what
/// the documentation lists, and what an iOS view's conformance must match.
public let listUpdatingRequirements = [
    "performBatchUpdates(_:completion:)", "insertSections(_:)", "deleteSections(_:)", "reloadSections(_:)",
    "moveSection(_:toSection:)", "insertItems(at:)", "deleteItems(at:)", "reloadItems(at:)", "moveItem(at:to:)",
]

#if !canImport(UIKit) && !canImport(AppKit)
/// A list view's index path, as UIKit and AppKit extend `IndexPath`
/// (`section`, `item`, `row`): declared here only where neither exists, so
/// glue written for the app compiles unchanged in its Linux tests.
extension IndexPath {
    /// The index path of `item` in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The index path of `row` in `section` (a table view's name for an item).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The section: the first index.
    public var section: Int { self[0] }
    /// The item within the section: the second index.
    public var item: Int { self[1] }
    /// The row within the section (a table view's name for an item).
    public var row: Int { self[1] }
}
#endif

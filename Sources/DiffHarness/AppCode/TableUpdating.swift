// TableUpdating: the batch-update methods of a table view, with UIKit's
// names and shapes (UITableView's), as `ListUpdating` has a collection
// view's: an app's glue written for a table drives the real view in the app
// and `ListUpdateRecorder` in its tests from the same source.
import Foundation
import ListModel

#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The animation a table view's update runs with: UIKit's own type where
/// UIKit exists.
public typealias TableRowAnimation = UITableView.RowAnimation
#else
/// The animation a table view's update runs with, as
/// `UITableView.RowAnimation` declares it (the same cases and raw values),
/// where UIKit does not exist. The model ignores it: an animation changes
/// no verdict.
public enum TableRowAnimation: Int, Sendable, CaseIterable {
    /// The rows fade in or out.
    case fade = 0
    /// The rows slide in from, or out to, the right.
    case right = 1
    /// The rows slide in from, or out to, the left.
    case left = 2
    /// The rows slide down from, or up to, the top.
    case top = 3
    /// The rows slide up from, or down to, the bottom.
    case bottom = 4
    /// No animation.
    case none = 5
    /// The table view keeps the affected cells centred.
    case middle = 6
    /// The table view chooses.
    case automatic = 100
}
#endif

/// The batch-update methods of a table view, as `UITableView` declares
/// them: a section is an `Int` (sets of them an `IndexSet`), a row an
/// `IndexPath` of a section and a row, and each insert, delete and reload
/// takes an animation.
///
/// `ListUpdateRecorder` conforms (a row is an item; the animation is not
/// recorded). On iOS and tvOS, `UITableView` conforms as it is.
public protocol TableUpdating: AnyObject {
    /// Runs `updates`, whose calls make one batch, and then `completion`
    /// with whether the animations finished.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
    /// Inserts sections at these indexes (after the batch).
    func insertSections(_ sections: IndexSet, with animation: TableRowAnimation)
    /// Deletes the sections at these indexes (before the batch).
    func deleteSections(_ sections: IndexSet, with animation: TableRowAnimation)
    /// Reloads the sections at these indexes (before the batch).
    func reloadSections(_ sections: IndexSet, with animation: TableRowAnimation)
    /// Moves a section from its index before the batch to one after it.
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Inserts rows at these index paths (after the batch).
    func insertRows(at indexPaths: [IndexPath], with animation: TableRowAnimation)
    /// Deletes the rows at these index paths (before the batch).
    func deleteRows(at indexPaths: [IndexPath], with animation: TableRowAnimation)
    /// Reloads the rows at these index paths (before the batch).
    func reloadRows(at indexPaths: [IndexPath], with animation: TableRowAnimation)
    /// Moves a row from its index path before the batch to one after it.
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
}

/// The names of `TableUpdating`'s requirements, in the order declared: what
/// the documentation lists, and what `UITableView`'s conformance must match.
public let tableUpdatingRequirements = [
    "performBatchUpdates(_:completion:)", "insertSections(_:with:)", "deleteSections(_:with:)", "reloadSections(_:with:)",
    "moveSection(_:toSection:)", "insertRows(at:with:)", "deleteRows(at:with:)", "reloadRows(at:with:)", "moveRow(at:to:)",
]

extension ListUpdateRecorder: TableUpdating {
    public func insertSections(_ sections: IndexSet, with animation: TableRowAnimation) { insertSections(sections) }
    public func deleteSections(_ sections: IndexSet, with animation: TableRowAnimation) { deleteSections(sections) }
    public func reloadSections(_ sections: IndexSet, with animation: TableRowAnimation) { reloadSections(sections) }
    public func insertRows(at indexPaths: [IndexPath], with animation: TableRowAnimation) { insertItems(at: indexPaths) }
    public func deleteRows(at indexPaths: [IndexPath], with animation: TableRowAnimation) { deleteItems(at: indexPaths) }
    public func reloadRows(at indexPaths: [IndexPath], with animation: TableRowAnimation) { reloadItems(at: indexPaths) }
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { moveItem(at: indexPath, to: newIndexPath) }
}

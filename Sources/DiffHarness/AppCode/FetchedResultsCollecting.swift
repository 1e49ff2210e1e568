// FetchedResultsCollecting: an app's fetched-results collector, as the
// delegate of NSFetchedResultsController sees it, without Core Data: will
// change, section changes, object changes, did change. The emulated
// controller (`fetchedResultsChanges`, RULES.md §5) drives it.
import Foundation
import ListModel

/// What changed, as `NSFetchedResultsChangeType` says it (the same raw values).
public enum FetchedResultsChangeType: UInt, Sendable, CaseIterable {
    /// An object or a section inserted.
    case insert = 1
    /// An object or a section deleted.
    case delete = 2
    /// An object moved (its sort key or its section key changed).
    case move = 3
    /// An object updated.
    case update = 4
}

/// An app's fetched-results collector: the four delegate calls of
/// `NSFetchedResultsControllerDelegate` a collector implements, with the
/// object given by its identifier and the section by its index.
///
/// In the app, the controller's delegate forwards each call (its
/// `sectionInfo` and `anObject` are not needed to collect); in tests,
/// `checkFetchedResultsCollector` makes the calls the emulated controller
/// would. The index paths are the controller's: an insert's is
/// `newIndexPath` (`indexPath` nil), a delete's `indexPath` (`newIndexPath`
/// nil), a move's both, and an update's both (the object's old path and its
/// new one, equal when it did not shift).
public protocol FetchedResultsCollecting: AnyObject {
    /// `controllerWillChangeContent(_:)`: a set of changes begins.
    func controllerWillChangeContent()
    /// `controller(_:didChange:atSectionIndex:for:)`: a section inserted
    /// (its new index) or deleted (its old index).
    func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)
    /// `controller(_:didChange:at:for:newIndexPath:)`: an object inserted,
    /// deleted, moved or updated.
    func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                   newIndexPath: IndexPath?)
    /// `controllerDidChangeContent(_:)`: the set of changes ends; the
    /// results already hold the new objects.
    func controllerDidChangeContent()
}

extension FetchedResultsStream {
    /// Makes the delegate calls the controller makes for this stream, in
    /// its order, between will-change and did-change; `new` names the
    /// objects (by their new paths) and `old` (by their old ones).
    public func deliver(to collector: any FetchedResultsCollecting, old: Snapshot, new: Snapshot) {
        func indexPath(_ path: ItemPath) -> IndexPath { IndexPath(indexes: [path.section, path.item]) }
        func id(_ snapshot: Snapshot, _ path: ItemPath) -> String { snapshot.sections[path.section].items[path.item].id }
        collector.controllerWillChangeContent()
        for change in changes {
            switch change {
            case .insertSection(let s): collector.controllerDidChangeSection(atSectionIndex: s, for: .insert)
            case .deleteSection(let s): collector.controllerDidChangeSection(atSectionIndex: s, for: .delete)
            case .insertObject(let p):
                collector.controllerDidChangeObject(id(new, p), at: nil, for: .insert, newIndexPath: indexPath(p))
            case .deleteObject(let p):
                collector.controllerDidChangeObject(id(old, p), at: indexPath(p), for: .delete, newIndexPath: nil)
            case .moveObject(let from, let to):
                collector.controllerDidChangeObject(id(old, from), at: indexPath(from), for: .move, newIndexPath: indexPath(to))
            case .updateObject(let p, let moved):
                collector.controllerDidChangeObject(id(old, p), at: indexPath(p), for: .update, newIndexPath: indexPath(moved ?? p))
            }
        }
        collector.controllerDidChangeContent()
    }
}

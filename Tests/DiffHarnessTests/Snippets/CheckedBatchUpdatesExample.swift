// The UIKit side of ListModel's article "Checking a batch before UIKit
// does". UIKit does not exist here: `UICollectionView` is a stand-in for
// what the extension calls, so that its text compiles as written (and
// runs, in PrecheckExampleTests); `IndexPath` is Foundation's, with the
// `item` and `section` UIKit gives it (DiffHarness declares them where
// UIKit does not exist).
import DiffHarness
import Foundation
import ListModel

/// Stand-in for UIKit's `UICollectionView`: item counts, and the calls made.
final class UICollectionView {
    var itemCounts: [Int]
    var calls: [String] = []
    init(itemCounts: [Int]) { self.itemCounts = itemCounts }
    var numberOfSections: Int { itemCounts.count }
    func numberOfItems(inSection section: Int) -> Int { itemCounts[section] }
    func performBatchUpdates(_ updates: () -> Void) { updates() }
    func deleteItems(at paths: [IndexPath]) { calls += paths.map { "delete \($0.section).\($0.item)" } }
    func insertItems(at paths: [IndexPath]) { calls += paths.map { "insert \($0.section).\($0.item)" } }
}

// snippet: checked-batch-updates
extension UICollectionView {
    func checkedBatchUpdates(_ batch: Batch, countsAfter: [Int], updates: () -> Void) {
        #if DEBUG
        let before = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
        if precheck(before: before, after: countsAfter, batch: batch) != nil {
            assertionFailure("see the case above")
        }
        #endif
        performBatchUpdates {
            updates()   // the data source now returns countsAfter
            for operation in batch.operations {
                switch operation {
                case .deleteItem(let p): deleteItems(at: [IndexPath(item: p.item, section: p.section)])
                case .insertItem(let p): insertItems(at: [IndexPath(item: p.item, section: p.section)])
                // … the other six operations alike
                default: break
                }
            }
        }
    }
}
// end snippet

// The UIKit side of ListModel's article "Checking a batch before UIKit
// does". UIKit does not exist here: `UICollectionView` and `IndexPath` are
// stand-ins for what the extension calls, so that its text compiles as
// written (and runs, in PrecheckExampleTests).
import ListModel

/// Stand-in for UIKit's `IndexPath`.
struct IndexPath: Hashable {
    var item: Int
    var section: Int
    init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }
}

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

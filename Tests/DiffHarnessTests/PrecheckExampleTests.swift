import Foundation
import ListModel
import Testing

/// The debug-build wrapper of ListModel's article "Checking a batch before
/// UIKit does" (`Snippets/PrecheckExample.swift`), run.
@Suite struct PrecheckExampleTests {
    @Test func theWrapperReportsWhatUIKitWillThrowAndPassesTheRest() throws {
        var reports: [String] = []
        // The forum crash: a delete and an insert at one index path while the data lost an item.
        let rejection = precheck(before: [27386], after: [27385],
                                 batch: Batch([.deleteItem(ItemPath(0, 27384)), .insertItem(ItemPath(0, 27384))]),
                                 report: { reports.append($0) })
        #expect(rejection?.rule == .itemCount)
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("performBatchUpdates will throw: Invalid update: invalid number of items in section 0.") == true)
        #expect(reports.first?.contains("\nbatch: delete 27384, insert 27384\n") == true)
        #expect(precheck(before: [27386], after: [27385], batch: Batch([.deleteItem(ItemPath(0, 27384))]),
                         report: { reports.append($0) }) == nil)
        #expect(reports.count == 1)
    }

    @Test func theCheckedBatchUpdatesIssueAnAcceptedBatch() {
        let view = UICollectionView(itemCounts: [3])
        var updated = false
        view.checkedBatchUpdates(Batch([.deleteItem(ItemPath(0, 1)), .insertItem(ItemPath(0, 0))]), countsAfter: [3]) {
            updated = true
        }
        #expect(updated)
        #expect(view.calls == ["delete 0.1", "insert 0.0"])
    }
}

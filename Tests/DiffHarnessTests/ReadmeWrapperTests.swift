import Foundation
import ListModel
import Testing

/// The README's wrapper (section "From a crash log to a fix") is
/// `ReadmeWrapperExample.swift`, compiled here.
@Suite struct ReadmeWrapperTests {
    @Test func theReadmeHoldsTheCompiledWrapper() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = try String(contentsOf: here.appendingPathComponent("ReadmeWrapperExample.swift"), encoding: .utf8)
        let readme = try String(contentsOf: here.appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
    }

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
}

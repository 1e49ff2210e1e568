// DiffcheckCore's article "Diffing a list": the API in use, compiled. UIKit does
// not exist here: `UITableView`, `IndexPath` and `.fade` are stand-ins for
// what the example calls, so that its text compiles as written (and runs, in
// DiffcheckCoreSnippetTests).
import Foundation

/// Stand-in for UIKit's `IndexPath`.
struct IndexPath: Hashable {
    var row: Int
    var section: Int
    init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }
}

/// Stand-in for UIKit's `UITableView`: records the calls made.
final class UITableView {
    enum RowAnimation { case fade }
    var calls: [String] = []
    func performBatchUpdates(_ updates: () -> Void) { calls.append("begin"); updates(); calls.append("end") }
    func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { calls += sections.map { "delete section \($0)" } }
    func insertSections(_ sections: IndexSet, with animation: RowAnimation) { calls += sections.map { "insert section \($0)" } }
    func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { calls += sections.map { "reload section \($0)" } }
    func moveSection(_ section: Int, toSection newSection: Int) { calls.append("move section \(section) \(newSection)") }
    func deleteRows(at paths: [IndexPath], with animation: RowAnimation) { calls += paths.map { "delete \($0.section).\($0.row)" } }
    func insertRows(at paths: [IndexPath], with animation: RowAnimation) { calls += paths.map { "insert \($0.section).\($0.row)" } }
    func reloadRows(at paths: [IndexPath], with animation: RowAnimation) { calls += paths.map { "reload \($0.section).\($0.row)" } }
    func moveRow(at path: IndexPath, to newPath: IndexPath) {
        calls.append("move \(path.section).\(path.row) \(newPath.section).\(newPath.row)")
    }
}

// snippet: listdiff-api
import DiffcheckCore

struct Message: Diffable {
    var id: Int
    var text: String
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Message) -> Bool { text == other.text }
}

struct Day: DiffableSection {
    var date: String
    var elements: [Message]
    var diffIdentifier: String { date }
    func isContentEqual(to other: Day) -> Bool { true }
}

func listDiffExample(oldMessages: [Message], newMessages: [Message], oldDays: [Day], newDays: [Day], // snippet: hide
                     tableView: UITableView) -> (messages: [Message], whereItWent: ListDiff.ItemPath?) { // snippet: hide
var messages = oldMessages // snippet: hide
let difference = ListDiff.diff(old: oldMessages, new: newMessages)     // flat list
let sectioned = ListDiff.diff(oldSections: oldDays, newSections: newDays)

for stage in difference.stages {
    // Every stage but the last says what the data source must hold before
    // the batch: references into the old and new snapshots.
    messages = stage.data.map { $0[0].elements(old: [oldMessages], new: [newMessages]) } ?? newMessages
    tableView.performBatchUpdates {
        let b = stage.batch   // ListDiff.Batch
        tableView.deleteSections(IndexSet(b.deletedSections), with: .fade)
        tableView.insertSections(IndexSet(b.insertedSections), with: .fade)
        tableView.reloadSections(IndexSet(b.reloadedSections), with: .fade)
        b.movedSections.forEach { tableView.moveSection($0.from, toSection: $0.to) }
        tableView.deleteRows(at: b.deletedItems.map { IndexPath(row: $0.item, section: $0.section) }, with: .fade)
        tableView.insertRows(at: b.insertedItems.map { IndexPath(row: $0.item, section: $0.section) }, with: .fade)
        tableView.reloadRows(at: b.reloadedItems.map { IndexPath(row: $0.item, section: $0.section) }, with: .fade)
        b.movedItems.forEach { tableView.moveRow(at: IndexPath(row: $0.from.item, section: $0.from.section),
                                                 to: IndexPath(row: $0.to.item, section: $0.to.section)) }
    }
}
let whereItWent = difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 3))   // locate a cell
_ = sectioned // snippet: hide
return (messages, whereItWent) // snippet: hide
} // snippet: hide
// end snippet

// snippet: notes-snapshot-builder
import DiffHarness

/// Builds the list's snapshot from the fetched results: a section per
/// results section; each item named by its section and its object, so
/// that merged entities never share an identifier; the changed objects
/// reconfigured, so that no kept cell shows what it showed before.
func buildNotesSnapshot<Snapshot: DiffableSnapshotWriting>(_ results: [FetchedResultsSection], into snapshot: inout Snapshot)
    where Snapshot.SectionIdentifierType == String, Snapshot.ItemIdentifierType == String {
    snapshot.appendSections(results.map(\.name))
    for section in results {
        let items = section.objects.map { section.name + "/" + $0 }
        snapshot.appendItems(items, toSection: section.name)
        let changed = section.objects.filter(section.changed.contains)
        snapshot.reconfigureItems(changed.map { section.name + "/" + $0 })
    }
}
// end snippet

// snippet: todo-model
import DiffcheckCore

/// A to-do as the list shows it: its title, and whether it is done.
struct Todo: Diffable, CustomStringConvertible {
    let id: Int
    var title: String
    var isDone: Bool

    var diffIdentifier: String { String(id) }
    func isContentEqual(to other: Todo) -> Bool { title == other.title && isDone == other.isDone }
    var description: String { "Todo(\(id), \"\(title)\"" + (isDone ? ", done)" : ")") }
}
// end snippet

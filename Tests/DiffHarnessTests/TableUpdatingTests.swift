// A fetched-results collector written for a table view (issue 52):
// `TableUpdating` has UITableView's batch-update methods, the recorder
// takes them as a collection view's, and a collector that follows Apple's
// documented order (deletes and reloads at the old paths, inserts at the
// new ones) passes the tableview profile.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

/// A table's collector: section changes first, then deleted rows (and the
/// old place of a moved or shifted object) and inserted rows (its new
/// place), and reloads of the objects updated in place, at their old paths.
/// An update whose object the batch's other changes shift is, by `shifted`,
/// a delete and an insert, or a reload at its old path (Apple's template
/// for a table view: `reloadRows(at: [indexPath])`), or a reload at the new
/// path (where the object is after the batch: wrong).
private final class TableCollector: FetchedResultsCollecting {
    enum ShiftedUpdate { case deleteAndInsert, reloadAtOldPath, reloadAtNewPath }
    let table: any TableUpdating
    let shifted: ShiftedUpdate
    private var insertedSections = IndexSet(), deletedSections = IndexSet()
    private var inserts: [IndexPath] = [], deletes: [IndexPath] = [], reloads: [IndexPath] = []

    init(table: any TableUpdating, shifted: ShiftedUpdate = .deleteAndInsert) {
        self.table = table
        self.shifted = shifted
    }

    func controllerWillChangeContent() {
        insertedSections = []; deletedSections = []; inserts = []; deletes = []; reloads = []
    }

    func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        if type == .insert { insertedSections.insert(sectionIndex) }
        if type == .delete { deletedSections.insert(sectionIndex) }
    }

    func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                   newIndexPath: IndexPath?) {
        switch type {
        case .insert: if let to = newIndexPath { inserts.append(to) }
        case .delete: if let from = indexPath { deletes.append(from) }
        case .update:
            guard let from = indexPath else { return }
            if let to = newIndexPath, to != from, shifted == .deleteAndInsert {
                deletes.append(from)
                inserts.append(to)
            } else {
                reloads.append(shifted == .reloadAtNewPath ? newIndexPath ?? from : from)
            }
        case .move:
            if let from = indexPath, let to = newIndexPath {
                deletes.append(from)
                inserts.append(to)
            }
        }
    }

    func controllerDidChangeContent() {
        let (insertedSections, deletedSections) = (self.insertedSections, self.deletedSections)
        let deleted = Set(deletes).filter { !deletedSections.contains($0.section) }.sorted()
        let inserted = Set(inserts).filter { !insertedSections.contains($0.section) }.sorted()
        let reloaded = reloads.filter { !deletedSections.contains($0.section) && !deleted.contains($0) }
        table.performBatchUpdates({
            if !deletedSections.isEmpty { self.table.deleteSections(deletedSections, with: .automatic) }
            if !insertedSections.isEmpty { self.table.insertSections(insertedSections, with: .automatic) }
            if !deleted.isEmpty { self.table.deleteRows(at: deleted, with: .automatic) }
            if !inserted.isEmpty { self.table.insertRows(at: inserted, with: .automatic) }
            if !reloaded.isEmpty { self.table.reloadRows(at: reloaded, with: .none) }
        }, completion: nil)
    }
}

@Test func theTableProtocolsRequirementsAreUITableViewsList() throws {
    #expect(try declaredRequirements(in: "Sources/DiffHarness/AppCode/TableUpdating.swift") == tableUpdatingRequirements)
    #if !canImport(UIKit)
    // UITableView.RowAnimation's cases and raw values, as Apple documents them.
    #expect(TableRowAnimation.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 100])
    #endif
}

@Test func aTablesRowsAreRecordedAsItems() {
    let recorder = ListUpdateRecorder()
    let table: any TableUpdating = recorder
    table.performBatchUpdates({
        table.deleteSections([2], with: .fade)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .left)
        table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .right)
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 1))
        table.moveSection(0, toSection: 1)
    }, completion: nil)
    #expect(recorder.batches == [Batch([.deleteSection(2), .deleteItem(ItemPath(0, 1)), .insertItem(ItemPath(1, 0)),
                                        .reloadItem(ItemPath(0, 2)), .moveItem(from: ItemPath(0, 0), to: ItemPath(1, 3)),
                                        .moveSection(from: 0, to: 1)])])
}

@Test func aTableCollectorInApplesOrderPassesTheTableViewProfile() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try checkFetchedResultsTableCollector(named: "TableCollector", cases: 1_000, regressions: folder, environment: [:]) {
        table in TableCollector(table: table)
    }
    #expect(result.holds)
}

/// Issue 51, point 14: Apple's template reloads an update at its old path
/// however the batch's deletes and inserts shift the object, and UITableView
/// lands the fresh row on the object (RULES.md §3.4): the tableview profile
/// accepts it (it rejected every shifted reload as not in place).
@Test func aTableCollectorThatReloadsAShiftedUpdateAtItsOldPathPassesTheTableViewProfile() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try checkFetchedResultsTableCollector(named: "OldPathTableCollector", cases: 1_000, regressions: folder, environment: [:]) {
        table in TableCollector(table: table, shifted: .reloadAtOldPath)
    }
    #expect(result.holds, "\(result.failures.first?.caseText ?? "")")
}

@Test func aTableCollectorThatReloadsAtTheNewPathFails() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkFetchedResultsTableCollector(named: "NewPathTableCollector", cases: 1_000, regressions: folder, environment: [:]) {
            table in TableCollector(table: table, shifted: .reloadAtNewPath)
        }
    }
    let first = try #require(failure.result.failures.first, "\(failure)")
    #expect(try savedItems(first.caseText) <= 4, "\(failure)")
}

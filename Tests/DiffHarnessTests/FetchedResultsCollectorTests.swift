// An app's own fetched-results collector under test (issue 52): the
// built-in `frc:` collectors, rewritten against `FetchedResultsCollecting`
// and `ListUpdating`, give the batches they gave before; a collector with
// one planted flaw is caught and shrunk to a few items; a careful one passes.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

/// The batches the `frc:` subjects gave before they were collectors: the
/// emulated stream's own replay (`FetchedResultsStream.stages`).
private func streamStages(_ collector: FetchedResultsCollector, old: Snapshot, new: Snapshot) -> EngineOutput {
    guard let stream = fetchedResultsChanges(old: old, new: new, reading: .reading(old: old, new: new)) else {
        return .refusal("a fetched-results controller never reports a repeated object or section name")
    }
    var stages: [Stage]
    switch collector {
    case .move: stages = stream.stages(movedObjects: .move, data: new)
    case .dropInSectionChanges: stages = stream.droppingObjectChangesInChangedSections().stages(movedObjects: .move, data: new)
    case .deleteInsert: stages = stream.stages(movedObjects: .deleteAndInsert, data: new)
    case .moveThenReload: stages = stream.stages(movedObjects: .moveThenReload, data: new)
    }
    if !stages.isEmpty { stages[stages.count - 1].data = nil }
    return .stages(stages)
}

@Test(arguments: FetchedResultsCollector.allCases)
func theBuiltInCollectorsGiveTheBatchesTheStreamGave(collector: FetchedResultsCollector) {
    let generator = PairGenerator()
    let engine = FetchedResultsEngine(collector: collector)
    var differing: [Int] = []
    for n in 0..<1_500 {
        let pair = generator.campaignCase(seed: 7, n: n)
        if engine.diff(old: pair.old, new: pair.new) != streamStages(collector, old: pair.old, new: pair.new) { differing.append(n) }
    }
    #expect(differing.isEmpty, "cases \(differing.prefix(10))")
}

/// One mistake a collector can make.
enum CollectorFlaw: Sendable {
    /// An update reloaded at `newIndexPath`, where the object is after the batch.
    case reloadsUpdatesAtTheNewPath
    /// A move replayed as a move, which leaves a changed object's cell as it was.
    case movesWithoutRefreshing
    /// Section deletes not replayed.
    case forgetsSectionDeletes
    /// A delete read from `newIndexPath` (nil for a delete): the delete is lost.
    case readsNewIndexPathForADelete
}

/// A careful collector: object changes inside inserted or deleted sections
/// dropped (the section change covers them), a move as a delete and an
/// insert (the cell is made afresh), even one between equal index paths
/// (the sections around it changed, or the Xcode 7 SDK's controller
/// reported an update so), an update as a reload at its path unless the
/// object also moved or shifted (then a delete and an insert: a reload
/// that does not stay in place is read two ways); with `flaw`, one mistake.
final class CarefulCollector: FetchedResultsCollecting {
    let list: any ListUpdating
    let flaw: CollectorFlaw?
    private var insertedSections = IndexSet(), deletedSections = IndexSet()
    private var inserts: [IndexPath] = [], deletes: [IndexPath] = []
    private var updates: [(object: String, at: IndexPath)] = []
    private var moves: [(object: String, from: IndexPath, to: IndexPath)] = []

    init(list: any ListUpdating, flaw: CollectorFlaw? = nil) {
        self.list = list
        self.flaw = flaw
    }

    func controllerWillChangeContent() {
        insertedSections = []; deletedSections = []
        inserts = []; deletes = []; updates = []; moves = []
    }

    func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        switch type {
        case .insert: insertedSections.insert(sectionIndex)
        case .delete: if flaw != .forgetsSectionDeletes { deletedSections.insert(sectionIndex) }
        default: break
        }
    }

    func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                   newIndexPath: IndexPath?) {
        switch type {
        case .insert: if let to = newIndexPath { inserts.append(to) }
        case .delete: if let from = flaw == .readsNewIndexPathForADelete ? newIndexPath : indexPath { deletes.append(from) }
        case .update:
            guard let from = indexPath else { return }
            if flaw == .reloadsUpdatesAtTheNewPath {
                updates.append((object, newIndexPath ?? from))
            } else if let to = newIndexPath, to != from {
                // It shifted: a reload does not stay in place everywhere (PSTCollectionView, IGListKit, UITableView).
                moves.append((object, from, to))
            } else {
                updates.append((object, from))
            }
        case .move:
            if let from = indexPath, let to = newIndexPath { moves.append((object, from, to)) }
        }
    }

    func controllerDidChangeContent() {
        let insertedSections = insertedSections, deletedSections = deletedSections
        // A moved object's cell is made afresh: its update (the Xcode 7 SDK reports both) needs no reload.
        let movedObjects = Set(moves.map(\.object))
        let reloaded = updates.filter { !movedObjects.contains($0.object) && !deletedSections.contains($0.at.section) }.map(\.at)
        var deleted = deletes.filter { !deletedSections.contains($0.section) }
        var inserted = inserts.filter { !insertedSections.contains($0.section) }
        var moved: [(object: String, from: IndexPath, to: IndexPath)] = []
        for move in moves {
            if flaw == .movesWithoutRefreshing && !deletedSections.contains(move.from.section)
                && !insertedSections.contains(move.to.section) {
                moved.append(move)
                continue
            }
            if !deletedSections.contains(move.from.section) { deleted.append(move.from) }
            if !insertedSections.contains(move.to.section) { inserted.append(move.to) }
        }
        list.performBatchUpdates({
            if !deletedSections.isEmpty { self.list.deleteSections(deletedSections) }
            if !insertedSections.isEmpty { self.list.insertSections(insertedSections) }
            if !deleted.isEmpty { self.list.deleteItems(at: deleted) }
            if !inserted.isEmpty { self.list.insertItems(at: inserted) }
            if !reloaded.isEmpty { self.list.reloadItems(at: reloaded) }
            for move in moved { self.list.moveItem(at: move.from, to: move.to) }
        }, completion: nil)
    }
}

private func temporaryFolder() -> String {
    (NSTemporaryDirectory() as NSString).appendingPathComponent("collector-\(UUID().uuidString)")
}

@Test func aCarefulCollectorPasses() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for profile in [Profile.uikit, .strict] {
        let result = try checkFetchedResultsCollector(named: "CarefulCollector", profile: profile, cases: 2_000,
                                                      regressions: folder, environment: [:]) { CarefulCollector(list: $0) }
        #expect(result.holds)
    }
}

/// The item count of a saved case's text (its `old:` and `new:` lines).
private func items(_ caseText: String) throws -> Int {
    let parsed = try CaseParser.parse(caseText, file: "saved.case").get()
    return parsed.old.itemCount + parsed.new.itemCount
}

@Test(arguments: [(CollectorFlaw.reloadsUpdatesAtTheNewPath, PropertyName.valid), (.movesWithoutRefreshing, .fresh),
                  (.forgetsSectionDeletes, .valid), (.readsNewIndexPathForADelete, .valid)])
func aCollectorWithAFlawIsCaughtAndShrunk(flaw: CollectorFlaw, property: PropertyName) throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkFetchedResultsCollector(named: "FlawedCollector", cases: 2_000, regressions: folder, environment: [:]) {
            CarefulCollector(list: $0, flaw: flaw)
        }
    }
    let finding = try #require(failure.result.failures.first { $0.property == property }, "\(failure)")
    #expect(try items(finding.caseText) <= 4, "\(finding.caseText)")
    #expect(finding.caseText.contains("FlawedCollector") && finding.path != nil, "\(finding.caseText)")
}

@Test func theRecorderMakesOneStageABatchAndOneForAnUpdateOutsideAny() {
    let recorder = ListUpdateRecorder()
    recorder.performBatchUpdates({
        recorder.deleteItems(at: [IndexPath(item: 1, section: 0)])
        recorder.performBatchUpdates({ recorder.insertSections(IndexSet([2, 3])) }, completion: nil)
    }, completion: nil)
    recorder.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1))
    recorder.reloadItems(at: [IndexPath(indexes: [0, 1, 2])])
    #expect(recorder.batches == [Batch([.deleteItem(ItemPath(0, 1)), .insertSection(2), .insertSection(3)]),
                                 Batch([.moveItem(from: ItemPath(0, 0), to: ItemPath(1, 2))]), Batch([])])
    #expect(recorder.malformed == ["reloadItems was passed the index path [0, 1, 2], which is not a section and an item"])
}

@Test func theProtocolsRequirementsAreTheDocumentedList() throws {
    // The list the article and an iOS view's conformance follow: UICollectionView's names and shapes.
    let source = try String(contentsOfFile: #filePath.replacingOccurrences(
        of: "Tests/DiffHarnessTests/FetchedResultsCollectorTests.swift", with: "Sources/DiffHarness/AppCode/ListUpdating.swift"),
        encoding: .utf8)
    let declared = source.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("    func ") else { return nil }
        let signature = line.dropFirst("    func ".count)
        let name = signature.prefix { $0 != "(" }
        let labels = signature.drop { $0 != "(" }.dropFirst().split(separator: ",").map { parameter in
            String(parameter.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != ":" }) + ":"
        }
        return "\(name)(\(labels.joined()))"
    }
    #expect(declared == listUpdatingRequirements)
}

// An app's own fetched-results collector under test (issue 52): the
// built-in `frc:` collectors, rewritten against `FetchedResultsCollecting`
// and `ListUpdating`, give the batches they gave before; a collector with
// one planted flaw is caught and shrunk to a few items; the article's
// careful one passes.
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

/// One mistake a collector can make, planted around the careful one (the
/// article's, in Snippets/FetchedResultsCollectorExample.swift).
enum CollectorFlaw: Sendable {
    /// An update reloaded at `newIndexPath`, where the object is after the batch.
    case reloadsUpdatesAtTheNewPath
    /// Section deletes not replayed.
    case forgetsSectionDeletes
    /// A delete read from `newIndexPath` (nil for a delete): the delete is lost.
    case readsNewIndexPathForADelete
}

/// The careful collector, with `flaw` planted: the calls it is given, or
/// those it makes, changed as the flaw says.
final class FlawedCollector: FetchedResultsCollecting {
    let careful: CarefulCollector
    let flaw: CollectorFlaw

    init(list: any ListUpdating, flaw: CollectorFlaw) {
        self.flaw = flaw
        careful = CarefulCollector(list: flaw == .forgetsSectionDeletes ? ForgetsSectionDeletes(list) : list)
    }

    func controllerWillChangeContent() { careful.controllerWillChangeContent() }
    func controllerDidChangeSection(atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        careful.controllerDidChangeSection(atSectionIndex: sectionIndex, for: type)
    }
    func controllerDidChangeObject(_ object: String, at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                                   newIndexPath: IndexPath?) {
        var at = indexPath
        if flaw == .readsNewIndexPathForADelete && type == .delete { at = newIndexPath }
        // Read at the new path, an update is in place: a reload there.
        if flaw == .reloadsUpdatesAtTheNewPath && type == .update { at = newIndexPath ?? indexPath }
        careful.controllerDidChangeObject(object, at: at, for: type, newIndexPath: newIndexPath)
    }
    func controllerDidChangeContent() { careful.controllerDidChangeContent() }
}

/// A list that drops `deleteSections` and passes the rest on.
final class ForgetsSectionDeletes: ListUpdating {
    let list: any ListUpdating
    init(_ list: any ListUpdating) { self.list = list }
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        list.performBatchUpdates(updates, completion: completion)
    }
    func insertSections(_ sections: IndexSet) { list.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) {}
    func reloadSections(_ sections: IndexSet) { list.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) { list.moveSection(section, toSection: newSection) }
    func insertItems(at indexPaths: [IndexPath]) { list.insertItems(at: indexPaths) }
    func deleteItems(at indexPaths: [IndexPath]) { list.deleteItems(at: indexPaths) }
    func reloadItems(at indexPaths: [IndexPath]) { list.reloadItems(at: indexPaths) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { list.moveItem(at: indexPath, to: newIndexPath) }
}

/// A new folder's path in the temporary directory, for a check's saved cases.
func appCodeFolder() -> String {
    (NSTemporaryDirectory() as NSString).appendingPathComponent("app-code-\(UUID().uuidString)")
}

/// The article's collector passes, under UIKit's collection view and the portable subset.
@Test func aCarefulCollectorPasses() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for profile in [Profile.uikit, .strict] {
        let result = try checkFetchedResultsCollector(named: "CarefulCollector", profile: profile, cases: 2_000,
                                                      regressions: folder, environment: [:]) { CarefulCollector(list: $0) }
        #expect(result.holds)
    }
}

/// The item count of a saved case's text (its `old:` and `new:` lines).
func savedItems(_ caseText: String) throws -> Int {
    let parsed = try CaseParser.parse(caseText, file: "saved.case").get()
    return parsed.old.itemCount + parsed.new.itemCount
}

/// The largest of a campaign's findings of `property`, in items.
private func shrunkItems(_ failure: EngineCheckFailure, _ property: PropertyName) throws -> Int? {
    try failure.result.failures.filter { $0.property == property }.map { try savedItems($0.caseText) }.max()
}

@Test(arguments: [(CollectorFlaw.reloadsUpdatesAtTheNewPath, PropertyName.valid), (.forgetsSectionDeletes, .valid),
                  (.readsNewIndexPathForADelete, .valid)])
func aCollectorWithAFlawIsCaughtAndShrunk(flaw: CollectorFlaw, property: PropertyName) throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkFetchedResultsCollector(named: "FlawedCollector", cases: 2_000, regressions: folder, environment: [:]) {
            FlawedCollector(list: $0, flaw: flaw)
        }
    }
    let items = try #require(try shrunkItems(failure, property), "\(failure)")
    #expect(items <= 4, "\(failure)")
    #expect(failure.result.failures.allSatisfy { $0.caseText.contains("engine: FlawedCollector") && $0.path != nil },
            "\(failure)")
}

/// The classic collector (`frc:move`) moves a changed object without
/// refreshing its cell: a stale cell, shrunk to a few items.
@Test func aCollectorThatMovesWithoutRefreshingIsCaughtAsStale() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkFetchedResultsCollector(named: "MovingCollector", cases: 2_000, regressions: folder, environment: [:]) {
            BatchUpdatesCollector(.move, list: $0)
        }
    }
    let items = try #require(try shrunkItems(failure, .fresh), "\(failure)")
    #expect(items <= 4, "\(failure)")
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
    #expect(try declaredRequirements(in: "Sources/DiffHarness/AppCode/ListUpdating.swift") == listUpdatingRequirements)
}

/// The requirements a protocol file declares (its lines `    func NAME(LABEL …`), as `name(label:…)`.
func declaredRequirements(in path: String, testFile: String = #filePath) throws -> [String] {
    let root = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return source.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("    func ") else { return nil }
        let signature = line.dropFirst("    func ".count)
        let name = signature.prefix { $0 != "(" }
        let labels = signature.drop { $0 != "(" }.dropFirst().split(separator: ",").map { parameter in
            String(parameter.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != ":" }) + ":"
        }
        return "\(name)(\(labels.joined()))"
    }
}

// An app's own diffable snapshot builder under test (issue 52): one that
// keeps merged entities apart and reconfigures the changed objects passes;
// one that never reconfigures is caught as a stale cell, one that merges
// entities by clashing identifiers with UIKit's duplicate-identifier words.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

/// Builds the snapshot from the results: a section per results section,
/// each item named by its section and its object (so merged entities never
/// share one), the changed objects reconfigured; `reconfigures: false`
/// forgets that, `namesBySection: false` names an item by its object alone.
func buildSnapshot<S: DiffableSnapshotWriting>(_ results: [FetchedResultsSection], into snapshot: inout S,
                                               reconfigures: Bool = true, namesBySection: Bool = true)
    where S.SectionIdentifierType == String, S.ItemIdentifierType == String {
    snapshot.appendSections(results.map(\.name))
    for section in results {
        let name = { (object: String) in namesBySection ? section.name + "/" + object : object }
        snapshot.appendItems(section.objects.map(name), toSection: section.name)
        if reconfigures { snapshot.reconfigureItems(section.objects.filter(section.changed.contains).map(name)) }
    }
}

@Test func aBuilderThatKeepsEntitiesApartAndReconfiguresPasses() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for profile in [Profile.uikit, .strict] {
        let result = try checkDiffableSnapshotBuilder(named: "CarefulBuilder", profile: profile, cases: 2_000,
                                                      regressions: folder, environment: [:]) { results, snapshot in
            buildSnapshot(results, into: &snapshot)
        }
        #expect(result.holds)
    }
}

@Test func aBuilderThatNeverReconfiguresLeavesAStaleCell() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkDiffableSnapshotBuilder(named: "ForgetfulBuilder", cases: 500, regressions: folder, environment: [:]) {
            results, snapshot in buildSnapshot(results, into: &snapshot, reconfigures: false)
        }
    }
    let stale = try #require(failure.result.failures.first { $0.property == .fresh }, "\(failure)")
    let staleItems = try savedItems(stale.caseText)
    #expect(stale.message.contains("is stale") && staleItems <= 2, "\(failure)")
    #expect(failure.result.failures.allSatisfy { $0.property == .fresh }, "\(failure)")
}

@Test func aBuilderThatMergesEntitiesByClashingIdentifiersHitsUIKitsFatalError() throws {
    let folder = appCodeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = try #require(throws: EngineCheckFailure.self) {
        try checkDiffableSnapshotBuilder(named: "ClashingBuilder", cases: 2_000, regressions: folder, environment: [:]) {
            results, snapshot in buildSnapshot(results, into: &snapshot, namesBySection: false)
        }
    }
    let trap = try #require(failure.result.failures.first { $0.property == .noCrash }, "\(failure)")
    #expect(trap.message.contains("Fatal: supplied item identifiers are not unique. Duplicate identifiers:"), "\(trap.message)")
    #expect(try savedItems(trap.caseText) <= 4, "\(failure)")
    #expect(failure.result.failures.allSatisfy { $0.property == .noCrash }, "\(failure)")
}

@Test func theRecorderKeepsTheFirstFatalErrorAndIgnoresTheRest() {
    var recorder = DiffableSnapshotRecorder()
    recorder.appendSections(["A"])
    recorder.appendItems(["a", "a"], toSection: "A")
    recorder.appendItems(["b"], toSection: nil)
    recorder.reloadItems(["zz"])
    #expect(recorder.fatalError?.kind == .duplicateItems, "\(String(describing: recorder.fatalError))")
    #expect(recorder.snapshot.itemIdentifiers == [])
}

@Test func aSnapshotThatLeavesAnObjectOutFailsWithWhatItHolds() {
    let engine = SnapshotBuilderEngine(name: "Short") { results, snapshot in
        snapshot.appendSections(results.map(\.name))
        for section in results { snapshot.appendItems(Array(section.objects.dropLast()), toSection: section.name) }
    }
    let old = Snapshot(sections: [Section(id: "A", items: [Item(id: "a")])])
    #expect(engine.diff(old: old, new: old) == .failure(EngineFailure("section 0 of the old snapshot holds 0 items, the results' 1")))
}

@Test func theSnapshotProtocolsRequirementsAreTheDocumentedList() throws {
    let source = try String(contentsOfFile: #filePath.replacingOccurrences(
        of: "Tests/DiffHarnessTests/SnapshotBuilderTests.swift", with: "Sources/DiffHarness/AppCode/DiffableSnapshotWriting.swift"),
        encoding: .utf8)
    let declared = source.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("    mutating func ") else { return nil }
        let signature = line.dropFirst("    mutating func ".count)
        let labels = signature.drop { $0 != "(" }.dropFirst().split(separator: ",").map { parameter in
            String(parameter.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != ":" }) + ":"
        }
        return "\(signature.prefix { $0 != "(" })(\(labels.joined()))"
    }
    #expect(declared == diffableSnapshotWritingRequirements)
}

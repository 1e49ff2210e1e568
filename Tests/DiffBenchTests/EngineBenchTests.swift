// The engine bench's inputs and rows, on in-process engines: the core, a
// built-in engine and a mutant (times are not tested: only their presence).
import Foundation
import Testing
@testable import DiffBench
import DiffHarness
import ListModel

@Test func theInputsAreOnePerSizeClassAndShapeInsideTheClassAndFixedByTheSeed() {
    let inputs = SizeClassInput.all(seed: 7, maxItems: 10_000, flatOnly: false)
    #expect(inputs.map { "\($0.sizeClass.name) \($0.shapeName)" }
            == ["large flat", "large sectioned", "thousands flat", "thousands sectioned",
                "tens-of-thousands flat", "tens-of-thousands sectioned"])
    for input in inputs {
        #expect(input.sizeClass.itemRange.contains(input.old.itemCount), "\(input.sizeClass.name): \(input.old.itemCount)")
        #expect(input.isFlat == input.old.isFlat && input.old.sections.count == (input.isFlat ? 1 : SizeClassInput.sectionCount))
        #expect(input.minimumMoves > 0 && input.changedItems > 0 && input.minimumDeletesAndInserts > 0)
    }
    let again = SizeClassInput.all(seed: 7, maxItems: 10_000, flatOnly: true)
    #expect(again.map(\.new) == inputs.filter(\.isFlat).map(\.new))
    #expect(SizeClassInput.all(seed: 8, maxItems: 100, flatOnly: true)[0].new != inputs[0].new)
    // A twentieth of 1,000 deleted and a twentieth inserted: 100 items in one snapshot only.
    #expect(inputs[2].minimumDeletesAndInserts == 100)
}

@Test func theCoreBenchedAsAnEngineMakesTheMinimumAndHasItsFiguresBeside() {
    let inputs = SizeClassInput.all(seed: 2024, maxItems: 1_000, flatOnly: false)
    let report = EngineBench.measure(CoreEngine(), inputs: inputs, runs: 2, log: false)
    #expect(report.rows.count == 4)
    for row in report.rows {
        #expect(row.status == .answered)
        let engine = row.engine, core = row.core
        #expect(engine?.moves == row.minimumMoves && core?.moves == row.minimumMoves)
        #expect(engine?.reloads == row.changedItems)
        #expect(engine?.deletesAndInserts == row.minimumDeletesAndInserts)
        #expect(engine?.medianSeconds != nil && core?.minimumSeconds != nil)
    }
    #expect(report.rows[0].engine?.growth == nil && report.rows[2].engine?.growth != nil)
    #expect(report.exponents.map(\.shape) == ["flat", "sectioned"])
}

@Test func aMutantAndABuiltInEngineAreBenchedByName() {
    #expect(BenchCommand.run(["--engine", "reload-all", "--max-size", "100", "--runs", "1"]) == 0)
    #expect(BenchCommand.run(["--engine", "stdlib", "--max-size", "100", "--runs", "1", "--json"]) == 0)
    let mutant = EngineCatalog.mutants[0]
    let inputs = SizeClassInput.all(seed: 2024, maxItems: 1_000, flatOnly: true)
    let report = EngineBench.measure(mutant, inputs: inputs, runs: 1, log: false)
    #expect(report.rows.allSatisfy { $0.status == .answered && $0.engine != nil })
    // reload-all deletes and inserts sections, never items: its output has no item operation.
    let reloadAll = EngineBench.measure(ReloadAllEngine(), inputs: inputs, runs: 1, log: false)
    #expect(reloadAll.rows.allSatisfy { $0.engine?.moves == 0 && $0.engine?.deletesAndInserts == 0 })
    #expect(BenchCommand.run(["--engine", "no-such-engine"]) == 2)
}

/// Issue 49: how the engine scales in changes, beside how it scales in
/// items. The inputs by change are one flat list of a fixed length whose
/// changes grow, fixed by the seed; their rows' growth is in changes.
@Test func theInputsByChangeKeepTheItemsAndGrowTheChanges() {
    let inputs = SizeClassInput.byChange(seed: 7, maxItems: 10_000)
    #expect(inputs.count == 4)
    #expect(inputs.allSatisfy { $0.isFlat && $0.old.itemCount == 10_000 && $0.sizeClass == .tensOfThousands })
    let changes = inputs.map(\.minimumChanges)
    #expect(changes == changes.sorted() && Set(changes).count == 4, "\(changes)")
    // Ten of each edit at the least: 10 deletes and 10 inserts, 10 changed items, moves.
    #expect(inputs[0].minimumDeletesAndInserts == 20 && inputs[0].changedItems <= 10 && changes[0] <= 40)
    #expect(SizeClassInput.byChange(seed: 7, maxItems: 10_000).map(\.new) == inputs.map(\.new))
    #expect(SizeClassInput.byChange(seed: 8, maxItems: 10_000)[0].new != inputs[0].new)
    // A small --max-size keeps a small list, and none under every class.
    #expect(SizeClassInput.byChange(seed: 7, maxItems: 1_000).allSatisfy { $0.old.itemCount == 1_000 })
    #expect(SizeClassInput.byChange(seed: 7, maxItems: 50).isEmpty)
}

@Test func theReportShowsTheGrowthInChangesInItsTableAndJSON() throws {
    let inputs = SizeClassInput.byChange(seed: 2024, maxItems: 1_000)
    let measured = EngineBench.measure(CoreEngine(), inputs: inputs, runs: 1, log: false, growingIn: .changes)
    #expect(measured.rows.map(\.minimumChanges) == inputs.map(\.minimumChanges))
    #expect(measured.rows.allSatisfy { $0.status == .answered && $0.engine?.moves == $0.minimumMoves })
    #expect(measured.rows[0].engine?.growth == nil && measured.rows[1].engine?.growth != nil)
    var report = EngineBenchReport(header: .init(engine: "core", seed: 2024, runs: 1, timeout: 10, maxItems: 1_000), rows: [], exponents: [])
    report.byChange = measured.rows
    report.changeExponent = EngineBenchReport.Exponent(shape: "flat", engine: 1.0, core: nil)
    let table = report.table
    #expect(table.contains("by change: one flat list of 1,000 old items, its changes growing"), "\(table)")
    #expect(table.contains("| changes | old items | engine time | growth | engine output | core time | growth |"), "\(table)")
    #expect(table.contains("| \(inputs[3].minimumChanges) | 1,000 | "), "\(table)")
    #expect(table.contains("by change: growth between the two most changed inputs: engine changes^1.0, core —"), "\(table)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
    let rows = try #require(json["byChange"] as? [[String: Any]])
    #expect(rows.compactMap { $0["minimumChanges"] as? Int } == inputs.map(\.minimumChanges))
    #expect((json["changeExponent"] as? [String: Any])?["engine"] as? Double == 1.0)
}

// The fetched-results and diffable subjects (`frc:…`, `diffable:…`), their
// generator shapes and their drawing: each verdict here is one the table of
// DiffHarness's article "Fetched-results and diffable subjects" states, on a hand-picked pair.
import Testing
import ListModel
@testable import DiffHarness

private func pipelinePair(_ text: String) throws -> (old: Snapshot, new: Snapshot) {
    let c = try CaseParser.parse(text, file: "test.case").get()
    return (c.old, c.new)
}

private func failures(_ engineName: String, _ text: String, profile: Profile = .strict) throws -> [PropertyName] {
    let engine = try #require(EngineCatalog.engine(named: engineName))
    let (old, new) = try pipelinePair(text)
    return Checker(engine: engine, profile: profile).check(old: old, new: new).failures.map(\.property)
}

@Test func theSixSubjectsAreInTheCatalogUnderTheirNames() {
    let names = ["frc:move", "frc:drop-in-section-changes", "frc:delete-insert", "frc:move-then-reload",
                 "diffable:ios13", "diffable:ios15"]
    for name in names {
        #expect(EngineCatalog.engine(named: name)?.name == name)
        #expect(EngineCatalog.caseEngineNames.contains(name))
    }
}

@Test(arguments: [Profile.strict, .uikit])
func aSortKeyChangeLeavesTheClassicCollectorsCellStaleAndTheOthersFresh(profile: Profile) throws {
    // b's sort key changes: the controller reports a move only (§5).
    let text = "old: a b c\nnew: a c b'\n"
    #expect(try failures("frc:move", text, profile: profile) == [.fresh])
    #expect(try failures("frc:drop-in-section-changes", text, profile: profile) == [.fresh])
    #expect(try failures("frc:delete-insert", text, profile: profile) == [])
    #expect(try failures("frc:move-then-reload", text, profile: profile) == [])
}

@Test func anUpdateOfAShiftedObjectIsRejectedByStrictAndRightUnderUIKit() throws {
    // x is inserted before a, a is updated: the update names a's old path, 0 (§5),
    // and a reload there does not stay in place: strict rejects it (§3.3,
    // reload-not-in-place). UICollectionView shifts the reload's insert half
    // by the insert to 0-1, where a' is: uikit finds nothing wrong (§3.1 step 3).
    for collector in FetchedResultsCollector.allCases {
        #expect(try failures(collector.engineName, "old: a\nnew: x a'\n", profile: .strict) == [.valid])
        #expect(try failures(collector.engineName, "old: a\nnew: x a'\n", profile: .uikit) == [])
    }
}

@Test func anObjectLeavingTheLastPlaceOfItsSectionIsAMoveOutOfADeletedSection() throws {
    // a's key changes from A to B and A empties: section delete plus a move out of it,
    // a conflict under every profile (§3), which the other collectors avoid.
    let text = "old: [A: a] [B: b]\nnew: [B: a' b]\n"
    #expect(try failures("frc:move", text, profile: .uikit) == [.valid])
    #expect(try failures("frc:move-then-reload", text, profile: .uikit) == [.valid])
    #expect(try failures("frc:delete-insert", text, profile: .uikit) == [])
    // The dropping collector keeps the move's insert at the new path: a fresh cell.
    #expect(try failures("frc:drop-in-section-changes", text, profile: .uikit) == [])
}

@Test func objectInsertsIntoAnInsertedSectionAreRejectedUnderStrictOnly() throws {
    let text = "old:\nnew: [A: a]\n"
    #expect(try failures("frc:delete-insert", text, profile: .strict) == [.valid])
    #expect(try failures("frc:delete-insert", text, profile: .uikit) == [])
    #expect(try failures("frc:drop-in-section-changes", text, profile: .strict) == [])
}

@Test(arguments: [Profile.strict, .uikit])
func theIOS13SnapshotLeavesAChangedCellStaleAndIOS15ReloadsIt(profile: Profile) throws {
    for text in ["old: a\nnew: a'\n", "old: a b\nnew: b' a\n"] {
        #expect(try failures("diffable:ios13", text, profile: profile) == [.fresh])
        #expect(try failures("diffable:ios15", text, profile: profile) == [])
    }
    // An item whose section goes is deleted and inserted by the batch that
    // stands in for UIKit's (the core's): its cell is fresh even unmarked.
    #expect(try failures("diffable:ios13", "old: [A: a] [B: b]\nnew: [B: b a']\n", profile: profile) == [])
}

@Test func mergedEntitiesWithCollidingIdentifiersHitTheSnapshotsFatalError() throws {
    let (old, new) = try pipelinePair("old: [Notes: a] [Folders:]\nnew: [Notes: a] [Folders: a]\n")
    for system in DiffableSystem.allCases {
        let output = DiffableEngine(system: system).diff(old: old, new: new)
        guard case .refusal(let message) = output else {
            Issue.record("expected the fatal error, got \(output)")
            continue
        }
        #expect(message.contains("supplied item identifiers are not unique"))
        // A declared refusal of duplicated identities: the case does not apply to the engine.
        #expect(Checker(engine: DiffableEngine(system: system)).check(old: old, new: new).isSkipped)
    }
}

@Test func theFetchedResultsShapesAreLabelledAndMoveOnlyChangedObjects() {
    let generator = PairGenerator(options: GeneratorOptions(shapes: .fetchedResults))
    var counts: [Label: Int] = [:]
    for n in 0..<1500 {
        let generated = generator.campaignCase(seed: 7, n: n)
        #expect(generator.campaignCase(seed: 7, n: n) == generated)
        let labels = Label.of(old: generated.old, new: generated.new)
        for label in labels { counts[label, default: 0] += 1 }
        // The direct shape (choice 0 after the flat flag) draws any small pair; the others are fetched results.
        let isDirect = generated.choices.count > 1 && generated.choices[1] == 0
        if !isDirect && !hasDuplicates(generated.old) && !hasDuplicates(generated.new) {
            #expect(!labels.isDisjoint(with: [.frcOneSection, .frcKeyPathSections, .frcMergedEntities]),
                    "not a fetched-results pair: \(generated.old) -> \(generated.new)")
        }
    }
    #expect(counts[.frcOneSection, default: 0] > 100)
    #expect(counts[.frcKeyPathSections, default: 0] > 100)
    #expect(counts[.frcMergedEntities, default: 0] > 100)
    #expect(GeneratorShapes.defaultShapes(forEngine: "frc:move") == .fetchedResults)
    #expect(GeneratorShapes.defaultShapes(forEngine: "diffable:ios15") == .fetchedResults)
    #expect(GeneratorShapes.defaultShapes(forEngine: "core") == .general)
}

@Test func theGeneralShapesAreUnchanged() {
    // The default generator draws exactly what it drew before the fetched-results shapes existed.
    let general = PairGenerator(), explicit = PairGenerator(options: GeneratorOptions(shapes: .general))
    for n in 0..<200 { #expect(general.campaignCase(seed: 3, n: n) == explicit.campaignCase(seed: 3, n: n)) }
}

@Test func showDrawsTheChangeStreamAndTheDiffableSnapshot() throws {
    let (old, new) = try pipelinePair("old: a b c\nnew: a c b'\n")
    let stream = CaseDrawing.pipelineLines(engineName: "frc:move", old: old, new: new)
    #expect(stream.first?.hasPrefix("fetched-results change stream (reading: ") == true)
    #expect(stream.contains("  move object 1 -> 2"))
    let diffable = CaseDrawing.pipelineLines(engineName: "diffable:ios13", old: old, new: new)
    #expect(diffable == ["diffable snapshot handed over: [_: a c b]", "  marked for reload: none (changed but not marked: b)"])
    #expect(CaseDrawing.pipelineLines(engineName: "core", old: old, new: new).isEmpty)
}

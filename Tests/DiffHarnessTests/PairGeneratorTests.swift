// The pair generator: what it can express, and that the shrinker can take
// what it expresses down to the smallest case.
import Testing
import ListModel
@testable import DiffHarness

/// Mishandles content on an inserted item: refuses any pair whose new side
/// holds, at content version 2 or more, an identity old does not have (an
/// engine that takes a version above 1 to mean "updated, so it was there").
/// The smallest failure is `old:` empty, `new: a''`.
struct RefusesInsertedContentEngine: DiffEngine {
    var name: String { "refuses-inserted-content" }
    var isFlatOnly: Bool { false }
    var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh] }
    var isSafeToCallConcurrently: Bool { true }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let oldIDs = Set(old.sections.flatMap(\.items).map(\.id))
        let isInsertedAtALaterVersion = new.sections.flatMap(\.items).contains { $0.content >= 2 && !oldIDs.contains($0.id) }
        return isInsertedAtALaterVersion ? .refusal("an inserted item cannot have a version") : CoreEngine().diff(old: old, new: new)
    }
}

@Test func anInsertedItemCanCarryAContentVersion() {
    // Flat, edited, not large, old empty; one edit: insert an item at
    // version 1 + 1 (the rare flag, then 1); no more edits.
    let pair = PairGenerator().replay([0, 1, 0, 0, 1, 2, 3, 1, 0])
    #expect(pair.old == .flat([]))
    #expect(pair.new == .flat([Item(id: "a", content: 2)]))
    // The same with the version choices at 0: the simpler case, version 0.
    #expect(PairGenerator().replay([0, 1, 0, 0, 1, 2, 0, 0]).new == .flat([Item(id: "a")]))
}

@Test func anInsertedSectionAndItsItemsCanCarryContentVersions() {
    // Sectioned, edited, not large, old empty; one edit: insert section A
    // at version 1 (flag, then 0) holding one item at version 3 (flag, then 2).
    let pair = PairGenerator().replay([1, 1, 0, 0, 1, 6, 3, 0, 1, 3, 2, 0, 0])
    #expect(pair.old == Snapshot())
    #expect(pair.new == Snapshot(sections: [Section(id: "A", content: 1, items: [Item(id: "a", content: 3)])]))
}

@Test(arguments: [UInt64(1), 2, 3])
func aBugOnTheContentOfAnInsertedItemIsFoundAndShrunkToOneItem(seed: UInt64) throws {
    let checker = Checker(engine: RefusesInsertedContentEngine())
    let generator = PairGenerator()
    let found = (0..<2000).lazy.map { generator.campaignCase(seed: seed, n: $0) }.first {
        !checker.check(old: $0.old, new: $0.new).failures.isEmpty
    }
    let pair = try #require(found, "seed \(seed): not found in 2000 cases")
    let shrunk = shrink(pair, failing: .noCrash, checker: checker, generator: generator)
    #expect(shrunk.pair.old.itemCount == 0, "seed \(seed): \(shrunk.pair.old) → \(shrunk.pair.new)")
    #expect(shrunk.pair.new.sections.flatMap(\.items) == [Item(id: "a", content: 2)],
            "seed \(seed): \(shrunk.pair.old) → \(shrunk.pair.new)")
    #expect(!shrunk.result.isBudgetExhausted)
}

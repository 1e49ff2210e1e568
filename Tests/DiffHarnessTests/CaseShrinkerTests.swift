// The case shrinker: the order on cases, and hand-written cases (no choices)
// shrunk to their true minimum, beyond the exhaustive bound.
import Testing
import ListModel
@testable import DiffHarness

/// A capacity bug: refuses every pair in which old and new both hold at
/// least 8 items. The smallest failure (`no-crash`: a refusal without
/// duplicated identities) has 16 items, twice the exhaustive bound.
struct RefusesLongListsEngine: DiffEngine {
    var isFlatOnly: Bool
    var name: String { "refuses-long-lists" }
    var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh] }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        old.itemCount >= 8 && new.itemCount >= 8 ? .refusal("lists this long are not supported") : CoreEngine().diff(old: old, new: new)
    }
}

func pair(_ text: String) throws -> (old: Snapshot, new: Snapshot) {
    let parsed = try CaseParser.parse(text, file: "test").get()
    return (parsed.old, parsed.new)
}

@Test func simplerCasesHaveFewerItemsThenASmallerShapeThenSmallerNames() throws {
    let twoItems = try pair("old: a\nnew: a'\n")
    #expect(isSimpler(old: Snapshot(), new: Snapshot.flat([Item(id: "z", content: 5)]), than: twoItems))
    // At equal items: flat before sectioned, lower contents, names by first appearance.
    let flat = try pair("old: a b\nnew: b a\n"), sectioned = try pair("old: [A: a b]\nnew: [A: b a]\n")
    #expect(isSimpler(old: flat.old, new: flat.new, than: sectioned))
    let changed = try pair("old: a b\nnew: b a''\n"), lessChanged = try pair("old: a b\nnew: b a'\n")
    #expect(isSimpler(old: lessChanged.old, new: lessChanged.new, than: changed))
    let named = try pair("old: x y\nnew: y x\n")
    #expect(isSimpler(old: flat.old, new: flat.new, than: named))
    #expect(!isSimpler(old: named.old, new: named.new, than: flat))
    // A strict order: nothing is simpler than itself.
    for p in [twoItems, flat, sectioned, changed, named] { #expect(!isSimpler(old: p.old, new: p.new, than: p)) }
}

@Test func aHandWrittenCaseShrinksToItsTrueMinimumBeyondTheExhaustiveBound() throws {
    // The example: 40 items, whose smallest failure has 16 (8 old,
    // 8 new), where the exhaustive walk alone finds nothing (at most 6).
    let start = try pair("""
        old: k l m n o p q r s t a b c d e f g h i j
        new: a b' c x1 d e f g h i j k l m n' o p r s t
        """)
    #expect(totalItems(start.old, start.new) == 40)
    let engine = RefusesLongListsEngine(isFlatOnly: true)
    let options = GeneratorOptions().forEngine(engine)
    let checker = Checker(engine: engine)
    let shrunk = shrinkCase(old: start.old, new: start.new, failing: .noCrash, checker: checker, options: options)
    #expect(shrunk.old.itemCount == 8 && shrunk.new.itemCount == 8, "\(shrunk.old) → \(shrunk.new)")
    #expect(shrunk.verdict.failures.contains { $0.property == .noCrash })
    #expect(!shrunk.result.isBudgetExhausted)
    // The exhaustive walk went through every pair of its bounds (up to 6
    // items) and none fails: alone, it could not shrink this case at all.
    #expect(shrunk.result.isMinimalWithinExhaustiveBound)
    // And the simplest of those in shortlex order: contents lowered,
    // identities joined, sorted and renamed, so both sides are a … h (new
    // needs 8 distinct identities: a refusal of duplicates is allowed).
    #expect(shrunk.old == .flat("abcdefgh".map { Item(id: String($0)) }), "\(shrunk.old)")
    #expect(shrunk.new == shrunk.old, "\(shrunk.new)")
}

@Test func sectionsGoWhenTheFailureDoesNotNeedThem() throws {
    // The same bug, sectioned: sections are removed or made flat, and the
    // minimum is still 16 items.
    let start = try pair("""
        old: [A: a b c d e] [B: f g h i j] [C: k l m n o] [D: p q r s t]
        new: [D: p q r s t] [B: f g h i' j] [A: a b c d e] [E: x y z]
        """)
    let engine = RefusesLongListsEngine(isFlatOnly: false)
    let checker = Checker(engine: engine)
    let shrinker = CaseShrinker(old: start.old, new: start.new) { PropertyCheck(.noCrash, of: checker).fails(old: $0, new: $1) }
    let result = shrinker.run()
    #expect(result.old.itemCount == 8 && result.new.itemCount == 8, "\(result.old) → \(result.new)")
    #expect(result.old.isFlat && result.new.isFlat, "\(result.old) → \(result.new)")
    #expect(!result.isBudgetExhausted)
    // No exhaustive bounds given: nothing is claimed about smaller pairs.
    #expect(!result.isMinimalWithinExhaustiveBound)
}

@Test func aMatchedPairIsKeptMatchedAndContentsGoDownTogether() throws {
    // Fails while some item is in both sides with a changed content: the
    // smallest such case is `old: a`, `new: a'`, reached by removing whole
    // identities and lowering both versions together.
    let start = try pair("old: x y z w''\nnew: y z' x w'''\n")
    let shrinker = CaseShrinker(old: start.old, new: start.new) { old, new in
        let oldItems = old.sections.flatMap(\.items), newItems = new.sections.flatMap(\.items)
        return oldItems.contains { item in newItems.contains { $0.id == item.id && $0.content != item.content } }
    }
    let result = shrinker.run()
    #expect(result.old == .flat([Item(id: "a")]), "\(result.old)")
    #expect(result.new == .flat([Item(id: "a", content: 1)]), "\(result.new)")
}

@Test func aCaseShrinkStoppedByItsBudgetSaysSoAndClaimsNoMinimum() throws {
    let start = try pair("""
        old: k l m n o p q r s t a b c d e f g h i j
        new: a b' c x1 d e f g h i j k l m n' o p r s t
        """)
    let engine = RefusesLongListsEngine(isFlatOnly: true)
    let checker = Checker(engine: engine)
    let shrunk = shrinkCase(old: start.old, new: start.new, failing: .noCrash, checker: checker,
                            options: GeneratorOptions().forEngine(engine), budget: 5)
    #expect(shrunk.result.isBudgetExhausted)
    #expect(!shrunk.result.isMinimalWithinExhaustiveBound)
    #expect(shrunk.result.calls == 5)
    #expect(totalItems(shrunk.old, shrunk.new) < 40)   // what it kept still counts
}

@Test(arguments: [Flaw.sectionUpdateSkipped, .changesInMovedSection, .lastWins, .offByOneAtEnd])
func aLargeMutantCaseWithoutChoicesShrinksToTheExhaustiveMinimum(flaw: Flaw) throws {
    // A large generated case, taken as written (its choices forgotten).
    let checker = Checker(engine: SimpleEngine(flaw: flaw))
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 30))
    let found = (0..<3000).lazy.map { generator.campaignCase(seed: 5, n: $0) }.first {
        totalItems($0.old, $0.new) >= 20 && !checker.check(old: $0.old, new: $0.new).failures.isEmpty
    }
    let start = try #require(found, "\(flaw.rawValue): no large failing case in 3000")
    let property = try #require(checker.check(old: start.old, new: start.new).failures.first).property
    let shrunk = shrinkCase(old: start.old, new: start.new, failing: property, checker: checker, options: generator.options)
    #expect(shrunk.verdict.failures.contains { $0.property == property })
    #expect(!shrunk.result.isBudgetExhausted)
    let size = totalItems(shrunk.old, shrunk.new)
    #expect(smallestFailure(below: size, failing: property, checker: checker, options: generator.options) == nil,
            "\(flaw.rawValue): shrunk to \(size) items, but a smaller pair fails \(property.rawValue)")
}

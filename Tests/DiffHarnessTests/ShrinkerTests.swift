// The shrinker: shortlex order, and shrinking a synthetic failure to its minimum.
import Testing
import ListModel
@testable import DiffHarness

@Test func shortlexOrderPrefersShorterThenSmaller() {
    #expect(isSimpler([9], than: [0, 0]))
    #expect(isSimpler([0, 1], than: [0, 2]))
    #expect(!isSimpler([1, 0], than: [1, 0]))
}

@Test func shrinkingFindsTheSmallestFailingPair() {
    // "Fails" when the new snapshot holds at least two items: the smallest
    // such case is old empty, new with two items (2 items in all).
    let generator = PairGenerator()
    var start: GeneratedPair?
    for n in 0..<500 {
        let pair = generator.campaignCase(seed: 2, n: n)
        if pair.new.itemCount >= 2 && pair.old.itemCount >= 3 { start = pair; break }
    }
    guard let start else { Issue.record("no starting case"); return }
    let shrinker = Shrinker(failing: start.choices, size: totalItems(start.old, start.new), direct: generator.directShapes) { candidate in
        let pair = generator.replay(candidate)
        return pair.new.itemCount >= 2 ? (pair.choices, totalItems(pair.old, pair.new)) : nil
    }
    let result = shrinker.run()
    let shrunk = generator.replay(result.choices)
    #expect(shrunk.new.itemCount == 2)
    #expect(shrunk.old.itemCount == 0)
    #expect(!result.isBudgetExhausted)
}

@Test func judgingSmallerPairsOnEveryCoreChangesNothing() {
    // The smaller-pairs pass gives the same result and the same call count
    // whether it judges pairs on one core or on every core. "Fails" when old
    // holds at least three items and new at least two: the smallest such
    // pair has 5 items, past thousands of smaller pairs (several blocks).
    @Sendable func fails(_ old: Snapshot, _ new: Snapshot) -> Bool { old.itemCount >= 3 && new.itemCount >= 2 }
    let generator = PairGenerator()
    guard let start = (0..<500).lazy.map({ generator.campaignCase(seed: 2, n: $0) })
        .first(where: { fails($0.old, $0.new) && totalItems($0.old, $0.new) > 8 })
    else { Issue.record("no starting case"); return }
    func run(concurrently: Bool) -> ShrinkResult {
        let shrinker = Shrinker(failing: start.choices, size: totalItems(start.old, start.new),
                                direct: generator.directShapes) { candidate in
            let pair = generator.replay(candidate)
            return fails(pair.old, pair.new) ? (pair.choices, totalItems(pair.old, pair.new)) : nil
        }
        shrinker.pairFails = fails
        shrinker.judgesPairsConcurrently = concurrently
        return shrinker.run()
    }
    let one = run(concurrently: false), every = run(concurrently: true)
    #expect(one.choices == every.choices)
    #expect(one.calls == every.calls)
    let shrunk = generator.replay(every.choices)
    #expect(shrunk.old.itemCount == 3 && shrunk.new.itemCount == 2)
}

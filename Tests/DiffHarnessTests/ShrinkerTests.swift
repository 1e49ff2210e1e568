// The shrinker: shortlex order, and shrinking a synthetic failure to its minimum.
import Testing
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

// Choice sources: determinism, replay, byte decoding, enumeration.
import Testing
import ListModel
@testable import DiffHarness

@Test func theSameSeedGivesTheSameCases() {
    let generator = PairGenerator()
    for n in 0..<50 {
        #expect(generator.campaignCase(seed: 42, n: n) == generator.campaignCase(seed: 42, n: n))
    }
    #expect(generator.campaignCase(seed: 42, n: 1) != generator.campaignCase(seed: 43, n: 1))
}

@Test func recordedChoicesReplayToTheSamePair() {
    let generator = PairGenerator()
    for n in 0..<200 {
        let pair = generator.campaignCase(seed: 5, n: n)
        let replayed = generator.replay(pair.choices)
        #expect(replayed.old == pair.old && replayed.new == pair.new)
    }
}

@Test func randomBytesAlwaysDecodeToACaseTheModelAccepts() {
    var random = SplitMix64(seed: 99)
    let generator = PairGenerator()
    for _ in 0..<2000 {
        let bytes = (0..<random.value(upTo: 300)).map { _ in UInt8(random.value(upTo: 255)) }
        let pair = generator.generate(from: ByteSource(bytes))
        // The model takes any pair as input: an empty batch replays.
        let replay = ListView.replay([Stage(batch: Batch())], from: pair.old, to: pair.old)
        #expect(replay.isAccepted)
        #expect(pair.old.itemCount <= 200 && pair.new.itemCount <= 200 + 200)
    }
}

@Test func drawingWithoutRecordingMakesTheSamePair() {
    // The fuzz target checks the pair of `snapshots(from:)` and prints the
    // choices of `generate(from:)`: both must be one pair for the same bytes.
    var random = SplitMix64(seed: 23)
    let generator = PairGenerator()
    for _ in 0..<2000 {
        let bytes = (0..<random.value(upTo: 300)).map { _ in UInt8(random.value(upTo: 255)) }
        let recorded = generator.generate(from: ByteSource(bytes))
        let unrecorded = generator.snapshots(from: ByteSource(bytes))
        #expect(unrecorded.old == recorded.old && unrecorded.new == recorded.new)
    }
    // A planned long case, whose shape and size class are not drawn as usual.
    for seed in 0..<4 {
        let recorded = generator.generate(from: RandomSource(seed: UInt64(seed)), plannedSize: .thousands)
        let unrecorded = generator.snapshots(from: RandomSource(seed: UInt64(seed)), plannedSize: .thousands)
        #expect(unrecorded.old == recorded.old && unrecorded.new == recorded.new)
        #expect(recorded.old.itemCount > SizeClass.largeCap)
    }
    // A campaign checks its cases unrecorded: the same pairs, planned long sizes included.
    var long = 0
    for n in 0..<1500 {
        let recorded = generator.campaignCase(seed: 5, n: n)
        let unrecorded = generator.campaignSnapshots(seed: 5, n: n)
        #expect(unrecorded.old == recorded.old && unrecorded.new == recorded.new, "case \(n)")
        if recorded.old.itemCount > SizeClass.largeCap { long += 1 }
    }
    #expect(long > 0)
}

@Test func aCampaignCaseThatFailsCarriesTheChoicesThatMakeIt() {
    // A case that holds is checked without its choices; one that fails is made again with them.
    let cases = CampaignCases(engine: EngineCatalog.engine(named: "mutant:all-shifted-move")!, seed: 3)
    var failing = 0
    for n in 0..<300 {
        let checked = cases.check(n)
        let replayed = cases.generator.replay(checked.pair.choices)
        if checked.verdict.holds {
            #expect(checked.pair.choices.isEmpty)
        } else {
            failing += 1
            #expect(checked.pair == cases.generator.campaignCase(seed: 3, n: n))
            #expect(replayed.old == checked.pair.old && replayed.new == checked.pair.new)
        }
    }
    #expect(failing > 10)
}

@Test func encodedChoicesDecodeBackFromBytes() {
    let generator = PairGenerator()
    for n in 0..<100 {
        let pair = generator.campaignCase(seed: 11, n: n)
        let bytes = ByteSource.encode(pair.choices, bounds: pair.bounds)
        let decoded = generator.generate(from: ByteSource(bytes))
        #expect(decoded.old == pair.old && decoded.new == pair.new)
    }
}

@Test func exhaustiveEnumerationVisitsEachPairOnceSmallestFirst() {
    let bound = ExhaustiveBound(isFlat: true, maxTotalItems: 4, maxItemsPerSection: 4)
    var seen: Set<String> = []
    var lastSize = 0
    let count = ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
        let key = CasePrinter.snapshot(old) + " -> " + CasePrinter.snapshot(new)
        #expect(!seen.contains(key), "visited twice: \(key)")
        seen.insert(key)
        #expect(totalItems(old, new) >= lastSize)
        lastSize = totalItems(old, new)
        return true
    }
    #expect(count == seen.count)
    // Every pair of one-item lists up to renaming: a -> a, a -> a', a -> b.
    #expect(seen.contains("a -> a") && seen.contains("a -> a'") && seen.contains("a -> b"))
}

@Test func labelsNameWhatAPairContains() {
    let old = Snapshot(sections: [Section(id: "A", items: [Item(id: "a"), Item(id: "b")]), Section(id: "B")])
    let new = Snapshot(sections: [Section(id: "B", items: [Item(id: "b", content: 1)]), Section(id: "A", items: [Item(id: "a")])])
    let labels = Label.of(old: old, new: new)
    #expect(labels.isSuperset(of: [.sectioned, .sectionMove, .crossSectionMove, .movedAndUpdated, .emptySection]))
    #expect(!labels.contains(.duplicateItems))
}

@Test func minimalMovesIsTheLongestIncreasingSubsequenceBound() {
    let reversed = Snapshot.flat(["a", "b", "c", "d"].map { Item(id: $0) })
    let back = Snapshot.flat(["d", "c", "b", "a"].map { Item(id: $0) })
    #expect(minimalMoveCount(old: reversed, new: back) == 3)
    let rotated = Snapshot.flat(["b", "c", "d", "a"].map { Item(id: $0) })
    #expect(minimalMoveCount(old: reversed, new: rotated) == 1)
}

@Test func boundedValuesAreRejectionSamplingsByTheDefinition() {
    // The definition: draw until below the largest multiple of the range, then reduce.
    func byDefinition(_ generator: inout SplitMix64, _ bound: Int) -> Int {
        let range = UInt64(bound) &+ 1
        if range == 0 { return Int(truncatingIfNeeded: generator.next()) }
        let limit = UInt64.max - (UInt64.max % range)
        while true {
            let x = generator.next()
            if x < limit { return Int(x % range) }
        }
    }
    var bounds = [0, 1, 2, 3, 7, 40, 60, 1_000, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, Int.max / 3, Int.max - 1, Int.max]
    var random = SplitMix64(seed: 99)
    for _ in 0..<200 { bounds.append(random.value(upTo: Int.max)) }
    for (k, bound) in bounds.enumerated() {
        var fast = SplitMix64(seed: UInt64(k)), plain = SplitMix64(seed: UInt64(k))
        for _ in 0..<50 {
            #expect(fast.value(upTo: bound) == byDefinition(&plain, bound), "bound \(bound)")
        }
    }
}

// Size classes and the size schedule: every campaign reaches thousands and
// tens of thousands of items, the cases replay from their choices, and a
// failure that needs a thousand items shrinks to about a thousand.
import Testing
import ListModel
@testable import DiffHarness

/// Reload-all (trivially correct) that forgets its last section insert once
/// the old snapshot holds more than a thousand items: a bug only a long
/// list shows.
struct ForgetsLastInsertPastAThousand: DiffEngine {
    let name = "forgets-last-insert-past-1000"
    let isFlatOnly = false
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    static let threshold = 1_000

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        var inserts = new.sections.indices.map { Operation.insertSection($0) }
        if old.itemCount > Self.threshold && !inserts.isEmpty { inserts.removeLast() }
        return .stages([Stage(batch: Batch(old.sections.indices.map { Operation.deleteSection($0) } + inserts))])
    }
}

@Test func everyCampaignHasCasesInTheThousandsAndTensOfThousands() {
    let generator = PairGenerator()
    let thousands = generator.campaignCase(seed: 1, n: SizeSchedule.firstThousands)
    #expect(SizeClass.thousands.itemRange.contains(thousands.old.itemCount), "\(thousands.old.itemCount)")
    let tens = generator.campaignCase(seed: 1, n: SizeSchedule.firstTensOfThousands)
    #expect(SizeClass.tensOfThousands.itemRange.contains(tens.old.itemCount), "\(tens.old.itemCount)")
    #expect(LabelSet(old: tens.old, new: tens.new).contains(.tensOfThousands))
    // The same seed gives the same long case; another seed another one.
    #expect(generator.campaignCase(seed: 1, n: SizeSchedule.firstTensOfThousands) == tens)
    #expect(generator.campaignCase(seed: 2, n: SizeSchedule.firstTensOfThousands).old != tens.old)
    // Cases the schedule does not plan stay as they were: at most 200 items.
    for n in 0..<40 { #expect(generator.campaignCase(seed: 1, n: n).old.itemCount <= SizeClass.largeCap) }
}

@Test func theScheduleIsTheSameForEveryShardAndSpreadOverThem() {
    // About one case in 8,000 is planned long past the first ones, and the
    // planned cases fall in every residue class of four shards.
    let planned = (0..<100_000).filter { SizeSchedule.plannedClass(seed: 1, n: $0) != nil }
    #expect((5...25).contains(planned.count), "\(planned.count)")
    #expect(Set(planned.map { $0 % 4 }).count == 4)
    #expect(planned == (0..<100_000).filter { SizeSchedule.plannedClass(seed: 1, n: $0) != nil })
}

@Test func aShortRunHoldsFewCasesInTheThousandsAndNoneLonger() {
    // The README's tour (`--cases 2000`) on a quadratic engine: case 50 and
    // the hash's few of up to 9,999 items (seed 1: case 48), none of tens of thousands (case 500 was one, and
    // took such an engine six minutes of a seven-minute run).
    let planned = (0..<2_000).compactMap { n in SizeSchedule.plannedClass(seed: 1, n: n).map { (n, $0) } }
    #expect(planned.map(\.0).contains(SizeSchedule.firstThousands) && planned.count <= 3, "\(planned)")
    #expect(planned.allSatisfy { $0.1 == .thousands }, "\(planned)")
    #expect(SizeSchedule.firstTensOfThousands >= 2_000)
}

@Test func aPlannedLongCaseReplaysFromItsChoicesAndBytes() {
    let generator = PairGenerator()
    let pair = generator.campaignCase(seed: 3, n: SizeSchedule.firstThousands)
    #expect(pair.old.itemCount > SizeClass.largeCap)
    let replayed = generator.replay(pair.choices)
    #expect(replayed.old == pair.old && replayed.new == pair.new)
    // A few hundred choices, however many items.
    #expect(pair.choices.count < 2_000)
    let decoded = generator.generate(from: ByteSource(ByteSource.encode(pair.choices, bounds: pair.bounds)))
    #expect(decoded.old == pair.old && decoded.new == pair.new)
}

@Test func maxSizeCapsTheLongClasses() {
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 3_000))
    let pair = generator.campaignCase(seed: 1, n: SizeSchedule.firstTensOfThousands)
    #expect(pair.old.itemCount == 3_000)
    #expect(pair.new.itemCount <= 3_000)
}

@Test func sizePlansEveryCaseInOneClass() {
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 20_000, everyCaseSize: .tensOfThousands))
    // Every case but the rare directly drawn small pair (1 in 16) and the cases cut by maxSize.
    let long = (0..<16).filter { generator.campaignCase(seed: 1, n: $0).old.itemCount >= 10_000 }
    #expect(long.count >= 12, "\(long)")
}

@Test func aFailurePastAThousandItemsShrinksToAboutAThousand() {
    // The shrinker brings the tens-of-thousands case down to the threshold:
    // the length is lowered by binary search (`shortenLongLists`).
    let generator = PairGenerator()
    let start = generator.campaignCase(seed: 1, n: SizeSchedule.firstTensOfThousands)
    func fails(_ pair: GeneratedPair) -> Bool { pair.old.itemCount > 1_000 && !pair.new.sections.isEmpty }
    #expect(fails(start))
    let shrinker = Shrinker(failing: start.choices, size: totalItems(start.old, start.new), budget: 2_000) { candidate in
        let pair = generator.replay(candidate)
        return fails(pair) ? (pair.choices, totalItems(pair.old, pair.new)) : nil
    }
    let result = shrinker.run()
    let shrunk = generator.replay(result.choices)
    #expect(shrunk.old.itemCount == 1_001, "\(shrunk.old.itemCount)")
}

@Test func aCampaignFindsAndShrinksABugOnlyALongListShows() {
    // The bug needs more than 1,000 items in old: the schedule's first long
    // cases find it (the campaign's random part, as `checkEngine` runs it),
    // and the shrunk case is within 10% of the threshold.
    let cases = CampaignCases(engine: ForgetsLastInsertPastAThousand(), seed: 1)
    guard let found = (0...SizeSchedule.firstTensOfThousands).lazy.map({ cases.check($0) }).first(where: { !$0.verdict.failures.isEmpty })
    else { Issue.record("not found in the first \(SizeSchedule.firstTensOfThousands + 1) cases"); return }
    #expect(found.pair.old.itemCount > ForgetsLastInsertPastAThousand.threshold)
    let property = found.verdict.failures[0].property
    let shrunk = shrink(found.pair, failing: property, checker: cases.checker, generator: cases.generator,
                        budget: 1_000, timeLimit: 30)
    let threshold = ForgetsLastInsertPastAThousand.threshold
    #expect(shrunk.pair.old.itemCount > threshold && shrunk.pair.old.itemCount <= threshold * 11 / 10,
            "\(shrunk.pair.old.itemCount) items")
    #expect(shrunk.verdict.failures.contains { $0.property == property })
}

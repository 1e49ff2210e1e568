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

@Test func unrelatedPairsAreReencodedExactlyAndOthersWhenTheShapeAllows() {
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 12))
    var encoded = 0
    for n in 0..<400 {
        let pair = generator.campaignCase(seed: 21, n: n)
        guard let choices = generator.unrelatedChoices(old: pair.old, new: pair.new) else {
            // Only a pair the unrelated shape cannot make is refused.
            let itemContents = pair.new.sections.flatMap(\.items).map(\.content)
            #expect(itemContents.contains { $0 > 3 } || pair.new.sections.contains { $0.content != 0 }
                    || pair.old.isFlat != pair.new.isFlat, "case \(n) was refused: \(pair.old) → \(pair.new)")
            continue
        }
        encoded += 1
        let replayed = generator.replay(choices)
        // The same pair up to renaming: the same shape and contents, item by item.
        #expect(replayed.old.sections.map { $0.items.map(\.content) } == pair.old.sections.map { $0.items.map(\.content) })
        #expect(replayed.new.sections.map { $0.items.map(\.content) } == pair.new.sections.map { $0.items.map(\.content) })
        #expect(hasDuplicates(replayed.old) == hasDuplicates(pair.old) && hasDuplicates(replayed.new) == hasDuplicates(pair.new))
        #expect(generator.unrelatedChoices(old: replayed.old, new: replayed.new) == choices, "case \(n): encoding is stable")
    }
    #expect(encoded > 200)
}

@Test func deletingItemsFromThePairShrinksWhatTheChoicesCannot() {
    // Large edited cases of mutant:sequential-moves (seed 11, cases 148 and
    // 237: 400 and 35 items since inserted items carry content versions;
    // 400 and 40 before). With the local passes alone case 237 stalls at 10
    // items (148 reaches 8; before, they stalled at 310 and 9): later edits
    // point at earlier items by index. Removing items from the pair and
    // re-encoding it goes on to the minimum, 8. No smaller-pairs pass here.
    let checker = Checker(engine: SimpleEngine(flaw: .sequentialMoves))
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 200))
    for n in [148, 237] {
        let pair = generator.campaignCase(seed: 11, n: n)
        guard let failure = checker.check(old: pair.old, new: pair.new).failures.first else {
            Issue.record("case \(n) no longer fails: pick another large failing case")
            continue
        }
        let check = PropertyCheck(failure.property, of: checker)
        func shrunkSize(removingItems: Bool) -> Int {
            let shrinker = Shrinker(failing: pair.choices, size: totalItems(pair.old, pair.new), budget: 6000) { candidate in
                let replayed = generator.replay(candidate)
                guard check.fails(old: replayed.old, new: replayed.new) else { return nil }
                return (replayed.choices, totalItems(replayed.old, replayed.new))
            }
            if removingItems { shrinker.removingItems = { generator.choices($0, removingItems: $1) } }
            let result = shrinker.run()
            let shrunk = generator.replay(result.choices)
            #expect(check.fails(old: shrunk.old, new: shrunk.new))
            return totalItems(shrunk.old, shrunk.new)
        }
        let with = shrunkSize(removingItems: true), without = shrunkSize(removingItems: false)
        #expect(with <= without, "case \(n)")
        #expect(with <= 8, "case \(n): \(totalItems(pair.old, pair.new)) items shrank only to \(with) (without the pass: \(without))")
    }
}

@Test func aShrinkStoppedByItsBudgetSaysSo() throws {
    let checker = Checker(engine: SimpleEngine(flaw: .staleMovedUpdate))
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 200))
    // A large failing case, so that 20 calls cannot finish the job.
    let n = try #require((0..<5000).first { n in
        let pair = generator.campaignCase(seed: 11, n: n)
        return totalItems(pair.old, pair.new) >= 40 && !checker.check(old: pair.old, new: pair.new).failures.isEmpty
    })
    let pair = generator.campaignCase(seed: 11, n: n)
    let failure = try #require(checker.check(old: pair.old, new: pair.new).failures.first)
    let shrunk = shrink(pair, failing: failure.property, checker: checker, generator: generator, budget: 20)
    #expect(shrunk.result.isBudgetExhausted)
    let example = Counterexample(
        failure: failure, engine: "mutant:stale-moved-update", profile: .strict, seed: 11, caseNumber: n,
        original: pair, shrunk: shrunk.pair, shrunkVerdict: shrunk.verdict, shrinkCalls: shrunk.result.calls,
        isShrinkBudgetExhausted: shrunk.result.isBudgetExhausted)
    #expect(CasePrinter.text(findingCase(example)).contains("stopped at the shrink budget"))
    #expect(findingCase(example).finding?.shrinking?.state == .stoppedAtBudget)
}

@Test func boundsAnExhaustiveWalkWentThroughAreNotWalkedAgain() {
    // The first-day shrink cost (issue #21): a failure beyond the flat bound
    // walks every pair of both default bounds (143,639) to prove none is
    // smaller. After `check`'s exhaustive part walked them, what it found
    // makes the same shrink cost a call per bound, with the same result.
    // "Fails" when old holds at least three items and new's first section
    // at least three: 6 items at least, the flat bound's largest pairs, so
    // every smaller pair of both bounds is walked first.
    @Sendable func fails(_ old: Snapshot, _ new: Snapshot) -> Bool {
        old.itemCount >= 3 && (new.sections.first?.items.count ?? 0) >= 3
    }
    let generator = PairGenerator()
    guard let start = (0..<2_000).lazy.map({ generator.campaignCase(seed: 2, n: $0) })
        .first(where: { fails($0.old, $0.new) && totalItems($0.old, $0.new) > 8 })
    else { Issue.record("no starting case"); return }
    var walked = WalkedBounds()
    for (bound, _) in generator.directShapes {
        var place = 0, first: Int?
        ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            if fails(old, new) { first = place; return false }
            place += 1
            return true
        }
        walked.record(bound, firstFailingPlaces: first.map { [FindingKind(.valid): $0] } ?? [:])
    }
    func run(knowing walked: WalkedBounds) -> ShrinkResult {
        let shrinker = Shrinker(failing: start.choices, size: totalItems(start.old, start.new),
                                direct: generator.directShapes) { candidate in
            let pair = generator.replay(candidate)
            return fails(pair.old, pair.new) ? (pair.choices, totalItems(pair.old, pair.new)) : nil
        }
        shrinker.pairFails = fails
        shrinker.walked = walked.known(.valid)
        return shrinker.run()
    }
    let walking = run(knowing: WalkedBounds()), knowing = run(knowing: walked)
    #expect(walking.choices == knowing.choices)
    #expect(walking.calls > 10_000, "\(walking.calls)")
    #expect(knowing.calls * 10 < walking.calls, "\(knowing.calls) calls, walking \(walking.calls)")
    let shrunk = generator.replay(knowing.choices)
    #expect(totalItems(shrunk.old, shrunk.new) == 6, "\(shrunk.old) → \(shrunk.new)")
}

@Test func aLargeFetchedResultsFailureIsShrunkFurtherByEditingTheCase() throws {
    // Case 207 of seed 1: a reaches-target failure of frc:delete-insert under uikit,
    // 403 items. The fetched-results shapes cannot write a smaller pair of their own,
    // so the choices alone stayed at 400 items; the case shrinker then takes it to the
    // five of `[A: a b]` → `[B: c] [A: a' b]` (the reload's insert half lands at 1.0,
    // shifted by the section insert, where the collector also inserts).
    let engine = try #require(EngineCatalog.engine(named: "frc:delete-insert"))
    let cases = CampaignCases(engine: engine, profile: .uikit, generatorOptions: GeneratorOptions(shapes: .fetchedResults), seed: 1)
    let found = cases.check(207)
    #expect(totalItems(found.pair.old, found.pair.new) > 400)
    #expect(found.verdict.failures.map(\.property).contains(.reachesTarget))
    #expect(!cases.generator.writesAnyPair)
    let shrunk = shrink(found.pair, failing: .reachesTarget, checker: cases.checker, generator: cases.generator,
                        budget: 400, timeLimit: 60, editsCase: true, smallerPairsBudget: 4_000)
    #expect(totalItems(shrunk.pair.old, shrunk.pair.new) <= 6, "\(shrunk.pair.old) → \(shrunk.pair.new)")
    #expect(shrunk.verdict.failures.map(\.property).contains(.reachesTarget))
    // Edited as a case: no choices write it, and the finding says so.
    #expect(shrunk.pair.choices.isEmpty)
}

// The shorten-each-side shrink pass: a failure that needs a long old list
// and a short new one shrinks to exactly that, in few calls.
import Testing
import ListModel
@testable import DiffHarness

/// The core, flat lists only, except that it forgets its last item insert
/// once the old list holds more than a thousand items.
private struct ForgetsLastItemInsertPastAThousand: DiffEngine {
    let name = "forgets-last-item-insert-past-1000"
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        guard case .stages(var stages) = CoreEngine().diff(old: old, new: new) else { return CoreEngine().diff(old: old, new: new) }
        guard old.itemCount > 1_000 else { return .stages(stages) }
        for s in stages.indices.reversed() {
            if let last = stages[s].batch.operations.lastIndex(where: { if case .insertItem = $0 { true } else { false } }) {
                stages[s].batch.operations.remove(at: last)
                break
            }
        }
        return .stages(stages)
    }
}

@Test func aFailureThatNeedsALongOldListAndOneNewItemShrinksToExactlyThat() {
    // The smallest failing pair: 1,001 old items (the threshold is "more
    // than 1,000") and one new item that is an insert (not in old, or
    // changed); no new item, or a new item that is old and unchanged, has
    // no insert to forget.
    let engine = ForgetsLastItemInsertPastAThousand()
    let cases = CampaignCases(engine: engine, generatorOptions: GeneratorOptions(allowsDuplicates: false), seed: 1)
    let found = cases.check(SizeSchedule.firstThousands)
    guard let failure = found.verdict.failures.first else { Issue.record("case \(SizeSchedule.firstThousands) passes"); return }
    #expect(found.pair.old.itemCount > 1_000)
    let shrunk = shrink(found.pair, failing: failure.property, checker: cases.checker, generator: cases.generator)
    #expect(shrunk.pair.old.itemCount == 1_001, "\(shrunk.pair.old.itemCount) old items")
    #expect(shrunk.pair.new.itemCount == 1, "\(shrunk.pair.new.itemCount) new items")
    #expect(!shrunk.result.isBudgetExhausted)
    // A few hundred calls at most: each side's length is searched, not each choice tried.
    #expect(shrunk.result.calls < 500, "\(shrunk.result.calls) calls")
}

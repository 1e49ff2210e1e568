// A large failure is shrunk from its smallest failing cut (issue 49): a bug
// that only lists of more than 1,000 items show, found on a case of tens of
// thousands, shrinks to about a thousand items within a small budget of
// engine calls, where every call on the whole case costs the engine its size.
import Foundation
import Testing
import ListModel
@testable import DiffHarness

/// The items an engine was asked about, old and new together, over all its calls.
private final class AskedItems: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ items: Int) { lock.lock(); total += items; lock.unlock() }
    var items: Int { lock.lock(); defer { lock.unlock() }; return total }
}

/// The core, but it forgets its last item insert once the old list holds
/// more than 1,000 items (the view's count check, `valid`, fails); a slow
/// engine: each call takes 200 µs an item (a 79,664-item case, 16 s).
private struct ForgetsItsLastInsertPastAThousand: DiffEngine {
    let asked: AskedItems
    var name: String { "forgets-last-insert" }
    var isFlatOnly: Bool { false }
    var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh] }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        asked.add(old.itemCount + new.itemCount)
        Thread.sleep(forTimeInterval: Double(old.itemCount + new.itemCount) * 200e-6)
        let output = CoreEngine().diff(old: old, new: new)
        guard old.itemCount > 1_000, case .stages(var stages) = output, let last = stages.indices.last,
              let insert = stages[last].batch.operations.lastIndex(where: { if case .insertItem = $0 { true } else { false } })
        else { return output }
        stages[last].batch.operations.remove(at: insert)
        return .stages(stages)
    }
}

@Test func aLargeFailureShrinksFromItsSmallestFailingCut() throws {
    let asked = AskedItems()
    let engine = ForgetsItsLastInsertPastAThousand(asked: asked)
    let checker = Checker(engine: engine)
    let generator = PairGenerator(options: GeneratorOptions(everyCaseSize: .tensOfThousands))
    let failing = try #require((0..<40).lazy.map { generator.campaignCase(seed: 1, n: $0) }.first { pair in
        !checker.check(old: pair.old, new: pair.new).failures.isEmpty
    })
    let property = try #require(checker.check(old: failing.old, new: failing.new).failures.first?.property)
    let items = totalItems(failing.old, failing.new)
    #expect(items > 20_000, "\(items)")
    let before = asked.items
    let shrunk = shrink(failing, failing: property, checker: checker, generator: generator, budget: 200, editsCase: true)
    let shrunkItems = totalItems(shrunk.pair.old, shrunk.pair.new)
    #expect(shrunk.verdict.failures.contains { $0.property == property }, "\(shrunk.verdict.failures)")
    #expect(shrunk.pair.old.itemCount > 1_000 && shrunkItems <= 1_100 + 1_001, "\(shrunkItems) items, was \(items)")
    // The whole shrink asked the engine about fewer items than the case holds (from the case itself, 2.7 times it).
    #expect(asked.items - before < items, "\(asked.items - before) items asked, the case \(items)")
}

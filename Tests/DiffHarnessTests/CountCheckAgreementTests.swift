import DiffHarness
import ListModel
import Testing

/// `CountCheck` (counts and a batch) against `ListView.apply` (the real
/// snapshots, identities and contents included): the same verdict, word for
/// word, under both profiles, on every pair of the exhaustive bounds, for the
/// core's batch and, in turn from pair to pair, one of three variants of it
/// that UIKit rejects in different ways (an operation left out, a delete
/// past the end, an insert where a move or insert already lands).
///
/// The count check is a function of the counts and the batch, so its answer
/// is computed once per distinct (counts, batch); the full model runs on
/// every pair.
@Suite struct CountCheckAgreementTests {
    @Test(arguments: [ExhaustiveBound.flat, ExhaustiveBound.sectioned])
    func theCountCheckAgreesWithTheFullModelOnEveryPairOfTheBound(_ bound: ExhaustiveBound) {
        struct Key: Hashable { let before: [Int], after: [Int], batch: Batch, profile: Profile }
        var known: [Key: Rejection?] = [:]
        var pairs = 0, checked = 0, rejected = 0, disagreements: [String] = []
        let core = CoreEngine()
        ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            pairs += 1
            guard case .stages(let stages) = core.diff(old: old, new: new), let first = stages.first else { return true }
            let data = first.data ?? new
            let before = old.sections.map(\.items.count), after = data.sections.map(\.items.count)
            let variants = Self.variants(of: first.batch, before: before, after: after)
            let turn = variants.count > 1 ? [variants[1 + pairs % (variants.count - 1)]] : []
            for batch in [variants[0]] + turn {
                for profile in Profile.allCases {
                    let full: Rejection?
                    switch ListView.apply(batch, to: old, data: data, profile: profile) {
                    case .success: full = nil
                    case .failure(let rejection): full = rejection
                    }
                    let key = Key(before: before, after: after, batch: batch, profile: profile)
                    let counts = known[key] ?? CountCheck(before: before, after: after, batch: batch, profile: profile).rejection
                    known[key] = counts
                    checked += 1
                    if full != nil { rejected += 1 }
                    if counts != full, disagreements.count < 5 {
                        disagreements.append("\(profile): \(CasePrinter.text(Case(old: old, new: data, stages: [Stage(batch: batch)])))full: \(full?.message ?? "accepted")\ncounts: \(counts?.message ?? "accepted")")
                    }
                }
            }
            return true
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Every pair was checked, and both answers came up many times.
        #expect(pairs > 1_000)
        #expect(checked > pairs * 3)
        #expect(rejected > checked / 4 && rejected < checked)
    }

    /// The batch, the batch without its last operation, with a delete one past
    /// the end of the first section, and with an insert at the first place an
    /// insert or move already lands.
    static func variants(of batch: Batch, before: [Int], after: [Int]) -> [Batch] {
        var result = [batch]
        if !batch.isEmpty { result.append(Batch(Array(batch.operations.dropLast()))) }
        if let count = before.first { result.append(Batch(batch.operations + [.deleteItem(ItemPath(0, count))])) }
        if let landing = batch.insertedItems.first ?? batch.movedItems.first?.to {
            result.append(Batch(batch.operations + [.insertItem(landing)]))
        } else if !after.isEmpty {
            result.append(Batch(batch.operations + [.insertItem(ItemPath(0, 0))]))
        }
        return result
    }
}

// CountCheck: the model's verdict from what an app holds when it calls
// `performBatchUpdates` — the item counts the view showed, the counts the data
// source returns afterwards, and the batch — without the items themselves.
//
// UIKit's checks read positions and counts only (RULES.md §3): no rule looks
// at an identity or a content version. So the check builds placeholder
// snapshots of the given sizes and asks `ListView.apply`; its answer is the
// model's answer for every pair of snapshots with those counts.

/// The model's verdict on one batch, from counts alone.
///
/// An app's debug build calls it just before `performBatchUpdates`, with the
/// counts the view displays and the counts its data source will return:
///
///     let check = CountCheck(before: [3], after: [2], batch: Batch([.deleteItem(ItemPath(0, 3))]))
///     check.rejection?.message
///     // "attempt to delete item 3 from section 0 which only contains 3 items before the update"
///     check.caseText   // a `.case` file reproducing it, for the bug report
///
/// - Complexity: builds two snapshots of *n* placeholder items and applies
///   the batch once: O(*n* + the model's cost, O(*k*² + *k*·*n*) for *k*
///   operations). `caseText` is computed only when read.
public struct CountCheck: Hashable, Sendable {
    /// Items per section that the view displayed before the batch.
    public let before: [Int]
    /// Items per section that the data source returns after the batch.
    public let after: [Int]
    /// The batch the app is about to issue.
    public let batch: Batch
    /// The list view the batch is checked as (`uikit` unless given).
    public let profile: Profile
    /// The first rejection, in UIKit's words, or nil when the view accepts the batch.
    public let rejection: Rejection?

    /// Checks `batch` against the counts. A negative count reads as 0 (a data
    /// source cannot return fewer than no items); the check never traps.
    /// `profile` defaults to `uikit`: the verdict is UICollectionView's.
    public init(before: [Int], after: [Int], batch: Batch, profile: Profile = .uikit) {
        self.before = before.map { max($0, 0) }
        self.after = after.map { max($0, 0) }
        self.batch = batch
        self.profile = profile
        // The same identity for every item: the rules read positions only,
        // and one short string is no allocation per item.
        let old = Snapshot.sized(itemCounts: self.before)
        let new = Snapshot.sized(itemCounts: self.after)
        switch ListView.apply(batch, to: old, data: new, profile: profile) {
        case .success: rejection = nil
        case .failure(let found): rejection = found
        }
    }

    /// Whether the view accepts the batch.
    public var isAccepted: Bool { rejection == nil }

    /// The check as a `.case` file (placeholder snapshots, the batch, the
    /// verdict as `expect:`, the profile), ending with a line break. Attach it
    /// to a bug report: `diffcheck repro` and `diffcheck show` read it.
    public var caseText: String {
        let expectation: Expectation = rejection.map { .error($0.message) } ?? .pass
        let c = Case(
            comments: ["Recorded by CountCheck: counts before \(before), after \(after)."],
            old: .placeholder(itemCounts: before), new: .placeholder(itemCounts: after),
            stages: [Stage(batch: batch)], expectation: expectation, profile: profile)
        return CasePrinter.text(c)
    }
}

extension Snapshot {
    /// Sections `S0`, `S1`, … of the given item counts, every item `x`.
    static func sized(itemCounts: [Int]) -> Snapshot {
        let item = Item(id: "x")
        if itemCounts.count == 1 { return .flat(Array(repeating: item, count: max(itemCounts[0], 0))) }
        return Snapshot(sections: itemCounts.indices.map {
            Section(id: "S\($0)", items: Array(repeating: item, count: max(itemCounts[$0], 0)))
        })
    }

    /// A snapshot of placeholder items with the given count per section:
    /// sections `S0`, `S1`, … and items `x0`, `x1`, … numbered across the
    /// whole snapshot. One count of a snapshot without brackets is the flat
    /// snapshot (`x0 x1 x2`), so a one-section case prints as a flat one.
    /// Negative counts read as 0.
    public static func placeholder(itemCounts: [Int]) -> Snapshot {
        var next = 0
        func items(_ count: Int) -> [Item] {
            let range = next..<(next + max(count, 0))
            next = range.upperBound
            return range.map { Item(id: "x\($0)") }
        }
        if itemCounts.count == 1 { return .flat(items(itemCounts[0])) }
        return Snapshot(sections: itemCounts.indices.map { Section(id: "S\($0)", items: items(itemCounts[$0])) })
    }
}

// Shrink pass: shorten long lists first.

extension Shrinker {
    /// The values at least this large are what only a long case draws: a
    /// list's length (`LongLists`), a position in it, a run's length.
    static let longValue = 256

    /// Lowers each long value (`longValue` and above: the length of a long
    /// list, a position or run in one) to the smallest that still fails:
    /// first 0, then a binary search between 0 and its value. Lowering a
    /// length drops items from the list's end, half of them at once and
    /// then finer, so a failure of thousands of items comes down to the
    /// size it needs (a failure past 1,000 items to about 1,001) in a few
    /// dozen calls, before the passes that try one choice at a time run on
    /// the long case. Later choices stay where they were (a position past
    /// the new end is clamped), so the rest of the case keeps its shape.
    /// It runs once before the other passes (each round of them lowers
    /// every value again, `lowerValues`).
    func shortenLongLists() {
        var index = 0
        while index < best.count && !isOutOfBudget {
            let value = best[index]
            if value >= Shrinker.longValue && !replace(index, with: 0) {
                var low = 0, high = value   // low passes (or is untried), high fails
                while high - low > 1 && !isOutOfBudget {
                    let mid = (low + high) / 2
                    if index < best.count && replace(index, with: mid) { high = mid } else { low = mid }
                }
            }
            index += 1
        }
    }

    /// Whether the failure still needs a long list after the local passes
    /// (more items than two large snapshots hold): then the walk of the
    /// smallest pairs (a few items each, `trySmallerPairs`) is skipped, and
    /// deleting the pair's items (`deletePairItems`, about two calls an
    /// item down to single items) tries only removals that make the case
    /// short. The walk could
    /// only find another failure of the property at a handful of items,
    /// which a campaign's exhaustive part checks anyway; for an external
    /// engine each costs a round trip per call, a minute or more in all.
    var needsLongList: Bool { bestSize > 2 * SizeClass.largeCap }
}

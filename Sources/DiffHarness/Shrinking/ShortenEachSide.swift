// Shrink pass: shorten the old and the new snapshot each on its own.

extension Shrinker {
    /// For a case that still needs a long list (`needsLongList`): drops
    /// items from one side of the pair at a time, the longer side first —
    /// first its tail, then its head — keeping each removal after which the
    /// property still fails. The smaller pair is re-encoded as an unrelated
    /// pair (`removingItems`), so one side can stay long while the other
    /// becomes short: a failure that needs 1,001 old items and one new one
    /// gets there, where lowering a long list's length (`shortenLongLists`)
    /// shortens both sides together.
    ///
    /// How many items a side keeps is searched from below: keep 0, 1, 2,
    /// 4, … items until a candidate fails, then a binary search between the
    /// last two tried. The calls thus go to short candidates first, which
    /// is where a slow engine (O(n²) in places) is cheap; a side that must
    /// stay long costs about twice the logarithm of its length in calls.
    /// Each kept candidate has fewer items. Nothing when `removingItems` or
    /// `sideLengths` is nil, or the case is short.
    func shortenEachSide() {
        guard removingItems != nil, let sideLengths, needsLongList else { return }
        let lengths = sideLengths(best)
        // The longer side first: its removals lower the cost of every later call the most.
        let sides = lengths.old >= lengths.new ? [Side.old, .new] : [.new, .old]
        for side in sides where needsLongList {
            keepFewest(of: side, atEnd: false)
            keepFewest(of: side, atEnd: true)
        }
    }

    /// A snapshot of the pair.
    enum Side { case old, new }

    /// Keeps as few of `side`'s items as still fail: its first ones
    /// (`atEnd` false: the tail is removed) or its last ones (the head is).
    private func keepFewest(of side: Side, atEnd: Bool) {
        guard let sideLengths, let removingItems else { return }
        /// Tries keeping `kept` items of the side; whether the candidate was kept.
        func tryKeeping(_ kept: Int) -> Bool {
            let lengths = sideLengths(best)
            let count = side == .old ? lengths.old : lengths.new
            guard kept < count else { return false }
            let start = side == .old ? 0 : lengths.old
            let removed = atEnd ? start..<(start + count - kept) : (start + kept)..<(start + count)
            guard let candidate = removingItems(best, removed) else { return false }
            return consider(candidate, allowingLonger: true)
        }
        let count = side == .old ? sideLengths(best).old : sideLengths(best).new
        // Invariant: keeping `low` items passes (or was not tried: 0 at first);
        // keeping `high` fails (the side as it is).
        var low = -1, high = count
        var kept = 0
        while kept < high && !isOutOfBudget {
            if tryKeeping(kept) {
                high = kept
                break
            }
            low = kept
            kept = kept == 0 ? 1 : kept * 2
        }
        while high - low > 1 && !isOutOfBudget {
            let mid = (low + high) / 2
            if tryKeeping(mid) { high = mid } else { low = mid }
        }
    }
}

extension PairGenerator {
    /// The items of the old and of the new snapshot that `choices` replay to
    /// (`Shrinker.sideLengths`).
    func sideLengths(of choices: [Int]) -> (old: Int, new: Int) {
        let pair = replay(choices)
        return (pair.old.itemCount, pair.new.itemCount)
    }
}

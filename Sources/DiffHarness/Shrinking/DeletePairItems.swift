// Shrink pass: delete items from the pair itself.

extension Shrinker {
    /// Removes runs of items from the current pair (old's items, then new's),
    /// halving the run length from half the items down to one, and keeps each
    /// removal after which the property still fails. The smaller pair is
    /// re-encoded as an unrelated pair (`removingItems`), so an item can go
    /// even when, in the recorded choices, later edits point at it by index.
    /// Every kept candidate has fewer items.
    ///
    /// While the case still needs a long list (`needsLongList`), runs
    /// shorter than a 64th of it are not tried: a failure that needs its
    /// thousand items would otherwise cost about two calls an item, all
    /// passing, where `shortenLongLists` has already cut the list to its
    /// length. A long case that comes out short goes on down to single
    /// items (a 403-item failure of two large snapshots and their edits
    /// did, where before this pass was skipped for it).
    func deletePairItems() {
        guard let removingItems else { return }
        var run = max(bestSize / 2, 1)
        while !isOutOfBudget {
            var start = 0
            while start < bestSize && !isOutOfBudget {
                if let candidate = removingItems(best, start..<min(start + run, bestSize)),
                   consider(candidate, allowingLonger: true) {
                    continue   // later items moved to `start`: try there again
                }
                start += run
            }
            let shortest = needsLongList ? max(bestSize / 64, 1) : 1
            if run <= shortest { return }
            run /= 2
        }
    }
}

// Shrink pass: delete items from the pair itself.

extension Shrinker {
    /// Removes runs of items from the current pair (old's items, then new's),
    /// halving the run length from half the items down to one, and keeps each
    /// removal after which the property still fails. The smaller pair is
    /// re-encoded as an unrelated pair (`removingItems`), so an item can go
    /// even when, in the recorded choices, later edits point at it by index.
    /// Every kept candidate has fewer items.
    ///
    /// While the case still needs a long list (`needsLongList`), only a
    /// removal that makes it short is tried: re-encoded, a long case has a
    /// choice per item, and the passes after this one would spend a call
    /// on each (a failure that needs its thousand items went from 181 calls
    /// to the whole budget of 20,000 that way). So a failure of two large
    /// snapshots and their edits, just past the limit (403 items), comes
    /// down to single items, while one that needs a long list costs this
    /// pass no call at all; `shortenLongLists` has cut that to its length.
    func deletePairItems() {
        guard let removingItems else { return }
        let short = 2 * SizeClass.largeCap
        var run = max(bestSize / 2, 1)
        while !isOutOfBudget {
            var start = 0
            while start < bestSize && !isOutOfBudget {
                let range = start..<min(start + run, bestSize)
                if !needsLongList || bestSize - range.count <= short,
                   let candidate = removingItems(best, range), consider(candidate, allowingLonger: true) {
                    continue   // later items moved to `start`: try there again
                }
                start += run
            }
            if run == 1 || (needsLongList && bestSize - run > short) { return }
            run /= 2
        }
    }
}

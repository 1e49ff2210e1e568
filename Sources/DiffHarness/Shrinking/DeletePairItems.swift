// Shrink pass: delete items from the pair itself.

extension Shrinker {
    /// Removes runs of items from the current pair (old's items, then new's),
    /// halving the run length from half the items down to one, and keeps each
    /// removal after which the property still fails. The smaller pair is
    /// re-encoded as an unrelated pair (`removingItems`), so an item can go
    /// even when, in the recorded choices, later edits point at it by index.
    /// Every kept candidate has fewer items.
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
            if run == 1 { return }
            run /= 2
        }
    }
}

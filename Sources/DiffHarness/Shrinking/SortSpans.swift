// Shrink pass: sort spans of choices.

extension Shrinker {
    /// Sorts runs of choices ascending, so smaller values come first in
    /// shortlex order when their order does not matter to the failure.
    func sortSpans() {
        for width in [8, 4, 2] {
            var start = 0
            while start + width <= best.count && !isOutOfBudget {
                var candidate = best
                candidate[start..<(start + width)].sort()
                consider(candidate)
                start += 1
            }
        }
    }
}

// Shrink pass: set spans of choices to zero.

extension Shrinker {
    /// Replaces runs of choices with zeros (the simplest value of every
    /// choice), longest runs first.
    func zeroSpans() {
        for width in [8, 4, 2] {
            var start = 0
            while start + width <= best.count && !isOutOfBudget {
                if best[start..<(start + width)].contains(where: { $0 != 0 }) {
                    var candidate = best
                    for i in start..<(start + width) { candidate[i] = 0 }
                    consider(candidate)
                }
                start += 1
            }
        }
    }
}

// Shrink pass: lower single choices.

extension Shrinker {
    /// Lowers each choice to the smallest value that still fails: first 0,
    /// then a binary search between 0 and its value.
    func lowerValues() {
        var index = 0
        while index < best.count && !isOutOfBudget {
            let value = best[index]
            if value > 0 && !replace(index, with: 0) {
                var low = 0, high = value   // low passes (or is untried), high fails
                while high - low > 1 && !isOutOfBudget {
                    let mid = (low + high) / 2
                    if index < best.count && replace(index, with: mid) { high = mid } else { low = mid }
                }
            }
            index += 1
        }
    }

    func replace(_ index: Int, with value: Int) -> Bool {
        guard index < best.count else { return false }
        var candidate = best
        candidate[index] = value
        return consider(candidate)
    }
}

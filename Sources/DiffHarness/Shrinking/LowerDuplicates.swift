// Shrink pass: lower equal choices together.

extension Shrinker {
    /// Lowers every occurrence of a repeated value at once (to 0, then by
    /// one). Two choices that must stay equal for the failure (the same
    /// index drawn twice) cannot be lowered one at a time.
    func lowerDuplicates() {
        let repeated = Dictionary(grouping: best.indices, by: { best[$0] }).filter { $0.key > 0 && $0.value.count > 1 }
        for (value, positions) in repeated.sorted(by: { $0.key > $1.key }) where !isOutOfBudget {
            for target in [0, value - 1] where target < value {
                var candidate = best
                for p in positions where p < candidate.count && candidate[p] == value { candidate[p] = target }
                if consider(candidate) { break }
            }
        }
    }
}

// Shrink pass: delete spans of choices.

extension Shrinker {
    /// Deletes runs of consecutive choices: first large aligned chunks
    /// (half the sequence, a quarter, … down to 16), so a large case loses
    /// most of its choices in a few calls; then runs of 8, 4, 2 and 1 at
    /// every position, growing a run while deleting keeps working (adaptive,
    /// like Hypothesis' block deletion). Removes whole list elements, edits
    /// and sections when the failure does not need them.
    func deleteSpans() {
        var width = best.count / 2
        while width >= 16 && !isOutOfBudget {
            var start = 0
            while start < best.count && !isOutOfBudget {
                let end = min(start + width, best.count)
                if !consider(Array(best[..<start] + best[end...])) { start += width }
            }
            width /= 2
        }
        for width in [8, 4, 2, 1] {
            var start = best.count - width
            while start >= 0 && !isOutOfBudget {
                var span = width
                while start + span <= best.count && consider(Array(best[..<start] + best[(start + span)...])) {
                    span *= 2   // it worked: try a wider run at the same place
                }
                start = min(start, best.count - width) - 1
            }
        }
    }
}

// Shrink pass: delete spans of choices.

extension Shrinker {
    /// Deletes runs of consecutive choices, trying long runs first and
    /// growing the run while deleting keeps working (adaptive, like
    /// Hypothesis' block deletion). Removes whole list elements, edits and
    /// sections when they are not needed for the failure.
    func deleteSpans() {
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

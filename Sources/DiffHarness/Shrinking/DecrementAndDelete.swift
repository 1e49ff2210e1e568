// Shrink pass: lower a count and delete what it counted.

extension Shrinker {
    /// Lowers one choice by one and deletes a run of up to four choices after
    /// it. The generator draws a count before the elements it counts, so
    /// removing one element means both edits at once.
    func decrementAndDelete() {
        var index = best.count - 1
        while index >= 0 && !isOutOfBudget {
            if index < best.count && best[index] > 0 {
                for width in 1...4 {
                    for start in (index + 1)..<max(index + 2, best.count - width + 1) where start + width <= best.count {
                        var candidate = best
                        candidate[index] -= 1
                        candidate.removeSubrange(start..<(start + width))
                        if consider(candidate) { break }
                    }
                    if index >= best.count || best[index] == 0 { break }
                }
            }
            index -= 1
        }
    }
}

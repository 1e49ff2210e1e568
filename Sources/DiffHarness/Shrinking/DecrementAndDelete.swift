// Shrink pass: lower a count and delete what it counted.

extension Shrinker {
    /// Lowers one choice by one and deletes a run of up to four choices
    /// shortly after it (within eight places). A choice that bounds or picks
    /// what follows (an index drawn against a count) and the choices it
    /// governs often have to change together.
    func decrementAndDelete() {
        var index = best.count - 1
        while index >= 0 && !isOutOfBudget {
            if index < best.count && best[index] > 0 {
                for width in 1...4 {
                    for start in (index + 1)..<min(index + 9, max(index + 2, best.count - width + 1)) where start + width <= best.count {
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

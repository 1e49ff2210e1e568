// Shrink pass: try every smaller pair.

extension Shrinker {
    /// Tries every pair of the generator's `direct` shape that has fewer
    /// items than the current case, smallest first (the exhaustive walk of
    /// `SmallPairGenerator`), and keeps the first that still fails. The other
    /// passes only move downhill from where the case started; this one makes
    /// the result as small, in items, as the first failure exhaustive
    /// enumeration finds within the direct shape's bound.
    func trySmallerPairs() {
        // Size by size, every shape at each size, so the first pair kept is
        // a smallest one and the calls spent grow with the answer's size.
        let limit = bestSize
        for size in 0..<limit where bestSize == limit && !isOutOfBudget {
            for (bound, encode) in directShapes where bestSize == limit {
                ExhaustiveEnumeration(bound: bound).forEach(totalItems: size) { old, new, choices in
                    guard !isOutOfBudget else { return false }
                    if let pairFails {
                        calls += 1
                        guard pairFails(old, new) else { return true }
                    }
                    return !consider(encode(choices), allowingLonger: true)
                }
            }
        }
    }
}

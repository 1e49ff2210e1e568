// Shrink pass: try every smaller pair.

extension Shrinker {
    /// Tries every pair of the generator's `direct` shape that has fewer
    /// items than the current case, smallest first (the exhaustive walk of
    /// `SmallPairGenerator`), and keeps the first that still fails. The other
    /// passes only move downhill from where the case started; this one makes
    /// the result as small, in items, as the first failure exhaustive
    /// enumeration finds within the direct shape's bound.
    func trySmallerPairs() {
        for (bound, encode) in directShapes where bestSize > 0 {
            let limit = bestSize
            ExhaustiveEnumeration(bound: bound).forEach { old, new, choices in
                guard !isOutOfBudget, old.itemCount + new.itemCount < limit else { return false }
                return !consider(encode(choices), allowingLonger: true)
            }
        }
    }
}

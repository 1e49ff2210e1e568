// SmallestFailure: shrinking a case that has no recorded choices.
import ListModel

/// The smallest pair within the exhaustive bounds (flat first, then
/// sectioned) that has fewer items than `size` and fails `property`, or nil.
/// Used to shrink a hand-written or imported case, which has no choices.
public func smallestFailure(
    below size: Int, failing property: PropertyName, checker: Checker, options: GeneratorOptions
) -> (old: Snapshot, new: Snapshot, verdict: Verdict)? {
    var found: (Snapshot, Snapshot, Verdict)?
    var limit = size
    for (bound, _) in PairGenerator(options: options).directShapes {
        ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            guard totalItems(old, new) < limit else { return false }
            let verdict = checker.check(old: old, new: new)
            if verdict.failures.contains(where: { $0.property == property }) {
                found = (old, new, verdict)
                limit = totalItems(old, new)
                return false
            }
            return true
        }
    }
    return found
}

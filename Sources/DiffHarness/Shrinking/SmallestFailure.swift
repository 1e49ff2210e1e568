// SmallestFailure: shrinking a case that has no recorded choices.
import ListModel

/// The smallest pair within the exhaustive bounds (flat first, then
/// sectioned) that has fewer items than `size` and fails `property`, or nil.
/// Used to shrink a hand-written or imported case, which has no choices.
public func smallestFailure(
    below size: Int, failing property: PropertyName, checker: Checker, options: GeneratorOptions
) -> (old: Snapshot, new: Snapshot, verdict: Verdict)? {
    let shapes = PairGenerator(options: options).directShapes
    for total in 0..<max(size, 0) {
        for (bound, _) in shapes {
            var found: (Snapshot, Snapshot, Verdict)?
            ExhaustiveEnumeration(bound: bound).forEach(totalItems: total) { old, new, _ in
                let verdict = checker.check(old: old, new: new)
                guard verdict.failures.contains(where: { $0.property == property }) else { return true }
                found = (old, new, verdict)
                return false
            }
            if let found { return found }
        }
    }
    return nil
}

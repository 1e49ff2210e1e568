// SmallestFailure: shrinking a case that has no recorded choices.
import ListModel

/// The smallest pair within the exhaustive bounds (flat first, then
/// sectioned) that has fewer items than `size` and fails `property`, or nil.
/// Used to shrink a hand-written or imported case, which has no choices.
public func smallestFailure(
    below size: Int, failing property: PropertyName, checker: Checker, options: GeneratorOptions
) -> (old: Snapshot, new: Snapshot, verdict: Verdict)? {
    var verdict: Verdict?
    let found = smallestFailure(below: size, within: PairGenerator(options: options).directShapes.map(\.bound)) { old, new in
        let checked = checker.check(old: old, new: new)
        guard checked.failures.contains(where: { $0.property == property }) else { return false }
        verdict = checked
        return true
    }
    guard case .found(let old, let new) = found, let verdict else { return nil }
    return (old, new, verdict)
}

/// What a walk of the smaller pairs came to.
public enum SmallerPairSearch: Equatable, Sendable {
    /// The first failing pair: no pair of the bounds with fewer items fails.
    case found(old: Snapshot, new: Snapshot)
    /// Every pair of the bounds with fewer items than asked passes.
    case noneFails
    /// `goesOn` said stop before the walk was done.
    case stopped
}

/// Walks every pair within `bounds` that has fewer items than `size`, size
/// by size (every bound at each size, in the order given), and stops at the
/// first for which `fails` is true: that pair has as few items as any
/// failing pair of the bounds. `goesOn` is asked before each pair.
public func smallestFailure(
    below size: Int, within bounds: [ExhaustiveBound], goesOn: () -> Bool = { true },
    fails: (Snapshot, Snapshot) -> Bool
) -> SmallerPairSearch {
    for total in 0..<max(size, 0) {
        for bound in bounds {
            var result: SmallerPairSearch?
            ExhaustiveEnumeration(bound: bound).forEach(totalItems: total) { old, new, _ in
                guard goesOn() else { result = .stopped; return false }
                guard fails(old, new) else { return true }
                result = .found(old: old, new: new)
                return false
            }
            if let result { return result }
        }
    }
    return .noneFails
}

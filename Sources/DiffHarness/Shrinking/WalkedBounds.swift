// WalkedBounds: what an exhaustive walk already found, so that shrinking does
// not walk the same pairs again.
//
// `diffcheck check` walks the default bounds before its random part; the
// smaller-pairs pass of every shrink in that random part would walk the same
// pairs with the same engine again (the default bounds are the direct
// shape's). A bound walked to its end is known for every property: its
// first failing pair of the property (the walk goes size by size, so that
// is a smallest one) or none. The pass then costs one call per known bound.
import ListModel

/// For each bound walked to its end with the engine under test: each kind
/// of finding's first failing pair in the walk (a property, and for `valid`
/// its reading: `FindingKind`). A kind a walked bound does not list fails
/// on no pair of it.
public struct WalkedBounds: Sendable, Hashable {
    /// The first failing pair of a property in a walk: its choices (as
    /// `SmallPairGenerator` draws it) and its items, old and new together.
    public struct FirstFailure: Sendable, Hashable {
        /// The pair's choices, as `SmallPairGenerator` draws it.
        public var choices: [Int]
        /// The pair's items, old and new together.
        public var size: Int
        /// The pair's place in the walk.
        public var place: Int
    }

    /// For each bound walked to its end: each failing kind's first failing pair.
    public private(set) var firstFailures: [ExhaustiveBound: [FindingKind: FirstFailure]] = [:]

    /// No bound walked yet.
    public init() {}

    /// Records the walk of `bound` to its end, which found each kind's
    /// first failure at the given place (in the order of
    /// `ExhaustiveEnumeration.forEach`; a kind not listed never failed).
    /// Walks the bound up to the last place to recover the pairs' choices:
    /// no engine runs.
    public mutating func record(_ bound: ExhaustiveBound, firstFailingPlaces: [FindingKind: Int]) {
        var found: [FindingKind: FirstFailure] = [:]
        let last = firstFailingPlaces.values.max() ?? -1
        var place = 0
        if last >= 0 {
            ExhaustiveEnumeration(bound: bound).forEach { old, new, choices in
                for (kind, at) in firstFailingPlaces where at == place {
                    found[kind] = FirstFailure(choices: choices, size: totalItems(old, new), place: place)
                }
                place += 1
                return place <= last
            }
        }
        firstFailures[bound] = found
    }

    /// What the walks say about `property`, by bound: the first failing
    /// pair, or nil when the bound has none (a bound not walked is absent).
    /// `stricterReading`, for `valid`: the first pair only the stricter
    /// reading rejects (true), the first the view throws on (false), or the
    /// first of either (nil).
    public func known(_ property: PropertyName, stricterReading: Bool? = nil) -> [ExhaustiveBound: FirstFailure?] {
        let readings = property == .valid ? stricterReading.map { [$0] } ?? [false, true] : [false]
        var known: [ExhaustiveBound: FirstFailure?] = [:]
        for (bound, failures) in firstFailures {
            let first = readings.compactMap { failures[FindingKind(property, isStricterReading: $0)] }.min { $0.place < $1.place }
            known[bound] = .some(first)
        }
        return known
    }
}

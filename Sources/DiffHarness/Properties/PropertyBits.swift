// PropertyBits: a set of properties as bits, for the checks made on every
// case (a `Set<PropertyName>` hashes the property's name on each look-up).

/// Properties as the bits of one byte, by their position in `PropertyName.allCases`.
package struct PropertyBits: Sendable, Equatable {
    private var bits: UInt8 = 0

    /// The properties of `set`.
    package init(_ set: Set<PropertyName>) {
        for property in set { bits |= PropertyBits.bit(property) }
    }

    /// Whether the set holds `property`.
    package func contains(_ property: PropertyName) -> Bool {
        bits & PropertyBits.bit(property) != 0
    }

    private static func bit(_ property: PropertyName) -> UInt8 {
        switch property {
        case .valid: return 1 << 0
        case .reachesTarget: return 1 << 1
        case .fresh: return 1 << 2
        case .minimalMoves: return 1 << 3
        case .deterministic: return 1 << 4
        case .noCrash: return 1 << 5
        case .maxCPU: return 1 << 6
        }
    }
}

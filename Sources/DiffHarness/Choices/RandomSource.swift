// RandomSource: choices from a seeded PRNG (random campaigns).

/// SplitMix64: a small, fast PRNG whose output depends only on the seed, so
/// the same seed gives the same cases on any machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole output is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0...bound`, unbiased (Lemire's multiply-and-reject is
    /// overkill here; rejection sampling keeps it simple and exact).
    public mutating func value(upTo bound: Int) -> Int {
        let range = UInt64(bound) &+ 1
        if range == 0 { return Int(truncatingIfNeeded: next()) }
        // A range of at most 2^32 rejects only x >= 2^64 - 2^32 or more:
        // below that, the first draw is the answer, without computing the
        // limit (one division fewer; the values are the same).
        if range <= 1 << 32 {
            let x = next()
            if x <= UInt64.max - (1 << 32) { return Int(x % range) }
            let limit = UInt64.max - (UInt64.max % range)
            if x < limit { return Int(x % range) }
        }
        let limit = UInt64.max - (UInt64.max % range)
        while true {
            let x = next()
            if x < limit { return Int(x % range) }
        }
    }
}

/// Choices drawn from a seeded PRNG.
public struct RandomSource: ChoiceSource {
    private var generator: SplitMix64

    /// Choices drawn from `SplitMix64` seeded with `seed`.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public mutating func next(upTo bound: Int) -> Int {
        generator.value(upTo: bound)
    }
}

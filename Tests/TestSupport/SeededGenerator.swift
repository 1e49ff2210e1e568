// SeededGenerator: SplitMix64 for the generated tests, so every run sees the
// same inputs. One copy for the test targets of the core and the model, which
// cannot import DiffHarness's (the oracle must not depend on the harness).

/// A fixed-seed SplitMix64 generator.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole output is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True `percent` times in 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

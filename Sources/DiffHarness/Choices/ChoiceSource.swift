// ChoiceSource: where a generator's choices come from.
//
// Every case is what a generator made of a sequence of bounded integer
// choices. The generator never knows whether its choices come from a seeded
// PRNG, from libFuzzer's bytes, from an exhaustive enumerator or from the
// shrinker: it only asks a `Choices` for the next value.

/// A supplier of bounded integer choices. `0` is always the simplest value.
public protocol ChoiceSource {
    /// A value in `0...bound` (`bound >= 0`).
    mutating func next(upTo bound: Int) -> Int
}

/// A generator's view of its choices: draws from a source and records what
/// was drawn, so every case can be replayed and shrunk.
public struct Choices {
    private var source: any ChoiceSource
    /// The values drawn so far, in order.
    public private(set) var recorded: [Int] = []
    /// The bound of each recorded value (for shrinking and enumeration).
    public private(set) var bounds: [Int] = []
    /// When more than this many choices are drawn, every further draw
    /// returns 0 (the simplest value), so a generator always terminates.
    public let limit: Int

    public init(_ source: any ChoiceSource, limit: Int = 100_000) {
        self.source = source
        self.limit = limit
        // Room for a small case's choices up front: growing one draw at a
        // time is most of the cost of an exhaustive walk.
        recorded.reserveCapacity(32)
        bounds.reserveCapacity(32)
    }

    /// A value in `0...bound`; `bound` below 0 is treated as 0.
    public mutating func draw(upTo bound: Int) -> Int {
        // A draw with one possible value is no choice: it is not recorded,
        // so replaying and enumerating never see it.
        guard bound > 0, recorded.count < limit else { return 0 }
        let value = min(max(source.next(upTo: bound), 0), bound)
        recorded.append(value)
        bounds.append(bound)
        return value
    }

    /// `true` with probability about `1 / (odds + 1)`; `false` is the simpler answer.
    public mutating func rarely(_ odds: Int) -> Bool {
        draw(upTo: odds) == odds
    }

    /// A coin flip; `false` is the simpler answer.
    public mutating func flip() -> Bool {
        draw(upTo: 1) == 1
    }
}

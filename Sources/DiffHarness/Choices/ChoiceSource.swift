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
    /// The values drawn so far, in order (empty when not `isRecording`).
    public private(set) var recorded: [Int] = []
    /// The bound of each recorded value (for shrinking and enumeration).
    public private(set) var bounds: [Int] = []
    /// How many choices have been drawn so far, recorded or not.
    public private(set) var count = 0
    /// Whether the draws are kept in `recorded` and `bounds`. A caller that
    /// only needs the case (the fuzz target, on every input that passes)
    /// draws without: the values drawn, and so the case, are the same.
    public let isRecording: Bool
    /// When more than this many choices are drawn, every further draw
    /// returns 0 (the simplest value), so a generator always terminates.
    public let limit: Int
    /// The size class a campaign's size schedule planned for this case
    /// (`SizeSchedule`), given by `drawSizeClass` instead of a draw; nil:
    /// drawn from the source like any choice.
    public private(set) var plannedSize: SizeClass?

    /// Draws from `source`; past `limit` draws every value is 0; `plannedSize` is the size class `drawSizeClass` returns instead of a draw.
    public init(_ source: any ChoiceSource, limit: Int = 100_000, plannedSize: SizeClass? = nil,
                isRecording: Bool = true) {
        self.source = source
        self.limit = limit
        self.plannedSize = plannedSize
        self.isRecording = isRecording
        // Room for a small case's choices up front: growing one draw at a
        // time is most of the cost of an exhaustive walk.
        if isRecording {
            recorded.reserveCapacity(32)
            bounds.reserveCapacity(32)
        }
    }

    /// A value in `0...bound`; `bound` below 0 is treated as 0.
    public mutating func draw(upTo bound: Int) -> Int {
        // A draw with one possible value is no choice: it is not recorded,
        // so replaying and enumerating never see it.
        guard bound > 0, count < limit else { return 0 }
        let value = min(max(source.next(upTo: bound), 0), bound)
        count += 1
        if isRecording {
            recorded.append(value)
            bounds.append(bound)
        }
        return value
    }

    /// `true` with probability about `1 / (odds + 1)`; `false` is the simpler answer.
    public mutating func rarely(_ odds: Int) -> Bool {
        draw(upTo: odds) == odds
    }

    /// The size class of the case: a "large" flag (odds 19, `false` the
    /// simpler answer), then for a large case its tier (`SizeClass.tier`).
    /// A planned class is recorded as if both had been drawn, so replaying
    /// the recorded choices makes the same case from any source.
    public mutating func drawSizeClass() -> SizeClass {
        if let planned = plannedSize, planned.isLong, count + 2 <= limit {
            plannedSize = nil
            count += 2
            if isRecording {
                recorded += [19, planned.tier]
                bounds += [19, SizeClass.tierBound]
            }
            return planned
        }
        plannedSize = nil
        guard rarely(19) else { return .small }
        return SizeClass(tier: draw(upTo: SizeClass.tierBound))
    }

    /// A value in `0...bound` that picks how the case is made, 0 the
    /// simplest shape (a small pair drawn directly): a case planned long
    /// never gets 0, so the plan is kept.
    public mutating func drawShape(upTo bound: Int) -> Int {
        let drawn = count
        let value = draw(upTo: bound)
        guard value == 0, count > drawn, plannedSize?.isLong == true else { return value }
        if isRecording { recorded[drawn] = 1 }
        return 1
    }

    /// A coin flip; `false` is the simpler answer.
    public mutating func flip() -> Bool {
        draw(upTo: 1) == 1
    }
}

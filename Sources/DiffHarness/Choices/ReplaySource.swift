// ReplaySource: choices replayed from a recorded (or shrunk) sequence.

/// Replays a sequence of choices; a value above its bound is clamped, and
/// when the sequence runs out every further choice is 0.
public struct ReplaySource: ChoiceSource {
    private let values: [Int]
    private var position = 0

    /// Replays `values`, then answers 0.
    public init(_ values: [Int]) {
        self.values = values
    }

    public mutating func next(upTo bound: Int) -> Int {
        guard position < values.count else { return 0 }
        defer { position += 1 }
        return min(max(values[position], 0), bound)
    }
}

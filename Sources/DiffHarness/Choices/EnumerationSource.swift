// EnumerationSource: every choice sequence of a generator, depth first.
//
// The enumerator replays a prefix and answers 0 past it, recording the bound
// of every draw. After a run, `advance` moves to the next sequence in
// lexicographic order: the last position whose value is below its bound is
// incremented and everything after it is dropped. Running the generator once
// per prefix until `advance` returns false visits every leaf of the choice
// tree exactly once.

/// The state of a depth-first walk over a generator's choice tree.
public struct ChoiceTreeWalk {
    /// The prefix the next run replays.
    public private(set) var prefix: [Int] = []

    /// A walk at its first sequence (the empty prefix: every choice 0).
    public init() {}

    /// A walk that starts at `prefix` (the first leaf below it).
    public init(prefix: [Int]) {
        self.prefix = prefix
    }

    /// The source for the next run.
    public var source: ReplaySource { ReplaySource(prefix) }

    /// Moves to the next leaf after a run that drew `values` under `bounds`.
    /// Returns false when the tree is exhausted.
    public mutating func advance(values: [Int], bounds: [Int]) -> Bool {
        var position = min(values.count, bounds.count) - 1
        while position >= 0 && values[position] >= bounds[position] {
            position -= 1
        }
        guard position >= 0 else { return false }
        prefix = Array(values[..<position])
        prefix.append(values[position] + 1)
        return true
    }
}

// BenchSamples: one contender's timed samples on one input, and what the
// table says of them — minimum, median, spread, and whether to trust them.

/// The timed samples of one contender on one input, in the order taken
/// (sample k of every contender was taken in round k, so two contenders'
/// k-th samples saw the same moment of the machine's load).
struct BenchSamples: Sendable {
    /// Thread CPU seconds per run, one per round.
    var cpu: [Double] = []
    /// Wall-clock seconds per run, one per round.
    var wall: [Double] = []

    /// A spread (median ÷ minimum of the CPU samples) above this says the
    /// machine's load changed under the measurement: the row is flagged.
    static let trustedSpread = 1.2

    mutating func append(_ sample: BenchClock) {
        cpu.append(sample.cpu)
        wall.append(sample.wall)
    }

    var count: Int { cpu.count }
    var minimumCPU: Double? { cpu.min() }
    var medianCPU: Double? { Self.median(cpu) }
    var minimumWall: Double? { wall.min() }
    var medianWall: Double? { Self.median(wall) }

    /// Median ÷ minimum of the CPU samples (1 when they agree).
    var spread: Double? {
        guard let minimum = minimumCPU, let median = medianCPU, minimum > 0 else { return nil }
        return median / minimum
    }

    /// Whether the samples disagree too much to trust a ratio made of them.
    var isNoisy: Bool { (spread ?? 1) > Self.trustedSpread }

    /// This contender's time over `other`'s: the median of the per-round
    /// ratios when both have a sample in every round (a burst of load in one
    /// round then moves both sides), else the ratio of the medians.
    func ratio(to other: BenchSamples) -> Double? {
        if count == other.count && count > 0 {
            return Self.median(zip(cpu, other.cpu).map { $0 / max($1, 1e-12) })
        }
        guard let mine = medianCPU, let theirs = other.medianCPU, theirs > 0 else { return nil }
        return mine / theirs
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

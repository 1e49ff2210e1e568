// BenchContender: what the benchmark runs on each input, and one measured row.
import Foundation

/// One contender of the benchmark.
enum BenchContender: String, CaseIterable, Sendable {
    /// The diff core (`ListDiff.diff`).
    case core
    /// The standard library's Myers diff with `inferringMoves()` on the
    /// identity sequence (flat inputs only).
    case standardLibrary = "stdlib"
    /// Building a `Dictionary` of the old identities and probing it with the
    /// new ones. A baseline, not a limit: a table built for the job can beat
    /// it (a `Dictionary` retains every key it stores, and hashes with the
    /// standard library's `Hasher`).
    case dictionaryBaseline = "Dictionary baseline"
    /// The core's own `IdentityTable`, built and probed the same way.
    case identityTable = "identity table"
}

/// One measured row of the table (and of the JSON).
struct BenchRow: Codable, Sendable {
    var input: String
    var elements: Int
    /// The identities' type: `UUID`, `Int` or `String`.
    var identities: String
    var contender: String
    /// How many timed runs the figures are taken over (0: not run).
    var runs: Int
    /// How many times one timed run repeats the work (its time is divided
    /// by this): small inputs are repeated to rise above the clock's cost.
    var iterationsPerRun: Int = 1
    /// Median thread CPU time of one run.
    var medianSeconds: Double?
    /// Minimum thread CPU time of one run.
    var minimumSeconds: Double?
    /// Median and minimum wall-clock time of one run.
    var medianWallSeconds: Double?
    var minimumWallSeconds: Double?
    /// Median ÷ minimum of the CPU times: above `BenchSamples.trustedSpread`
    /// the machine's load changed under the measurement.
    var spread: Double?
    /// Whether the spread is too wide to trust this row's ratios.
    var isNoisy: Bool = false
    /// CPU time over the core's (median of the per-round ratios).
    var ratioToCore: Double?
    /// CPU time over the Dictionary baseline's (median of the per-round
    /// ratios), and the ratio of the two minimums.
    var ratioToBaseline: Double?
    var minimumRatioToBaseline: Double?
    /// Moves reported (the core counts a paired item deleted and re-inserted
    /// as a move; the standard library counts removals it associated).
    var moves: Int?
    /// The longest-increasing-subsequence minimum for the input.
    var minimumMoves: Int
    /// Peak resident-memory growth during the first (untimed) run, in bytes.
    var peakMemoryBytes: Int?
    var note: String?
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never) func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

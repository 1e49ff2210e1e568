// EngineScaling: how an external engine's CPU time grows, as a campaign
// measured it: the exponents of a fit of its answer times against the
// items and the changes of each request, the largest request it answered,
// and the peak resident memory of its processes. A result of the
// campaign, beside its verdicts: a correct engine may still be one whose
// time grows with the square of the list.
import Foundation

/// How an engine's time and memory grew over a campaign's requests.
public struct EngineScaling: Sendable, Hashable {
    /// One answered request: its items (old and new together), its
    /// changes (deletes, inserts and moves the core finds for it: the D in
    /// O(N·D); nil: not counted) and the seconds its answer took (its CPU,
    /// where its process tree was read).
    public struct Answer: Sendable, Hashable {
        /// Items in the request, old and new together.
        public var items: Int
        /// Deletes, inserts and moves in it; nil: not counted.
        public var changes: Int?
        /// Seconds from when the engine could start on the request to its answer.
        public var seconds: Double

        /// An answer to a request of `items` items and `changes` changes, in `seconds` of CPU.
        public init(items: Int, changes: Int?, seconds: Double) {
            self.items = items
            self.changes = changes
            self.seconds = seconds
        }

        /// The request's size without its time: "71202 items and 3400 changes".
        public var summary: String {
            quantity(items, "item") + (changes.map { " and " + quantity($0, "change") } ?? "")
        }

        /// The size and the time: "75219 items and 3400 changes in 2.31 s".
        public var description: String { summary + " in " + EngineScaling.seconds(seconds) }
    }

    /// How many answers the exponents were fitted over (each of at least
    /// `fittedSeconds`); 0: too few to fit.
    public var fittedAnswers: Int
    /// k in CPU ∝ itemsᵏ · changesʲ (or ∝ itemsᵏ alone, when `changesExponent` is nil).
    public var itemsExponent: Double?
    /// j in CPU ∝ itemsᵏ · changesʲ; nil when the answers' changes did not
    /// vary apart from their items enough to tell the two apart.
    public var changesExponent: Double?
    /// The slowest answer measured.
    public var slowest: Answer?
    /// The largest request answered (by items).
    public var largest: Answer?
    /// The largest resident memory read of one engine process and its
    /// children, in bytes; nil: not read.
    public var peakMemoryBytes: Int?

    /// Scaling facts; `fittedAnswers` 0 and nothing else: nothing measured.
    public init(fittedAnswers: Int = 0, itemsExponent: Double? = nil, changesExponent: Double? = nil,
                slowest: Answer? = nil, largest: Answer? = nil, peakMemoryBytes: Int? = nil) {
        self.fittedAnswers = fittedAnswers
        self.itemsExponent = itemsExponent
        self.changesExponent = changesExponent
        self.slowest = slowest
        self.largest = largest
        self.peakMemoryBytes = peakMemoryBytes
    }

    /// Answers quicker than this are not fitted: below it an answer's
    /// time is its wall time (its process tree is not read), which on a
    /// loaded machine is mostly the machine's.
    public static let fittedSeconds = 0.25

    /// One line for a campaign's summary: "engine's growth: CPU ∝ items^1.98
    /// · changes^0.03 (fitted over 143 answers of 0.25 s or more); slowest
    /// answer: …; largest request answered: …; peak memory 212 MB".
    public var description: String {
        var parts: [String] = []
        let fitted = EngineScaling.seconds(EngineScaling.fittedSeconds)
        if let k = itemsExponent {
            let formula = "CPU ∝ items^" + String(format: "%.2f", k)
                + (changesExponent.map { " · changes^" + String(format: "%.2f", $0) } ?? "")
            let alone = changesExponent == nil ? "; items alone: the changes grew with the items" : ""
            parts.append(formula + " (fitted over \(quantity(fittedAnswers, "answer")) of \(fitted) or more, in CPU\(alone))")
        } else {
            parts.append("too few answers of \(fitted) or more, at sizes apart, to fit a growth")
        }
        if let slowest { parts.append("slowest answer: " + slowest.description) }
        if let largest, largest.items > slowest?.items ?? 0 { parts.append("largest request answered: " + largest.description) }
        if let peakMemoryBytes, peakMemoryBytes > 0 { parts.append("peak memory " + EngineScaling.bytes(peakMemoryBytes)) }
        return "engine's growth: " + parts.joined(separator: "; ")
    }

    /// Seconds as a reader wants them: 3 significant digits at most, and
    /// "under 1 ms" below a millisecond.
    public static func seconds(_ value: Double) -> String {
        if value < 0.001 { return "under 1 ms" }
        if value >= 100 { return String(format: "%.0f s", value) }
        if value >= 10 { return String(format: "%.1f s", value) }
        if value >= 1 { return String(format: "%.2f s", value) }
        return String(format: "%.3g s", value)
    }

    /// Bytes as MB or GB (powers of 1,000), or KB below a megabyte.
    public static func bytes(_ value: Int) -> String {
        let amount = Double(value)
        if amount >= 1e9 { return String(format: "%.2f GB", amount / 1e9) }
        if amount >= 1e6 { return String(format: "%.0f MB", amount / 1e6) }
        return String(format: "%.0f KB", amount / 1e3)
    }
}

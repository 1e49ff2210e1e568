// EnginePace: how an external engine's answer time grows with the size of
// its input, measured on the requests it answered, so that a correct but
// slow engine is never taken for a hung one.
//
// A correctness gate must not fail on speed, nor on the machine's load:
// an O(n²) engine that answers 5,000 items in a second takes minutes on
// 80,000, and that is a scaling fact, not a hang. The pace keeps, for each
// size bucket (a power of two of items), the longest answer time seen, and
// fits the growth between buckets (the exponent k of time ∝ itemsᵏ).
// `ExternalEngine` asks it two questions:
//
//   - before sending a request: would the engine, at the pace measured, take
//     more than twice the allowed time on it? Then the request is not sent:
//     the case is too slow for this engine (a coverage gap, reported with the
//     measured times), never a failure;
//   - after a request timed out: could the engine have answered it in time?
//     If the prediction, with the growth taken as at least quadratic, says
//     no, the case is too slow, not a hang. Otherwise the case is asked
//     again alone of a fresh process, and a long one (no answer of at least
//     a quarter of its size measured yet) is first measured on growing
//     parts of itself (each 4 times the last, up to half); only an engine
//     that fails to answer a size it answers quickly elsewhere, or any
//     small case, has hung.
import DiffHarness
import Foundation

/// An engine's measured answer times by input size, and what they predict.
///
/// `ExternalEngine` keeps one to tell a slow engine from a hung one (the
/// scaling note of a campaign's report); `diffcheck bench --engine-cmd`
/// fits its growth with the same code, so both say the same exponent of
/// the same answer times.
public struct EnginePace: Sendable {
    /// Requests of at most this many items (old and new together) are never
    /// too slow: a timeout on them is a hang.
    public static let smallItems = 1_000
    /// Below this answer time, a measurement is mostly pipe and JSON: it is
    /// not used to fit the growth.
    public static let noiseSeconds = 0.005

    /// Requests of fewer items are not used to fit the growth, nor shown:
    /// their time is mostly the machine's (a process switch, the load).
    public static let fittedItems = 200

    /// For each bucket (⌊log2 items⌋), the largest request answered in it and
    /// the longest time an answer in it took.
    private(set) var buckets: [Int: (items: Int, seconds: Double)] = [:]

    /// No answer measured yet.
    public init() {}
    /// The smallest request that timed out and was judged too slow: larger
    /// ones are not sent.
    private(set) var tooSlowFrom: Int?
    /// The smallest request confirmed hung (timed out alone, in a fresh
    /// process): a later timeout at that size or more is a hang at once.
    private(set) var hungFrom: Int?

    /// Records an answer to a request of `items` items (old and new
    /// together) after `seconds`: the time from when the engine could start
    /// on the request to its answer, not counting a process's first answer
    /// (its start-up).
    public mutating func record(items: Int, seconds: Double) {
        let bucket = EnginePace.bucket(items)
        let old = buckets[bucket]
        buckets[bucket] = (max(old?.items ?? 0, items), max(old?.seconds ?? 0, seconds))
    }

    mutating func noteTooSlow(items: Int) { tooSlowFrom = min(tooSlowFrom ?? .max, items) }
    mutating func noteHung(items: Int) { hungFrom = min(hungFrom ?? .max, items) }

    /// The largest request answered.
    var largestAnswered: (items: Int, seconds: Double)? {
        buckets.max { $0.key < $1.key }?.value
    }

    /// The exponent of the growth between the two largest buckets measured
    /// above the noise (at least twice apart in items), clamped to 1…3; nil
    /// when there are no two such buckets.
    public var fittedExponent: Double? {
        let measured = buckets.values.filter { $0.seconds >= EnginePace.noiseSeconds && $0.items >= EnginePace.fittedItems }
            .sorted { $0.items < $1.items }
        guard let top = measured.last,
              let lower = measured.last(where: { $0.items * 2 <= top.items }) else { return nil }
        return EnginePace.growth(from: lower, to: top).map { min(max($0, 1), 3) }
    }

    /// The exponent k of time ∝ itemsᵏ between two measurements, unclamped;
    /// nil when it is not a finite number (equal sizes, a zero time).
    public static func growth(from lower: (items: Int, seconds: Double), to upper: (items: Int, seconds: Double)) -> Double? {
        let k = log(upper.seconds / lower.seconds) / log(Double(upper.items) / Double(lower.items))
        return k.isFinite ? k : nil
    }

    /// The predicted answer time of a request of `items` items, from the
    /// largest answered one, with the growth `exponent`; nil when nothing
    /// smaller was answered, or when the largest answer is more than 4
    /// times smaller and took less than the noise or had fewer than
    /// `fittedItems` items (its time is then the machine's, a process
    /// switch under load, and would be taken for the engine's and multiplied).
    func predictedSeconds(items: Int, exponent: Double) -> Double? {
        guard let base = largestAnswered, base.items > 0, base.items < items else { return nil }
        let isTimed = base.seconds >= EnginePace.noiseSeconds && base.items >= EnginePace.fittedItems
        guard isTimed || base.items * 4 >= items else { return nil }
        return max(base.seconds, EnginePace.noiseSeconds) * pow(Double(items) / Double(base.items), exponent)
    }

    /// Whether a request of `items` items is not worth sending: larger than
    /// one already judged too slow, or predicted (at the fitted growth, at
    /// least linear) to take more than twice `allowed`.
    func isTooSlowToSend(items: Int, allowed: Double) -> Bool {
        guard items > EnginePace.smallItems else { return false }
        if let tooSlowFrom, items >= tooSlowFrom { return true }
        guard let predicted = predictedSeconds(items: items, exponent: fittedExponent ?? 2) else { return false }
        return predicted > 2 * allowed
    }

    /// After a timeout on `items` items: whether the engine, at its measured
    /// pace with the growth taken as at least quadratic, could not have
    /// answered within `allowed` (too slow, not hung).
    func explainsTimeout(items: Int, allowed: Double) -> Bool {
        guard items > EnginePace.smallItems else { return false }
        guard let predicted = predictedSeconds(items: items, exponent: max(fittedExponent ?? 2, 2)) else { return false }
        return predicted > allowed
    }

    /// Whether a timeout on `items` items needs the engine measured closer
    /// to that size first: a long request with no answer of a quarter of its
    /// size or more.
    func needsMeasuring(items: Int) -> Bool {
        items > EnginePace.smallItems && (largestAnswered?.items ?? 0) * 4 < items
    }

    /// One line: how the engine's time grows, from what was measured.
    public var growthDescription: String {
        let measured = buckets.values.sorted { $0.items < $1.items }
            .filter { $0.seconds >= EnginePace.noiseSeconds && $0.items >= EnginePace.fittedItems }
        let shown = (measured.count > 3 ? [measured[0], measured[measured.count / 2], measured[measured.count - 1]] : measured)
            .map { "\(quantity($0.items, "item")) \(EnginePace.seconds($0.seconds))" }
        guard !shown.isEmpty else {
            return largestAnswered.map { largest in
                let atMost = quantity(largest.items, "item")
                return largest.items < EnginePace.fittedItems ? "answers measured up to \(atMost) only, too few to time"
                    : "every answer took under 5 ms, up to \(atMost)"
            } ?? "no answer measured"
        }
        let growth = fittedExponent.map { String(format: "its time grows as items^%.1f; ", $0) } ?? ""
        return growth + "measured: " + shown.joined(separator: ", ")
    }

    /// Seconds as a reader wants them: 3 significant digits at most.
    public static func seconds(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0f s", value) }
        if value >= 10 { return String(format: "%.1f s", value) }
        if value >= 1 { return String(format: "%.2f s", value) }
        return String(format: "%.3g s", value)
    }

    private static func bucket(_ items: Int) -> Int {
        items <= 1 ? 0 : Int.bitWidth - (items - 1).leadingZeroBitCount
    }
}

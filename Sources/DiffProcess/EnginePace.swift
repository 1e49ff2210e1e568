// EnginePace: an external engine's answer times, kept as whole measurements
// (one request's items, the amount of change in it, and the time its answer
// took), and what they say of the next request.
//
// An engine's time grows with what changed as much as with how many items:
// Myers' algorithm (the standard library's `CollectionDifference`, Differ,
// Dwifft) is O(N·D), so a 100,000-item list with a few changes answers in
// milliseconds and the same list shuffled takes seconds; a staged engine
// that places moves by index look-ups is O(N·moves). "It answered a case of
// this size quickly" says nothing about the next case of that size. So a
// measurement is never split (one request's size is never paired with
// another's time), and nothing is extrapolated from it. A request is
// compared only with the measurements it dominates (no more items and no
// more changes than it): an engine whose time grows with both takes at
// least as long on it. The pace never decides that a case is not sent or
// not judged; `ExternalEngine` asks it one question:
//
//   - does the request dominate one that took more than half its allowed
//     time? Then it is sent alone with the hang deadline at once (asked
//     within the timeout it would pass it, and cost that time, before being
//     asked again alone).
//
// The rest is for reports: the slowest answers, and how the time grows
// between the sizes of one kind of input (`diffcheck bench --engine-cmd`).
import DiffHarness
import Foundation

/// An engine's answer times, each with its request's size and change, and
/// what they say.
///
/// `ExternalEngine` keeps one to give a request that is known slow the hang
/// deadline at once; `diffcheck bench --engine-cmd` fits its growth with the
/// same code, so both say the same exponent of the same answer times.
package struct EnginePace: Sendable {
    /// One answered request: its items (old and new together), its change
    /// (deletes, inserts and moves the core finds for it; nil when not
    /// counted) and the seconds its answer took: `EngineScaling.Answer`,
    /// the report's type for it.
    package typealias Measurement = EngineScaling.Answer

    /// Requests of at most this many items (old and new together) are
    /// small: a timeout on one is asked again alone within the timeout, and
    /// no answer then is a hang (no engine needs the hang deadline for them).
    package static let smallItems = 1_000
    /// Below this answer time, a measurement is mostly pipe and JSON: it is
    /// not used to fit the growth.
    package static let noiseSeconds = 0.005
    /// Requests of fewer items are not kept: their time is mostly the
    /// machine's (a process switch, the load).
    package static let fittedItems = 200
    /// The most measurements kept (the fastest go first).
    package static let keptMeasurements = 512

    /// The answers measured, of `fittedItems` items or more.
    package private(set) var measurements: [Measurement] = []
    /// The largest request answered, whatever its size (a whole measurement).
    package private(set) var largestAnswered: Measurement?

    /// No answer measured yet.
    package init() {}
    /// The smallest request confirmed hung (no answer within the hang
    /// deadline, alone, in a fresh process): a later timeout at that size
    /// or more is a hang at once.
    private(set) var hungFrom: Int?

    /// Records an answer to a request of `items` items (old and new
    /// together) with `changes` changes (nil: not counted) after `seconds`:
    /// the time from when the engine could start on the request to its
    /// answer, not counting a process's first answer (its start-up).
    package mutating func record(items: Int, changes: Int? = nil, seconds: Double) {
        let measured = Measurement(items: items, changes: changes, seconds: seconds)
        if largestAnswered.map({ items >= $0.items }) ?? true { largestAnswered = measured }
        guard items >= EnginePace.fittedItems else { return }
        if measurements.count >= EnginePace.keptMeasurements,
           let fastest = measurements.indices.min(by: { measurements[$0].seconds < measurements[$1].seconds }) {
            guard measurements[fastest].seconds < seconds else { return }
            measurements.remove(at: fastest)
        }
        measurements.append(measured)
    }

    mutating func noteHung(items: Int) { hungFrom = min(hungFrom ?? .max, items) }

    /// The slowest measured answer to a request that `request` dominates
    /// (no more items, no more changes): a lower bound on `request`'s time
    /// for an engine whose time grows with both; nil when there is none.
    package func slowestDominated(by request: Measurement) -> Measurement? {
        measurements.filter { request.dominates($0) }.max { $0.seconds < $1.seconds }
    }

    /// The quickest measured answer to a request that dominates `request`
    /// (at least its items and its changes): an upper bound on `request`'s
    /// CPU for an engine whose time grows with both; nil when none does.
    package func quickestDominating(_ request: Measurement) -> Measurement? {
        measurements.filter { $0.dominates(request) }.min { $0.seconds < $1.seconds }
    }

    /// The exponent of the growth between the two largest measurements
    /// above the noise (at least twice apart in items), clamped to 1…3; nil
    /// when there are no two such. Meaningful for requests of one kind
    /// (the same share of change, as `diffcheck bench`'s inputs of a shape
    /// are), not across kinds: that is what `growthDescription` shows.
    package var fittedExponent: Double? {
        let measured = measurements.filter { $0.seconds >= EnginePace.noiseSeconds }.sorted { $0.items < $1.items }
        guard let top = measured.last,
              let lower = measured.last(where: { $0.items * 2 <= top.items }) else { return nil }
        return EnginePace.growth(from: (lower.items, lower.seconds), to: (top.items, top.seconds)).map { min(max($0, 1), 3) }
    }

    /// The exponent k of time ∝ itemsᵏ between two measurements, unclamped;
    /// nil when it is not a finite number (equal sizes, a zero time).
    package static func growth(from lower: (items: Int, seconds: Double), to upper: (items: Int, seconds: Double)) -> Double? {
        let k = log(upper.seconds / lower.seconds) / log(Double(upper.items) / Double(lower.items))
        return k.isFinite ? k : nil
    }

    /// How the engine's time grows, for a campaign's report: a least-squares
    /// fit of log(CPU) against log(items) and log(changes) over the
    /// measurements of at least `EngineScaling.fittedSeconds`, with the slowest and the
    /// largest answers and `peakMemoryBytes` (nil: not read).
    ///
    /// The fit needs three such measurements, at least twice apart in
    /// items. The changes get an exponent of their own only when they vary
    /// apart from the items (their logs correlate with r² ≤ 0.9 and span a
    /// factor of 2 or more, every measurement with at least one change);
    /// else the items' exponent is fitted alone and stands for both.
    package func scaling(peakMemoryBytes: Int?) -> EngineScaling {
        let timed = measurements.filter { $0.seconds >= EngineScaling.fittedSeconds }
        var scaling = EngineScaling(slowest: timed.max { $0.seconds < $1.seconds },
                                    largest: largestAnswered, peakMemoryBytes: peakMemoryBytes)
        guard timed.count >= 3, let fewest = timed.map(\.items).min(), let most = timed.map(\.items).max(),
              most >= 2 * fewest else { return scaling }
        let y = timed.map { log($0.seconds) }, x1 = timed.map { log(Double($0.items)) }
        let x2: [Double]? = timed.allSatisfy({ ($0.changes ?? 0) >= 1 }) ? timed.map { log(Double($0.changes!)) } : nil
        /// The sum of the products of the deviations of a and b from their means.
        func covariance(_ a: [Double], _ b: [Double]) -> Double {
            let meanA = a.reduce(0, +) / Double(a.count), meanB = b.reduce(0, +) / Double(b.count)
            return zip(a, b).reduce(0) { $0 + ($1.0 - meanA) * ($1.1 - meanB) }
        }
        let s11 = covariance(x1, x1), s1y = covariance(x1, y)
        guard s11 > 0 else { return scaling }
        scaling.fittedAnswers = timed.count
        if let x2, let low = x2.min(), let high = x2.max(), high - low >= log(2.0) {
            let s22 = covariance(x2, x2), s12 = covariance(x1, x2), s2y = covariance(x2, y)
            let determinant = s11 * s22 - s12 * s12
            if s22 > 0, s12 * s12 / (s11 * s22) <= 0.9, determinant > 0 {
                scaling.itemsExponent = (s22 * s1y - s12 * s2y) / determinant
                scaling.changesExponent = (s11 * s2y - s12 * s1y) / determinant
                return scaling
            }
        }
        scaling.itemsExponent = s1y / s11
        return scaling
    }

    /// Records a measurement another process took (a campaign worker's,
    /// for its supervisor's report), as `record(items:changes:seconds:)`.
    package mutating func record(_ measurement: Measurement) {
        record(items: measurement.items, changes: measurement.changes, seconds: measurement.seconds)
    }

    /// One line of whole measurements: the slowest answer and the largest
    /// request answered, each with its own size, change and time.
    package var growthDescription: String {
        let timed = measurements.filter { $0.seconds >= EnginePace.noiseSeconds }
        guard let slowest = timed.max(by: { $0.seconds < $1.seconds }) else {
            return largestAnswered.map { largest in
                let atMost = quantity(largest.items, "item")
                return largest.items < EnginePace.fittedItems ? "answers measured up to \(atMost) only, too few to time"
                    : "every answer took under 5 ms, up to \(atMost)"
            } ?? "no answer measured"
        }
        var shown = ["its slowest answer: " + slowest.description]
        if let largest = timed.max(by: { ($0.items, $0.seconds) < ($1.items, $1.seconds) }), largest != slowest {
            shown.append("its largest: " + largest.description)
        }
        return shown.joined(separator: "; ")
    }

    /// Seconds as a reader wants them (`EngineScaling.seconds`): 3
    /// significant digits at most, "under 1 ms" below a millisecond.
    package static func seconds(_ value: Double) -> String { EngineScaling.seconds(value) }
}

extension EngineScaling.Answer {
    /// Whether `other` is no larger than this in items and in changes
    /// (a measurement without changes is compared by items alone).
    func dominates(_ other: EngineScaling.Answer) -> Bool {
        guard other.items <= items else { return false }
        switch (changes, other.changes) {
        case let (mine?, theirs?): return theirs <= mine
        case (nil, nil): return true
        default: return false
        }
    }
}

// RandomPartReport: what the random part of a campaign did, and its summary.
import Foundation
import ListModel

/// Ends the message of a failure saved before shrinking (it stays when
/// shrinking never ends).
public let unshrunkNote = " (not shrunk: the campaign stopped while shrinking it)"

/// One failure the random part found: the smallest case number that failed
/// its property.
public struct RandomFailure: Sendable {
    public var caseNumber: Int
    public var property: String
    /// Where the finding was saved (`-` if it could not be).
    public var path: String
    public var message: String
    /// How shrinking went ("145265 calls, 0.61 s"), when known.
    public var shrinking: String?
    /// Why it was kept before shrinking could end, if it was.
    public var unshrunkBecause: String?

    public init(caseNumber: Int, property: String, path: String, message: String,
                shrinking: String? = nil, unshrunkBecause: String? = nil) {
        self.caseNumber = caseNumber
        self.property = property
        self.path = path
        self.message = message
        self.shrinking = shrinking
        self.unshrunkBecause = unshrunkBecause
    }
}

/// What the random part of a campaign did, in process or in workers.
public struct RandomPartReport: Sendable {
    public var casesRun = 0
    public var skipped = 0
    /// One per property, in case-number order.
    public var failures: [RandomFailure] = []
    /// Cases that failed a property already found (counted, not shrunk again).
    public var repeatedFailures: [String: Int] = [:]
    public var labelCounts: [Label: Int] = [:]
    /// Workers that died outside a case's checking, or of a kill from
    /// outside (their cases were run again): one line each.
    public var workerDeaths: [String] = []
    /// Cases still running when the campaign stopped (not counted).
    public var unfinished: [String] = []
    /// Why the campaign stopped before its cases or time were done, if so.
    public var stoppedEarly: String?
    public var elapsed = 0.0
    public var wasInterrupted = false

    public init() {}

    /// The end-of-campaign summary: counts, label statistics, coverage gaps,
    /// failures, each with the command `reproduce(path)` returns. Without
    /// timings, two runs of the same seed and cases print the same text
    /// whatever the number of workers.
    public func summary(engine: String, seed: UInt64, shard: Shard = .whole, shapes: GeneratorShapes = .general,
                        showsTimings: Bool = true, reproduce: (String) -> String) -> String {
        var lines: [String] = []
        let rate = showsTimings ? String(format: " in %.1f s (%.0f cases/s)", elapsed, Double(casesRun) / max(elapsed, 0.001)) : ""
        let part = shard.isWhole ? "" : ", shard \(shard) (cases n with n mod \(shard.count) = \(shard.index))"
        lines.append("engine \(engine), seed \(seed)\(part): \(quantity(casesRun, "case"))\(rate), \(quantity(failures.count, "failure"))" + (wasInterrupted ? " (interrupted)" : ""))
        if let stoppedEarly { lines.append("  stopped early: \(stoppedEarly)") }
        if !unfinished.isEmpty && showsTimings {
            lines.append("  unfinished when the campaign stopped (not counted): " + unfinished.joined(separator: ", "))
        }
        if skipped > 0 { lines.append("  \(skipped) cases did not apply to the engine") }
        for death in workerDeaths { lines.append("  \(death)") }
        let counted = Label.allCases.map { label in "\(label.rawValue) \(labelCounts[label, default: 0])" }
        lines.append("labels: " + counted.joined(separator: ", "))
        let gaps = shapes.possibleLabels.filter { labelCounts[$0, default: 0] == 0 }
        if casesRun > 0 && !gaps.isEmpty {
            lines.append("coverage gaps (never generated): " + gaps.map(\.rawValue).joined(separator: ", "))
        }
        if !repeatedFailures.isEmpty {
            let counts = repeatedFailures.keys.sorted().map { "\($0) \(repeatedFailures[$0]!)" }.joined(separator: ", ")
            lines.append("more failing cases of properties already found (not shrunk again): " + counts)
        }
        for failure in failures {
            lines.append("FAIL case \(failure.caseNumber): \(failure.message)")
            let how: String
            if let why = failure.unshrunkBecause {
                how = " (not shrunk: \(why))"
            } else if let shrinking = failure.shrinking, showsTimings {
                how = " (shrunk in \(shrinking))"
            } else if let shrinking = failure.shrinking {
                how = " (shrunk in \(shrinking.split(separator: ",").first ?? ""))"
            } else {
                how = ""
            }
            lines.append("  saved: \(failure.path)" + how)
            lines.append("  reproduce: " + reproduce(failure.path))
        }
        return lines.joined(separator: "\n")
    }
}

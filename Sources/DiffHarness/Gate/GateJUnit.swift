// GateJUnit: a gate's result as JUnit XML test cases — one per corpus file
// (and per unreadable file), one per exhaustive bound, one per property of
// the random part.
import ListModel

extension JUnitReport {
    /// The test cases of `result`: suite `corpus` (a file unreadable or not
    /// run fails with that message; a file that misses its expectation
    /// fails with the case shown), suite `exhaustive` (a bound fails with
    /// its findings as `text` renders them), suite `random` (a property
    /// fails with each failing case; the part's time is shared among them).
    public init(_ result: GateResult, text: GateTextReport) {
        self.init()
        for error in result.corpus.readErrors {
            add(suite: "corpus", name: error.description, time: 0, failure: (message: "unreadable", details: error.description))
        }
        for file in result.corpus.files {
            let outcome = file.outcome
            if let refusal = outcome.refusal {
                add(suite: "corpus", name: outcome.path, time: file.seconds,
                    failure: (message: "not run", details: refusal.message(path: outcome.path)))
            } else if outcome.meetsExpectation {
                add(suite: "corpus", name: outcome.path, time: file.seconds, failure: nil)
            } else {
                add(suite: "corpus", name: outcome.path, time: file.seconds, failure: (message: outcome.summary, details: CaseSummary.report(file.caseText ?? "")))
            }
        }
        for part in result.exhaustive {
            add(suite: "exhaustive", name: part.bound.description, time: part.seconds,
                failure: text.findingsText(part).map { (message: quantity(part.failingPairs, "failing pair"), details: $0) })
        }
        if let random = result.random, let report = random.report {
            let properties = random.properties
            for property in properties {
                let failed = report.failures.filter { $0.property == property.rawValue }
                let details = failed.map { "case \($0.caseNumber): \(CaseSummary.clippedLine($0.message, whole: CaseSummary.inTheFile)) (\($0.path))" }
                    .joined(separator: "\n")
                add(suite: "random", name: property.rawValue, time: report.elapsed / Double(max(properties.count, 1)),
                    failure: failed.isEmpty ? nil : (message: "\(failed.count) failing cases", details: details))
            }
            // Judged less than asked: an outcome of its own, neither a pass nor a failure.
            if report.judgedLessThanAsked {
                addSkipped(suite: "random", name: "not judged",
                           message: "\(quantity(report.unjudgedCount, "case was", "cases were")) not judged (exit \(GateResult.unjudgedCode)): "
                               + unjudgedWords(report))
            }
        }
    }
}

/// What a random part did not judge, in one line: by size class.
func unjudgedWords(_ report: RandomPartReport) -> String {
    var parts: [String] = []
    if !report.tooSlow.isEmpty {
        parts.append("past the engine's limits: " + RandomPartReport.smallestFirst(report.tooSlow.keys).map { "\($0) \(report.tooSlow[$0]!)" }.joined(separator: ", "))
    }
    if !report.unreached.isEmpty {
        parts.append("not reached within the wall budget: "
                     + RandomPartReport.smallestFirst(report.unreached.keys).map { "\($0) \(report.unreached[$0]!.count)" }.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
}

// CampaignResult: what an in-process campaign found, told as a test failure
// message: each failing case in the case format, where it was saved, and
// how to run it again. It is a view of the campaign's `GateResult`.
import ListModel

/// One failure of a campaign.
public struct CampaignFinding: Sendable {
    /// The part of the campaign that found it.
    public enum Part: Hashable, Sendable {
        /// A saved case that no longer meets its `expect:` line.
        case regression
        /// A pair of an exhaustive bound (the first failing the property).
        case exhaustive
        /// Random case N, shrunk.
        case random(caseNumber: Int)
    }

    /// The part of the campaign that found it.
    public var part: Part
    /// The property that failed (nil for a regression: its message says).
    public var property: PropertyName?
    /// One line: the property and what is wrong.
    public var message: String
    /// The case in the case format, with the engine's answer as
    /// `recorded:` lines.
    public var caseText: String
    /// Where it is saved (replayed first on the next run); nil when the
    /// campaign has no regressions folder, or when it could not be saved.
    public var path: String?
    /// Why it could not be saved in the regressions folder (the report
    /// says so: a failure that is not replayed next time must not pass for
    /// one that is).
    public var saveError: String?

    /// A failure found by `part`.
    public init(part: Part, property: PropertyName? = nil, message: String, caseText: String, path: String?,
                saveError: String? = nil) {
        self.part = part
        self.property = property
        self.message = message
        self.caseText = caseText
        self.path = path
        self.saveError = saveError
    }
}

/// What a campaign did and found.
public struct CampaignResult: Sendable, CustomStringConvertible {
    /// The engine's name.
    public var engine: String
    /// The seed of the random cases.
    public var seed: UInt64
    /// The regressions folder, if any.
    public var regressions: String?
    /// How many saved cases were replayed.
    public var regressionsReplayed = 0
    /// How many pairs of the exhaustive bounds were checked.
    public var exhaustivePairs = 0
    /// The random part (nil when it did not run: a regression failed).
    public var random: RandomPartReport?
    /// Every failure, in the order found: regressions, then exhaustive pairs, then random cases.
    public var failures: [CampaignFinding] = []
    /// The campaign's wall time, in seconds.
    public var seconds = 0.0
    /// Lines the report prints after its summary (where the regressions
    /// folder is when it is not the one asked for, say).
    public var notes: [String] = []

    /// The gate's result this is a view of (nil for a result made field by field).
    public var gate: GateResult?

    /// An empty result for `engine`, before any part ran.
    public init(engine: String, seed: UInt64, regressions: String?) {
        self.engine = engine
        self.seed = seed
        self.regressions = regressions
    }

    /// The view of `gate`, a campaign whose regressions folder is
    /// `regressions`: each unreadable or failing saved case, each
    /// exhaustive finding (in the order of the walk), each random finding.
    /// The random part is there, empty, when it ran no case; nil when the
    /// gate stopped at a failing regression.
    public init(_ gate: GateResult, regressions: String?) {
        self.init(engine: gate.engine.name, seed: gate.seed, regressions: regressions)
        self.gate = gate
        seconds = gate.seconds
        regressionsReplayed = gate.corpus.files.count
        exhaustivePairs = gate.exhaustive.reduce(0) { $0 + ($1.walk?.pairs ?? 0) }
        random = gate.random?.report ?? (gate.stoppedAfterFailingCorpus ? nil : RandomPartReport())
        for error in gate.corpus.readErrors {
            failures.append(CampaignFinding(part: .regression, message: "unreadable: \(error.description)", caseText: "", path: nil))
        }
        for file in gate.corpus.files where !file.outcome.meetsExpectation {
            failures.append(CampaignFinding(part: .regression, message: file.outcome.summary, caseText: file.caseText ?? "",
                                            path: file.outcome.path))
        }
        for part in gate.exhaustive {
            let inWalkOrder = part.findings.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }
            for finding in inWalkOrder.map(\.element) {
                var path: String?, saveError: String?
                switch finding.saving {
                case .saved(let saved)?: path = saved
                case .failed(let reason)?: saveError = reason
                case nil: break
                }
                switch finding.check {
                case .fails(let failure, let c):
                    failures.append(CampaignFinding(part: .exhaustive, property: finding.property, message: failure.description,
                                                    caseText: CasePrinter.text(c), path: path, saveError: saveError))
                case .passedWhenAskedAgain(let askings):
                    failures.append(CampaignFinding(
                        part: .exhaustive, property: finding.property,
                        message: "\(finding.property.rawValue): failed once, then passed when checked again \(askings) times "
                            + "(the engine is not deterministic): there is no failing answer to record",
                        caseText: "old: \(CasePrinter.snapshot(finding.old))\nnew: \(CasePrinter.snapshot(finding.new))", path: nil))
                }
            }
        }
        for finding in gate.random?.findings ?? [] {
            let failure = finding.failure
            failures.append(CampaignFinding(part: .random(caseNumber: failure.caseNumber), property: PropertyName(rawValue: failure.property),
                                            message: failure.message, caseText: finding.caseText ?? "",
                                            path: regressions == nil || failure.path == "-" ? nil : failure.path,
                                            saveError: regressions == nil ? nil : failure.saveError))
        }
    }

    /// Whether every property held on every case.
    public var holds: Bool { failures.isEmpty }

    /// A summary line, then each failure: its message, where it is saved,
    /// the case, and how to run it again.
    public var description: String {
        var lines: [String] = []
        let random = self.random.map { "\($0.casesRun) random cases (seed \(seed))" } ?? "no random cases (a regression fails)"
        lines.append("diffcheck: engine \(engine): \(holds ? "every property holds" : "\(failures.count) failure\(failures.count == 1 ? "" : "s")") — "
                     + "\(quantity(regressionsReplayed, "saved case")), \(exhaustivePairs) exhaustive pairs, \(random)")
        lines += notes
        for finding in failures {
            lines.append("")
            switch finding.part {
            case .regression: lines.append("FAIL saved case: " + CaseSummary.clippedLine(finding.message, whole: CaseSummary.inTheFile))
            case .exhaustive: lines.append("FAIL exhaustive pair: " + CaseSummary.clippedLine(finding.message, whole: CaseSummary.inTheFile))
            case .random(let n): lines.append("FAIL random case \(n) (shrunk): " + CaseSummary.clippedLine(finding.message, whole: CaseSummary.inTheFile))
            }
            if let path = finding.path { lines.append("saved: \(path)") }
            if let why = finding.saveError { lines.append("NOT SAVED (the next run will not replay it): \(why)") }
            lines.append(CaseSummary.report(finding.caseText).trimmingTrailingNewlines)
        }
        if !holds {
            lines.append("")
            lines.append("reproduce: run the test again: the saved cases are replayed first"
                         + (regressions == nil ? " (this campaign has no regressions folder: the random cases come back with DIFFCHECK_SEED=\(seed))" : ""))
            // The saved files, as the command line reads them: drawn from the answer they record,
            // run on the engine served with serveEngine(_:) (a case of one's own engine needs --engine-cmd).
            let saved = failures.compactMap(\.path).map(shellQuoted).joined(separator: " ")
            if !saved.isEmpty {
                lines.append("draw \(failures.count(where: { $0.path != nil }) == 1 ? "it" : "them"): diffcheck show \(saved)")
                lines.append("run on the engine served with serveEngine(_:): diffcheck repro \(saved) --engine-cmd 'COMMAND'")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

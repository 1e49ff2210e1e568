// GateTextReport: the text report of a gate's run, as `diffcheck check`
// prints it — each part's lines as the part goes, then one closing line:
//
//     corpus: 2 files, 1 meets its expectation, 1 does not (0.0 s)
//     random: engine mutant:stale-moved-update, seed 1: 300 cases, 1 failure
//     labels: …
//     FAIL case 7: fresh: item a' at 0.0 is stale: it shows a
//     …
//     check: FAILED (exit 1)
import Foundation
import ListModel

/// Renders a `GateResult` as the text `diffcheck check` prints: to
/// standard output, and the lines that go to standard error.
public struct GateTextReport {
    /// Whether the random part's summary shows timings (`--no-timings`
    /// leaves them out, so that two runs print the same text).
    public var showsTimings: Bool
    /// The command that reproduces a saved case file.
    public var reproduce: (String) -> String
    /// The command that judges random case N alone (nil: none is printed).
    public var judgeAlone: ((Int) -> String)?

    /// A report with timings or not, reproducing a file with `reproduce(path)`.
    public init(showsTimings: Bool = true, reproduce: @escaping (String) -> String) {
        self.showsTimings = showsTimings
        self.reproduce = reproduce
    }

    /// What `step` of `result` prints: lines of standard output and of
    /// standard error (each line printed with a newline after it).
    public func lines(for step: GateStep, of result: GateResult) -> (output: [String], errors: [String]) {
        let corpus = result.corpus
        switch step {
        case .corpusBegan:
            let none = "corpus: no Corpus/ folder here and no PATHS or --corpus DIR: no corpus to replay"
            return (corpus.hasCorpus ? [] : [none], corpus.readErrors.map(\.description))
        case .corpusFile(let index):
            let file = corpus.files[index]
            if let refusal = file.outcome.refusal { return ([], [refusal.message(path: file.outcome.path)]) }
            guard let text = file.caseText else { return ([], []) }
            return ([CaseSummary.report(text), "reproduce: " + reproduce(file.outcome.path) + "\n"], [])
        case .corpusEnded:
            return (corpusLines(result), [])
        case .bound(let index):
            return (boundLines(result.exhaustive[index]), [])
        case .exhaustiveEnded:
            guard result.exhaustiveInterruption != 0 else { return ([], []) }
            return (["check: \(GateTextReport.interruptionWords(result.exhaustiveInterruption)) during the exhaustive part: "
                     + "the random part did not run"], [])
        case .random:
            guard let random = result.random else { return ([], []) }
            guard let report = random.report else {
                return ([], ["diffcheck check: the random part could not run: \(random.runError ?? "")"])
            }
            let summary = report.summary(engine: result.engine.name, seed: result.seed, shard: result.shard,
                                         shapes: result.generator.shapes, generator: result.generator,
                                         showsTimings: showsTimings, judgeAlone: judgeAlone, reproduce: reproduce)
            return (["random: " + summary] + random.findings.compactMap { $0.caseText.map(CaseSummary.report) }, [])
        }
    }

    /// Every step's standard output, then the closing line for `exitCode`
    /// (by default the one the result implies).
    public func text(of result: GateResult, exitCode: Int32? = nil) -> String {
        var lines = result.steps.flatMap { self.lines(for: $0, of: result).output }
        lines.append(closingLine(of: result, exitCode: exitCode ?? result.exitCode()))
        return lines.map { $0 + "\n" }.joined()
    }

    /// The last line: whether everything holds, or the exit code, and the signal that stopped the gate.
    public func closingLine(of result: GateResult, exitCode code: Int32) -> String {
        let signal = result.interruption
        if signal != 0 && code == 128 + signal {
            return "check: \(GateTextReport.interruptionWords(signal)), nothing failed in what ran (exit \(code))"
        } else if signal != 0 {
            return "check: FAILED (exit \(code)), then \(GateTextReport.interruptionWords(signal))"
        }
        if code == GateResult.unjudgedCode, let report = result.random?.report {
            return "check: nothing failed, but \(quantity(report.unjudgedCount, "case was", "cases were")) not judged, "
                + "listed above (exit \(code))"
        }
        return code == GateResult.holdsCode ? "check: everything holds" : "check: FAILED (exit \(code))"
    }

    /// How a report names the signal that stopped a part.
    public static func interruptionWords(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: return "interrupted (SIGTERM)"
        case SIGHUP: return "interrupted (SIGHUP)"
        default: return "interrupted (Ctrl-C)"
        }
    }

    // MARK: The corpus

    private func corpusLines(_ result: GateResult) -> [String] {
        let corpus = result.corpus
        var lines: [String] = []
        let (ran, missed) = (corpus.ranCount, corpus.missedCount)
        let unreadable = corpus.readErrors.count + corpus.refusedCount
        if corpus.hasCorpus {
            lines.append("corpus: " + (result.shard.isWhole ? "" : "shard \(result.shard): ")
                         + "\(quantity(ran, "file")), \(quantity(ran - missed, "meets its expectation", "meet their expectation")), "
                         + quantity(missed, "does not", "do not")
                         + (unreadable == 0 ? "" : ", \(unreadable) unreadable or not run") + String(format: " (%.1f s)", corpus.seconds))
        }
        // Which engine the files ran on, when not the engine under test.
        var onNamedEngines: [String: Int] = [:], userEngines: [String: Int] = [:]
        var onEngineCommand = 0, recordedWithAnotherCommand = 0
        for file in corpus.files where file.outcome.refusal == nil {
            let outcome = file.outcome
            if outcome.ranOnNamedEngine, let name = outcome.engineName { onNamedEngines[name, default: 0] += 1 }
            // Case files only: a fuzz input names no engine (it runs on the engine under test).
            guard file.isCaseFile, outcome.engineName.map(EngineKind.init(name:))?.isExternal == true, let named = outcome.checkedCase.engine else { continue }
            if named == CaseParser.externalEngine {
                onEngineCommand += 1
                if let recorded = outcome.checkedCase.engineCommand, recorded != result.engine.command { recordedWithAnotherCommand += 1 }
            } else {
                userEngines[named, default: 0] += 1
            }
        }
        func files(_ n: Int, _ verb: String) -> String { quantity(n, "file") + " " + (n == 1 ? verb + "s" : verb) }
        func counts(_ byName: [String: Int]) -> String { byName.keys.sorted().map { "\($0) \(byName[$0]!)" }.joined(separator: ", ") }
        let command = shellQuoted(result.engine.command ?? "")
        if !onNamedEngines.isEmpty {
            lines.append("corpus: \(files(onNamedEngines.values.reduce(0, +), "name")) a built-in engine and ran on it, "
                         + "not on \(engineWords(result.engine)): \(counts(onNamedEngines))")
        }
        if onEngineCommand > 0 {
            let another = recordedWithAnotherCommand == 1 ? "was" : "were"
            lines.append("corpus: \(files(onEngineCommand, "say")) engine: external and ran on --engine-cmd \(command)"
                         + (recordedWithAnotherCommand == 0 ? "" : " (\(recordedWithAnotherCommand) of them \(another) recorded with another command)"))
        }
        if !userEngines.isEmpty {
            lines.append("corpus: \(files(userEngines.values.reduce(0, +), "name")) an engine that is not built in and ran on --engine-cmd "
                         + "\(command): \(counts(userEngines))")
        }
        if corpus.interruption != 0 {
            lines.append("check: \(GateTextReport.interruptionWords(corpus.interruption)) during the corpus part, after "
                         + "\(quantity(corpus.files.count, "file")) of \(corpus.entryCount): the exhaustive and random parts did not run")
        }
        if result.isCorpusOnly {
            lines.append("exhaustive and random parts: not run (--recorded judges the recorded answers only)")
        }
        if !corpus.othersFindings.isEmpty {
            lines.append("corpus: not replayed on \(engineWords(result.engine)): "
                         + "\(quantity(corpus.othersFindings.values.reduce(0, +), "finding")) of other engines in \(corpus.findingsFolder ?? "") "
                         + "(\(counts(corpus.othersFindings))); this engine's findings go there too, each naming its engine")
        }
        return lines
    }

    /// The engine under test, as the corpus lines name it.
    private func engineWords(_ engine: GateEngine) -> String {
        engine.command.map { "--engine-cmd " + shellQuoted($0) } ?? "the engine under test (\(engine.name))"
    }

    // MARK: The exhaustive bounds

    /// Failing pairs by property, in property order; `valid`'s say how
    /// many only the stricter reading rejects (`valid 40 (12 the stricter
    /// reading only)`).
    func byProperty(_ counts: [FindingKind: Int]) -> String {
        let properties = Set(counts.keys.map(\.property)).sorted()
        return properties.map { property in
            let exceptions = counts[FindingKind(property), default: 0]
            let stricter = property == .valid ? counts[FindingKind(.valid, isStricterReading: true), default: 0] : 0
            return "\(property.rawValue) \(exceptions + stricter)" + (stricter > 0 ? " (\(stricter) the stricter reading only)" : "")
        }.joined(separator: ", ")
    }

    /// A bound's line (pairs, failing pairs by property, time and rate, why
    /// it stopped, workers killed from outside), then its findings' text.
    public func boundLines(_ part: GateBoundResult) -> [String] {
        guard let walk = part.walk else { return ["exhaustive (\(part.bound)): could not run: \(part.runError ?? "")"] }
        let shard = part.shard
        let checked = shard.share(of: walk.pairs)
        let rate = Double(checked) / max(walk.elapsed, 0.001)
        let counts = byProperty(walk.byKind)
        let pairs = shard.isWhole ? "\(walk.pairs) distinct pairs" : "shard \(shard): \(checked) of \(walk.pairs) distinct pairs"
        var line = "exhaustive (\(part.bound)): \(pairs), \(walk.failingPairs) failing" + (counts.isEmpty ? "" : " (\(counts))")
            + String(format: " in %.1f s (%.0f pairs/s)", walk.elapsed, rate)
        if walk.stoppedAt != nil { line += "; stopped at the first pair the engine trapped or hung on" }
        if walk.wasInterrupted { line += " (interrupted)" }
        for death in walk.workerDeaths { line += "\n  " + death }
        return [line] + (findingsText(part).map { [$0] } ?? [])
    }

    /// A bound's findings, each its smallest failing pair: the case (or why
    /// there is none to save), where it was saved and how to reproduce it;
    /// nil when the bound has none.
    public func findingsText(_ part: GateBoundResult) -> String? {
        guard !part.findings.isEmpty else { return nil }
        let shown = part.findings.map { finding -> String in
            let heading = "# smallest failure: \(finding.kind) (\(quantity(finding.failingPairs, "pair fails it", "pairs fail it")))"
            switch finding.check {
            case .passedWhenAskedAgain(let askings):
                let (old, new) = (CasePrinter.snapshot(finding.old), CasePrinter.snapshot(finding.new))
                return """
                    \(heading)
                    # pair \(finding.place) of \(part.bound): old: \(old) / new: \(new)
                    not saved: it failed \(finding.property.rawValue) in an exhaustive worker, but passed when checked again \(askings) times \
                    with the engine in a child process (the engine is not deterministic, or its answers depend on what else it was asked): \
                    there is no failing answer to record
                    """
            case .fails(_, let c):
                var lines = [heading, CaseSummary.text(c, whole: CaseSummary.inTheFile)]
                switch finding.saving {
                case .saved(let path)?: lines += ["saved: \(path)", "reproduce: " + reproduce(path)]
                case .failed(let reason)?: lines.append("not saved: \(reason)")
                case nil: break
                }
                return lines.joined(separator: "\n")
            }
        }
        return shown.joined(separator: "\n\n") + "\n"
    }
}

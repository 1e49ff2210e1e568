// InProcessGateParts: a gate's parts run in this process, engine and all —
// what a test suite runs (`checkEngine`). An engine that traps takes the
// process with it; `diffcheck check` runs the same gate with the engine in
// child processes.
import Foundation
import ListModel

/// The parts of a gate, run in this process on `engine`.
public struct InProcessGateParts: GateParts {
    /// The engine under test.
    public var engine: any DiffEngine
    /// The list view its stages are checked as.
    public var profile: Profile
    /// What the random cases may hold.
    public var generator: GeneratorOptions
    /// Fixes the random cases.
    public var seed: UInt64
    /// Where random findings are saved; nil: shrunk, not saved, and
    /// reported unsaved.
    public var findings: String?

    /// The parts of a gate of `engine`, saving random findings in `findings`.
    public init(engine: any DiffEngine, profile: Profile = .strict, generator: GeneratorOptions = GeneratorOptions(), seed: UInt64 = 0,
                findings: String?) {
        self.engine = engine
        self.profile = profile
        self.generator = generator
        self.seed = seed
        self.findings = findings
    }

    /// Never interrupted: a test run is stopped as a whole.
    public var interruption: Int32 { 0 }

    /// Replays `entry` on the engine it names: a built-in one, or `engine` for its own name.
    public func replay(_ entry: CorpusEntry) -> EntryOutcome {
        let engine = self.engine
        let replayer = CorpusReplayer(defaultEngine: engine, profile: profile, generatorOptions: generator,
                                      engineNamed: { $0 == engine.name ? engine : EngineCatalog.engine(named: $0) })
        return replayer.replay(entry)
    }

    /// The case in the case format, with the engine's answer as `recorded:` lines.
    public func caseText(of outcome: EntryOutcome) -> String {
        var shown = outcome.checkedCase
        if shown.stages.isEmpty { shown.recorded = outcome.stages }
        return CasePrinter.text(shown)
    }

    /// Checks every pair of `bound`, smallest first.
    public func walk(_ bound: ExhaustiveBound) -> ExhaustiveResult {
        let start = ContinuousClock.now
        let checker = Checker(engine: engine, profile: profile)
        var result = ExhaustiveResult()
        var place = 0
        ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            defer { place += 1 }
            let failed = Set(checker.check(old: old, new: new).failures.map(\.kind))
            guard !failed.isEmpty else { return true }
            result.failingPairs += 1
            if result.firstFailure == nil {
                result.firstFailure = (place, nil)
                result.firstProperties = Set(failed.map(\.property)).sorted()
            }
            for kind in failed {
                result.byKind[kind, default: 0] += 1
                result.firstPlaceByKind[kind] = result.firstPlaceByKind[kind] ?? place
            }
            return true
        }
        result.pairs = place
        result.elapsed = seconds(since: start)
        return result
    }

    /// `engine` itself.
    public func engineForCheckingAgain() -> (any DiffEngine)? { engine }

    /// Runs case 0..<`request.cases` of `seed`; each property's first
    /// failure (but those found already) is shrunk and saved.
    public func runRandom(_ request: GateRandomRequest) -> GateRandomPart {
        var cases = CampaignCases(engine: engine, profile: profile, generatorOptions: generator, seed: seed)
        for walk in request.walks { cases.walked.record(walk.bound, firstFailingPlaces: walk.firstFailingPlaces) }
        let start = ContinuousClock.now
        var report = RandomPartReport()
        var findings: [GateRandomFinding] = []
        var found = request.foundKinds
        for n in 0..<request.cases {
            let checked = cases.check(n)
            report.casesRun += 1
            if checked.verdict.isSkipped { report.skipped += 1 }
            if let reason = checked.refusalReason { report.noteRefusal(reason, caseNumber: n) }
            if let reason = checked.tooSlowReason {
                report.noteTooSlow(reason, sizeClass: CampaignCases.sizeClassName(checked.pair), caseNumber: n)
            }
            for label in checked.labels.labels { report.labelCounts[label, default: 0] += 1 }
            guard let failure = checked.verdict.failures.first(where: { !found.contains($0.kind) }) else {
                for failure in checked.verdict.failures { report.repeatedFailures[failure.kind, default: 0] += 1 }
                continue
            }
            found.insert(failure.kind)
            // Without a findings folder the failure is shrunk and not written.
            let saved = self.findings.map { cases.shrinkAndSave(checked, failure: failure, in: $0) }
                ?? cases.shrink(checked, failure: failure).unsaved
            let randomFailure = RandomFailure(caseNumber: n, property: failure.property.rawValue, path: saved.path ?? "-",
                                              message: saved.example.failure.description,
                                              shrinking: "\(saved.example.shrinkCalls) calls, " + String(format: "%.2f", saved.seconds) + " s",
                                              saveError: saved.saveError, isStricterReading: failure.isStricterReading)
            report.failures.append(randomFailure)
            findings.append(GateRandomFinding(failure: randomFailure, caseText: CasePrinter.text(findingCase(saved.example))))
        }
        report.elapsed = seconds(since: start)
        report.describeFirstRefusals { cases.generator.campaignCase(seed: seed, n: $0) }
        report.noteIfEveryFailureIsSectioned()
        return GateRandomPart(report: report, findings: findings, properties: Checker(engine: engine, profile: profile).properties.sorted())
    }
}

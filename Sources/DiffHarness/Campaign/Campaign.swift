// Campaign: a whole campaign against one engine, in this process — saved
// regressions first, then every pair of small exhaustive bounds, then random
// cases; each new failure shrunk and saved where the next run replays it.
//
// This is what a test suite runs (see `checkEngine`). The command line runs
// the same parts with the engine in child processes (`diffcheck check`):
// the same cases (`CampaignCases`), the same corpus replay
// (`CorpusReplayer`), the same report of the random part
// (`RandomPartReport`).
import Foundation
import ListModel

/// One engine's campaign, run in this process.
///
/// An in-process engine runs without a child process around it: an engine
/// that traps takes the process (the test run) down with it, and one that
/// never returns hangs it. Run such an engine under `diffcheck` instead,
/// which keeps every engine in a child process.
public struct Campaign: Sendable {
    /// The engine under test; it runs in this process.
    public var engine: any DiffEngine
    /// The list view the engine's stages are checked as (`strict` by default).
    public var profile: Profile
    /// Fixes the random cases: case n of seed s is the same on every machine.
    public var seed: UInt64
    /// Random cases to run.
    public var cases: Int
    /// Bounds whose every pair is checked, smallest pairs first.
    public var exhaustiveBounds: [ExhaustiveBound]
    /// What the random cases may hold (flat only, repeated identities, sizes, shapes).
    public var generatorOptions: GeneratorOptions
    /// The folder of saved failures: every case file in it is replayed
    /// first, and each new failure is saved there (created when needed).
    /// Nil: nothing is replayed, and failures are not saved.
    public var regressions: String?

    /// Small bounds, about a second of a debug build for a fast engine:
    /// flat lists of 4 items in all, and up to 2 sections of 1 item.
    public static let smallBounds = [
        ExhaustiveBound(isFlat: true, maxTotalItems: 4, maxItemsPerSection: 4),
        ExhaustiveBound(isFlat: false, maxTotalItems: 2, maxSections: 2, maxItemsPerSection: 1),
    ]

    /// A campaign of `engine`: the saved cases in `regressions`, then every pair of `exhaustiveBounds`, then `cases` random cases of `seed`.
    public init(engine: any DiffEngine, profile: Profile = .strict, seed: UInt64 = 0, cases: Int = 1_000,
                exhaustiveBounds: [ExhaustiveBound] = Campaign.smallBounds,
                generatorOptions: GeneratorOptions = GeneratorOptions(), regressions: String? = nil) {
        self.engine = engine
        self.profile = profile
        self.seed = seed
        self.cases = cases
        self.exhaustiveBounds = exhaustiveBounds
        self.generatorOptions = generatorOptions
        self.regressions = regressions
    }

    /// Runs the three parts in order and returns what failed. Failing
    /// regressions end the campaign (they are what the last run found:
    /// fix them first). In each other part, each property is reported once,
    /// for its first failing pair.
    public func run() -> CampaignResult {
        var result = CampaignResult(engine: engine.name, seed: seed, regressions: regressions)
        let start = ContinuousClock.now
        defer { result.seconds = seconds(since: start) }
        replayRegressions(into: &result)
        if !result.failures.isEmpty { return result }
        checkExhaustively(into: &result)
        checkRandomCases(into: &result)
        return result
    }

    // MARK: The parts

    private func replayRegressions(into result: inout CampaignResult) {
        guard let regressions, FileManager.default.fileExists(atPath: regressions) else { return }
        let engine = self.engine
        let read = readCorpus([regressions], allowsEmptyFolders: true, engines: EngineCatalog.caseEngineNames + [engine.name])
        for error in read.errors {
            result.failures.append(CampaignFinding(part: .regression, message: "unreadable: \(error.description)",
                                                   caseText: "", path: nil))
        }
        let replayer = CorpusReplayer(defaultEngine: engine, profile: profile, generatorOptions: generatorOptions,
                                      engineNamed: { $0 == engine.name ? engine : EngineCatalog.engine(named: $0) })
        for entry in read.entries {
            let outcome = replayer.replay(entry)
            result.regressionsReplayed += 1
            if outcome.meetsExpectation { continue }
            var shown = outcome.checkedCase
            if shown.stages.isEmpty { shown.recorded = outcome.stages }
            result.failures.append(CampaignFinding(part: .regression, message: outcome.summary,
                                                   caseText: CasePrinter.text(shown), path: outcome.path))
        }
    }

    private func checkExhaustively(into result: inout CampaignResult) {
        let checker = Checker(engine: engine, profile: profile)
        var found: Set<PropertyName> = []
        for var bound in exhaustiveBounds {
            if engine.isFlatOnly || generatorOptions.isFlatOnly { guard bound.isFlat else { continue } }
            bound.allowsDuplicates = generatorOptions.allowsDuplicates
            var place = 0
            ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
                defer { place += 1 }
                result.exhaustivePairs += 1
                let verdict = checker.check(old: old, new: new)
                for failure in verdict.failures where !found.contains(failure.property) {
                    found.insert(failure.property)
                    let c = exhaustiveFindingCase(failure, old: old, new: new, verdict: verdict, engine: engine.name,
                                                  engineCommand: nil, profile: profile,
                                                  origin: .exhaustive(place: place, bound: bound.description))
                    var path: String?
                    var saveError: String?
                    if let regressions {
                        do { path = try saveFinding(c, in: regressions) } catch { saveError = "\(error)" }
                    }
                    result.failures.append(CampaignFinding(part: .exhaustive, property: failure.property, message: failure.description,
                                                           caseText: CasePrinter.text(c), path: path, saveError: saveError))
                }
                return true
            }
        }
    }

    private func checkRandomCases(into result: inout CampaignResult) {
        let cases = CampaignCases(engine: engine, profile: profile, generatorOptions: generatorOptions, seed: seed)
        let start = ContinuousClock.now
        var report = RandomPartReport()
        var found = Set(result.failures.compactMap { $0.property })
        var scratch: PrivateFolder?
        defer { scratch?.remove() }
        for n in 0..<self.cases {
            let checked = cases.check(n)
            report.casesRun += 1
            if checked.verdict.isSkipped { report.skipped += 1 }
            if let reason = checked.refusalReason { report.noteRefusal(reason, caseNumber: n) }
            if let reason = checked.tooSlowReason {
                report.noteTooSlow(reason, sizeClass: CampaignCases.sizeClassName(checked.pair), caseNumber: n)
            }
            for label in checked.labels.labels { report.labelCounts[label, default: 0] += 1 }
            guard let failure = checked.verdict.failures.first(where: { !found.contains($0.property) }) else {
                for failure in checked.verdict.failures { report.repeatedFailures[failure.property.rawValue, default: 0] += 1 }
                continue
            }
            found.insert(failure.property)
            // Shrunk in a private scratch folder when there is no regressions folder.
            if regressions == nil && scratch == nil { scratch = try? PrivateFolder(prefix: "diffcheck-campaign") }
            let folder = regressions ?? scratch?.path ?? NSTemporaryDirectory()
            let saved = cases.shrinkAndSave(checked, failure: failure, in: folder)
            let text = CasePrinter.text(findingCase(saved.example))
            if regressions == nil, let path = saved.path { unlink(path) }
            result.failures.append(CampaignFinding(part: .random(caseNumber: n), property: failure.property,
                                                   message: saved.example.failure.description,
                                                   caseText: text, path: regressions == nil ? nil : saved.path,
                                                   saveError: regressions == nil ? nil : saved.saveError))
            report.failures.append(RandomFailure(caseNumber: n, property: failure.property.rawValue,
                                                 path: saved.path ?? "-", message: saved.example.failure.message))
        }
        report.elapsed = seconds(since: start)
        report.describeFirstRefusals { cases.generator.campaignCase(seed: seed, n: $0) }
        result.random = report
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    start.duration(to: .now).inSeconds
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

// Campaign: a whole campaign against one engine, in this process — saved
// regressions first, then every pair of small exhaustive bounds, then random
// cases; each new failure shrunk and saved where the next run replays it.
//
// This is what a test suite runs (see `checkEngine`): a `Gate` with its
// parts in this process (`InProcessGateParts`). The command line runs the
// same gate with the engine in child processes (`diffcheck check`).
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

    /// Runs the three parts in order, as a `Gate` with the engine in this
    /// process, and returns what failed. Failing regressions end the
    /// campaign (they are what the last run found: fix them first). Each
    /// property is reported once, for its first failing pair.
    public func run() -> CampaignResult {
        CampaignResult(gate.run(parts), regressions: regressions)
    }

    /// The gate this campaign runs: the regressions folder as its corpus,
    /// the bounds the engine and the generator options allow, failures
    /// saved in the regressions folder.
    public var gate: Gate {
        var corpus = GateCorpus.none
        if let regressions, FileManager.default.fileExists(atPath: regressions) {
            let read = readCorpus([regressions], allowsEmptyFolders: true, engines: EngineCatalog.caseEngineNames + [engine.name])
            corpus = GateCorpus(entries: read.entries, readErrors: read.errors)
        }
        let isFlatOnly = engine.isFlatOnly || generatorOptions.isFlatOnly
        let bounds = exhaustiveBounds.filter { $0.isFlat || !isFlatOnly }.map { bound in
            var bound = bound
            bound.allowsDuplicates = generatorOptions.allowsDuplicates
            return bound
        }
        var gate = Gate(engine: GateEngine(name: engine.name), profile: profile, seed: seed, generator: generatorOptions,
                        corpus: corpus, exhaustiveBounds: bounds, cases: cases, findings: regressions)
        gate.stopsAfterFailingCorpus = true
        gate.reportsEachPropertyOnce = true
        return gate
    }

    /// The gate's parts, run in this process.
    public var parts: InProcessGateParts {
        InProcessGateParts(engine: engine, profile: profile, generator: generatorOptions, seed: seed, findings: regressions)
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

// GateResult: what a run of the gate did and found, part by part, as data.
// The text report (`GateTextReport`), JUnit (`JUnitReport(_:text:)`) and a
// test suite's failure message (`CampaignResult`) are renderings of it.
import Foundation
import ListModel

/// The engine a gate checks, as its reports name it.
public struct GateEngine: Hashable, Sendable {
    /// The engine's name (`core`, `mutant:…`, `external`, a user's own).
    public var name: String
    /// The `--engine-cmd` command of an external engine; nil for an engine
    /// built in or run in this process.
    public var command: String?

    /// The engine `name`, run by `command` when it is external.
    public init(name: String, command: String? = nil) {
        self.name = name
        self.command = command
    }
}

/// What one run of a `Gate` did and found.
public struct GateResult: Sendable {
    /// The engine checked.
    public var engine: GateEngine
    /// The seed of the random cases.
    public var seed: UInt64
    /// What the random cases may hold (the random part's coverage gaps are read against it).
    public var generator: GeneratorOptions
    /// The part of every part this run checked.
    public var shard: Shard
    /// The corpus part: always there (a gate with no corpus says so in it).
    public var corpus: GateCorpusPart
    /// Whether only the corpus part was to run (`Gate.runsCorpusOnly`).
    public var isCorpusOnly = false
    /// Whether the later parts did not run because a corpus file missed its
    /// expectation or was unreadable (`Gate.stopsAfterFailingCorpus`).
    public var stoppedAfterFailingCorpus = false
    /// Each exhaustive bound walked, in order (empty when the part did not run).
    public var exhaustive: [GateBoundResult] = []
    /// The signal that stopped the exhaustive part (0: none); the random part did not run then.
    public var exhaustiveInterruption: Int32 = 0
    /// The random part; nil when it did not run.
    public var random: GateRandomPart?
    /// The signal that stopped the gate, at its end (0: none).
    public var interruption: Int32 = 0
    /// The gate's wall time, in seconds.
    public var seconds = 0.0

    /// A result of `engine` before any part ran.
    public init(engine: GateEngine, seed: UInt64, generator: GeneratorOptions, shard: Shard, corpus: GateCorpusPart) {
        self.engine = engine
        self.seed = seed
        self.generator = generator
        self.shard = shard
        self.corpus = corpus
    }
}

extension GateResult {
    /// Exit 0: everything holds.
    public static let holdsCode: Int32 = 0
    /// Exit 1: a property failed or a case missed its expectation.
    public static let failureCode: Int32 = 1
    /// Exit 2: unreadable input, a file that could not run, a part that could not run.
    public static let usageCode: Int32 = 2
    /// Exit 4: nothing failed, but the random part judged less than it was
    /// asked (`RandomPartReport.judgedLessThanAsked`): cases past the
    /// engine's limits, or not reached within the campaign's budget.
    public static let unjudgedCode: Int32 = 4

    /// Whether something was unreadable or could not run (exit 2).
    public var hasUsageError: Bool {
        corpus.hasUnreadable || random?.runError != nil
    }

    /// Whether a property failed or a file missed its expectation (exit 1).
    public var hasFailure: Bool {
        corpus.missedCount > 0 || exhaustive.contains { !$0.findings.isEmpty } || !(random?.findings.isEmpty ?? true)
    }

    /// The exit code the result implies: 2 for a usage error (also when
    /// `addingUsageError`: one outside the gate, as a report that cannot be
    /// written), else 1 for a failure, else 128 + the signal for a gate a
    /// signal stopped (130 for Ctrl-C), else 4 for a random part that
    /// judged less than it was asked, else 0.
    public func exitCode(addingUsageError: Bool = false) -> Int32 {
        if hasUsageError || addingUsageError { return GateResult.usageCode }
        if hasFailure { return GateResult.failureCode }
        if interruption != 0 { return 128 + interruption }
        if random?.report?.judgedLessThanAsked ?? false { return GateResult.unjudgedCode }
        return GateResult.holdsCode
    }
}

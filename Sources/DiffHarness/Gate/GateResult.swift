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

/// The corpus part: every file replayed against its `expect:` line.
public struct GateCorpusPart: Sendable {
    /// Whether there was a corpus to replay (false: none was named and the
    /// default folder is not there; the other parts still gate).
    public var hasCorpus: Bool
    /// Files that could not be read (each makes the gate exit 2).
    public var readErrors: [CorpusReadError] = []
    /// How many files this shard was to replay.
    public var entryCount = 0
    /// The files replayed, in order.
    public var files: [GateCorpusFile] = []
    /// The findings folder's files that other engines saved, not replayed:
    /// how many, by engine (as the report names it).
    public var othersFindings: [String: Int] = [:]
    /// The findings folder those were found in.
    public var findingsFolder: String?
    /// The signal that stopped the part after a file (0: none); the other parts did not run then.
    public var interruption: Int32 = 0
    /// The part's wall time, in seconds.
    public var seconds = 0.0

    /// A corpus part with nothing replayed yet; `hasCorpus` false for a gate that has no corpus.
    public init(hasCorpus: Bool) {
        self.hasCorpus = hasCorpus
    }

    /// Files not run: the engine they need only the command line can give (each makes the gate exit 2).
    public var refusedCount: Int { files.count { $0.outcome.refusal != nil } }
    /// Files run that missed their expectation.
    public var missedCount: Int { files.count { $0.outcome.refusal == nil && !$0.outcome.meetsExpectation } }
    /// Files run (replayed and not refused).
    public var ranCount: Int { files.count - refusedCount }
    /// Whether a file was unreadable or not run: the gate exits 2.
    public var hasUnreadable: Bool { !readErrors.isEmpty || refusedCount > 0 }
}

/// One corpus file replayed.
public struct GateCorpusFile: Sendable {
    /// Whether the file is a `.case` file (not a binary fuzz input).
    public var isCaseFile: Bool
    /// What the replay found.
    public var outcome: EntryOutcome
    /// The replay's wall time, in seconds.
    public var seconds: Double
    /// For a file that missed its expectation (or was not run): the case
    /// as the part's runner shows it (`GateParts.caseText(of:)`); nil otherwise.
    public var caseText: String?

    /// A replayed file: its outcome, its time and, when it missed, the case shown.
    public init(isCaseFile: Bool, outcome: EntryOutcome, seconds: Double, caseText: String?) {
        self.isCaseFile = isCaseFile
        self.outcome = outcome
        self.seconds = seconds
        self.caseText = caseText
    }
}

/// One exhaustive bound: the walk, and each failing property's smallest pair.
public struct GateBoundResult: Sendable {
    /// The bound walked.
    public var bound: ExhaustiveBound
    /// The shard of the walk this run checked.
    public var shard: Shard
    /// What the walk found; nil when it could not run (`runError` says why).
    public var walk: ExhaustiveResult?
    /// Why the walk could not run.
    public var runError: String?
    /// Each failing property's smallest pair, checked again, in property order.
    public var findings: [GateExhaustiveFinding] = []
    /// The bound's wall time, walk and findings together, in seconds.
    public var seconds = 0.0

    /// A bound walked (or not: `runError`), before its findings are added.
    public init(bound: ExhaustiveBound, shard: Shard, walk: ExhaustiveResult?, runError: String? = nil) {
        self.bound = bound
        self.shard = shard
        self.walk = walk
        self.runError = runError
    }

    /// Pairs failing some property (0 for a walk that could not run).
    public var failingPairs: Int { walk?.failingPairs ?? 0 }

    /// Each failing property's first place, when the walk went through the
    /// whole bound (no shard, no stop): what the random part's shrinks need
    /// not walk again, and the properties it does not save again.
    public var wholeWalk: [PropertyName: Int]? {
        guard let walk, walk.isWhole, shard.isWhole else { return nil }
        return walk.firstPlaceByProperty
    }
}

/// A property's smallest failing pair in a bound, checked again with the
/// engine (`Checker.askingAgain`) and saved.
public struct GateExhaustiveFinding: Sendable {
    /// Where a finding went.
    public enum Saving: Sendable, Hashable {
        /// Saved at this path.
        case saved(path: String)
        /// Not saved, and why.
        case failed(reason: String)
    }

    /// What checking the pair again gave.
    public enum Check: Sendable {
        /// It failed again (or crashed in the walk): the failure and the case to save, with the answer that failed.
        case fails(PropertyFailure, Case)
        /// It passed every one of `askings` askings: there is no failing answer to record.
        case passedWhenAskedAgain(askings: Int)
    }

    /// The property.
    public var property: PropertyName
    /// How many pairs of the walk fail it.
    public var failingPairs: Int
    /// The pair's place in the walk.
    public var place: Int
    /// The pair's old snapshot.
    public var old: Snapshot
    /// The pair's new snapshot.
    public var new: Snapshot
    /// What checking it again gave.
    public var check: Check
    /// Where it was saved; nil when the gate has no findings folder, or there was nothing to save.
    public var saving: Saving?

    /// The smallest pair failing `property`, at `place`, checked again.
    public init(property: PropertyName, failingPairs: Int, place: Int, old: Snapshot, new: Snapshot, check: Check,
                saving: Saving? = nil) {
        self.property = property
        self.failingPairs = failingPairs
        self.place = place
        self.old = old
        self.new = new
        self.check = check
        self.saving = saving
    }
}

/// The random part: the cases' report and each finding's case.
public struct GateRandomPart: Sendable {
    /// What the cases did; nil when the part could not run (`runError` says why).
    public var report: RandomPartReport?
    /// Why the part could not run.
    public var runError: String?
    /// Each of `report.failures`, in its order, with its case.
    public var findings: [GateRandomFinding] = []
    /// The properties the engine is checked for, in order (JUnit has a test case each).
    public var properties: [PropertyName] = []

    /// A part that ran: `report`, its findings and the properties checked.
    public init(report: RandomPartReport, findings: [GateRandomFinding], properties: [PropertyName]) {
        self.report = report
        self.findings = findings
        self.properties = properties
    }

    /// A part that could not run, and why.
    public init(runError: String) {
        self.runError = runError
    }
}

/// One failure of the random part, with its case.
public struct GateRandomFinding: Sendable {
    /// The failure, as the part's report holds it.
    public var failure: RandomFailure
    /// The shrunk case in the case format (the saved file's text); nil when it cannot be read.
    public var caseText: String?

    /// `failure`, whose case reads `caseText`.
    public init(failure: RandomFailure, caseText: String?) {
        self.failure = failure
        self.caseText = caseText
    }
}

extension GateResult {
    /// Exit 0: everything holds.
    public static let holdsCode: Int32 = 0
    /// Exit 1: a property failed or a case missed its expectation.
    public static let failureCode: Int32 = 1
    /// Exit 2: unreadable input, a file that could not run, a part that could not run.
    public static let usageCode: Int32 = 2

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
    /// signal stopped (130 for Ctrl-C), else 0.
    public func exitCode(addingUsageError: Bool = false) -> Int32 {
        if hasUsageError || addingUsageError { return GateResult.usageCode }
        if hasFailure { return GateResult.failureCode }
        if interruption != 0 { return 128 + interruption }
        return GateResult.holdsCode
    }
}

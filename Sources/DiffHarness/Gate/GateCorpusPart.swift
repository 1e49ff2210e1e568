// GateCorpusPart: a gate's corpus — as its caller read it (`GateCorpus`),
// and what the part did with it: each file replayed, the files that could
// not be read, the findings of other engines left out.
import Foundation
import ListModel

/// The corpus a gate replays, as read by its caller.
public struct GateCorpus: Sendable {
    /// Whether there is a corpus (false: none was named and there is no
    /// default folder; the report says so, and the other parts still gate).
    public var hasCorpus: Bool
    /// The files read, in order (the gate's shard picks its own).
    public var entries: [CorpusEntry]
    /// The files that could not be read.
    public var readErrors: [CorpusReadError]
    /// The findings folder's files that other engines saved, left out of
    /// `entries`: how many, by engine.
    public var othersFindings: [String: Int]
    /// The findings folder they were found in.
    public var findingsFolder: String?
    /// Seconds reading the files took: counted in the corpus part's time.
    public var readingSeconds = 0.0

    /// A corpus of `entries` (and `readErrors`); `othersFindings`: what was left out of `findingsFolder`.
    public init(hasCorpus: Bool = true, entries: [CorpusEntry] = [], readErrors: [CorpusReadError] = [],
                othersFindings: [String: Int] = [:], findingsFolder: String? = nil) {
        self.hasCorpus = hasCorpus
        self.entries = entries
        self.readErrors = readErrors
        self.othersFindings = othersFindings
        self.findingsFolder = findingsFolder
    }

    /// No corpus at all.
    public static let none = GateCorpus(hasCorpus: false)
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

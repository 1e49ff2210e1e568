// GateParts: how a gate's parts run — the one thing that differs between a
// test suite's gate (`InProcessGateParts`: the engine in this process) and
// `diffcheck check`'s (worker processes, the engine in child processes).
import ListModel

/// What the random part is asked to run, after the exhaustive part.
public struct GateRandomRequest: Sendable {
    /// Random cases to run (of the whole run; a shard runs its own).
    public var cases: Int
    /// Each bound walked whole, with each failing kind's first place:
    /// shrinking does not walk those bounds again.
    public var walks: [(bound: ExhaustiveBound, firstFailingPlaces: [FindingKind: Int])]
    /// Kinds of finding the exhaustive part found and saved: a random case
    /// failing one is counted as a repeat, not shrunk and saved again.
    public var foundKinds: Set<FindingKind>

    /// `cases` random cases, after `walks`, which found `foundKinds`.
    public init(cases: Int, walks: [(bound: ExhaustiveBound, firstFailingPlaces: [FindingKind: Int])],
                foundKinds: Set<FindingKind>) {
        self.cases = cases
        self.walks = walks
        self.foundKinds = foundKinds
    }
}

/// How each part of a `Gate` runs. The gate decides what runs, in which
/// order, and what each finding is; the parts only run the engine.
public protocol GateParts {
    /// The signal that interrupted the run so far (SIGINT, SIGTERM,
    /// SIGHUP), 0 while none did: the gate stops at its next step.
    var interruption: Int32 { get }

    /// Replays one corpus file against its `expect:` line.
    func replay(_ entry: CorpusEntry) -> EntryOutcome

    /// A file that missed its expectation, shown: its case and what the
    /// engine answered.
    func caseText(of outcome: EntryOutcome) -> String

    /// Walks every pair of `bound` (this run's shard of it).
    func walk(_ bound: ExhaustiveBound) throws -> ExhaustiveResult

    /// The engine a walk's smallest failing pairs are checked again with;
    /// nil when none can be made (those pairs are then not reported).
    func engineForCheckingAgain() -> (any DiffEngine)?

    /// Runs the random cases; the findings are shrunk and saved in the
    /// gate's findings folder (when it has one).
    func runRandom(_ request: GateRandomRequest) throws -> GateRandomPart
}

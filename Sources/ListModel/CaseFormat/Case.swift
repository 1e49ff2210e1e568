// Case: one `.case` file — an old and a new snapshot, optionally the stages an
// engine (or an app) issued, and what is expected of them.

/// What a case expects.
public enum Expectation: Hashable, Sendable, CustomStringConvertible {
    /// Every property holds.
    case pass
    /// The model rejects a stage with a message containing the text.
    case error(String)
    /// The named property (`valid`, `reaches-target`, `fresh`, ...) fails.
    case fail(String)

    public var description: String {
        switch self {
        case .pass: return "pass"
        case .error(let text): return "error \(text)"
        case .fail(let property): return "fail \(property)"
        }
    }
}

/// One case, as read from or written to the case format.
public struct Case: Hashable, Sendable {
    /// Comment lines (without the leading `#` and one space) that stand
    /// before the first directive; kept so a printed case keeps its story.
    public var comments: [String]
    /// `old:`: what the view displays before the first stage.
    public var old: Snapshot
    /// `new:`: what the data source holds after the last stage.
    public var new: Snapshot
    /// The stages from `batch:` (and `then:`) lines; empty when the case
    /// gives only `old` and `new` (an engine is then asked for the stages).
    public var stages: [Stage]
    /// `expect:`; `pass` when the case gives none.
    public var expectation: Expectation
    /// `profile:`; `nil` means the default (`strict`).
    public var profile: Profile?
    /// `engine:`; the engine a case without `batch:` lines is run against
    /// (`nil` means the default engine, `core`). `external` names an engine
    /// given on the command line (`--engine-cmd`); a case never holds a
    /// command to run.
    public var engine: String?
    /// The stages from `recorded:` (and `then:`) lines: what the engine
    /// answered when the case was saved. They are not the case's stages (the
    /// engine is still asked); they let a reader judge or draw the answer
    /// without the engine. Empty when none were recorded. A case has
    /// `batch:` lines or `recorded:` lines, never both.
    public var recorded: [Stage]
    /// Whether the engine answered no stages at all when the case was saved
    /// (`recorded: none`; `recorded` is then empty). An answer of no stages
    /// is not one empty batch (`recorded:` with nothing after it).
    public var recordsNoStages: Bool

    /// The stages from `again:` (and `then:`) lines: what the engine
    /// answered when it was asked the same pair a second time, recorded when
    /// that answer differs from the first (a `deterministic` finding), so that
    /// judging the recorded answers shows the two. Written like `recorded:`;
    /// a case has them only after a recorded answer. Empty when there is none.
    public var recordedAgain: [Stage]
    /// Whether the second answer was no stages at all (`again: none`).
    public var recordsNoStagesAgain: Bool

    /// `engine-command:`: the command an external engine (`engine:
    /// external`) ran with when the case was saved. For the reader and for
    /// reports: diffcheck never runs it (`--engine-cmd` says what runs).
    public var engineCommand: String?
    /// `choices:`: the generator's choices that make `old` and `new`
    /// (`choices: none` is empty: the pair was shrunk by editing it, and no
    /// choices make it); nil when the case does not say.
    public var choices: [Int]?
    /// `finding:`, `origin:` and `shrunk:`: what a saved finding says of
    /// itself (`FindingFacts`); nil for a case that is no finding.
    public var finding: FindingFacts?

    /// Whether the case holds the answer its engine gave (`recorded:` lines,
    /// or `recorded: none`).
    public var hasRecordedAnswer: Bool { !recorded.isEmpty || recordsNoStages }

    /// Whether the case holds a second answer to the same pair (`again:`
    /// lines, or `again: none`).
    public var hasSecondRecordedAnswer: Bool { !recordedAgain.isEmpty || recordsNoStagesAgain }

    /// A case with these lines; `recordsNoStages` holds only when
    /// `recorded` is empty, `recordsNoStagesAgain` only when `recordedAgain` is.
    public init(
        comments: [String] = [], old: Snapshot, new: Snapshot, stages: [Stage] = [],
        expectation: Expectation = .pass, profile: Profile? = nil, engine: String? = nil,
        recorded: [Stage] = [], recordsNoStages: Bool = false,
        recordedAgain: [Stage] = [], recordsNoStagesAgain: Bool = false,
        engineCommand: String? = nil, choices: [Int]? = nil, finding: FindingFacts? = nil
    ) {
        self.engineCommand = engineCommand
        self.choices = choices
        self.finding = finding
        self.recordedAgain = recordedAgain
        self.recordsNoStagesAgain = recordsNoStagesAgain && recordedAgain.isEmpty
        self.comments = comments
        self.old = old
        self.new = new
        self.stages = stages
        self.expectation = expectation
        self.profile = profile
        self.engine = engine
        self.recorded = recorded
        self.recordsNoStages = recordsNoStages && recorded.isEmpty
    }
}

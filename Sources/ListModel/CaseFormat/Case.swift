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
    public var old: Snapshot
    public var new: Snapshot
    /// The stages from `batch:` (and `then:`) lines; empty when the case
    /// gives only `old` and `new` (an engine is then asked for the stages).
    public var stages: [Stage]
    public var expectation: Expectation
    /// `profile:`; `nil` means the default (`strict`).
    public var profile: Profile?
    /// `engine:`; the engine a case without `batch:` lines is run against
    /// (`nil` means the default engine, `core`).
    public var engine: String?

    public init(
        comments: [String] = [], old: Snapshot, new: Snapshot, stages: [Stage] = [],
        expectation: Expectation = .pass, profile: Profile? = nil, engine: String? = nil
    ) {
        self.comments = comments
        self.old = old
        self.new = new
        self.stages = stages
        self.expectation = expectation
        self.profile = profile
        self.engine = engine
    }
}

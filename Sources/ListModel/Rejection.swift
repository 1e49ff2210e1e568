// Rejection: a batch the list view refuses, in UIKit's words.

/// Why the model (like UIKit) refuses a batch.
///
/// `message` uses the wording of a UIKit crash log so a user can match the
/// verdict with the crash they saw (RULES.md §3.1), except where UIKit has
/// no words: the model's own for what the view cannot apply (§3.2), and for
/// the portable subset (§3.3) a message that says it is not a UIKit
/// exception. `rule` is a stable name for reports.
public struct Rejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule the batch breaks: a stable name for reports.
    public var rule: Rule
    /// The rejection in UIKit's words, as a crash log shows it.
    public var message: String

    /// A rejection by `rule`, worded `message`.
    public init(_ rule: Rule, _ message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { message }
}

// OptionError: what is wrong with a command line, in the user's words.

/// A usage error: the command prints it after its name and exits 2.
public struct OptionError: Error, CustomStringConvertible, Sendable {
    /// What is wrong (`unknown option --x`, `--jobs takes …`).
    public var description: String
    /// Whether the command's help follows the message: for a line the
    /// parser could not follow (an unknown option, a missing value), not
    /// for a value it read and refused.
    public var showsHelp: Bool

    /// An error saying `description`.
    public init(_ description: String, showsHelp: Bool = false) {
        self.description = description
        self.showsHelp = showsHelp
    }
}

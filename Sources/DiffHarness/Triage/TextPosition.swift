// TextPosition: where in a pasted log a triage error's text stands.

/// A line and a column of a text, both counted from 1 (columns in
/// characters), as a compiler prints them: `crash.txt:12:5: error: …`.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

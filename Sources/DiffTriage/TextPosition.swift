// TextPosition: where in a pasted log a triage error's text stands.

/// A line and a column of a text, both counted from 1 (columns in
/// characters), as a compiler prints them: `crash.txt:12:5: error: …`.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int

    /// The place at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

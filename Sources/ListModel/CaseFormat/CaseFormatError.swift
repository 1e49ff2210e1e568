// CaseFormatError: why a `.case` text could not be read, and where.

/// A parse error: the file, the 1-based line and column (counted in
/// characters), what the parser expected and what it found instead.
///
/// Prints as `FILE:LINE:COL: error: expected EXPECTED but found FOUND`, the
/// form compilers use, so editors can jump to it.
public struct CaseFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name the text was read from, as given to the parser.
    public var file: String
    /// The 1-based line of the error.
    public var line: Int
    /// The 1-based column of the error, in characters.
    public var column: Int
    /// What the parser expected at that place.
    public var expected: String
    /// What it found there instead.
    public var found: String

    /// An error at `line` and `column` of `file` (each at least 1).
    public init(file: String, line: Int, column: Int, expected: String, found: String) {
        self.file = file
        self.line = max(line, 1)
        self.column = max(column, 1)
        self.expected = expected
        self.found = found
    }

    public var description: String {
        "\(file):\(line):\(column): error: expected \(expected) but found \(found)"
    }
}

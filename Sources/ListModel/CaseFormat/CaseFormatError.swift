// CaseFormatError: why a `.case` text could not be read, and where.

/// A parse error: the file, the 1-based line and column (counted in
/// characters), what the parser expected and what it found instead.
///
/// Prints as `FILE:LINE:COL: error: expected EXPECTED but found FOUND`, the
/// form compilers use, so editors can jump to it.
public struct CaseFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var expected: String
    public var found: String

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

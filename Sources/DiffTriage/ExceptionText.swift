// ExceptionText: a pasted crash log flattened to one line of UICollectionView's words.

/// A crash log or pasted exception, flattened so the messages can be
/// matched whatever framed them:
///
/// - line breaks are real ones or Xcode's escaped `\n` (its `Thread 1: "…"`
///   banner prints the reason on one line, `\t` for tabs); each line loses
///   its leading spaces and markdown quoting (`>`), and the lines are joined
///   with spaces (a message wrapped over lines reads as one);
/// - markdown emphasis and code marks (`**`, backticks, `\*`) go;
/// - `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}` becomes `0-1`, the
///   model's spelling of an index path (`(0-1)` in parentheses);
/// - runs of spaces become one space (UIKit writes two after a sentence);
/// - a UITableView's words become UICollectionView's: `row` → `item`,
///   `rows` → `items`, `table view` → `collection view` (`isTableView` says so).
///
/// Each character of `text` remembers where it came from, so an error can
/// name the line and column of the log (`position(of:)`).
///
/// - Complexity: O(*n*) time for a log of *n* characters, a pass per rule
///   above, over Unicode scalars; at the peak two buffers of 8 bytes a
///   scalar (the scalar and its origin). Measured: `diffcheck triage` of a
///   10.9 MB log peaks at 343 MB in all.
public struct ExceptionText: Hashable, Sendable {
    /// The flattened text.
    public let text: String
    /// The log names rows: it came from a UITableView.
    public let isTableView: Bool
    /// For each Unicode scalar of `text`, its offset among the raw log's scalars.
    private let origins: [UInt32]
    /// The offsets among the raw log's scalars where its lines start.
    private let lineStarts: [Int]
    /// The log as it was given, for its own words (`logged(_:)`).
    private let raw: String

    /// Flattens the raw text of a log.
    public init(_ raw: String) {
        var (flat, lineStarts) = Self.joinedLines(raw)
        flat = flat.removingMarkdown()
        flat = flat.shorteningIndexPaths()
        flat = flat.collapsingSpaces()
        isTableView = Self.tableWords.contains { flat.contains($0) }
        if isTableView { flat = flat.speakingOfItems() }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: flat.scalars)
        text = String(scalars)
        origins = flat.origins
        self.lineStarts = lineStarts
        self.raw = raw
    }

    /// The log's own words for the part of `text` in `range`: flattened as
    /// `text` is (lines joined, quoting and markdown gone, index paths
    /// shortened, spaces collapsed) but not reworded, so that a
    /// UITableView's log still says `rows` and `table view`; without the
    /// spaces at either end.
    ///
    /// - Complexity: O(*n*) for a log of *n* characters.
    public func logged(_ range: Range<String.Index>) -> String {
        let scalars = text.unicodeScalars
        let lower = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
        let upper = scalars.distance(from: scalars.startIndex, to: range.upperBound)
        guard isTableView, lower < upper, upper <= origins.count else { return String(text[range].trimmingSpacesKeepingPlace) }
        let rawScalars = raw.unicodeScalars
        // From the first character's origin to the origin of the one after the range.
        let start = rawScalars.index(rawScalars.startIndex, offsetBy: Int(origins[lower]))
        let end = upper < origins.count ? rawScalars.index(rawScalars.startIndex, offsetBy: Int(origins[upper])) : rawScalars.endIndex
        guard start < end else { return String(text[range].trimmingSpacesKeepingPlace) }
        var part = String.UnicodeScalarView()
        part.append(contentsOf: rawScalars[start..<end])
        let flat = Self.joinedLines(String(part)).0.removingMarkdown().shorteningIndexPaths().collapsingSpaces()
        var words = String.UnicodeScalarView()
        words.append(contentsOf: flat.scalars)
        return String(String(words)[...].trimmingSpacesKeepingPlace)
    }

    /// Where the character of `text` at `index` stands in the raw log: its
    /// line, and its column counted in Unicode scalars (the characters of
    /// the ASCII a log is written in).
    public func position(of index: String.Index) -> TextPosition {
        guard !origins.isEmpty else { return TextPosition(line: 1, column: 1) }
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        let origin = Int(origins[min(max(offset, 0), origins.count - 1)])
        // The last line starting at or before the origin.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= origin { low = middle } else { high = middle - 1 }
        }
        return TextPosition(line: low + 1, column: origin - lineStarts[low] + 1)
    }

    /// Where the raw log's line holding the character of `text` at `index`
    /// ends in `text`: the index of the first character from a later line
    /// (or the end).
    ///
    /// - Complexity: O(*n*) for a text of *n* characters.
    func lineEnd(from index: String.Index) -> String.Index {
        let scalars = text.unicodeScalars
        let offset = scalars.distance(from: scalars.startIndex, to: index)
        guard offset < origins.count else { return text.endIndex }
        let origin = Int(origins[offset])
        guard let next = lineStarts.first(where: { $0 > origin }) else { return text.endIndex }
        // Origins grow along `text`: the first at or past the next line's start.
        var low = offset, high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if Int(origins[middle]) < next { low = middle + 1 } else { high = middle }
        }
        return scalars.index(scalars.startIndex, offsetBy: low)
    }

    /// Words that only a UITableView's messages use.
    private static let tableWords = [
        "number of rows", "rows in section", "row counts", "table view",
        "delete row", "insert row", "reload row", "move row", "Delete row", "Insert row", "Reload row", "Move row",
        "move both row", "a row from a deleted section", "a row into a newly inserted section",
    ].map { Array($0.unicodeScalars) }

    /// The lines of `raw` joined with spaces, each without its leading
    /// spaces, tabs and `>` quoting; `\n`, `\r` and `\t` spelled with a
    /// backslash read as what they escape; and where the raw lines start.
    private static func joinedLines(_ raw: String) -> (Flattening, lineStarts: [Int]) {
        var flat = Flattening(capacity: raw.utf8.count)
        var lineStarts = [0]
        var offset = 0, isAtLineStart = true
        var rest = raw.unicodeScalars[...]
        while let scalar = rest.popFirst() {
            let here = offset
            offset += 1
            let next = rest.first
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\r", next == "\n" { rest.removeFirst(); offset += 1 }
                flat.append(" ", from: here)
                lineStarts.append(offset)
                isAtLineStart = true
                continue
            }
            if scalar == "\\", next == "n" || next == "r" {
                rest.removeFirst()
                offset += 1
                flat.append(" ", from: here)
                isAtLineStart = true
                continue
            }
            var read = scalar
            if scalar == "\\", next == "t" {
                rest.removeFirst()
                offset += 1
                read = "\t"
            }
            if !(isAtLineStart && (read == " " || read == "\t" || read == ">")) {
                flat.append(read, from: here)
                isAtLineStart = false
            }
        }
        return (flat, lineStarts)
    }
}

/// Flattened Unicode scalars and, for each, its offset in the raw log.
private struct Flattening {
    var scalars: [Unicode.Scalar] = []
    var origins: [UInt32] = []

    init(capacity: Int) {
        scalars.reserveCapacity(capacity)
        origins.reserveCapacity(capacity)
    }

    mutating func append(_ scalar: Unicode.Scalar, from origin: UInt32) {
        scalars.append(scalar)
        origins.append(origin)
    }

    mutating func append(_ scalar: Unicode.Scalar, from origin: Int) {
        append(scalar, from: UInt32(clamping: origin))
    }

    mutating func append(_ text: String, from origin: UInt32) {
        for scalar in text.unicodeScalars { append(scalar, from: origin) }
    }

    /// Whether `literal` stands at `i`.
    func has(_ literal: [Unicode.Scalar], at i: Int) -> Bool {
        guard i >= 0, i + literal.count <= scalars.count else { return false }
        for k in literal.indices where scalars[i + k] != literal[k] { return false }
        return true
    }

    /// Whether `literal` stands anywhere.
    func contains(_ literal: [Unicode.Scalar]) -> Bool {
        guard let first = literal.first else { return true }
        var i = 0
        while let hit = scalars[i...].firstIndex(of: first) {
            if has(literal, at: hit) { return true }
            i = hit + 1
        }
        return false
    }

    /// `\*` → `*`, then `**` → nothing, then `` ` `` → nothing (in that
    /// order, as three replacements would leave it).
    func removingMarkdown() -> Flattening {
        var unescaped = Flattening(capacity: scalars.count)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "*" { i += 1 }
            unescaped.append(scalars[i], from: origins[i])
            i += 1
        }
        var result = Flattening(capacity: scalars.count)
        i = 0
        var plain: [Int] = []  // indexes of `unescaped` left once the `**` go
        plain.reserveCapacity(unescaped.scalars.count)
        while i < unescaped.scalars.count {
            if unescaped.scalars[i] == "*", i + 1 < unescaped.scalars.count, unescaped.scalars[i + 1] == "*" { i += 2; continue }
            plain.append(i)
            i += 1
        }
        for k in plain where unescaped.scalars[k] != "`" { result.append(unescaped.scalars[k], from: unescaped.origins[k]) }
        return result
    }

    /// `<NSIndexPath: 0x…> {length = 2, path = S - I}` → `S-I`.
    func shorteningIndexPaths() -> Flattening {
        var result = Flattening(capacity: scalars.count)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "<", let (path, end) = indexPath(at: i) {
                result.append(path, from: origins[i])
                i = end
                continue
            }
            result.append(scalars[i], from: origins[i])
            i += 1
        }
        return result
    }

    /// The `S-I` of an `NSIndexPath` description starting at `start`, and
    /// the index after it.
    private func indexPath(at start: Int) -> (String, end: Int)? {
        var i = start
        func skip(_ literal: String) -> Bool {
            let literal = Array(literal.unicodeScalars)
            guard has(literal, at: i) else { return false }
            i += literal.count
            return true
        }
        func skipSpaces() {
            while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\u{A0}" { i += 1 }
        }
        func run(_ isIn: (Unicode.Scalar) -> Bool) -> String? {
            let first = i
            while i < scalars.count, isIn(scalars[i]) { i += 1 }
            guard i > first else { return nil }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[first..<i])
            return String(text)
        }
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        guard skip("<NSIndexPath:") else { return nil }
        skipSpaces()
        guard skip("0x"), run({ $0.isASCII && $0.properties.isASCIIHexDigit }) != nil, skip(">") else { return nil }
        for literal in ["{", "length", "=", "2", ",", "path", "="] {
            skipSpaces()
            guard skip(literal) else { return nil }
        }
        skipSpaces()
        guard let section = run(isDigit) else { return nil }
        skipSpaces()
        guard skip("-") else { return nil }
        skipSpaces()
        guard let item = run(isDigit) else { return nil }
        skipSpaces()
        guard skip("}") else { return nil }
        return (section + "-" + item, i)
    }

    /// Runs of spaces, tabs and no-break spaces → one space.
    func collapsingSpaces() -> Flattening {
        var result = Flattening(capacity: scalars.count)
        var lastWasSpace = false
        for (scalar, origin) in zip(scalars, origins) {
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\u{A0}"
            if isSpace && lastWasSpace { continue }
            result.append(isSpace ? " " : scalar, from: origin)
            lastWasSpace = isSpace
        }
        return result
    }

    /// The words `rows` and `row` → `items` and `item`; `table view` →
    /// `collection view`.
    func speakingOfItems() -> Flattening {
        let rows = Array("rows".unicodeScalars), row = Array("row".unicodeScalars), tableView = Array("table view".unicodeScalars)
        func isWord(_ i: Int) -> Bool {
            guard scalars.indices.contains(i) else { return false }
            let p = scalars[i].properties
            return p.isAlphabetic || p.numericType != nil || scalars[i] == "_" || p.generalCategory == .nonspacingMark
        }
        var result = Flattening(capacity: scalars.count)
        var i = 0
        while i < scalars.count {
            let startsWord = !isWord(i - 1)
            if startsWord, has(rows, at: i), !isWord(i + rows.count) {
                result.append("items", from: origins[i])
                i += rows.count
            } else if startsWord, has(row, at: i), !isWord(i + row.count) {
                result.append("item", from: origins[i])
                i += row.count
            } else if has(tableView, at: i) {
                result.append("collection view", from: origins[i])
                i += tableView.count
            } else {
                result.append(scalars[i], from: origins[i])
                i += 1
            }
        }
        return result
    }
}

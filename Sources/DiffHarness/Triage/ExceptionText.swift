// ExceptionText: a pasted crash log flattened to one line of UICollectionView's words.

/// A crash log or pasted exception, flattened so the messages can be
/// matched whatever framed them:
///
/// - line breaks are real ones or Xcode's escaped `\n` (its `Thread 1: "…"`
///   banner prints the reason on one line, `\t` for tabs); each line loses
///   its leading spaces and markdown quoting (`>`), and the lines are joined
///   with spaces (a message wrapped over lines reads as one);
/// - markdown emphasis and code marks (`**`, `` ` ``, `\*`) go;
/// - `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}` becomes `0-1`, the
///   model's spelling of an index path (`(0-1)` in parentheses);
/// - runs of spaces become one space (UIKit writes two after a sentence);
/// - a UITableView's words become UICollectionView's: `row` → `item`,
///   `rows` → `items`, `table view` → `collection view` (`isTableView` says so).
///
/// Each character of `text` remembers where it came from, so an error can
/// name the line and column of the log (`position(of:)`).
///
/// - Complexity: O(*n*) for a log of *n* characters, a pass per rule above.
public struct ExceptionText: Hashable, Sendable {
    /// The flattened text.
    public let text: String
    /// The log names rows: it came from a UITableView.
    public let isTableView: Bool
    /// Where each character of `text` stands in the raw log.
    private let origins: [TextPosition]

    public init(_ raw: String) {
        var flat = Self.joinedLines(raw)
        flat = flat.removingMarkdown()
        flat = flat.shorteningIndexPaths()
        flat = flat.collapsingSpaces()
        let collapsed = String(flat.characters)
        isTableView = Self.tableWords.contains { collapsed.contains($0) }
        if isTableView { flat = flat.speakingOfItems() }
        text = isTableView ? String(flat.characters) : collapsed
        origins = flat.origins
    }

    /// Where the character of `text` at `index` stands in the raw log.
    public func position(of index: String.Index) -> TextPosition {
        guard !origins.isEmpty else { return TextPosition(line: 1, column: 1) }
        let offset = text.distance(from: text.startIndex, to: index)
        return origins[min(max(offset, 0), origins.count - 1)]
    }

    /// Words that only a UITableView's messages use.
    private static let tableWords = [
        "number of rows", "rows in section", "row counts", "table view",
        "delete row", "insert row", "reload row", "move row", "Delete row", "Insert row", "Reload row", "Move row",
    ]

    /// The lines of `raw` joined with spaces, each without its leading
    /// spaces, tabs and `>` quoting; `\n`, `\r` and `\t` spelled with a
    /// backslash read as what they escape.
    private static func joinedLines(_ raw: String) -> Flattening {
        let characters = Array(raw)
        var flat = Flattening(capacity: characters.count)
        var line = 1, column = 1, i = 0, isAtLineStart = true
        while i < characters.count {
            let here = TextPosition(line: line, column: column)
            let character = characters[i]
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            if character == "\n" || character == "\r" || character == "\r\n" {
                flat.append(" ", from: here)
                (line, column, i, isAtLineStart) = (line + 1, 1, i + 1, true)
                continue
            }
            if character == "\\", next == "n" || next == "r" {
                flat.append(" ", from: here)
                (column, i, isAtLineStart) = (column + 2, i + 2, true)
                continue
            }
            let (read, width): (Character, Int) = character == "\\" && next == "t" ? ("\t", 2) : (character, 1)
            if !(isAtLineStart && (read == " " || read == "\t" || read == ">")) {
                flat.append(read, from: here)
                isAtLineStart = false
            }
            column += width
            i += width
        }
        return flat
    }
}

/// Flattened characters and, for each, where it came from.
private struct Flattening {
    var characters: [Character] = []
    var origins: [TextPosition] = []

    init(capacity: Int) {
        characters.reserveCapacity(capacity)
        origins.reserveCapacity(capacity)
    }

    mutating func append(_ character: Character, from origin: TextPosition) {
        characters.append(character)
        origins.append(origin)
    }

    mutating func append(_ text: String, from origin: TextPosition) {
        for character in text { append(character, from: origin) }
    }

    /// Whether `literal` stands at `i`.
    func has(_ literal: [Character], at i: Int) -> Bool {
        guard i + literal.count <= characters.count else { return false }
        return literal.indices.allSatisfy { characters[i + $0] == literal[$0] }
    }

    /// `\*` → `*`, then `**` → nothing, then `` ` `` → nothing (in that
    /// order, as three replacements would leave it).
    func removingMarkdown() -> Flattening {
        var unescaped = Flattening(capacity: characters.count)
        var i = 0
        while i < characters.count {
            if characters[i] == "\\", i + 1 < characters.count, characters[i + 1] == "*" { i += 1 }
            unescaped.append(characters[i], from: origins[i])
            i += 1
        }
        var plain = Flattening(capacity: characters.count)
        i = 0
        while i < unescaped.characters.count {
            if unescaped.has(["*", "*"], at: i) { i += 2; continue }
            plain.append(unescaped.characters[i], from: unescaped.origins[i])
            i += 1
        }
        var result = Flattening(capacity: characters.count)
        for (character, origin) in zip(plain.characters, plain.origins) where character != "`" {
            result.append(character, from: origin)
        }
        return result
    }

    /// `<NSIndexPath: 0x…> {length = 2, path = S - I}` → `S-I`.
    func shorteningIndexPaths() -> Flattening {
        var result = Flattening(capacity: characters.count)
        var i = 0
        while i < characters.count {
            if characters[i] == "<", let (path, end) = indexPath(at: i) {
                result.append(path, from: origins[i])
                i = end
                continue
            }
            result.append(characters[i], from: origins[i])
            i += 1
        }
        return result
    }

    /// The `S-I` of an `NSIndexPath` description starting at `start`, and
    /// the index after it.
    private func indexPath(at start: Int) -> (String, end: Int)? {
        var scanner = TextScanner(characters[start...])
        guard scanner.skip("<NSIndexPath:") else { return nil }
        scanner.skipSpaces()
        guard scanner.skip("0x"), scanner.hexDigits() != nil, scanner.skip(">") else { return nil }
        for literal in ["{", "length", "=", "2", ",", "path", "="] {
            scanner.skipSpaces()
            guard scanner.skip(literal) else { return nil }
        }
        scanner.skipSpaces()
        guard let section = scanner.digits() else { return nil }
        scanner.skipSpaces()
        guard scanner.skip("-") else { return nil }
        scanner.skipSpaces()
        guard let item = scanner.digits() else { return nil }
        scanner.skipSpaces()
        guard scanner.skip("}") else { return nil }
        return (String(section) + "-" + String(item), scanner.rest.startIndex)
    }

    /// Runs of spaces, tabs and no-break spaces → one space.
    func collapsingSpaces() -> Flattening {
        var result = Flattening(capacity: characters.count)
        var lastWasSpace = false
        for (character, origin) in zip(characters, origins) {
            let isSpace = character == " " || character == "\t" || character == "\u{A0}"
            if isSpace && lastWasSpace { continue }
            result.append(isSpace ? " " : character, from: origin)
            lastWasSpace = isSpace
        }
        return result
    }

    /// The words `rows` and `row` → `items` and `item`; `table view` →
    /// `collection view`.
    func speakingOfItems() -> Flattening {
        let rows: [Character] = Array("rows"), row: [Character] = Array("row"), tableView: [Character] = Array("table view")
        func isWord(_ i: Int) -> Bool {
            guard characters.indices.contains(i) else { return false }
            let c = characters[i]
            return c.isLetter || c.isNumber || c == "_"
        }
        var result = Flattening(capacity: characters.count)
        var i = 0
        while i < characters.count {
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
                result.append(characters[i], from: origins[i])
                i += 1
            }
        }
        return result
    }
}

// ExceptionText: a pasted crash log flattened to one line of UICollectionView's words.

/// A crash log or pasted exception, flattened so the messages can be
/// matched whatever framed them:
///
/// - each line loses its markdown quoting (`>`), and the lines are joined
///   with spaces (a message wrapped over lines reads as one);
/// - markdown emphasis and code marks (`**`, `` ` ``, `\*`) go;
/// - `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}` becomes `0-1`, the
///   model's spelling of an index path (`(0-1)` in parentheses);
/// - runs of spaces become one space (UIKit writes two after a sentence);
/// - a UITableView's words become UICollectionView's: `row` → `item`,
///   `rows` → `items`, `table view` → `collection view` (`isTableView` says so).
public struct ExceptionText: Hashable, Sendable {
    /// The flattened text.
    public let text: String
    /// The log names rows: it came from a UITableView.
    public let isTableView: Bool

    public init(_ raw: String) {
        let lines = raw.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }.map { line -> Substring in
            var rest = line.drop { $0 == " " || $0 == "\t" }
            while rest.first == ">" { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } }
            return rest
        }
        var joined = lines.joined(separator: " ")
        joined = joined.replacing("\\*", with: "*").replacing("**", with: "").replacing("`", with: "")
        joined = joined.replacing(try! Regex(#"<NSIndexPath:\s*0x[0-9a-fA-F]+>\s*\{\s*length\s*=\s*2\s*,\s*path\s*=\s*(\d+)\s*-\s*(\d+)\s*\}"#)) { match in
            "\(match.output[1].substring ?? "")-\(match.output[2].substring ?? "")"
        }
        var collapsed = ""
        collapsed.reserveCapacity(joined.utf8.count)
        var lastWasSpace = false
        for character in joined {
            let isSpace = character == " " || character == "\t" || character == "\u{A0}"
            if isSpace && lastWasSpace { continue }
            collapsed.append(isSpace ? " " : character)
            lastWasSpace = isSpace
        }
        let tableWords = try! Regex(#"number of rows|rows in section|(?:delete|insert|reload|move) row|row counts|(?:Delete|Insert|Reload|Move) row|table view"#)
        isTableView = collapsed.contains(tableWords)
        if isTableView {
            collapsed = collapsed
                .replacing(try! Regex(#"\brows\b"#), with: "items")
                .replacing(try! Regex(#"\brow\b"#), with: "item")
                .replacing("table view", with: "collection view")
        }
        text = collapsed
    }
}

// TextScanner: the hand-written reading of a log's small grammars.
//
// The triage reads untrusted text of any length: its grammars (an index
// path, an update, a count list) are read by hand, in one pass, never by a
// regular expression compiled per entry.

/// Reads `text` from the front: literals, spaces, runs of digits. A failed
/// `skip` leaves the scanner where it was.
struct TextScanner<Text: Collection> where Text.Element == Character, Text.SubSequence == Text {
    /// What is left to read.
    var rest: Text

    init(_ text: Text) { rest = text }

    var isAtEnd: Bool { rest.isEmpty }

    /// Reads `literal` if the rest starts with it.
    mutating func skip(_ literal: String) -> Bool {
        var remaining = rest
        for character in literal {
            guard remaining.first == character else { return false }
            remaining = remaining.dropFirst()
        }
        rest = remaining
        return true
    }

    /// Reads the spaces, tabs and no-break spaces at the front (the regular
    /// expressions' `\s*` on a flattened log).
    mutating func skipSpaces() {
        rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
    }

    /// Reads a run of ASCII digits (nil, and nothing read, when there is none).
    mutating func digits() -> Text? {
        let run = rest.prefix { $0.isASCIIDigit }
        guard !run.isEmpty else { return nil }
        rest = rest[run.endIndex...]
        return run
    }

    /// Reads a run of ASCII hexadecimal digits.
    mutating func hexDigits() -> Text? {
        let run = rest.prefix { $0.isHexDigit && $0.isASCII }
        guard !run.isEmpty else { return nil }
        rest = rest[run.endIndex...]
        return run
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension Substring {
    /// Without leading and trailing spaces; a slice of the same text, so its
    /// indexes still place it in the log.
    var trimmingSpacesKeepingPlace: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

extension String {
    /// The first place of `literal` in `self[from...]`, compared byte for byte
    /// in UTF-8 (the literals searched for are ASCII words).
    ///
    /// - Complexity: O(*n*) in the bytes searched, for the short literals of
    ///   the triage: a byte scan, where the standard `firstRange(of:)`
    ///   compares whole characters.
    func firstUTF8Range(of literal: String, from: Index) -> Range<Index>? {
        let needle = Array(literal.utf8)
        guard let first = needle.first else { return from..<from }
        let start = utf8.distance(from: utf8.startIndex, to: from)
        let found: Int? = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var i = start
            let last = bytes.count - needle.count
            while i <= last {
                guard let hit = bytes[i...last].firstIndex(of: first) else { return nil }
                if (1..<needle.count).allSatisfy({ bytes[hit + $0] == needle[$0] }) { return hit }
                i = hit + 1
            }
            return nil
        } ?? self[from...].firstRange(of: literal).map { utf8.distance(from: utf8.startIndex, to: $0.lowerBound) }
        guard let found else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: needle.count)
    }
}

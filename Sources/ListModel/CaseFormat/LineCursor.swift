// LineCursor: reads one line of a case file, character by character, and
// makes errors that point at the character it stands on.

/// A position in one line of a case file.
///
/// Columns are 1-based and count characters (grapheme clusters), so an error
/// points at the same place whatever the line's encoding width.
struct LineCursor {
    let file: String
    let line: Int
    let characters: [Character]
    var index: Int

    init(file: String, line: Int, characters: [Character], index: Int = 0) {
        self.file = file
        self.line = line
        self.characters = characters
        self.index = index
    }

    var column: Int { index + 1 }
    var isAtEnd: Bool { index >= characters.count }
    var current: Character? { isAtEnd ? nil : characters[index] }

    mutating func advance() { index += 1 }

    mutating func skipSpaces() {
        while let c = current, c.isWhitespace { index += 1 }
    }

    /// Consumes `character` if it is the current one.
    mutating func take(_ character: Character) -> Bool {
        guard current == character else { return false }
        index += 1
        return true
    }

    /// The text from the cursor to the end of the line, trimmed.
    var rest: String {
        var end = characters.count
        while end > index, characters[end - 1].isWhitespace { end -= 1 }
        var start = index
        while start < end, characters[start].isWhitespace { start += 1 }
        return String(characters[start..<end])
    }

    /// Reads a run of characters that are not whitespace (a directive's word,
    /// a property or an engine name).
    mutating func readToken(stoppingAt stop: Character? = nil) -> String {
        let start = index
        while let c = current, !c.isWhitespace, c != stop { index += 1 }
        return String(characters[start..<index])
    }

    /// Reads a run of letters (an operation keyword).
    mutating func readWord() -> String {
        let start = index
        while let c = current, c.isLetter { index += 1 }
        return String(characters[start..<index])
    }

    /// Reads an identifier and its content version (`a''` is `("a", 2)`), or
    /// fails without moving when no identifier starts here.
    mutating func readIdentifier(_ what: String) -> Result<(id: String, content: Int), CaseFormatError> {
        guard let first = current, LineCursor.isIdentifierCharacter(first) else {
            return .failure(error(expected: "\(what) (letters, digits, '_' or '-')"))
        }
        let start = index
        while let c = current, LineCursor.isIdentifierCharacter(c) { index += 1 }
        let id = String(characters[start..<index])
        var content = 0
        while current == "'" {
            content += 1
            index += 1
        }
        return .success((id, content))
    }

    /// Reads a decimal number of ASCII digits that fits in an `Int`.
    mutating func readNumber(_ what: String) -> Result<Int, CaseFormatError> {
        guard let c = current, LineCursor.isDigit(c) else {
            return .failure(error(expected: what))
        }
        let start = index
        var value = 0
        var overflowed = false
        while let c = current, LineCursor.isDigit(c), let digit = c.wholeNumberValue {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(digit)
            overflowed = overflowed || o1 || o2
            value = plus
            index += 1
        }
        if overflowed {
            let digits = String(characters[start..<index])
            return .failure(CaseFormatError(
                file: file, line: line, column: start + 1,
                expected: "a number no larger than \(Int.max)", found: LineCursor.quote(digits)))
        }
        return .success(value)
    }

    /// An error at the cursor; `found` defaults to the current character.
    func error(expected: String, found: String? = nil, at column: Int? = nil) -> CaseFormatError {
        CaseFormatError(
            file: file, line: line, column: column ?? self.column,
            expected: expected, found: found ?? foundHere)
    }

    /// The current character as an error shows it.
    var foundHere: String {
        guard let c = current else { return "the end of the line" }
        return LineCursor.describe(c)
    }

    /// The word at the cursor (up to the next space) as an error shows it.
    var foundWord: String {
        var copy = self
        let word = copy.readToken()
        return word.isEmpty ? foundHere : LineCursor.quote(word)
    }

    static func describe(_ c: Character) -> String {
        if c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first,
           scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return quote(String(c))
    }

    /// `'text'`, shortened when long.
    static func quote(_ text: String) -> String {
        text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
    }

    static func isDigit(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return ascii >= 48 && ascii <= 57
    }

    /// Letters, digits, `_` and `-`.
    static func isIdentifierCharacter(_ c: Character) -> Bool {
        c.isLetter || isDigit(c) || c == "_" || c == "-"
    }
}

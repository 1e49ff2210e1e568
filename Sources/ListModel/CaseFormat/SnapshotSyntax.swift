// SnapshotSyntax: the text of `old:`, `new:` and `then:` lines.
//
//     old: [A: a b c] [B: d e]     two sections, A and B
//     old: [A': a'' b] [B:]         section A in content version 1; B empty
//     old: a b c                    one section with the implicit identifier `_`
//     old:                          no sections at all
//     old: [_:]                     one empty section with the implicit identifier

extension CaseParser {
    /// Reads a snapshot from the whole of `text` (the text after `old:`).
    ///
    /// Errors point at line 1 and the column within `text`.
    public static func snapshot(_ text: String, file: String = "<snapshot>") -> Result<Snapshot, CaseFormatError> {
        var cursor = LineCursor(file: file, line: 1, characters: Array(text))
        return snapshot(&cursor)
    }

    /// Reads a snapshot from the cursor to the end of the line.
    static func snapshot(_ cursor: inout LineCursor) -> Result<Snapshot, CaseFormatError> {
        cursor.skipSpaces()
        if cursor.isAtEnd { return .success(Snapshot()) }
        if cursor.current == "[" { return sections(&cursor) }
        var items: [Item] = []
        while true {
            cursor.skipSpaces()
            if cursor.isAtEnd { return .success(.flat(items)) }
            if cursor.current == "[" {
                return .failure(cursor.error(
                    expected: "an item (a snapshot is items alone or sections in brackets, not both)"))
            }
            switch item(&cursor, closing: nil) {
            case .success(let item): items.append(item)
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// Reads `[ID: item …]` sections up to the end of the line.
    private static func sections(_ cursor: inout LineCursor) -> Result<Snapshot, CaseFormatError> {
        var sections: [Section] = []
        while true {
            cursor.skipSpaces()
            if cursor.isAtEnd { return .success(Snapshot(sections: sections)) }
            let opening = cursor.column
            guard cursor.take("[") else {
                return .failure(cursor.error(
                    expected: "'[' to open a section (a snapshot is items alone or sections in brackets, not both)"))
            }
            cursor.skipSpaces()
            let header: (id: String, content: Int)
            switch cursor.readIdentifier("a section identifier") {
            case .success(let h): header = h
            case .failure(let error): return .failure(error)
            }
            cursor.skipSpaces()
            guard cursor.take(":") else {
                return .failure(cursor.error(
                    expected: "':' after the section identifier \(Item(id: header.id, content: header.content))"
                        + (header.content == 0 ? " (an identifier is letters, digits, '_' or '-', then primes)" : "")))
            }
            var section = Section(id: header.id, content: header.content)
            while true {
                cursor.skipSpaces()
                if cursor.take("]") { break }
                if cursor.isAtEnd || cursor.current == "[" {
                    return .failure(cursor.error(
                        expected: "']' to close the section \(header.id) opened at column \(opening)"))
                }
                switch item(&cursor, closing: "]") {
                case .success(let item): section.items.append(item)
                case .failure(let error): return .failure(error)
                }
            }
            sections.append(section)
        }
    }

    /// Reads one item and checks that it ends where an item may end.
    private static func item(_ cursor: inout LineCursor, closing: Character?) -> Result<Item, CaseFormatError> {
        switch cursor.readIdentifier("an item identifier") {
        case .failure(let error):
            return .failure(error)
        case .success(let (id, content)):
            if let c = cursor.current, !c.isWhitespace, c != closing {
                let item = Item(id: id, content: content)
                let after = closing == nil ? "a space or the end of the line" : "a space or ']'"
                return .failure(cursor.error(expected: content == 0
                    ? "a letter, digit, '_', '-' or ''' to continue the identifier \(id), or \(after)"
                    : "\(after) after the item \(item) (primes end an identifier)"))
            }
            return .success(Item(id: id, content: content))
        }
    }
}

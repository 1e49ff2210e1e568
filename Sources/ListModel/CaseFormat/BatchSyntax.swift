// BatchSyntax: the text of a `batch:` line.
//
//     batch: delete 0.1, reload 0.1, move 1.1 1.0
//     batch: delete section 2, insert section 0, move section 1 3
//     batch: delete 1, move 0 2        one-section case: `I` means `0.I`
//     batch:                            an empty stage

extension CaseParser {
    /// Reads a batch from the whole of `text` (the text after `batch:`).
    ///
    /// `isFlat` says whether the case is one-section (old and new both flat),
    /// the only kind where an item index alone, `I`, means `0.I`.
    public static func batch(_ text: String, isFlat: Bool, file: String = "<batch>") -> Result<Batch, CaseFormatError> {
        var cursor = LineCursor(file: file, line: 1, characters: Array(text))
        return writtenBatch(&cursor).flatMap { $0.resolved(isFlat: isFlat) }
    }

    /// Reads the operations from the cursor to the end of the line, keeping
    /// item indexes written alone until the case is known to be one-section.
    static func writtenBatch(_ cursor: inout LineCursor) -> Result<WrittenBatch, CaseFormatError> {
        var batch = WrittenBatch(file: cursor.file, line: cursor.line)
        cursor.skipSpaces()
        if cursor.isAtEnd { return .success(batch) }
        while true {
            switch writtenOperation(&cursor) {
            case .success(let operation): batch.operations.append(operation)
            case .failure(let error): return .failure(error)
            }
            cursor.skipSpaces()
            if cursor.isAtEnd { return .success(batch) }
            guard cursor.take(",") else {
                return .failure(cursor.error(expected: "',' between operations or the end of the line"))
            }
            cursor.skipSpaces()
        }
    }

    private static let operationNames = "an operation (delete, insert, reload or move)"

    private static func writtenOperation(_ cursor: inout LineCursor) -> Result<WrittenBatch.Step, CaseFormatError> {
        let start = cursor.column
        let verb = cursor.readWord()
        guard ["delete", "insert", "reload", "move"].contains(verb) else {
            if verb.isEmpty { return .failure(cursor.error(expected: operationNames)) }
            return .failure(cursor.error(expected: operationNames, found: LineCursor.quote(verb), at: start))
        }
        if let failure = space(after: verb, &cursor) { return .failure(failure) }
        let mark = cursor.index
        if cursor.readWord() == "section" {
            if let failure = space(after: "section", &cursor) { return .failure(failure) }
            return sectionOperation(verb, &cursor)
        }
        cursor.index = mark
        switch path(&cursor) {
        case .failure(let error):
            return .failure(error)
        case .success(let from):
            switch verb {
            case "delete": return .success(.delete(from))
            case "insert": return .success(.insert(from))
            case "reload": return .success(.reload(from))
            default:
                if let failure = space(after: "the move's source", &cursor) { return .failure(failure) }
                return path(&cursor).map { .move(from, $0) }
            }
        }
    }

    private static func sectionOperation(_ verb: String, _ cursor: inout LineCursor) -> Result<WrittenBatch.Step, CaseFormatError> {
        let first: Int
        switch cursor.readNumber("a section index") {
        case .success(let s): first = s
        case .failure(let error): return .failure(error)
        }
        switch verb {
        case "delete": return .success(.section(.deleteSection(first)))
        case "insert": return .success(.section(.insertSection(first)))
        case "reload": return .success(.section(.reloadSection(first)))
        default:
            if let failure = space(after: "the section move's source", &cursor) { return .failure(failure) }
            return cursor.readNumber("the section move's destination index")
                .map { .section(.moveSection(from: first, to: $0)) }
        }
    }

    /// `S.I`, or `I` alone.
    private static func path(_ cursor: inout LineCursor) -> Result<WrittenPath, CaseFormatError> {
        let column = cursor.column
        let first: Int
        switch cursor.readNumber("an index path S.I (or the word section)") {
        case .success(let n): first = n
        case .failure(let error): return .failure(error)
        }
        guard cursor.take(".") else {
            return .success(WrittenPath(section: nil, item: first, column: column))
        }
        return cursor.readNumber("an item index after '\(first).'")
            .map { WrittenPath(section: first, item: $0, column: column) }
    }

    /// Requires at least one space and skips them all.
    private static func space(after what: String, _ cursor: inout LineCursor) -> CaseFormatError? {
        guard let c = cursor.current, c.isWhitespace else {
            return cursor.error(expected: "a space after \(what)")
        }
        cursor.skipSpaces()
        return nil
    }
}

/// An index path as written: `section` is `nil` when only `I` was written.
struct WrittenPath: Hashable, Sendable {
    var section: Int?
    var item: Int
    var column: Int
}

/// A batch as written, before `I` alone is read as `0.I` (which needs to know
/// whether the case is one-section, known only once `old:` and `new:` are read).
struct WrittenBatch: Hashable, Sendable {
    /// One operation as written.
    enum Step: Hashable, Sendable {
        case section(Operation)
        case delete(WrittenPath)
        case insert(WrittenPath)
        case reload(WrittenPath)
        case move(WrittenPath, WrittenPath)
    }

    var file: String
    var line: Int
    var operations: [Step] = []

    func resolved(isFlat: Bool) -> Result<Batch, CaseFormatError> {
        var batch = Batch()
        for operation in operations {
            do throws(CaseFormatError) {
                switch operation {
                case .section(let op): batch.operations.append(op)
                case .delete(let p): batch.operations.append(.deleteItem(try resolved(p, isFlat)))
                case .insert(let p): batch.operations.append(.insertItem(try resolved(p, isFlat)))
                case .reload(let p): batch.operations.append(.reloadItem(try resolved(p, isFlat)))
                case .move(let p, let q):
                    batch.operations.append(.moveItem(from: try resolved(p, isFlat), to: try resolved(q, isFlat)))
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(batch)
    }

    private func resolved(_ path: WrittenPath, _ isFlat: Bool) throws(CaseFormatError) -> ItemPath {
        if let section = path.section { return ItemPath(section, path.item) }
        guard isFlat else {
            throw CaseFormatError(
                file: file, line: line, column: path.column,
                expected: "an index path S.I (an index alone means 0.I only when old: and new: are both one section written without brackets)",
                found: "'\(path.item)'")
        }
        return ItemPath(0, path.item)
    }
}

// CaseParser: reads a `.case` text into a Case.
//
//     # b is deleted and reloaded in the same batch
//     old: [A: a b c] [B: d e]
//     new: [A: a c] [B: e' d]
//     batch: delete 0.1, reload 0.1, move 1.1 1.0
//     expect: error attempt to delete and reload the same index path
//
// One directive a line; `#` starts a comment anywhere on a line. Lines end
// with `\n` or `\r\n` (a text that ends them with `\r` alone is an error
// that says so). The directives are `old:` and `new:` (required, once
// each), `batch:` (one stage; repeatable), `then:` (the data source after the
// `batch:` directly before it; required after every stage but the last,
// refused after the last, whose data is `new:`), `recorded:` (a stage an
// engine answered, written like `batch:` and followed by `then:` the same
// way; a case has `batch:` lines or `recorded:` lines, not both), `again:`
// (a second recorded answer to the same pair, after the first, written and
// followed by `then:` the same way; `again: none` for no stages),
// `expect:`, `profile:` and `engine:`, and a saved finding's facts
// (`finding:`, `origin:`, `shrunk:`, `choices:`, `engine-command:`:
// FindingFacts.swift), each at most once, in any order. `finding:` and
// `engine-command:` run to the end of the line, `#` included. A text (a
// comment, a message, an `expect: error` text, an engine name or command)
// is read back from its escapes (`OneLineText`: `\n`, `\r`, `\\`,
// `\u{HEX}`), so whatever it holds, it was one line. The comment
// lines before the first directive are kept in `Case.comments`; a finding
// saved before its facts were lines has them in comments, which
// `LegacyFindingComments` reads into the fields.
//
// `engine: NAME` is one word. The older form `engine: external: COMMAND`
// reads as `engine: external` with `engine-command: COMMAND`: a case names
// an engine, it never holds a command that diffcheck would run.
//
// An item index alone, `I`, means `0.I` only in a one-section case: `old:`
// and `new:` both flat (written without brackets, or as the implicit section
// `[_: …]`). Elsewhere it is an error.

/// Reads the case format. Total: every input gives a `Case` or an error that
/// names the file, line and column and what was expected there.
public enum CaseParser {
    /// The property names `expect: fail` accepts.
    public static let propertyNames = ["valid", "reaches-target", "fresh", "minimal-moves", "deterministic", "no-crash",
                                              "max-cpu"]

    /// The directives, in the order the printer writes them.
    public static let directives = ["finding", "origin", "shrunk", "choices", "old", "new", "batch", "then", "recorded", "again",
                                    "expect", "profile", "engine", "engine-command"]
    /// The directives whose text runs to the end of the line, `#` included
    /// (a message or a command may hold one): no comment follows them.
    static let wholeLineDirectives: Set<String> = ["finding", "engine-command"]
    /// `recorded: none` (and `again: none`): the engine answered no stages at all (not one empty batch).
    public static let noStages = "none"

    /// The engine name that stands for an engine given on the command line.
    public static let externalEngine = "external"


    /// Reads a case from bytes. Text that is not UTF-8 is an error pointing at
    /// the first byte that is not; a leading byte-order mark is skipped.
    /// `engines`: the engine names `engine:` accepts (nil: any one word).
    public static func parse(bytes: [UInt8], file: String, engines: [String]? = nil) -> Result<Case, CaseFormatError> {
        if let error = firstInvalidUTF8(bytes, file: file) { return .failure(error) }
        return parse(String(decoding: bytes, as: UTF8.self), file: file, engines: engines)
    }

    /// Reads a case from text; `file` is the name errors are reported under.
    /// `engines`: the engine names `engine:` accepts (nil: any one word).
    public static func parse(_ text: String, file: String, engines: [String]? = nil) -> Result<Case, CaseFormatError> {
        var reader = CaseReader(file: file, engines: engines)
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, line) in lines.enumerated() {
            if let error = reader.read(Array(line), number: offset + 1) { return .failure(loneCarriageReturn(in: body, file: file) ?? error) }
        }
        let end = (line: lines.count, column: (lines.last?.count ?? 0) + 1)
        return reader.finish(end: end).mapError { loneCarriageReturn(in: body, file: file) ?? $0 }
    }

    /// For a text that does not parse: the first carriage return not
    /// followed by a line feed, as the error, when there is one. Such a text
    /// ends its lines with CR alone (classic Mac OS), which reads as one
    /// long line; the error that line gives would not say why. (A lone CR
    /// in a text that parses is a space, as before.)
    private static func loneCarriageReturn(in text: Substring, file: String) -> CaseFormatError? {
        // "\r\n" is one Character: a Character "\r" is a CR alone.
        var line = 1, column = 1, hasLineFeeds = false
        for character in text {
            switch character {
            case "\n", "\r\n":
                line += 1
                column = 1
                hasLineFeeds = true
            case "\r":
                let found = hasLineFeeds || text.contains("\n") || text.contains("\r\n")
                    ? "a carriage return alone, a CR line ending (save the file with \\n or \\r\\n line endings)"
                    : "a carriage return alone: the file uses CR line endings (save it with \\n or \\r\\n line endings)"
                return CaseFormatError(file: file, line: line, column: column,
                                       expected: "lines that end with \\n or \\r\\n", found: found)
            default:
                column += 1
            }
        }
        return nil
    }

    /// The position of the first byte of `bytes` that is not valid UTF-8.
    private static func firstInvalidUTF8(_ bytes: [UInt8], file: String) -> CaseFormatError? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return nil
            case .error(let length):
                let lineStart = bytes[..<offset].lastIndex(of: 10).map { $0 + 1 } ?? 0
                let line = bytes[..<offset].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
                let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
                let shown = bytes[offset..<min(offset + max(length, 1), bytes.count)]
                    .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                return CaseFormatError(file: file, line: line, column: column, expected: "UTF-8 text", found: "the byte(s) \(shown)")
            }
        }
    }
}

/// The parser's state while it reads a case line by line.
private struct CaseReader {
    let file: String
    /// The engine names `engine:` accepts; nil accepts any one word.
    let engines: [String]?
    var comments: [String] = []
    var hasDirective = false
    var old: (snapshot: Snapshot, line: Int)?
    var new: (snapshot: Snapshot, line: Int)?
    /// `batch:` or `recorded:` stages (`isRecorded` says which; one kind a case).
    var stages: [(batch: WrittenBatch, data: Snapshot?, then: (line: Int, column: Int)?, isRecorded: Bool)] = []
    var expectation: (value: Expectation, line: Int)?
    var profile: (value: Profile, line: Int)?
    var engine: (value: String, line: Int)?
    /// The line of `recorded: none`, if there is one.
    var recordedNone: Int?
    /// `again:` stages: the second recorded answer.
    var againStages: [(batch: WrittenBatch, data: Snapshot?, then: (line: Int, column: Int)?)] = []
    /// The line of `again: none`, if there is one.
    var againNone: Int?
    /// The directive on the previous directive line, and that line.
    var previous: (name: String, line: Int)?

    /// `engine-command:` and its line.
    var engineCommand: (value: String, line: Int)?
    /// The command of the older `engine: external: COMMAND` form: the
    /// case's command when there is no `engine-command:` line.
    var olderFormCommand: String?
    var finding: (value: FindingFacts, line: Int)?
    var origin: (value: FindingOrigin, line: Int)?
    var shrinking: (value: FindingShrinking, line: Int)?
    var choices: (value: [Int], line: Int)?

    init(file: String, engines: [String]?) {
        self.file = file
        self.engines = engines
    }

    /// Reads one line (without its line break).
    mutating func read(_ characters: [Character], number: Int) -> CaseFormatError? {
        var content = characters
        if let hash = characters.firstIndex(of: "#"), !CaseReader.isWholeLineDirective(characters[..<hash]) {
            content = Array(characters[..<hash])
            if !hasDirective && content.allSatisfy(\.isWhitespace) {
                var comment = characters[(hash + 1)...]
                if comment.first == " " { comment = comment.dropFirst() }
                comments.append(OneLineText.read(String(comment)))
            }
        }
        var cursor = LineCursor(file: file, line: number, characters: content)
        cursor.skipSpaces()
        if cursor.isAtEnd { return nil }
        let start = cursor.column
        let name = cursor.readToken(stoppingAt: ":")
        let expectedDirective = "a directive (" + CaseParser.directives.map { $0 + ":" }.joined(separator: ", ") + ")"
        guard CaseParser.directives.contains(name) else {
            let shown = cursor.current == ":" ? name + ":" : name
            return cursor.error(expected: expectedDirective, found: LineCursor.quote(shown), at: start)
        }
        guard cursor.take(":") else {
            return cursor.error(expected: "':' after \(name)")
        }
        hasDirective = true
        defer { previous = (name, number) }
        return directive(name, &cursor, start: start)
    }

    /// Whether `characters` (a line up to its first `#`) start with a
    /// directive whose text runs to the end of the line.
    static func isWholeLineDirective(_ characters: ArraySlice<Character>) -> Bool {
        let text = characters.drop { $0.isWhitespace }
        guard let colon = text.firstIndex(of: ":") else { return false }
        return CaseParser.wholeLineDirectives.contains(String(text[..<colon]))
    }

    private mutating func directive(_ name: String, _ cursor: inout LineCursor, start: Int) -> CaseFormatError? {
        let line = cursor.line
        func repeated(_ first: Int?) -> CaseFormatError? {
            guard let first else { return nil }
            return cursor.error(
                expected: "one \(name): line", found: "a second one (the first is on line \(first))", at: start)
        }
        switch name {
        case "old", "new":
            if let error = repeated(name == "old" ? old?.line : new?.line) { return error }
            switch CaseParser.snapshot(&cursor) {
            case .failure(let error): return error
            case .success(let snapshot):
                if name == "old" { old = (snapshot, line) } else { new = (snapshot, line) }
            }
        case "batch", "recorded":
            let isRecorded = name == "recorded"
            if let first = stages.first, first.isRecorded != isRecorded {
                let other = first.isRecorded ? "recorded" : "batch"
                return cursor.error(
                    expected: "more \(other): lines (a case has the stages to check, batch:, or an engine's recorded answer, recorded:, not both)",
                    found: "\(name): after the \(other): on line \(first.batch.line)", at: start)
            }
            if isRecorded && cursor.rest == CaseParser.noStages {
                if let error = repeated(recordedNone) { return error }
                if let first = stages.first {
                    return cursor.error(expected: "no other recorded: line with recorded: none (the engine answered no stages)",
                                        found: "recorded: none after the \(first.isRecorded ? "recorded" : "batch"): on line \(first.batch.line)", at: start)
                }
                recordedNone = line
                return nil
            }
            if isRecorded, let recordedNone {
                return cursor.error(expected: "no other recorded: line with recorded: none (the engine answered no stages)",
                                    found: "recorded: after the recorded: none on line \(recordedNone)", at: start)
            }
            if recordedNone != nil {
                return cursor.error(
                    expected: "more recorded: lines (a case has the stages to check, batch:, or an engine's recorded answer, recorded:, not both)",
                    found: "batch: after the recorded: none on line \(recordedNone!)", at: start)
            }
            if let last = stages.last, last.data == nil {
                return cursor.error(
                    expected: "a then: line after the \(name): on line \(last.batch.line) (every stage but the last needs the data source's snapshot)",
                    found: "another \(name):", at: start)
            }
            switch CaseParser.writtenBatch(&cursor) {
            case .failure(let error): return error
            case .success(let batch): stages.append((batch, nil, nil, isRecorded))
            }
        case "again":
            if let first = stages.first, !first.isRecorded {
                return cursor.error(
                    expected: "more batch: lines (again: is an engine's second recorded answer, which a case with batch: lines has not)",
                    found: "again: after the batch: on line \(first.batch.line)", at: start)
            }
            if cursor.rest == CaseParser.noStages {
                if let error = repeated(againNone) { return error }
                if let first = againStages.first {
                    return cursor.error(expected: "no other again: line with again: none (the engine answered no stages)",
                                        found: "again: none after the again: on line \(first.batch.line)", at: start)
                }
                againNone = line
                return nil
            }
            if let againNone {
                return cursor.error(expected: "no other again: line with again: none (the engine answered no stages)",
                                    found: "again: after the again: none on line \(againNone)", at: start)
            }
            if let last = againStages.last, last.data == nil {
                return cursor.error(
                    expected: "a then: line after the again: on line \(last.batch.line) (every stage but the last needs the data source's snapshot)",
                    found: "another again:", at: start)
            }
            switch CaseParser.writtenBatch(&cursor) {
            case .failure(let error): return error
            case .success(let batch): againStages.append((batch, nil, nil))
            }
        case "then":
            if let previous, previous.name == "again", !againStages.isEmpty, previous.line != againNone {
                switch CaseParser.snapshot(&cursor) {
                case .failure(let error): return error
                case .success(let snapshot):
                    againStages[againStages.count - 1].data = snapshot
                    againStages[againStages.count - 1].then = (line, start)
                }
                return nil
            }
            guard let previous, previous.name == "batch" || previous.name == "recorded", !stages.isEmpty,
                  previous.line != recordedNone else {
                let found = previous.map { "then: after the \($0.name): on line \($0.line)" } ?? "then: before any batch:"
                return cursor.error(expected: "then: directly after a batch:, recorded: or again: line", found: found, at: start)
            }
            switch CaseParser.snapshot(&cursor) {
            case .failure(let error): return error
            case .success(let snapshot):
                stages[stages.count - 1].data = snapshot
                stages[stages.count - 1].then = (line, start)
            }
        case "expect":
            if let error = repeated(expectation?.line) { return error }
            switch Self.expectation(&cursor) {
            case .failure(let error): return error
            case .success(let value): expectation = (value, line)
            }
        case "profile":
            if let error = repeated(profile?.line) { return error }
            cursor.skipSpaces()
            let at = cursor.column
            let word = cursor.readToken()
            guard let value = Profile(rawValue: word) else {
                let expected = "a profile (" + Profile.allCases.map(\.rawValue).joined(separator: " or ") + ")"
                return word.isEmpty ? cursor.error(expected: expected) : cursor.error(expected: expected, found: LineCursor.quote(word), at: at)
            }
            if let error = cursor.endOfLine(after: "the profile") { return error }
            profile = (value, line)
        case "finding":
            if let error = repeated(finding?.line) { return error }
            cursor.skipSpaces()
            let at = cursor.column
            let property = cursor.readToken(stoppingAt: ":")
            let expected = "a property (" + CaseParser.propertyNames.joined(separator: ", ") + ")"
            guard CaseParser.propertyNames.contains(property) else {
                return property.isEmpty ? cursor.error(expected: expected) : cursor.error(expected: expected, found: LineCursor.quote(property), at: at)
            }
            guard cursor.take(":") else { return cursor.error(expected: "':' and the message after the property") }
            finding = (FindingFacts(property: property, message: OneLineText.read(cursor.rest)), line)
        case "origin":
            if let error = repeated(origin?.line) { return error }
            switch FindingOrigin.read(&cursor) {
            case .failure(let error): return error
            case .success(let value): origin = (value, line)
            }
        case "shrunk":
            if let error = repeated(shrinking?.line) { return error }
            switch FindingShrinking.read(&cursor) {
            case .failure(let error): return error
            case .success(let value): shrinking = (value, line)
            }
        case "choices":
            if let error = repeated(choices?.line) { return error }
            if cursor.rest == CaseParser.noStages {
                choices = ([], line)
                return nil
            }
            var values: [Int] = []
            while true {
                cursor.skipSpaces()
                if cursor.isAtEnd { break }
                let at = cursor.column
                let word = cursor.readToken()
                guard let value = Int(word), value >= 0 else {
                    return cursor.error(expected: "a choice (a whole number) or none", found: LineCursor.quote(word), at: at)
                }
                values.append(value)
            }
            choices = (values, line)
        case "engine-command":
            if let error = repeated(engineCommand?.line) { return error }
            let command = cursor.rest
            if command.isEmpty { return cursor.error(expected: "the command the external engine ran with") }
            engineCommand = (OneLineText.read(command), line)
        default: // engine
            if let error = repeated(engine?.line) { return error }
            cursor.skipSpaces()
            let at = cursor.column
            var value = cursor.readToken()
            if value.isEmpty { return cursor.error(expected: "an engine name such as core or mutant:last-wins") }
            if value == CaseParser.externalEngine + ":" {
                // The older form, `engine: external: COMMAND`: the command is kept as `engine-command:`, never run.
                value = CaseParser.externalEngine
                let command = cursor.rest
                if !command.isEmpty { olderFormCommand = OneLineText.read(command) }
            } else if let error = cursor.endOfLine(after: "the engine name (one word)") {
                return error
            }
            if let engines, !engines.contains(OneLineText.read(value)) {
                return cursor.error(expected: "an engine name (" + engines.joined(separator: ", ") + ")",
                                    found: LineCursor.quote(value), at: at)
            }
            engine = (OneLineText.read(value), line)
        }
        return nil
    }

    /// `pass`, `error TEXT` or `fail PROPERTY`.
    private static func expectation(_ cursor: inout LineCursor) -> Result<Expectation, CaseFormatError> {
        cursor.skipSpaces()
        let at = cursor.column
        let word = cursor.readToken()
        switch word {
        case "pass":
            if let error = cursor.endOfLine(after: "pass") { return .failure(error) }
            return .success(.pass)
        case "error":
            return .success(.error(OneLineText.read(cursor.rest)))
        case "fail":
            cursor.skipSpaces()
            let propertyAt = cursor.column
            let property = cursor.readToken()
            let expected = "a property (" + CaseParser.propertyNames.joined(separator: ", ") + ")"
            guard CaseParser.propertyNames.contains(property) else {
                if property.isEmpty { return .failure(cursor.error(expected: expected)) }
                return .failure(cursor.error(expected: expected, found: LineCursor.quote(property), at: propertyAt))
            }
            if let error = cursor.endOfLine(after: "the property") { return .failure(error) }
            return .success(.fail(property))
        default:
            let expected = "pass, error TEXT or fail PROPERTY"
            if word.isEmpty { return .failure(cursor.error(expected: expected)) }
            return .failure(cursor.error(expected: expected, found: LineCursor.quote(word), at: at))
        }
    }

    /// Checks what only the whole file shows and builds the case.
    func finish(end: (line: Int, column: Int)) -> Result<Case, CaseFormatError> {
        guard let old else {
            return .failure(CaseFormatError(file: file, line: end.line, column: end.column, expected: "an old: line", found: "the end of the file"))
        }
        guard let new else {
            return .failure(CaseFormatError(file: file, line: end.line, column: end.column, expected: "a new: line", found: "the end of the file"))
        }
        if let last = stages.last, let then = last.then {
            return .failure(CaseFormatError(
                file: file, line: then.line, column: then.column,
                expected: "another batch: after this then: (the last stage's data is the new: snapshot)",
                found: "no further batch:"))
        }
        if let last = againStages.last, let then = last.then {
            return .failure(CaseFormatError(
                file: file, line: then.line, column: then.column,
                expected: "another again: after this then: (the last stage's data is the new: snapshot)",
                found: "no further again:"))
        }
        let isRecorded = stages.first?.isRecorded ?? false
        if let again = againStages.first?.batch.line ?? againNone, !isRecorded && recordedNone == nil {
            return .failure(CaseFormatError(
                file: file, line: again, column: 1,
                expected: "a recorded: answer for the again: answer to follow (again: is the engine's second answer)",
                found: "again: with no recorded: line"))
        }
        let isFlat = old.snapshot.isFlat && new.snapshot.isFlat
        var resolved: [Stage] = []
        for stage in stages {
            switch stage.batch.resolved(isFlat: isFlat) {
            case .failure(let error): return .failure(error)
            case .success(let batch): resolved.append(Stage(batch: batch, data: stage.data))
            }
        }
        var resolvedAgain: [Stage] = []
        for stage in againStages {
            switch stage.batch.resolved(isFlat: isFlat) {
            case .failure(let error): return .failure(error)
            case .success(let batch): resolvedAgain.append(Stage(batch: batch, data: stage.data))
            }
        }
        for (fact, line) in [("origin", origin?.line), ("shrunk", shrinking?.line)] where finding == nil {
            if let line {
                return .failure(CaseFormatError(file: file, line: line, column: 1,
                                                expected: "a finding: line for the \(fact): line to belong to", found: "none"))
            }
        }
        var facts = finding?.value
        facts?.origin = origin?.value
        facts?.shrinking = shrinking?.value
        var c = Case(
            comments: comments, old: old.snapshot, new: new.snapshot, stages: isRecorded ? [] : resolved,
            expectation: expectation?.value ?? .pass, profile: profile?.value, engine: engine?.value,
            recorded: isRecorded ? resolved : [], recordsNoStages: recordedNone != nil,
            recordedAgain: resolvedAgain, recordsNoStagesAgain: againNone != nil,
            engineCommand: engineCommand?.value ?? olderFormCommand, choices: choices?.value, finding: facts)
        LegacyFindingComments.read(into: &c)
        return .success(c)
    }
}

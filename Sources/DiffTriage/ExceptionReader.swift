// ExceptionReader: finds the batch-update exception in a crash log or a paste.
//
// What people paste is rarely the bare message: stack frames, Crashlytics'
// `Fatal Exception: NSInternalInconsistencyException`, Xcode's console
// framing (`*** Terminating app due to uncaught exception …, reason: '…'`,
// `Thread 1: "…"` with escaped line breaks, timestamps, `CoreData: fault: …`
// repeats), markdown quoting (`> `, `**`, backticks), lines wrapped by a
// mail client or an issue tracker. The reader first flattens all that
// (`ExceptionText`), then looks for each message it knows and takes the one
// that starts first.
//
// A log is untrusted input: the messages' regular expressions are compiled
// once and tried only where their first words stand; iOS 16.4's batch (up
// to thousands of updates) is read by hand; a number too large for an `Int`
// is an error, never a 0.
import ListModel

/// Reads the first UIKit batch-update exception of a text.
public enum ExceptionReader {
    /// The exception the text logs, or why it logs none the reader knows.
    ///
    /// - Complexity: O(*n*) for a text of *n* characters.
    public static func read(_ text: String) throws(TriageInputError) -> LoggedException {
        try read(ExceptionText(text)).exception
    }

    /// The exception `flat` logs, where its message starts in the log, and
    /// the message in the log's own words (nil for iOS 16.4's whole batch,
    /// which `LoggedException.summary` sums up).
    static func read(_ flat: ExceptionText) throws(TriageInputError)
        -> (exception: LoggedException, start: TextPosition, quote: String?) {
        let text = flat.text
        var found: (match: Regex<AnyRegexOutput>.Match, pattern: Pattern)?
        for pattern in patterns {
            guard let match = firstMatch(of: pattern, in: text, before: found?.match.range.lowerBound) else { continue }
            found = (match, pattern)
        }
        if let batchStart = text.firstUTF8Range(of: "Invalid batch updates detected", from: text.startIndex),
           found.map({ batchStart.lowerBound < $0.match.range.lowerBound }) ?? true {
            let kind = try batch(flat, header: batchStart.lowerBound)
            return (LoggedException(kind, isTableView: flat.isTableView), flat.position(of: batchStart.lowerBound), nil)
        }
        guard let (match, pattern) = found else { throw ExceptionClues.error(in: flat) }
        var numbers: [Int] = []
        for i in 1..<match.output.count {
            // An optional clause that is absent counts nothing.
            guard let digits = match.output[i].substring else { numbers.append(0); continue }
            numbers.append(try number(digits, in: flat))
        }
        return (LoggedException(pattern.kind(numbers), isTableView: flat.isTableView), flat.position(of: match.range.lowerBound),
                flat.logged(match.range))
    }

    /// `digits` as a number, or the error naming them.
    private static func number(_ digits: Substring, in flat: ExceptionText) throws(TriageInputError) -> Int {
        guard let n = Int(digits) else {
            throw .numberTooLarge(TriageInputError.excerpt(digits), at: flat.position(of: digits.startIndex))
        }
        return n
    }

    // MARK: The messages before iOS 16.4

    struct Pattern: @unchecked Sendable {
        /// The words the message starts with: the regular expression is
        /// tried only where they stand.
        let lead: String
        /// The regular expression's source: `lead`, escaped, then the rest.
        let source: String
        let kind: @Sendable ([Int]) -> LoggedException.Kind
        /// What the message is, for a log that holds only its start
        /// (`ExceptionClues`): `the item-count exception`.
        let name: String
        /// What the rest of the message gives, which such a log lacks.
        let rest: String
        init(_ lead: String, _ pattern: String, _ name: String, rest: String,
             _ kind: @escaping @Sendable ([Int]) -> LoggedException.Kind) {
            self.lead = lead
            source = escapedForRegex(lead) + pattern
            self.name = name
            self.rest = rest
            self.kind = kind
        }
    }

    /// The first match of `pattern` in `text` starting before `limit`.
    ///
    /// The regular expression is compiled here, where its first words
    /// stand, and released after: a `Regex` kept in a static is reported
    /// by LeakSanitizer at every exit (its syntax tree's boxes are held
    /// through pointers it cannot see), which OSS-Fuzz and ClusterFuzzLite
    /// would file as a crash of every run.
    private static func firstMatch(of pattern: Pattern, in text: String, before limit: String.Index?) -> Regex<AnyRegexOutput>.Match? {
        var from = text.startIndex
        var regex: Regex<AnyRegexOutput>?
        while let lead = text.firstUTF8Range(of: pattern.lead, from: from) {
            if let limit, limit <= lead.lowerBound { return nil }
            // The patterns are constants of this file: a bad one is a
            // programming error found by the first test.
            if regex == nil { regex = try! Regex(pattern.source) }
            if let match = try? regex?.prefixMatch(in: text[lead.lowerBound...]) { return match }
            from = lead.upperBound
        }
        return nil
    }

    /// A number (ASCII digits only: `Int` reads no other).
    private static let n = "([0-9]+)"

    /// An index path in parentheses, as the flattening leaves it: `(0-1)`.
    private static let path = #"\(\s*([0-9]+)\s*-\s*([0-9]+)\s*\)"#

    /// An index path without parentheses (UIKit's `%@` in the move messages): `0-1`.
    private static let barePath = #"([0-9]+)\s*-\s*([0-9]+)"#

    static let patterns: [Pattern] = [
        Pattern("Invalid update: invalid number of sections.", #" The number of sections contained in the collection view after the update \("# + n + #"\) must be equal to the number of sections contained in the collection view before the update \("# + n + #"\), plus or minus the number of sections inserted or deleted \("# + n + " inserted, " + n + #" deleted\)"#, "the section-count exception", rest: "its counts (the sections after and before the update, inserted and deleted)") {
            .sectionCount(after: $0[0], before: $0[1], inserted: $0[2], deleted: $0[3])
        },
        // UITableView's message before moves existed has no "moved in/out" clause: none moved.
        Pattern("Invalid update: invalid number of items in section ", n + #"\. The number of items contained in an existing section after the update \("# + n + #"\) must be equal to the number of items contained in that section before the update \("# + n + #"\), plus or minus the number of items inserted or deleted from that section \("# + n + " inserted, " + n + #" deleted\)(?: and plus or minus the number of items moved into or out of that section \("# + n + " moved in, " + n + #" moved out\))?"#, "the item-count exception", rest: "its counts (the items after and before the update, inserted and deleted, moved in and out)") {
            .itemCount(section: $0[0], after: $0[1], before: $0[2], inserted: $0[3], deleted: $0[4], movedIn: $0[5], movedOut: $0[6])
        },
        Pattern("attempt to delete item ", n + " from section " + n + " which only contains " + n + " items before the update", "a delete out of range", rest: "the count it exceeds (the items or sections before the update)") {
            .deleteItemOutOfRange(ItemPath($0[1], $0[0]), itemsBefore: $0[2])
        },
        Pattern("attempt to delete item ", n + " from section " + n + ", but there are only " + n + " sections before the update", "a delete out of range", rest: "the count it exceeds (the items or sections before the update)") {
            .deleteItemSectionOutOfRange(ItemPath($0[1], $0[0]), sectionsBefore: $0[2])
        },
        Pattern("attempt to insert item ", n + " into section " + n + ", but there are only " + n + " items in section [0-9]+ after the update", "an insert out of range", rest: "the count it exceeds (the items or sections after the update)") {
            .insertItemOutOfRange(ItemPath($0[1], $0[0]), itemsAfter: $0[2])
        },
        Pattern("attempt to insert item ", n + " into section " + n + ", but there are only " + n + " sections after the update", "an insert out of range", rest: "the count it exceeds (the items or sections after the update)") {
            .insertItemSectionOutOfRange(ItemPath($0[1], $0[0]), sectionsAfter: $0[2])
        },
        Pattern("attempt to delete section ", n + ", but there are only " + n + " sections before the update", "a section delete out of range", rest: "the count it exceeds (the sections before the update)") {
            .deleteSectionOutOfRange($0[0], sectionsBefore: $0[1])
        },
        Pattern("attempt to insert section ", n + ",? but there are only " + n + " sections after the update", "a section insert out of range", rest: "the count it exceeds (the sections after the update)") {
            .insertSectionOutOfRange($0[0], sectionsAfter: $0[1])
        },
        Pattern("attempt to perform an insert and a move to the same index path ", path, "an insert and a move to one index path", rest: "the index path") {
            .insertAndMove(ItemPath($0[0], $0[1]))
        },
        Pattern("attempt to perform a delete and a move from the same index path ", path, "a delete and a move from one index path", rest: "the index path") {
            .deleteAndMove(ItemPath($0[0], $0[1]))
        },
        Pattern("attempt to delete and reload the same index path ", path, "a delete and a reload of one index path", rest: "the index path") {
            .deleteAndReload(ItemPath($0[0], $0[1]))
        },
        Pattern("attempt to move index path ", path + " that does not exist - there are only " + n + " items in section [0-9]+ before the update", "a move out of range", rest: "the index paths and the count they exceed") {
            .moveSourceOutOfRange(ItemPath($0[0], $0[1]), itemsBefore: $0[2])
        },
        Pattern("attempt to move index path ", path + " to index path " + path + " that does not exist - there are only " + n + " items in section [0-9]+ after the update", "a move out of range", rest: "the index paths and the count they exceed") {
            .moveDestinationOutOfRange(ItemPath($0[0], $0[1]), to: ItemPath($0[2], $0[3]), itemsAfter: $0[4])
        },
        Pattern("attempt to move item at index path ", barePath + " to both " + barePath + " and " + barePath, "an item moved to two places", rest: "the index paths") {
            .moveToTwoPlaces(ItemPath($0[0], $0[1]), ItemPath($0[2], $0[3]), ItemPath($0[4], $0[5]))
        },
        Pattern("attempt to move both item at index path ", barePath + " and " + barePath + " to " + barePath, "two items moved to one place", rest: "the index paths") {
            .moveTwoToOnePlace(ItemPath($0[0], $0[1]), ItemPath($0[2], $0[3]), ItemPath($0[4], $0[5]))
        },
        Pattern("cannot move ", #"an? (?:item|row) from a deleted section \("# + n + #"\)"#, "a move out of a deleted section", rest: "the section") {
            .moveOutOfDeletedSection($0[0])
        },
        Pattern("cannot move ", #"an? (?:item|row) into a newly inserted section \("# + n + #"\)"#, "a move into an inserted section", rest: "the section") {
            .moveIntoInsertedSection($0[0])
        },
    ]

    // MARK: iOS 16.4's whole batch

    /// `Data source before updates = { 1 section with item counts: [3] }`,
    /// the same for after, and `Updates = [ … ]`, read from the text after
    /// `header` (where `Invalid batch updates detected` starts).
    ///
    /// - Complexity: O(*n*) in the text's length, whatever the number of updates.
    private static func batch(_ flat: ExceptionText, header: String.Index) throws(TriageInputError) -> LoggedException.Kind {
        let text = flat.text[header...]
        let before = try counts(flat, text, label: "Data source before updates")
        let after = try counts(flat, text, label: "Data source after updates")
        guard let open = flat.text.firstUTF8Range(of: "Updates = [", from: header),
              let close = text[open.upperBound...].firstIndex(of: "]") else {
            throw .incompleteBatch(part: "\"Updates = [ … ]\"", at: flat.position(of: header))
        }
        var batch = Batch()
        var isElided = false
        var entryStart = open.upperBound
        while true {
            let entryEnd = flat.text[entryStart..<close].firstIndex(of: ",") ?? close
            let entry = flat.text[entryStart..<entryEnd].trimmingSpacesKeepingPlace
            if entry.allSatisfy({ $0 == "." || $0 == "…" }) {
                if !entry.isEmpty { isElided = true }
            } else {
                batch.operations.append(try update(entry, in: flat))
                // More updates than any case may hold: no need to read on.
                if batch.operations.count > TriageCase.sizeBound {
                    throw .caseTooLarge(needed: batch.operations.count, bound: TriageCase.sizeBound, at: flat.position(of: header))
                }
            }
            guard entryEnd < close else { break }
            entryStart = flat.text.index(after: entryEnd)
        }
        return .batch(before: before, after: after, updates: batch, isElided: isElided)
    }

    /// The item counts after `label = `: `{ 2 sections with item counts: [3, 4] }`
    /// or `{ 0 sections }`.
    private static func counts(_ flat: ExceptionText, _ text: Substring, label: String) throws(TriageInputError) -> [Int] {
        guard let open = flat.text.firstUTF8Range(of: label + " = {", from: text.startIndex),
              let close = text[open.upperBound...].firstIndex(of: "}") else {
            throw .incompleteBatch(part: "\"\(label) = { … }\"", at: flat.position(of: text.startIndex))
        }
        let inside = text[open.upperBound..<close].trimmingSpacesKeepingPlace
        var unreadable: TriageInputError { .unreadableCounts(TriageInputError.excerpt(inside), at: flat.position(of: inside.startIndex)) }
        var scanner = TextScanner(inside)
        guard let sectionDigits = scanner.digits(), scanner.skip(" section") else { throw unreadable }
        _ = scanner.skip("s")
        var list: [Substring] = []
        if scanner.skip(" with item counts: [") {
            guard let end = scanner.rest.firstIndex(of: "]") else { throw unreadable }
            list = scanner.rest[..<end].split(separator: ",").map(\.trimmingSpacesKeepingPlace).filter { !$0.isEmpty }
            scanner.rest = scanner.rest[scanner.rest.index(after: end)...]
        }
        guard scanner.isAtEnd, list.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { throw unreadable }
        let sections = try number(sectionDigits, in: flat)
        var numbers: [Int] = []
        for entry in list { numbers.append(try number(entry, in: flat)) }
        guard numbers.count == sections || (sections == 0 && numbers.isEmpty) else { throw unreadable }
        return numbers
    }

    /// One entry of `Updates = [ … ]`: `Delete item (0 - 1)`, `Move item (0 - 1) to (0 - 2)`,
    /// `Insert section 2` (sections with or without parentheses; `to` or `->`).
    private static func update(_ entry: Substring, in flat: ExceptionText) throws(TriageInputError) -> Operation {
        // Placing the entry costs a walk of the text: only for an error.
        var unknown: TriageInputError { .unknownUpdate(TriageInputError.excerpt(entry), at: flat.position(of: entry.startIndex)) }
        var scanner = TextScanner(entry)
        /// `(S - I)`.
        func path() throws(TriageInputError) -> ItemPath {
            guard scanner.skip("(") else { throw unknown }
            scanner.skipSpaces()
            guard let section = scanner.digits() else { throw unknown }
            scanner.skipSpaces()
            guard scanner.skip("-") else { throw unknown }
            scanner.skipSpaces()
            guard let item = scanner.digits() else { throw unknown }
            scanner.skipSpaces()
            guard scanner.skip(")") else { throw unknown }
            return ItemPath(try number(section, in: flat), try number(item, in: flat))
        }
        /// `S` or `(S)`.
        func section() throws(TriageInputError) -> Int {
            _ = scanner.skip("(")
            guard let digits = scanner.digits() else { throw unknown }
            _ = scanner.skip(")")
            return try number(digits, in: flat)
        }
        func arrow() throws(TriageInputError) {
            guard scanner.skip(" to ") || scanner.skip(" -> ") else { throw unknown }
        }
        let operation: Operation
        if scanner.skip("Move item ") {
            let from = try path()
            try arrow()
            operation = .moveItem(from: from, to: try path())
        } else if scanner.skip("Move section ") {
            let from = try section()
            try arrow()
            operation = .moveSection(from: from, to: try section())
        } else {
            let verb = ["Delete", "Insert", "Reload"].first { scanner.skip($0 + " ") }
            guard let verb else { throw unknown }
            if scanner.skip("item ") {
                let p = try path()
                operation = verb == "Delete" ? .deleteItem(p) : verb == "Insert" ? .insertItem(p) : .reloadItem(p)
            } else if scanner.skip("section ") {
                let s = try section()
                operation = verb == "Delete" ? .deleteSection(s) : verb == "Insert" ? .insertSection(s) : .reloadSection(s)
            } else {
                throw unknown
            }
        }
        guard scanner.isAtEnd else { throw unknown }
        return operation
    }
}

/// `literal` with the characters a regular expression gives a meaning escaped.
private func escapedForRegex(_ literal: String) -> String {
    var result = ""
    for character in literal {
        if #"\^$.|?*+()[]{}"#.contains(character) { result.append("\\") }
        result.append(character)
    }
    return result
}

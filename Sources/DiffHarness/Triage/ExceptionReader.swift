// ExceptionReader: finds the batch-update exception in a crash log or a paste.
//
// What people paste is rarely the bare message: stack frames, Crashlytics'
// `Fatal Exception: NSInternalInconsistencyException`, Xcode's console
// framing (`*** Terminating app due to uncaught exception …, reason: '…'`,
// timestamps, `CoreData: fault: …` repeats), markdown quoting (`> `, `**`,
// backticks), lines wrapped by a mail client or an issue tracker. The reader
// first flattens all that (`ExceptionText`), then looks for each message it
// knows and takes the one that starts first.
import ListModel

/// Reads the first UIKit batch-update exception of a text.
public enum ExceptionReader {
    /// The exception the text logs, or why it logs none the reader knows.
    public static func read(_ text: String) throws(TriageInputError) -> LoggedException {
        let flat = ExceptionText(text)
        var found: (start: String.Index, kind: LoggedException.Kind)?
        for pattern in patterns {
            guard let match = flat.text.firstMatch(of: pattern.regex) else { continue }
            if let earlier = found, earlier.start <= match.range.lowerBound { continue }
            let numbers = (1..<match.output.count).map { Int(match.output[$0].substring ?? "") ?? 0 }
            found = (match.range.lowerBound, pattern.kind(numbers))
        }
        if let batchStart = flat.text.firstRange(of: "Invalid batch updates detected"),
           found.map({ batchStart.lowerBound < $0.start }) ?? true {
            return LoggedException(try batch(flat.text[batchStart.lowerBound...]), isTableView: flat.isTableView)
        }
        guard let found else { throw .noException }
        return LoggedException(found.kind, isTableView: flat.isTableView)
    }

    // MARK: The messages before iOS 16.4

    private struct Pattern: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        let kind: @Sendable ([Int]) -> LoggedException.Kind
        init(_ pattern: String, _ kind: @escaping @Sendable ([Int]) -> LoggedException.Kind) {
            // The patterns are constants of this file: a bad one is a
            // programming error found by the first test.
            regex = try! Regex(pattern)
            self.kind = kind
        }
    }

    /// An index path in parentheses, as the flattening leaves it: `(0-1)`.
    private static let path = #"\(\s*(\d+)\s*-\s*(\d+)\s*\)"#

    /// An index path without parentheses (UIKit's `%@` in the move messages): `0-1`.
    private static let barePath = #"(\d+)\s*-\s*(\d+)"#

    private static let patterns: [Pattern] = [
        Pattern(#"Invalid update: invalid number of sections\. The number of sections contained in the collection view after the update \((\d+)\) must be equal to the number of sections contained in the collection view before the update \((\d+)\), plus or minus the number of sections inserted or deleted \((\d+) inserted, (\d+) deleted\)"#) {
            .sectionCount(after: $0[0], before: $0[1], inserted: $0[2], deleted: $0[3])
        },
        Pattern(#"Invalid update: invalid number of items in section (\d+)\. The number of items contained in an existing section after the update \((\d+)\) must be equal to the number of items contained in that section before the update \((\d+)\), plus or minus the number of items inserted or deleted from that section \((\d+) inserted, (\d+) deleted\) and plus or minus the number of items moved into or out of that section \((\d+) moved in, (\d+) moved out\)"#) {
            .itemCount(section: $0[0], after: $0[1], before: $0[2], inserted: $0[3], deleted: $0[4], movedIn: $0[5], movedOut: $0[6])
        },
        Pattern(#"attempt to delete item (\d+) from section (\d+) which only contains (\d+) items before the update"#) {
            .deleteItemOutOfRange(ItemPath($0[1], $0[0]), itemsBefore: $0[2])
        },
        Pattern(#"attempt to delete item (\d+) from section (\d+), but there are only (\d+) sections before the update"#) {
            .deleteItemSectionOutOfRange(ItemPath($0[1], $0[0]), sectionsBefore: $0[2])
        },
        Pattern(#"attempt to insert item (\d+) into section (\d+), but there are only (\d+) items in section \d+ after the update"#) {
            .insertItemOutOfRange(ItemPath($0[1], $0[0]), itemsAfter: $0[2])
        },
        Pattern(#"attempt to insert item (\d+) into section (\d+), but there are only (\d+) sections after the update"#) {
            .insertItemSectionOutOfRange(ItemPath($0[1], $0[0]), sectionsAfter: $0[2])
        },
        Pattern(#"attempt to delete section (\d+), but there are only (\d+) sections before the update"#) {
            .deleteSectionOutOfRange($0[0], sectionsBefore: $0[1])
        },
        Pattern(#"attempt to insert section (\d+),? but there are only (\d+) sections after the update"#) {
            .insertSectionOutOfRange($0[0], sectionsAfter: $0[1])
        },
        Pattern(#"attempt to perform an insert and a move to the same index path "# + path) {
            .insertAndMove(ItemPath($0[0], $0[1]))
        },
        Pattern(#"attempt to perform a delete and a move from the same index path "# + path) {
            .deleteAndMove(ItemPath($0[0], $0[1]))
        },
        Pattern(#"attempt to delete and reload the same index path "# + path) {
            .deleteAndReload(ItemPath($0[0], $0[1]))
        },
        Pattern(#"attempt to move index path "# + path + #" that does not exist - there are only (\d+) items in section \d+ before the update"#) {
            .moveSourceOutOfRange(ItemPath($0[0], $0[1]), itemsBefore: $0[2])
        },
        Pattern(#"attempt to move index path "# + path + #" to index path "# + path + #" that does not exist - there are only (\d+) items in section \d+ after the update"#) {
            .moveDestinationOutOfRange(ItemPath($0[0], $0[1]), to: ItemPath($0[2], $0[3]), itemsAfter: $0[4])
        },
        Pattern(#"attempt to move item at index path "# + barePath + " to both " + barePath + " and " + barePath) {
            .moveToTwoPlaces(ItemPath($0[0], $0[1]), ItemPath($0[2], $0[3]), ItemPath($0[4], $0[5]))
        },
        Pattern(#"attempt to move both item at index path "# + barePath + " and " + barePath + " to " + barePath) {
            .moveTwoToOnePlace(ItemPath($0[0], $0[1]), ItemPath($0[2], $0[3]), ItemPath($0[4], $0[5]))
        },
        Pattern(#"cannot move an? (?:item|row) from a deleted section \((\d+)\)"#) {
            .moveOutOfDeletedSection($0[0])
        },
        Pattern(#"cannot move an? (?:item|row) into a newly inserted section \((\d+)\)"#) {
            .moveIntoInsertedSection($0[0])
        },
    ]

    // MARK: iOS 16.4's whole batch

    /// `Data source before updates = { 1 section with item counts: [3] }`,
    /// the same for after, and `Updates = [ … ]`, read from `text` (which
    /// starts at the header).
    private static func batch(_ text: Substring) throws(TriageInputError) -> LoggedException.Kind {
        let before = try counts(text, label: "Data source before updates")
        let after = try counts(text, label: "Data source after updates")
        guard let list = text.firstMatch(of: try! Regex(#"Updates = \[([^\]]*)\]"#)) else {
            throw .incompleteBatch(part: "\"Updates = [ … ]\"")
        }
        var batch = Batch()
        var isElided = false
        let entries = (list.output[1].substring ?? "").split(separator: ",").map { $0.trimmingSpaces }
        for entry in entries where !entry.isEmpty {
            if entry.allSatisfy({ $0 == "." || $0 == "…" }) { isElided = true; continue }
            batch.operations.append(try update(entry))
        }
        return .batch(before: before, after: after, updates: batch, isElided: isElided)
    }

    /// The item counts after `label = `: `{ 2 sections with item counts: [3, 4] }`
    /// or `{ 0 sections }`.
    private static func counts(_ text: Substring, label: String) throws(TriageInputError) -> [Int] {
        guard let match = text.firstMatch(of: try! Regex(label + #" = \{([^}]*)\}"#)) else {
            throw .incompleteBatch(part: "\"\(label) = { … }\"")
        }
        let inside = String(match.output[1].substring ?? "").trimmingSpaces
        guard let counts = inside.firstMatch(of: try! Regex(#"^(\d+) sections?(?: with item counts: \[([^\]]*)\])?$"#)) else {
            throw .unreadableCounts(inside)
        }
        let sections = Int(counts.output[1].substring ?? "") ?? 0
        let list = (counts.output[2].substring ?? "").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        let numbers = list.compactMap { Int($0) }
        guard numbers.count == list.count, numbers.count == sections || (sections == 0 && numbers.isEmpty) else {
            throw .unreadableCounts(inside)
        }
        return numbers
    }

    /// One entry of `Updates = [ … ]`: `Delete item (0 - 1)`, `Move item (0 - 1) to (0 - 2)`,
    /// `Insert section 2` (sections with or without parentheses; `to` or `->`).
    private static func update(_ entry: String) throws(TriageInputError) -> Operation {
        let item = try! Regex(#"^(Delete|Insert|Reload) item "# + path + "$")
        let move = try! Regex(#"^Move item "# + path + #" (?:to|->) "# + path + "$")
        let section = try! Regex(#"^(Delete|Insert|Reload) section \(?(\d+)\)?$"#)
        let moveSection = try! Regex(#"^Move section \(?(\d+)\)? (?:to|->) \(?(\d+)\)?$"#)
        func number(_ match: Regex<AnyRegexOutput>.Match, _ i: Int) -> Int { Int(match.output[i].substring ?? "") ?? 0 }
        if let m = entry.wholeMatch(of: item) {
            let p = ItemPath(number(m, 2), number(m, 3))
            switch m.output[1].substring {
            case "Delete": return .deleteItem(p)
            case "Insert": return .insertItem(p)
            default: return .reloadItem(p)
            }
        }
        if let m = entry.wholeMatch(of: move) {
            return .moveItem(from: ItemPath(number(m, 1), number(m, 2)), to: ItemPath(number(m, 3), number(m, 4)))
        }
        if let m = entry.wholeMatch(of: section) {
            let s = number(m, 2)
            switch m.output[1].substring {
            case "Delete": return .deleteSection(s)
            case "Insert": return .insertSection(s)
            default: return .reloadSection(s)
            }
        }
        if let m = entry.wholeMatch(of: moveSection) {
            return .moveSection(from: number(m, 1), to: number(m, 2))
        }
        throw .unknownUpdate(entry)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

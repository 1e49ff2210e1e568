// CaseSummary: a case's text for a terminal, long lines summed up. A
// generated case of the thousands holds snapshots of hundreds of kilobytes
// and batches of tens of thousands of operations; printed whole, one case
// floods the terminal. Summed up, each long line says its size, shows its
// first and last words, and the case says where old and new differ.
//
//     old (27386 items in 1 section, 163 KB; --full prints it): a b c d e f g h i j … a1052 b1052 c1052
//     new (27385 items in 1 section, 163 KB; --full prints it): a b c d e f g h i j … a1052 b1052 c1052
//     old and new differ from item 10 to 27374 of old (27365 items) and 10 to 27373 of new (27364 items); the first 10 and last 11 are the same
//     batch (27384 operations: 27380 moves, 2 deletes, 2 inserts, 180 KB; --full prints it): move 10 11, move 11 12, move 12 13 … delete 27384, insert 27384
//
// A summed-up line starts with its directive's name and a parenthesis, not
// `old:`: it is no line of the case format, and a paste of it is refused.
import ListModel

/// Sums up the long lines of a case's text (`CasePrinter`'s), for a report.
public enum CaseSummary {
    /// Characters of a line printed whole; a longer one is summed up. A
    /// count message of UIKit's (about 350) fits.
    public static let longestLine = 500
    /// Characters shown of each end of a long snapshot, comment or expectation.
    static let endLength = 80
    /// Operations shown at the start and at the end of a long batch.
    static let operationsShown = (first: 3, last: 2)

    /// The case's text as `CasePrinter.text(_:)` writes it, with each line
    /// longer than `longestLine` summed up; when `old:` or `new:` is, a
    /// line after them says where the two differ. Ends with a line break.
    ///
    /// - Complexity: O(*n*) in the case's size (it is printed once).
    public static func text(_ c: Case, whole: String = fullOption) -> String {
        let isFlat = c.old.isFlat && c.new.isFlat
        var lines: [String] = []
        var stages = c.stages[...], recorded = c.recorded[...]
        var lastStage: Stage?
        var isSnapshotSummed = false
        for line in CasePrinter.text(c).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let directive = line.prefix { $0 != ":" }
            // Keep the stage lines in step with the stages, short or long.
            if directive == "batch" { lastStage = stages.popFirst() }
            if directive == "recorded" && !recorded.isEmpty { lastStage = recorded.popFirst() }
            guard line.count > longestLine else {
                lines.append(String(line))
                continue
            }
            switch directive {
            case "old":
                lines.append(snapshotLine("old", c.old, whole: whole))
                isSnapshotSummed = true
            case "new":
                lines.append(snapshotLine("new", c.new, whole: whole))
                isSnapshotSummed = true
            case "then":
                lines.append(lastStage?.data.map { snapshotLine("then", $0, whole: whole) } ?? clipped(line, whole: whole))
            case "batch", "recorded":
                lines.append(lastStage.map { batchLine(String(directive), $0.batch, isFlat: isFlat, whole: whole) } ?? clipped(line, whole: whole))
            default:
                lines.append(clipped(line, whole: whole))
            }
        }
        if isSnapshotSummed, let index = lines.firstIndex(where: { $0.hasPrefix("new") }) {
            lines.insert(difference(old: c.old, new: c.new), at: index + 1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `batch:` (or `recorded:`) and `then:` lines for `stages`, as
    /// `CasePrinter.stageLines` writes them, each long one summed up.
    public static func stageLines(_ stages: [Stage], isFlat: Bool, directive: String = "batch") -> [String] {
        var lines: [String] = []
        for stage in stages {
            let batch = CasePrinter.stageLines([Stage(batch: stage.batch)], isFlat: isFlat, directive: directive)[0]
            lines.append(batch.count > longestLine ? batchLine(directive, stage.batch, isFlat: isFlat) : batch)
            if let data = stage.data {
                let then = "then: " + CasePrinter.snapshot(data)
                lines.append(then.count > longestLine ? snapshotLine("then", data) : then)
            }
        }
        return lines
    }

    /// A snapshot in one line: its size, and the first and last words of
    /// its text. `snapshotLine("old", old)`:
    /// `old (27386 items in 1 section, 163 KB; --full prints it): a b c … y z`.
    public static func snapshotLine(_ directive: String, _ snapshot: Snapshot, whole: String = fullOption) -> String {
        let text = CasePrinter.snapshot(snapshot)
        let size = quantity(snapshot.itemCount, "item") + " in " + quantity(snapshot.sections.count, "section")
        return "\(directive) (\(size), \(kilobytes(text.utf8.count)); \(whole)): " + ends(of: text, separator: " ")
    }

    /// A batch in one line: its operations counted by kind, its size, the
    /// first and last operations.
    public static func batchLine(_ directive: String, _ batch: Batch, isFlat: Bool, whole: String = fullOption) -> String {
        let operations = batch.operations
        var kinds: [(name: String, count: Int)] = []
        for operation in operations {
            let name = kind(operation)
            if let index = kinds.firstIndex(where: { $0.name == name }) { kinds[index].count += 1 } else { kinds.append((name, 1)) }
        }
        let counted = kinds.map { quantity($0.count, $0.name) }.joined(separator: ", ")
        let text = CasePrinter.batch(batch, isFlat: isFlat)
        let spelled = operations.map { CasePrinter.operation($0, isFlat: isFlat) }
        let shown = operations.count > operationsShown.first + operationsShown.last
            ? spelled.prefix(operationsShown.first).joined(separator: ", ") + " … " + spelled.suffix(operationsShown.last).joined(separator: ", ")
            : spelled.joined(separator: ", ")
        return "\(directive) (\(quantity(operations.count, "operation")): \(counted), \(kilobytes(text.utf8.count)); \(whole)): " + shown
    }

    /// Where `old` and `new` differ: past the longest run of items (and
    /// section headers) they start with, and before the longest they end with.
    ///
    /// - Complexity: O(*n*) in the items of both.
    public static func difference(old: Snapshot, new: Snapshot) -> String {
        let isFlat = old.isFlat && new.isFlat
        let before = words(old), after = words(new)
        var head = 0
        while head < before.count && head < after.count && before[head].word == after[head].word { head += 1 }
        var tail = 0
        while tail < before.count - head && tail < after.count - head
            && before[before.count - 1 - tail].word == after[after.count - 1 - tail].word { tail += 1 }
        guard head < before.count || head < after.count else { return "old and new are the same" }
        func span(_ list: [(word: String, place: String)], of name: String) -> String {
            let differing = list.count - head - tail
            guard differing > 0 else { return "nothing of \(name)" }
            let first = list[head].place, last = list[list.count - 1 - tail].place
            return (first == last ? "\(first) of \(name)" : "\(first) to \(last) of \(name)") + " (\(quantity(differing, isFlat ? "item" : "entry", isFlat ? "items" : "entries")))"
        }
        let unit = isFlat ? "items" : "entries (section headers and items)"
        return "old and new differ from " + span(before, of: "old") + " and " + span(after, of: "new")
            + "; the first \(head) and last \(tail) \(unit) are the same"
    }

    /// A snapshot's entries in order, each with where it stands: a section
    /// header (`section 2`) or an item (`1.4`, or `4` when flat).
    private static func words(_ snapshot: Snapshot) -> [(word: String, place: String)] {
        var list: [(word: String, place: String)] = []
        let isFlat = snapshot.isFlat
        for (s, section) in snapshot.sections.enumerated() {
            if !isFlat { list.append(("[" + Item(id: section.id, content: section.content).description, "section \(s)")) }
            for (i, item) in section.items.enumerated() {
                list.append((item.description, isFlat ? "item \(i)" : "item \(s).\(i)"))
            }
        }
        return list
    }

    /// The kind of an operation, as its count is named.
    private static func kind(_ operation: Operation) -> String {
        switch operation {
        case .deleteSection: return "section delete"
        case .insertSection: return "section insert"
        case .reloadSection: return "section reload"
        case .moveSection: return "section move"
        case .deleteItem: return "delete"
        case .insertItem: return "insert"
        case .reloadItem: return "reload"
        case .moveItem: return "move"
        }
    }

    /// `line` whole when it is at most `longestLine` characters, else its
    /// two ends and its length: for a comment or an expectation.
    public static func clippedLine(_ line: String, whole: String = fullOption) -> String {
        line.count > longestLine ? clipped(line[...], whole: whole) : line
    }

    /// A long line other than a snapshot or a batch (a comment, an
    /// expectation): its two ends and its length.
    private static func clipped(_ line: Substring, whole: String = fullOption) -> String {
        ends(of: String(line), separator: " ") + " (\(line.count) characters; \(whole))"
    }

    /// How a summed-up line of `show` and `repro` says where the whole is.
    public static let fullOption = "--full prints it"
    /// How a summed-up line of a report (`check`, `fuzz`, JUnit,
    /// `checkEngine`) says where the whole is: the case file it names.
    public static let inTheFile = "whole in its file"

    /// A printed case (`CasePrinter.text`, or a case file's text) for a
    /// report: unchanged when no line is longer than `longestLine`, else
    /// each long line summed up as `text(_:whole:)` does, saying that the
    /// file holds it whole. A text that does not read as a case has its
    /// long lines clipped.
    ///
    /// - Complexity: O(*n*) in the text's length.
    public static func report(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.contains(where: { $0.count > longestLine }) else { return text }
        if case .success(let c) = CaseParser.parse(text, file: "report") {
            let summed = CaseSummary.text(c, whole: inTheFile)
            return text.hasSuffix("\n") ? summed : String(summed.dropLast())
        }
        return lines.map { $0.count > longestLine ? clipped($0, whole: inTheFile) : String($0) }.joined(separator: "\n")
    }

    /// The first and last `endLength` characters of `text`, cut at
    /// `separator`, with ` … ` between.
    private static func ends(of text: String, separator: Character) -> String {
        guard text.count > 2 * endLength + 5 else { return text }
        var head = text.prefix(endLength)
        if let cut = head.lastIndex(of: separator) { head = head[..<cut] }
        var tail = text.suffix(endLength)
        if let cut = tail.firstIndex(of: separator) { tail = tail[tail.index(after: cut)...] }
        return head + " … " + tail
    }

    /// A size in bytes as a person reads it: `870 bytes`, `163 KB`, `2.4 MB`.
    private static func kilobytes(_ bytes: Int) -> String {
        if bytes < 1024 { return quantity(bytes, "byte") }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        let tenths = bytes * 10 / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

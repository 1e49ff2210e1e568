// ConformanceCase: one batch for UIKit to judge, and the runner's input file of them.
import ListModel

/// One batch for a real list view to judge: what the view shows before it
/// (`old`), what the data source returns once it is issued (`data`), and the
/// batch (one `performBatchUpdates` call).
public struct ConformanceCase: Hashable, Sendable {
    /// A name unique within an input: a corpus file's name without `.case`,
    /// or `generated-…` for the generated sample.
    public var name: String
    /// What the view displays before the batch.
    public var old: Snapshot
    /// What the data source holds after the batch.
    public var data: Snapshot
    /// The batch.
    public var batch: Batch

    /// The case `name`: `batch` issued on a view showing `old`, the data source then holding `data`.
    public init(name: String, old: Snapshot, data: Snapshot, batch: Batch) {
        self.name = name
        self.old = old
        self.data = data
        self.batch = batch
    }

    /// Whether every index of the batch is at least 0: UIKit's calls take
    /// an `IndexSet` or an `IndexPath`, which hold no negative index.
    public var isIssuable: Bool {
        batch.operations.allSatisfy { operation in
            switch operation {
            case .deleteSection(let s), .insertSection(let s), .reloadSection(let s): return s >= 0
            case .moveSection(let from, let to): return from >= 0 && to >= 0
            case .deleteItem(let p), .insertItem(let p), .reloadItem(let p): return p.section >= 0 && p.item >= 0
            case .moveItem(let from, let to): return min(from.section, from.item, to.section, to.item) >= 0
            }
        }
    }

    /// The model's verdict under `uikit` (UICollectionView): what the view
    /// shows afterwards, or the rejection.
    public var modelVerdict: Result<Snapshot, Rejection> { modelVerdict(for: .collection) }

    /// The model's verdict for the list view `kind`, under its profile
    /// (`kind.profile`: `uikit` for UICollectionView, `tableview` for UITableView).
    public func modelVerdict(for kind: ListViewKind) -> Result<Snapshot, Rejection> {
        ListView.apply(batch, to: old, data: data, profile: kind.profile)
    }
}

/// The conformance runner's input: cases in the case format, each opened by
/// a `case: NAME` line and holding `old:`, `new:` (the data source after
/// the batch) and one `batch:` line.
///
///     # diffcheck conformance input: …
///     case: uikit-delete-and-move
///     old: a b c
///     new: b a
///     batch: delete 0, move 0 1
///
/// The UIKit runner (`Tests/UIKitConformanceTests`) reads it with
/// ``cases(fromText:file:)``, the same reader `diffcheck conformance compare` uses.
public enum ConformanceInput {
    /// The line that opens a case: `case: NAME`.
    public static let caseDirective = "case:"

    /// The input text for `cases`, after the comment lines of `header`.
    public static func text(_ cases: [ConformanceCase], header: [String] = []) -> String {
        var lines = header.map { "# " + $0 }
        for c in cases {
            let isFlat = c.old.isFlat && c.data.isFlat
            lines.append("\(caseDirective) \(c.name)")
            lines.append(directive("old", CasePrinter.snapshot(c.old)))
            lines.append(directive("new", CasePrinter.snapshot(c.data)))
            lines.append(directive("batch", CasePrinter.batch(c.batch, isFlat: isFlat)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cases of an input text; an error names `file`, the line and the
    /// column (a case without a name, a name given twice, a case that is not
    /// one `batch:` with `old:` and `new:`, or text before the first `case:`).
    public static func cases(fromText text: String, file: String) -> Result<[ConformanceCase], CaseFormatError> {
        var cases: [ConformanceCase] = []
        var names: Set<String> = []
        var open: (name: String, line: Int, body: [Substring])?
        func close() -> CaseFormatError? {
            guard let (name, line, body) = open else { return nil }
            open = nil
            // Blank lines for the lines above the block: the parser's line numbers are the file's.
            let text = String(repeating: "\n", count: line) + body.joined(separator: "\n")
            switch CaseParser.parse(text, file: file) {
            case .failure(let error):
                return error
            case .success(let parsed):
                guard parsed.stages.count == 1, parsed.stages[0].data == nil else {
                    return CaseFormatError(file: file, line: line, column: 1, expected: "one batch: line in case \(name)",
                                           found: "\(parsed.stages.count) stages")
                }
                cases.append(ConformanceCase(name: name, old: parsed.old, data: parsed.new, batch: parsed.stages[0].batch))
                return nil
            }
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(caseDirective) {
                if let error = close() { return .failure(error) }
                let name = trimmed.dropFirst(caseDirective.count).trimmingSpaces
                guard !name.isEmpty, !name.contains(" ") else {
                    return .failure(CaseFormatError(file: file, line: number, column: 1, expected: "case: NAME (one word)",
                                                    found: name.isEmpty ? "no name" : "'\(name)'"))
                }
                guard names.insert(name).inserted else {
                    return .failure(CaseFormatError(file: file, line: number, column: 1, expected: "a name not used before",
                                                    found: "'\(name)' again"))
                }
                open = (name, number, [])
            } else if open != nil {
                open?.body.append(line)
            } else if !(trimmed.isEmpty || trimmed.hasPrefix("#")) {
                return .failure(CaseFormatError(file: file, line: number, column: 1, expected: "'case: NAME' or a # comment",
                                                found: "'\(trimmed.prefix(40))'"))
            }
        }
        if let error = close() { return .failure(error) }
        return .success(cases)
    }

    private static func directive(_ name: String, _ text: String) -> String {
        text.isEmpty ? name + ":" : name + ": " + text
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

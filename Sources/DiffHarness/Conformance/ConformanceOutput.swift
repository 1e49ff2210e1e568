// ConformanceOutput: what the UIKit runner records, one line a verdict.
import ListModel

/// The list view that judged a batch.
public enum ListViewKind: String, CaseIterable, Hashable, Sendable {
    /// `UICollectionView` with a flow layout: compared with the model's `uikit` profile.
    case collection
    /// `UITableView`: compared with the model's `tableview` profile.
    case table

    /// The model's profile for this view.
    public var profile: Profile { self == .collection ? .uikit : .tableview }

    /// The view's class name, as reports name it.
    public var className: String { self == .collection ? "UICollectionView" : "UITableView" }
}

/// What a real list view did with one batch.
public enum UIKitVerdict: Hashable, Sendable {
    /// `performBatchUpdates` returned; the content string of each cell
    /// afterwards, section by section, item by item (`nil`: the view had no
    /// visible cell at that index path).
    case accepted([[String?]])
    /// It raised an exception: the exception's name and reason.
    case rejected(name: String, reason: String)

    /// Whether the view accepted the batch.
    public var isAccepted: Bool {
        if case .accepted = self { return true } else { return false }
    }
}

/// One case of a runner's output: its name, the line that opened it, and
/// each list view's verdict (a view that has none stopped before it: the
/// runner crashed or was stopped).
public struct RecordedCase: Hashable, Sendable {
    /// The input case's name.
    public var name: String
    /// The 1-based line of its `case:` line in the output.
    public var line: Int
    /// Each list view's verdict.
    public var verdicts: [ListViewKind: UIKitVerdict]

    /// The case `name` opened at `line`, with `verdicts`.
    public init(name: String, line: Int, verdicts: [ListViewKind: UIKitVerdict] = [:]) {
        self.name = name
        self.line = line
        self.verdicts = verdicts
    }
}

/// The runner's output format. `#` lines first (who wrote it, on what),
/// then per case a `case: NAME` line, written before the case runs, and a
/// line per list view once it has judged:
///
///     # UIKit's verdicts, written by the conformance runner (iOS 18.2, iPhone 16 simulator)
///     case: uikit-delete-and-move
///     collection: rejected NSInternalInconsistencyException: attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x…> {length = 2, path = 0 - 0})
///     table: rejected NSInternalInconsistencyException: …
///     case: generated-flat-0-core
///     collection: accepted [a c b']
///     table: accepted [a c b']
///
/// An accepted verdict lists the cells section by section in brackets,
/// each cell's content string (`?`: no visible cell there). A reason is
/// written on one line: a backslash as `\\`, a line break as `\n`, a
/// carriage return as `\r`, a tab as `\t`.
public enum ConformanceOutput {
    /// The `case: NAME` line that opens a case.
    public static func caseLine(_ name: String) -> String {
        "\(ConformanceInput.caseDirective) \(name)"
    }

    /// The line of `kind`'s verdict.
    public static func verdictLine(_ kind: ListViewKind, _ verdict: UIKitVerdict) -> String {
        switch verdict {
        case .accepted(let sections):
            let cells = sections.map { "[" + $0.map { $0 ?? "?" }.joined(separator: " ") + "]" }
            return "\(kind.rawValue): accepted" + (cells.isEmpty ? "" : " " + cells.joined(separator: " "))
        case .rejected(let name, let reason):
            return "\(kind.rawValue): rejected \(name): \(escaped(reason))"
        }
    }

    /// The cases of an output text, in order; an error names `file`, the
    /// line and the column (a verdict before any `case:`, a list view
    /// twice in one case, a case twice, a line the format does not know).
    public static func recorded(fromText text: String, file: String) -> Result<[RecordedCase], CaseFormatError> {
        var cases: [RecordedCase] = []
        var names: Set<String> = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            func error(_ expected: String, _ found: String) -> Result<[RecordedCase], CaseFormatError> {
                .failure(CaseFormatError(file: file, line: number, column: 1, expected: expected, found: found))
            }
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix(ConformanceInput.caseDirective) {
                let name = line.dropFirst(ConformanceInput.caseDirective.count).trimmingSpaces
                guard !name.isEmpty, !name.contains(" ") else { return error("case: NAME (one word)", "'\(line)'") }
                guard names.insert(name).inserted else { return error("a case not recorded before", "'\(name)' again") }
                cases.append(RecordedCase(name: name, line: number))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), let kind = ListViewKind(rawValue: String(line[..<colon])) else {
                return error("'case: NAME', 'collection: …', 'table: …' or a # comment", "'\(line.prefix(40))'")
            }
            guard !cases.isEmpty else { return error("a 'case: NAME' line before the verdicts", "'\(line.prefix(40))'") }
            guard cases[cases.count - 1].verdicts[kind] == nil else {
                return error("one \(kind.rawValue) verdict in case \(cases[cases.count - 1].name)", "a second one")
            }
            switch verdict(line[line.index(after: colon)...].trimmingSpaces) {
            case .success(let v): cases[cases.count - 1].verdicts[kind] = v
            case .failure(let why): return error(why.expected, why.found)
            }
        }
        return .success(cases)
    }

    /// Why a verdict's text could not be read.
    private struct VerdictError: Error {
        var expected: String
        var found: String
    }

    /// `accepted [CELLS]…` or `rejected NAME: REASON`.
    private static func verdict(_ text: String) -> Result<UIKitVerdict, VerdictError> {
        if text == "accepted" { return .success(.accepted([])) }
        if text.hasPrefix("accepted ") {
            var sections: [[String?]] = []
            var rest = Substring(text.dropFirst("accepted ".count))
            while let open = rest.firstIndex(where: { $0 != " " }) {
                guard rest[open] == "[", let close = rest[open...].firstIndex(of: "]") else {
                    return .failure(VerdictError(expected: "cells in brackets, [a b] [c]", found: "'\(rest[open...].prefix(20))'"))
                }
                let cells = rest[rest.index(after: open)..<close].split(separator: " ").map { $0 == "?" ? nil : String($0) }
                sections.append(cells)
                rest = rest[rest.index(after: close)...]
            }
            return .success(.accepted(sections))
        }
        if text.hasPrefix("rejected ") {
            let body = text.dropFirst("rejected ".count)
            guard let separator = body.range(of: ": "), !body[..<separator.lowerBound].contains(" ") else {
                return .failure(VerdictError(expected: "rejected NAME: REASON", found: "'\(text.prefix(40))'"))
            }
            return .success(.rejected(name: String(body[..<separator.lowerBound]),
                                      reason: unescaped(body[separator.upperBound...])))
        }
        return .failure(VerdictError(expected: "accepted or rejected", found: "'\(text.prefix(40))'"))
    }

    /// `reason` on one line.
    static func escaped(_ reason: String) -> String {
        var out = ""
        for c in reason {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out
    }

    /// What `escaped` wrote; a backslash before another character stays.
    static func unescaped<S: StringProtocol>(_ text: S) -> String {
        var out = "", pending = false
        for c in text {
            if pending {
                switch c {
                case "n": out += "\n"
                case "r": out += "\r"
                case "t": out += "\t"
                case "\\": out += "\\"
                default: out += "\\" + String(c)
                }
                pending = false
            } else if c == "\\" {
                pending = true
            } else {
                out.append(c)
            }
        }
        if pending { out += "\\" }
        return out
    }
}

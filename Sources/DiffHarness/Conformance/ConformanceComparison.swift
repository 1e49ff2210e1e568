// ConformanceComparison: one UICollectionView or UITableView verdict against the model's `uikit` or `tableview` profile.
import DiffTriage
import ListModel

/// How a recorded list view's verdict and the model's verdict under that
/// view's profile (`uikit` for UICollectionView, `tableview` for
/// UITableView) compare for one case.
public enum ConformanceFinding: Hashable, Sendable {
    /// Both accept, and the view shows the cells the model says it shows.
    case sameCells
    /// Both reject, and UIKit's reason holds the model's words (index paths
    /// spelled `S-I`, runs of spaces as one).
    case sameWords
    /// Both reject the counts: UIKit in its whole-batch form (iOS 16.4 and
    /// later: `Invalid batch updates detected`, no per-section words), with
    /// the case's item counts before and after; the model with
    /// `section-count` or `item-count`.
    case sameCountsWholeBatchForm
    /// UIKit accepts a batch the model rejects as one the validator lets
    /// through but the view cannot apply (RULES.md §3.2): what the view
    /// then shows is undefined and not compared.
    case validatorLetsThrough
    /// UITableView accepts a batch the `tableview` profile rejects only by
    /// its stricter reading, where no source said what UITableView does
    /// (RULES.md §3.3, §3.4: a rule of the portable subset): the run is now
    /// that source, and the line says which rule it settles.
    case stricterReading(Rule)
    /// They differ; the text says how, in one line.
    case disagreement(String)

    /// Whether the verdicts agree.
    public var isAgreement: Bool {
        if case .disagreement = self { return false } else { return true }
    }
}

/// Compares a recorded list view's verdict with `ListView.apply` under its profile.
public enum ConformanceComparison {
    /// The name of the exception UIKit raises for a batch it rejects.
    public static let batchExceptionName = "NSInternalInconsistencyException"

    /// How `verdict`, the list view `view`'s on `c` (UICollectionView's
    /// unless given), compares with the model's under that view's profile:
    /// accept or reject, then the cells shown or the message (see
    /// ``ConformanceFinding``).
    public static func compare(_ c: ConformanceCase, _ verdict: UIKitVerdict, view: ListViewKind = .collection) -> ConformanceFinding {
        switch (c.modelVerdict(for: view), verdict) {
        case (.success(let shown), .accepted(let cells)):
            let expected: [[String?]] = shown.sections.map { $0.items.map(\.description) }
            return cells == expected ? .sameCells
                : .disagreement("UIKit shows \(drawn(cells)), the model \(drawn(expected))")
        case (.failure(let rejection), .accepted(let cells)):
            if view == .table && rejection.rule.isOpen { return .stricterReading(rejection.rule) }
            return isLetThrough(rejection.rule) ? .validatorLetsThrough
                : .disagreement("UIKit accepts (shows \(drawn(cells))), the model rejects: \(rejection.message)")
        case (.success(let shown), .rejected(let name, let reason)):
            return .disagreement("UIKit rejects (\(name): \(oneLine(reason))), the model accepts (shows \(drawn(shown.sections.map { $0.items.map(\.description) })))")
        case (.failure(let rejection), .rejected(let name, let reason)):
            if isLetThrough(rejection.rule) {
                return .disagreement("UIKit rejects (\(name): \(oneLine(reason))), the model says its validator lets the batch through (RULES.md §3.2: \(rejection.message))")
            }
            guard name == batchExceptionName else {
                return .disagreement("UIKit raises \(name), not \(batchExceptionName): \(oneLine(reason))")
            }
            // The reason flattened, in its own words (a UITableView's say `rows`).
            let flat = ExceptionText(reason)
            let said = flat.isTableView ? flat.logged(flat.text.startIndex..<flat.text.endIndex) : flat.text
            if said.contains(collapsingSpaces(uikitWords(rejection.message))) { return .sameWords }
            if [.sectionCount, .itemCount].contains(rejection.rule), let logged = try? ExceptionReader.read(reason),
               case .batch(let before, let after, _, _) = logged.kind,
               before == c.old.sections.map(\.items.count), after == c.data.sections.map(\.items.count) {
                return .sameCountsWholeBatchForm
            }
            return .disagreement("UIKit's words: \(oneLine(reason)); the model's: \(rejection.message)")
        }
    }

    /// The rules of what UICollectionView's validator lets through but the
    /// view cannot apply (RULES.md §3.2).
    static func isLetThrough(_ rule: Rule) -> Bool {
        rule == .duplicateOperation || rule == .noOpSectionMoveWithItemMovedOut
    }

    /// A model message without the notes it adds after UIKit's words: for a
    /// half of a reload (`… (0-1) (the insert half of reload 0.2, …)`), for
    /// the count messages' notes (`… moved out). (the counts include …)`,
    /// `(the counts leave out …)`), and under `tableview` for words no
    /// UITableView log shows (`ViewWords.unsourcedNote`).
    static func uikitWords(_ message: String) -> String {
        for note in [" (the delete half of ", " (the insert half of ", " (the counts ", ViewWords.tableView.unsourcedNote] {
            if let range = message.range(of: note) { return String(message[..<range.lowerBound]) }
        }
        return message
    }

    /// Runs of spaces as one, as `ExceptionText` reads UIKit's reason.
    static func collapsingSpaces(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Cells as the output writes them: `[a b] [?]`, `no sections`.
    static func drawn(_ sections: [[String?]]) -> String {
        sections.isEmpty ? "no sections" : sections.map { "[" + $0.map { $0 ?? "?" }.joined(separator: " ") + "]" }.joined(separator: " ")
    }

    /// A reason on one line, at most 300 characters.
    static func oneLine(_ reason: String) -> String {
        let line = ConformanceOutput.escaped(reason)
        return line.count > 300 ? line.prefix(300) + "…" : line
    }
}

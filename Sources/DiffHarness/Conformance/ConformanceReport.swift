// ConformanceReport: a runner's whole output against the model, one line a disagreement.
import ListModel

/// A runner's output (``RecordedCase``) compared with the model on the
/// input it was given, for each list view: UICollectionView with the
/// `uikit` profile, UITableView with `tableview`.
public struct ConformanceReport: Hashable, Sendable {
    /// The report's lines: `DISAGREES NAME (output line N, VIEW): …` for
    /// each disagreement, `NO VERDICT NAME: …` for an input case a view did
    /// not judge (the runner stopped), then a summary per view.
    public var lines: [String]
    /// How many input cases there are.
    public var caseCount: Int
    /// How many of them do not agree, for either view (a missing verdict included).
    public var disagreementCount: Int

    /// Whether every case agrees for both views (the exit code 0 of `diffcheck conformance compare`).
    public var isAgreement: Bool { disagreementCount == 0 }

    /// Why an output does not belong to an input.
    public struct Mismatch: Error, Hashable, Sendable, CustomStringConvertible {
        /// `FILE:LINE: error: …`.
        public var description: String

        /// A mismatch described by `description`.
        public init(description: String) { self.description = description }
    }

    /// The report of `output` (read from `outputFile`) on `input`. Throws
    /// when the output records a case the input does not hold (it was
    /// made from another input).
    public init(input: [ConformanceCase], output: [RecordedCase], outputFile: String) throws(Mismatch) {
        let recorded = Dictionary(output.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(input.map(\.name))
        if let stranger = output.first(where: { !names.contains($0.name) }) {
            throw Mismatch(description: "\(outputFile):\(stranger.line): error: case \(stranger.name) is not in the input (the output was made from another input)")
        }
        var lines: [String] = []
        var tally: [ListViewKind: [String: Int]] = [:]
        var disagreeing: [ListViewKind: Int] = [:]
        var disagreeingCases = Set<String>()
        for c in input {
            guard let r = recorded[c.name] else {
                disagreeingCases.insert(c.name)
                for view in ListViewKind.allCases { disagreeing[view, default: 0] += 1 }
                lines.append("NO VERDICT \(c.name): not in the output (the runner stopped before it)")
                continue
            }
            for view in ListViewKind.allCases {
                guard let verdict = r.verdicts[view] else {
                    disagreeingCases.insert(c.name)
                    disagreeing[view, default: 0] += 1
                    lines.append("NO VERDICT \(c.name) (output line \(r.line)): no \(view.rawValue): line (the runner stopped in this case)")
                    continue
                }
                switch ConformanceComparison.compare(c, verdict, view: view) {
                case .disagreement(let why):
                    disagreeingCases.insert(c.name)
                    disagreeing[view, default: 0] += 1
                    lines.append("DISAGREES \(c.name) (output line \(r.line), \(view.className)): \(why)")
                case .sameCells: tally[view, default: [:]]["both accept, the same cells", default: 0] += 1
                case .sameWords: tally[view, default: [:]]["both reject, in the same words", default: 0] += 1
                case .sameCountsWholeBatchForm: tally[view, default: [:]]["both reject the counts (UIKit's whole-batch form)", default: 0] += 1
                case .validatorLetsThrough: tally[view, default: [:]]["UIKit lets through what RULES.md §3.2 says its validator lets through", default: 0] += 1
                case .stricterReading(let rule):
                    tally[view, default: [:]]["UITableView accepts what the profile rejects by its stricter reading (RULES.md §3.4), \(rule.rawValue)", default: 0] += 1
                }
            }
        }
        for view in ListViewKind.allCases {
            let against = disagreeing[view] ?? 0
            lines.append("conformance, \(view.className): \(input.count) cases, \(input.count - against) agree with the model (profile \(view.profile.rawValue)), \(against) disagree")
            for (kind, count) in (tally[view] ?? [:]).sorted(by: { $0.key < $1.key }) { lines.append("  \(kind): \(count)") }
        }
        self.lines = lines
        caseCount = input.count
        disagreementCount = disagreeingCases.count
    }
}

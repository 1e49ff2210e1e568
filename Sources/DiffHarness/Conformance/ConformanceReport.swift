// ConformanceReport: a runner's whole output against the model, one line a disagreement.
import ListModel

/// A runner's output (``RecordedCase``) compared with the model on the
/// input it was given: the disagreements, then a count of each kind of
/// agreement, then what UITableView did.
public struct ConformanceReport: Hashable, Sendable {
    /// The report's lines: `DISAGREES NAME (output line N): …` for each
    /// disagreement, `NO VERDICT NAME: …` for an input case the
    /// UICollectionView did not judge (the runner stopped), then the summary.
    public var lines: [String]
    /// How many input cases there are.
    public var caseCount: Int
    /// How many of them do not agree (a missing verdict included).
    public var disagreementCount: Int

    /// Whether every case agrees (the exit code 0 of `diffcheck conformance compare`).
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
        var tally: [String: Int] = [:]
        var disagreements = 0, tableVerdicts = 0, tableAsCollection = 0
        for c in input {
            guard let r = recorded[c.name] else {
                disagreements += 1
                lines.append("NO VERDICT \(c.name): not in the output (the runner stopped before it)")
                continue
            }
            if let table = r.verdicts[.table] {
                tableVerdicts += 1
                if let collection = r.verdicts[.collection], collection.isAccepted == table.isAccepted { tableAsCollection += 1 }
            }
            guard let verdict = r.verdicts[.collection] else {
                disagreements += 1
                lines.append("NO VERDICT \(c.name) (output line \(r.line)): no collection: line (the runner stopped in this case)")
                continue
            }
            let finding = ConformanceComparison.compare(c, verdict)
            switch finding {
            case .disagreement(let why):
                disagreements += 1
                lines.append("DISAGREES \(c.name) (output line \(r.line)): \(why)")
            case .sameCells: tally["both accept, the same cells", default: 0] += 1
            case .sameWords: tally["both reject, in the same words", default: 0] += 1
            case .sameCountsWholeBatchForm: tally["both reject the counts (UIKit's whole-batch form)", default: 0] += 1
            case .validatorLetsThrough: tally["UIKit lets through what RULES.md §3.2 says its validator lets through", default: 0] += 1
            }
        }
        let agreements = input.count - disagreements
        lines.append("conformance: \(input.count) cases, \(agreements) agree with the model (profile uikit), \(disagreements) disagree")
        for (kind, count) in tally.sorted(by: { $0.key < $1.key }) { lines.append("  \(kind): \(count)") }
        lines.append("UITableView: verdicts recorded for \(tableVerdicts) cases, \(tableAsCollection) of them accept or reject as UICollectionView does"
                     + " (data for a later tableview profile, not compared with the model)")
        self.lines = lines
        caseCount = input.count
        disagreementCount = disagreements
    }
}

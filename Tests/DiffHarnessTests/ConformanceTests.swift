// The Linux side of the UIKit conformance runner: the export of cases to the
// runner's input, the runner's output format, and the comparison of a
// recorded output (the hand-written samples in ConformanceSamples/, not
// UIKit's verdicts) with the model.
import DiffHarness
import Foundation
import ListModel
import Testing

private let here = ("\(#filePath)" as NSString).deletingLastPathComponent
private let samples = (here as NSString).appendingPathComponent("ConformanceSamples")
private let corpus = ((here as NSString).appendingPathComponent("../../Corpus/regressions") as NSString).standardizingPath

private func sample(_ name: String) throws -> (path: String, text: String) {
    let path = (samples as NSString).appendingPathComponent(name)
    return (path, try String(contentsOfFile: path, encoding: .utf8))
}

private func sampleInput() throws -> [ConformanceCase] {
    let (path, text) = try sample("input.txt")
    return try ConformanceInput.cases(fromText: text, file: path).get()
}

private func report(_ output: String) throws -> ConformanceReport {
    let (path, text) = try sample(output)
    return try ConformanceReport(input: sampleInput(), output: ConformanceOutput.recorded(fromText: text, file: path).get(),
                                 outputFile: path)
}

@Suite struct ConformanceExportTests {
    @Test func everyUIKitCaseOfTheCorpusWithOneBatchIsExportedUnderItsFileName() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
            .filter { ($0.hasPrefix("uikit-") || $0.hasPrefix("tableview-")) && $0.hasSuffix(".case") }
        let (cases, skipped, errors) = ConformanceSample.corpusCases(in: corpus)
        #expect(errors.isEmpty, "\(errors)")
        #expect(!files.isEmpty)
        #expect(cases.count + skipped.count == files.count)
        #expect(Set(cases.map(\.name)).isSubset(of: Set(files.map { String($0.dropLast(".case".count)) })))
        // A corpus case's batch and snapshots are the file's.
        let deleteAndMove = try #require(cases.first { $0.name == "uikit-delete-and-move" })
        #expect(CasePrinter.snapshot(deleteAndMove.old) == "a b c")
        #expect(CasePrinter.batch(deleteAndMove.batch, isFlat: true) == "delete 0, move 0 1")
    }

    @Test func aFolderWithoutUIKitCasesIsAnError() throws {
        let (cases, _, errors) = ConformanceSample.corpusCases(in: samples)
        #expect(cases.isEmpty)
        #expect(errors == ["\(samples): error: no uikit-*.case or tableview-*.case file"])
    }

    @Test func theGeneratedSampleIsTheSameForTheSameSeedAndMixesFlatSectionedValidAndInvalid() {
        let sample = ConformanceSample.generated(seed: 7, count: 60)
        #expect(sample == ConformanceSample.generated(seed: 7, count: 60))
        #expect(sample != ConformanceSample.generated(seed: 8, count: 60))
        #expect(sample.count == 60)
        #expect(Set(sample.map(\.name)).count == 60)
        let flat = sample.filter { $0.old.isFlat && $0.data.isFlat }
        #expect(flat.count == 30)
        #expect(sample.allSatisfy { $0.isIssuable && $0.old.itemCount <= ConformanceSample.maxItems
                && $0.data.itemCount <= ConformanceSample.maxItems })
        let rejected = sample.filter { if case .failure = $0.modelVerdict { return true } else { return false } }
        #expect(rejected.count > 0 && rejected.count < 60)
        #expect(rejected.contains { !($0.old.isFlat && $0.data.isFlat) })
        #expect(sample.contains { $0.name.hasSuffix("-perturbed") })
    }

    @Test func theInputReadsBackAsTheCasesItWasWrittenFrom() throws {
        let cases = ConformanceSample.corpusCases(in: corpus).cases + ConformanceSample.generated(seed: 3, count: 40)
        let text = ConformanceInput.text(cases, header: ["a header"])
        #expect(text.hasPrefix("# a header\ncase: "))
        #expect(try ConformanceInput.cases(fromText: text, file: "input.txt").get() == cases)
    }

    @Test func unreadableInputNamesTheLine() {
        func error(_ text: String) -> String? {
            if case .failure(let error) = ConformanceInput.cases(fromText: text, file: "in.txt") { return "\(error)" }
            return nil
        }
        #expect(error("old: a\n") == "in.txt:1:1: error: expected 'case: NAME' or a # comment but found 'old: a'")
        #expect(error("case: x\nold: a\nnew: a\nbatch:\ncase: x\n")?.hasPrefix("in.txt:5:1: error: expected a name not used before") == true)
        #expect(error("# h\ncase: x\nold: a\nnew: a b\nbatch: insert 1\nbatch: delete 0\n")?.hasPrefix("in.txt:6:1: error: expected a then: line after the batch: on line 5") == true)
        #expect(error("case: x\nold: a\nnew: a\nbatch: remove 0\n")?.hasPrefix("in.txt:4:") == true)
        #expect(error("case:\n")?.hasPrefix("in.txt:1:1: error: expected case: NAME (one word) but found no name") == true)
    }
}

@Suite struct ConformanceOutputTests {
    @Test func verdictLinesReadBackReasonsWithLineBreaksAndBackslashesIncluded() throws {
        let verdicts: [UIKitVerdict] = [
            .accepted([]), .accepted([["a", "b'"], [], [nil, "c"]]),
            .rejected(name: "NSInternalInconsistencyException", reason: "Invalid batch updates detected:\nUpdates = [\n\tInsert item (0 - 1)\n] \\n stays"),
        ]
        var lines = ["# header", ConformanceOutput.caseLine("one")]
        lines += verdicts.prefix(1).map { ConformanceOutput.verdictLine(.collection, $0) }
        lines.append(ConformanceOutput.caseLine("two"))
        lines.append(ConformanceOutput.verdictLine(.collection, verdicts[1]))
        lines.append(ConformanceOutput.verdictLine(.table, verdicts[2]))
        #expect(lines[4] == "collection: accepted [a b'] [] [? c]")
        #expect(!lines[5].dropFirst().contains("\n"))
        let read = try ConformanceOutput.recorded(fromText: lines.joined(separator: "\n"), file: "out.txt").get()
        #expect(read == [RecordedCase(name: "one", line: 2, verdicts: [.collection: verdicts[0]]),
                         RecordedCase(name: "two", line: 4, verdicts: [.collection: verdicts[1], .table: verdicts[2]])])
    }

    @Test func unreadableOutputNamesTheLine() {
        func error(_ text: String) -> String? {
            if case .failure(let error) = ConformanceOutput.recorded(fromText: text, file: "out.txt") { return "\(error)" }
            return nil
        }
        #expect(error("collection: accepted [a]\n")?.hasPrefix("out.txt:1:1: error: expected a 'case: NAME' line before the verdicts") == true)
        #expect(error("case: x\ncollection: accepted\ncollection: accepted\n")?.hasPrefix("out.txt:3:1: error: expected one collection verdict in case x") == true)
        #expect(error("case: x\nlist: accepted\n")?.hasPrefix("out.txt:2:1:") == true)
        #expect(error("case: x\ntable: maybe\n")?.hasPrefix("out.txt:2:1: error: expected accepted or rejected") == true)
        #expect(error("case: x\ntable: accepted a b\n")?.hasPrefix("out.txt:2:1: error: expected cells in brackets") == true)
        #expect(error("case: x\ntable: rejected no reason\n")?.hasPrefix("out.txt:2:1: error: expected rejected NAME: REASON") == true)
    }
}

@Suite struct ConformanceComparisonTests {
    @Test func theHandWrittenSamplesSayTheyAreNotUIKitsVerdicts() throws {
        for name in ["output-agrees.txt", "output-disagrees.txt"] {
            let firstLine = try sample(name).text.split(separator: "\n")[0]
            #expect(firstLine.hasPrefix("# WRITTEN BY HAND"), "\(name)")
            #expect(try sample(name).text.contains("NOT UIKit's verdicts"), "\(name)")
        }
    }

    @Test func anOutputThatAgreesWithTheModelAgreesInEachWay() throws {
        let r = try report("output-agrees.txt")
        #expect(r.isAgreement)
        #expect(r.caseCount == 6)
        #expect(r.lines == [
            "conformance, UICollectionView: 6 cases, 6 agree with the model (profile uikit), 0 disagree",
            "  UIKit lets through what RULES.md §3.2 says its validator lets through: 1",
            "  both accept, the same cells: 2",
            "  both reject the counts (UIKit's whole-batch form): 1",
            "  both reject, in the same words: 2",
            "conformance, UITableView: 6 cases, 6 agree with the model (profile tableview), 0 disagree",
            "  UIKit lets through what RULES.md §3.2 says its validator lets through: 1",
            "  both accept, the same cells: 2",
            "  both reject, in the same words: 3",
        ])
    }

    @Test func theDeliberateDisagreementsAreEachReported() throws {
        let r = try report("output-disagrees.txt")
        #expect(!r.isAgreement)
        // The sample records UITableView's verdict for one case only: every other case misses it.
        #expect(r.disagreementCount == 6)
        #expect(r.lines.prefix(9) == [
            "DISAGREES moved-item-stays-stale (output line 9, UICollectionView): UIKit shows [a c b'], the model [a c b]",
            "DISAGREES moved-item-stays-stale (output line 9, UITableView): UIKit shows [a c b'], the model [a c b]",
            "DISAGREES delete-and-move (output line 12, UICollectionView): UIKit accepts (shows [b a]), the model rejects: attempt to perform a delete and a move from the same index path (0-0)",
            "NO VERDICT delete-and-move (output line 12): no table: line (the runner stopped in this case)",
            "NO VERDICT item-missing-from-the-batch (output line 14): no table: line (the runner stopped in this case)",
            "NO VERDICT duplicate-delete (output line 16): no table: line (the runner stopped in this case)",
            "NO VERDICT section-inserted (output line 18): no collection: line (the runner stopped in this case)",
            "NO VERDICT section-inserted (output line 18): no table: line (the runner stopped in this case)",
            "NO VERDICT reload-half-on-a-move: not in the output (the runner stopped before it)",
        ])
        #expect(r.lines[9] == "conformance, UICollectionView: 6 cases, 2 agree with the model (profile uikit), 4 disagree")
    }

    @Test func otherWordsAnotherExceptionOrOtherCountsDisagree() throws {
        let cases = try sampleInput()
        let deleteAndMove = try #require(cases.first { $0.name == "delete-and-move" })
        let missing = try #require(cases.first { $0.name == "item-missing-from-the-batch" })
        let exact = "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x1> {length = 2, path = 0 - 0})"
        #expect(ConformanceComparison.compare(deleteAndMove, .rejected(name: "NSInternalInconsistencyException", reason: exact)) == .sameWords)
        // Another index path, another exception, another message.
        for verdict: UIKitVerdict in [
            .rejected(name: "NSInternalInconsistencyException", reason: exact.replacingOccurrences(of: "path = 0 - 0", with: "path = 0 - 1")),
            .rejected(name: "NSRangeException", reason: exact),
            .rejected(name: "NSInternalInconsistencyException", reason: "attempt to delete item 0 from section 0"),
        ] {
            #expect(!ConformanceComparison.compare(deleteAndMove, verdict).isAgreement, "\(verdict)")
        }
        // The whole-batch form agrees only with the case's counts.
        func wholeBatch(before: Int, after: Int) -> UIKitVerdict {
            .rejected(name: "NSInternalInconsistencyException", reason: "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with item counts: [\(before)] }\nData source after updates = { 1 section with item counts: [\(after)] }\nUpdates = [\n]")
        }
        #expect(ConformanceComparison.compare(missing, wholeBatch(before: 1, after: 2)) == .sameCountsWholeBatchForm)
        #expect(!ConformanceComparison.compare(missing, wholeBatch(before: 1, after: 3)).isAgreement)
        // A batch the model accepts, rejected by UIKit, and the reverse.
        let stale = try #require(cases.first { $0.name == "moved-item-stays-stale" })
        #expect(!ConformanceComparison.compare(stale, .rejected(name: "NSInternalInconsistencyException", reason: exact)).isAgreement)
        #expect(!ConformanceComparison.compare(deleteAndMove, .accepted([["b", "a"]])).isAgreement)
        // A cell the view did not show is not a cell the model shows.
        #expect(!ConformanceComparison.compare(stale, .accepted([["a", nil, "b"]])).isAgreement)
    }

    /// An output that says what the model says, UIKit's index path
    /// spelling and a reload's half-note included, agrees on every case of
    /// the export: the comparison reads every message the model gives.
    @Test func anOutputThatEchoesTheModelAgreesOnEveryExportedCase() throws {
        let cases = ConformanceSample.corpusCases(in: corpus).cases + ConformanceSample.generated()
        var lines: [String] = []
        var rejected = 0
        for c in cases {
            lines.append(ConformanceOutput.caseLine(c.name))
            for view in ListViewKind.allCases {
                switch c.modelVerdict(for: view) {
                case .success(let shown):
                    lines.append(ConformanceOutput.verdictLine(view, .accepted(shown.sections.map { $0.items.map(\.description) })))
                case .failure(let rejection) where [.duplicateOperation, .noOpSectionMoveWithItemMovedOut].contains(rejection.rule):
                    lines.append(ConformanceOutput.verdictLine(view, .accepted([])))
                case .failure(let rejection):
                    if view == .collection { rejected += 1 }
                    // UIKit prints an index path as an NSIndexPath description, with its own words around the model's.
                    let reason = rejection.message.replacing(#/\((\d+)-(\d+)\)/#) { "(<NSIndexPath: 0x600000c1> {length = 2, path = \($0.1) - \($0.2)})" }
                    lines.append(ConformanceOutput.verdictLine(view, .rejected(name: "NSInternalInconsistencyException", reason: reason + " (UIKit)")))
                }
            }
        }
        let output = try ConformanceOutput.recorded(fromText: lines.joined(separator: "\n"), file: "echo.txt").get()
        let r = try ConformanceReport(input: cases, output: output, outputFile: "echo.txt")
        #expect(r.isAgreement, "\(r.lines.prefix(5))")
        #expect(r.caseCount == cases.count)
        #expect(rejected > 50)
    }

    @Test func anOutputOfAnotherInputIsAnError() throws {
        let input = try sampleInput()
        let output = [RecordedCase(name: "not-in-the-input", line: 3)]
        #expect(throws: ConformanceReport.Mismatch(description: "out.txt:3: error: case not-in-the-input is not in the input (the output was made from another input)")) {
            try ConformanceReport(input: input, output: output, outputFile: "out.txt")
        }
    }
}

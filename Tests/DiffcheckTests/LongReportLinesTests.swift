// A report fits on a screen however long the case: check, fuzz and the
// JUnit text sum up a line over CaseSummary.longestLine characters (its
// size, its ends, where old and new differ) and say the file holds it
// whole; the file itself stays whole.
import DiffHarness
import Foundation
import ListModel
import TestSupport
import Testing

@Suite struct LongReportLinesTests {
    /// The longest line a report may hold: a summed-up line is its directive, its size and two ends of 80 characters.
    static let screenLine = CaseSummary.longestLine + 100

    @Test func aFailingCorpusCaseOfThousandsOfItemsIsSummedUpInCheckAndJUnit() throws {
        let ids = (0..<3000).map { "item\($0)" }
        let text = "# reversed: the core answers it, so the expectation fails\nold: \(ids.joined(separator: " "))\nnew: \(ids.reversed().joined(separator: " "))\nexpect: fail valid\n"
        let directory = try workspace(["long.case": text])
        let run = try diffcheck(["check", "long.case", "--no-exhaustive", "--cases", "0", "--junit", "junit.xml"], in: directory)
        #expect(run.status == 1, "\(run.output.prefix(3000))")
        let longest = run.output.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest <= Self.screenLine, "a line of \(longest) characters:\n\(run.output.prefix(3000))")
        #expect(run.output.contains("old (3000 items in 1 section, "), "\(run.output.prefix(3000))")
        #expect(run.output.contains("old and new differ from item "), "\(run.output.prefix(3000))")
        let junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        let junitLongest = junit.split(separator: "\n").map(\.count).max() ?? 0
        #expect(junitLongest <= Self.screenLine + 200, "a JUnit line of \(junitLongest) characters")
        #expect(junit.contains("old (3000 items in 1 section, "))
        // The case file is untouched: the report sums it up, the file holds it.
        #expect(try String(contentsOf: directory.appendingPathComponent("long.case"), encoding: .utf8) == text)
    }

    @Test func aShortCaseIsPrintedAsItIs() {
        let text = "old: a b\nnew: b a\nexpect: pass\n"
        #expect(CaseSummary.report(text) == text)
        let long = String(repeating: "word ", count: 200)
        #expect(CaseSummary.report("not a case: \(long)\n").contains("characters; whole in its file)"))
    }

    @Test func aRandomFailureQuotingALongMessageIsClipped() {
        var report = RandomPartReport()
        report.casesRun = 1
        let message = "valid: " + String(repeating: "attempt to delete item 1 ", count: 100)
        report.failures = [RandomFailure(caseNumber: 7, property: "valid", path: "F/x.case", message: message)]
        let summary = report.summary(engine: "external", seed: 1) { $0 }
        let line = summary.split(separator: "\n").first { $0.hasPrefix("FAIL case 7: ") }
        #expect((line?.count ?? .max) <= Self.screenLine, "\(summary)")
        #expect(line?.hasSuffix("(\(message.count) characters; whole in its file)") == true, "\(summary)")
    }
}

// The random part's summary, rendered from a report value.
import DiffHarness
import Testing

@Suite struct RandomPartReportTests {
    /// More slow cases than the line names: it says how many more, never an ellipsis.
    @Test func theSlowCaseLineCountsTheCasesItDoesNotName() {
        var report = RandomPartReport()
        report.casesRun = 10
        for n in 0..<4 { report.noteSlow(SlowCase(caseNumber: n, items: 100 * (n + 1), changes: n, seconds: Double(10 - n))) }
        let summary = report.summary(engine: "external", seed: 1) { $0 }
        let line = summary.split(separator: "\n").first { $0.contains("4 slow cases") }
        #expect(line?.hasSuffix("case 2 (300 items, 2 changes) took 8.00 s of CPU and 1 more, faster") == true, "\(summary)")
        #expect(line?.contains("case 3 ") == false)
        #expect(line?.contains("…") == false)
        var three = RandomPartReport()
        for n in 0..<3 { three.noteSlow(SlowCase(caseNumber: n, items: 10, changes: nil, seconds: 5)) }
        #expect(!three.summary(engine: "external", seed: 1) { $0 }.contains("more, faster"))
    }
}

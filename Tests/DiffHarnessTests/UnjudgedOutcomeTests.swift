// A campaign that judged less than it was asked says so: on its last line,
// in JUnit, and with exit 4, never a silent 0 (issue 49: a real hang
// passed as "not counted" at --time, and a slow engine's check had no end).
import Foundation
import ListModel
import Testing
@testable import DiffHarness

private func gateResult(_ report: RandomPartReport) -> GateResult {
    var result = GateResult(engine: GateEngine(name: "external", command: "python3 e.py"), seed: 1, generator: GeneratorOptions(),
                            shard: .whole, corpus: GateCorpusPart(hasCorpus: false))
    result.random = GateRandomPart(report: report, findings: [], properties: [.valid, .noCrash])
    return result
}

@Test func casesNotJudgedEndTheGateWithExitFourOnItsLastLineAndInJUnit() {
    var report = RandomPartReport()
    report.casesRun = 5_257
    report.skipped = 1
    report.noteTooSlow("still running after 299.0 s of the worker's CPU and idle time, past --timeout 10 s", sizeClass: "thousands",
                       caseNumber: 50)
    for n in stride(from: 5_258, to: 5_300, by: 2) { report.noteUnreached(sizeClass: "small-or-large", caseNumber: n) }
    report.noteUnreached(sizeClass: "tens-of-thousands", caseNumber: 5_000)
    report.budgetSeconds = 880
    #expect(report.judgedLessThanAsked)
    #expect(report.unjudgedCount == 1 + 21 + 1)
    let text = report.summary(engine: "external", seed: 1, judgeAlone: { "judge \($0)" }) { "repro \($0)" }
    #expect(text.contains("1 case not judged (a limit, not a failure): the first, case 50: still running after 299.0 s"), "\(text)")
    #expect(text.contains("  judge it alone: judge 50"), "\(text)")
    #expect(text.contains("22 cases not reached within the campaign's wall budget of 880 s"), "\(text)")
    #expect(text.contains("small-or-large 21 (the first, case 5258), tens-of-thousands 1 (the first, case 5000)"), "\(text)")
    // The longest class's first case is the one to judge alone.
    #expect(text.contains("  judge one alone: judge 5000"), "\(text)")

    let result = gateResult(report)
    #expect(result.exitCode() == GateResult.unjudgedCode && GateResult.unjudgedCode == 4)
    let closing = GateTextReport { $0 }.closingLine(of: result, exitCode: result.exitCode())
    #expect(closing == "check: nothing failed, but 23 cases were not judged, listed above (exit 4)", "\(closing)")
    let junit = JUnitReport(result, text: GateTextReport { $0 })
    #expect(junit.skippedCount == 1 && junit.failureCount == 0)
    #expect(junit.xml.contains("name=\"not judged\""), "\(junit.xml)")
    #expect(junit.xml.contains("23 cases were not judged (exit 4): past the engine&apos;s limits: thousands 1; "
                               + "not reached within the wall budget: small-or-large 21, tens-of-thousands 1"), "\(junit.xml)")
}

@Test func aFailureOrAnInterruptionOutranksCasesNotJudged() {
    var report = RandomPartReport()
    report.noteUnreached(sizeClass: "small-or-large", caseNumber: 7)
    var result = gateResult(report)
    result.interruption = SIGINT
    #expect(result.exitCode() == 130)
    result.interruption = 0
    report.failures = [RandomFailure(caseNumber: 3, property: "valid", path: "-", message: "m")]
    result.random = GateRandomPart(report: report, findings: [GateRandomFinding(failure: report.failures[0], caseText: nil)],
                                   properties: [.valid])
    #expect(result.exitCode() == GateResult.failureCode)
    // Everything judged: 0, and JUnit has no "not judged" case.
    let judged = gateResult(RandomPartReport())
    #expect(judged.exitCode() == GateResult.holdsCode)
    #expect(JUnitReport(judged, text: GateTextReport { $0 }).skippedCount == 0)
}

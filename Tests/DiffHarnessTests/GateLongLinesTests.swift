// The gate's report of a random finding that did not shrink: its case of
// thousands of items is summed up, in the text and in JUnit, and the
// summed-up lines say the saved file holds them whole.
@testable import DiffHarness
import ListModel
import Testing

@Test func aRandomFindingOfALongCaseIsSummedUpInTheGatesReport() throws {
    let ids = (0..<3000).map { "item\($0)" }
    let finding = Case(comments: ["seed 1 case 9, not shrunk"],
                       old: .flat(ids.map { Item(id: $0) }), new: .flat(ids.reversed().map { Item(id: $0) }),
                       finding: FindingFacts(property: "valid", message: "valid: moves " + ids.joined(separator: " ")))
    let text = CasePrinter.text(finding)
    var report = RandomPartReport()
    report.casesRun = 10
    let failure = RandomFailure(caseNumber: 9, property: "valid", path: "F/long.case", message: "valid: moves " + ids.joined(separator: " "))
    report.failures = [failure]
    var result = GateResult(engine: GateEngine(name: "external"), seed: 1, generator: GeneratorOptions(), shard: .whole,
                            corpus: GateCorpusPart(hasCorpus: false))
    result.random = GateRandomPart(report: report, findings: [GateRandomFinding(failure: failure, caseText: text)], properties: [.valid])
    let rendering = GateTextReport(showsTimings: false) { $0 }
    let printed = rendering.lines(for: .random, of: result).output.joined(separator: "\n")
    let longest = printed.split(separator: "\n").map(\.count).max() ?? 0
    #expect(longest <= CaseSummary.longestLine + 100, "a line of \(longest) characters")
    #expect(printed.contains("old (3000 items in 1 section, 25 KB; whole in its file): item0 item1 "), "\(printed.prefix(2000))")
    #expect(printed.contains("old and new differ from item "))
    #expect(text.utf8.count > 50_000, "the case itself stays whole")
    let xml = JUnitReport(result, text: rendering).xml
    let xmlLongest = xml.split(separator: "\n").map(\.count).max() ?? 0
    #expect(xmlLongest <= CaseSummary.longestLine + 200, "a JUnit line of \(xmlLongest) characters")
    #expect(xml.contains("characters; whole in its file) (F/long.case)"), "\(xml.prefix(2000))")
}

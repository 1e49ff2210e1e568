// A campaign worker with an in-process engine reports its cases in
// batches; when its engine traps, the supervisor learns the case from the
// worker's state file. Nothing is counted twice or lost: the cases run,
// the traps and every label total are those the cases give one by one.
import DiffHarness
import DiffProcess
import Foundation
import ListModel
import TestSupport
import Testing

/// `mutant:duplicate-key-trap` traps on every case whose old snapshot
/// repeats an item identity, with cases that pass between the traps. The
/// campaign's summary (with 1 and with 2 workers) holds exactly the cases,
/// the traps and the label totals computed here case by case.
@Test func aCampaignWhoseEngineTrapsBetweenBatchedCasesCountsEachCaseOnce() throws {
    let cases = 600
    let engine = try #require(EngineCatalog.engine(named: "mutant:duplicate-key-trap"))
    let campaign = CampaignCases(engine: engine, seed: 1)
    var traps: [Int] = []
    var totals: [Label: Int] = [:]
    for n in 0..<cases {
        let pair = campaign.generator.campaignCase(seed: 1, n: n)
        let ids = pair.old.sections.flatMap { $0.items.map(\.id) }
        if Set(ids).count < ids.count {
            traps.append(n)
            continue
        }
        for label in campaign.check(n).labels.labels { totals[label, default: 0] += 1 }
    }
    #expect(traps.count > 20, "too few traps to test anything: \(traps.count)")
    let expectedLabels = "labels: " + Label.allCases.map { "\($0.rawValue) \(totals[$0, default: 0])" }.joined(separator: ", ")
    for jobs in ["1", "2"] {
        let findings = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: findings) }
        let run = try diffcheck(["fuzz", "--engine", "mutant:duplicate-key-trap", "--cases", String(cases), "--jobs", jobs,
                                 "--no-timings", "--findings", findings.path])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(run.status == 1, "\(run.output)")
        #expect(lines.contains("engine mutant:duplicate-key-trap, seed 1: \(cases) cases, \(traps.count) failing, 1 new"), "\(run.output)")
        #expect(lines.contains(expectedLabels), "jobs \(jobs): expected \(expectedLabels)\n\(run.output)")
        #expect(lines.contains("more failing cases of properties already found (not shrunk again): no-crash \(traps.count - 1)"),
                "jobs \(jobs), \(traps.count) traps: \(run.output)")
        #expect(lines.contains { $0.hasPrefix("FAIL case \(traps[0]): ") }, "\(run.output)")
        #expect(!run.output.contains("worker "), "a worker death reported: \(run.output)")
    }
}

import DiffHarness
import DiffProcess
import Foundation
import TestSupport
import Testing

// The campaign supervisor from code, as DiffProcess's article "Campaigns and
// CI" shows it: a
// library user on a Mac or Linux runs a multi-process campaign without the
// command, and gets the report `diffcheck fuzz` prints.
@Suite struct SupervisorLibraryTests {
    @Test func aCampaignInWorkerProcessesRunsFromCode() throws {
        let findings = NSTemporaryDirectory() + "supervisor-library-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: findings) }
        let supervisor = Supervisor(options: CampaignOptions(engineName: "mutant:last-wins", seed: 7),
                                    jobs: 2, maxCases: 300, maxTime: nil, findings: findings,
                                    showsStatus: false, workerExecutable: try BuiltProducts.executable("diffcheck"))
        let report = try supervisor.run()
        #expect(report.casesRun == 300)
        #expect(!report.failures.isEmpty, "the mutant passed 300 cases")
        for failure in report.failures {
            #expect(FileManager.default.fileExists(atPath: failure.path), "\(failure.path)")
            #expect(failure.path.hasPrefix(findings))
        }
        #expect(report.workerDeaths.isEmpty, "\(report.workerDeaths)")
    }

    @Test func anUnknownEngineIsAnErrorNamingIt() {
        #expect(throws: CampaignError.self) { try CampaignOptions(engineName: "no-such-engine").engine() }
    }
}

/// A campaign's wall budget (`isMaxTimeABudget`: `check`'s default for an
/// `--engine-cmd` engine) lists the cases it did not reach by size class,
/// as not judged; the same time given as `--time` is what the user asked
/// for, and the cases past it are no gap.
@Test func aBudgetListsTheCasesItDidNotReachByClassAndATimeDoesNot() throws {
    func run(isBudget: Bool) throws -> RandomPartReport {
        let findings = NSTemporaryDirectory() + "supervisor-budget-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: findings) }
        var supervisor = Supervisor(options: CampaignOptions(engineName: "core", seed: 1), jobs: 2, maxCases: 3_000_000, maxTime: 2,
                                    findings: findings, showsStatus: false, workerExecutable: try BuiltProducts.executable("diffcheck"))
        supervisor.isMaxTimeABudget = isBudget
        return try supervisor.run()
    }
    let budgeted = try run(isBudget: true)
    #expect(budgeted.casesRun < 3_000_000, "\(budgeted.casesRun)")
    #expect(budgeted.judgedLessThanAsked && budgeted.budgetSeconds == 2)
    let unreached = budgeted.unreached.values.reduce(0) { $0 + $1.count }
    #expect(unreached > 3_000_000 / 2 && budgeted.casesRun + unreached <= 3_000_000, "\(budgeted.casesRun) run, \(unreached) not reached")
    // About one case in 50,000 is planned in the tens of thousands: dozens of the millions not reached.
    #expect((budgeted.unreached["tens-of-thousands"]?.count ?? 0) >= 10, "\(budgeted.unreached)")
    let text = budgeted.summary(engine: "core", seed: 1, judgeAlone: { "judge \($0)" }) { $0 }
    #expect(text.contains("not reached within the campaign's wall budget of 2 s"), "\(text)")
    let timed = try run(isBudget: false)
    #expect(timed.unreached.isEmpty && !timed.judgedLessThanAsked, "\(timed.unreached)")
}

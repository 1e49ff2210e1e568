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

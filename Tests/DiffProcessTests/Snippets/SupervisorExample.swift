// DiffProcess's article "Campaigns and CI": the campaign supervisor from
// code, compiled (SupervisorLibraryTests runs the same with the built
// diffcheck).
import DiffHarness   // RandomPartReport, the example's result
// snippet: supervisor
import DiffProcess
import Foundation
func supervisorExample() throws -> RandomPartReport { // snippet: hide
let supervisor = Supervisor(options: CampaignOptions(engineName: "mutant:last-wins", seed: 7),
                            jobs: 2, maxCases: 10_000, maxTime: nil, findings: "/tmp/findings",
                            showsStatus: false,
                            workerExecutable: URL(fileURLWithPath: ".build/release/diffcheck"))
let report = try supervisor.run()     // RandomPartReport: what `diffcheck fuzz` prints
return report // snippet: hide
} // snippet: hide
// end snippet

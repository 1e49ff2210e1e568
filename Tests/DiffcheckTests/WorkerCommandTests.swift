// `diffcheck worker`, the process a supervisor starts: what it refuses.
@testable import diffcheck
import DiffProcess
import Foundation
import Testing
import TestSupport

/// Issue 50: a worker refuses a `--skip` list with an item that is no
/// case number (exit 2, the item named). It dropped such an item and ran
/// the case it meant to skip.
@Test(arguments: ["1,x,3", "1,,3", "-2", ""])
func aWorkerRefusesASkipListWithAnItemThatIsNoCaseNumber(_ list: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["worker", CampaignOptions.argumentName, CampaignOptions().json, "--state", "state", "--cases", "4",
                             "--skip", list], in: directory)
    #expect(run.status == 2, "\(run.output)\(run.errors)")
    let item = list.split(separator: ",", omittingEmptySubsequences: false).first { Int($0).map { $0 < 0 } ?? true } ?? ""
    #expect(run.errors.hasPrefix("diffcheck worker: --skip takes case numbers separated by commas, not '\(item)'"), "\(run.errors)")
}

/// The list a supervisor sends is read whole.
@Test func aWorkerReadsTheSkipListItsSupervisorSends() throws {
    guard case .options(let options) = try WorkerOptions.parse(["--skip", "3,17,40"]) else {
        Issue.record("--skip 3,17,40 was not read as options")
        return
    }
    #expect(options.skip == [3, 17, 40])
}

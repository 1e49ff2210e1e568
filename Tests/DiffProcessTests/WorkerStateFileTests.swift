import Foundation
import Testing
import DiffProcess

// A worker's state file holds one line of `lineLength` bytes naming the case
// it runs; the supervisor reads the case back from it after a death.

@Test func theStateFileNamesTheCaseRunningInOneFixedWidthLine() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/worker.state"
    let state = try #require(WorkerStateFile(path: path, seed: 18_446_744_073_709_551_615))
    for n in [0, 7, 123_456_789, Int.max] {
        state.write(caseNumber: n)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.count == WorkerStateFile.lineLength)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line == "seed 18446744073709551615 case \(n)".padding(toLength: WorkerStateFile.lineLength - 1, withPad: " ", startingAt: 0) + "\n")
        #expect(WorkerStateFile.caseNumber(atPath: path, seed: 18_446_744_073_709_551_615) == n)
        #expect(WorkerStateFile.caseNumber(atPath: path, seed: 1) == nil)
    }
    // A flight names its first case and how many follow; a shorter line after it leaves nothing of it behind.
    state.write(caseNumber: 40, following: 255, step: 2)
    var line = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    #expect(line.hasPrefix("seed 18446744073709551615 case 40 and the 255 after it, step 2 "))
    #expect(WorkerStateFile.caseNumber(atPath: path, seed: 18_446_744_073_709_551_615) == 40)
    state.write(caseNumber: 41)
    line = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    #expect(line.trimmingCharacters(in: .whitespacesAndNewlines) == "seed 18446744073709551615 case 41")
}

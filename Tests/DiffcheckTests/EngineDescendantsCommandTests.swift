import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A campaign on an engine that never answers and starts `sleep` in the
/// background, plainly and with `setsid`, in every process: when the
/// campaign ends (at --time, its workers killed), none of them is left.
@Test func aCampaignLeavesNoProcessItsEnginesStarted() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pids = directory.appendingPathComponent("pids").path
    func recorded() -> [Int32] {
        ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }
    defer { for pid in recorded() { kill(pid, SIGKILL) } }
    let quiet = "</dev/null >/dev/null 2>&1"
    let command = "exec 2>/dev/null; sleep 1000 \(quiet) & echo $! >> '\(pids)'; "
        + "setsid sleep 1000 \(quiet) & echo $! >> '\(pids)'; read line; sleep 1000"
    // Its output goes to a file, and the test waits for its exit, not for the
    // end of a pipe that a process it left behind might hold open.
    let outputPath = directory.appendingPathComponent("output")
    #expect(FileManager.default.createFile(atPath: outputPath.path, contents: nil))
    let outputFile = try FileHandle(forWritingTo: outputPath)
    defer { try? outputFile.close() }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["fuzz", "--engine-cmd", command, "--time", "3", "--timeout", "30", "--jobs", "2",
                         "--findings", directory.appendingPathComponent("findings").path]
    process.standardOutput = outputFile
    process.standardError = FileHandle.nullDevice
    try process.run()
    func isRunning(_ pid: Int32) -> Bool {
        do { return try ProcessTable.state(of: pid).map { $0 != "Z" } ?? false } catch {
            Issue.record("\(error)")
            return true
        }
    }
    // Its end as the process table shows it (a zombie, or gone): a process
    // left holding a descriptor of ours could keep Foundation from seeing it.
    #expect(eventually(within: 60) { !isRunning(process.processIdentifier) }, "the campaign did not end")
    func left() -> [Int32] { recorded().filter(isRunning) }
    #expect(recorded().count >= 2, "the engine never started")
    #expect(eventually(within: 5) { left().isEmpty }, "processes the engines started outlived the campaign: \(left())")
    for pid in left() { kill(pid, SIGKILL) }
    process.waitUntilExit()
    let output = (try? String(contentsOf: outputPath, encoding: .utf8)) ?? ""
    #expect(process.terminationStatus == 0, "\(output)")
    #expect(output.contains("engine "), "no summary: \(output)")
}

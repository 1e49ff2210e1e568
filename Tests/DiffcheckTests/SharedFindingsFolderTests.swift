// Two campaigns saving into one findings folder at once may each save the
// same finding (one of them unshrunk): the second warns. A campaign killed
// with `kill -9` leaves its state files, which the next one removes.
import Foundation
import TestSupport
import Testing

@Test func aCampaignWarnsOfAnotherSavingIntoItsFolderAndRemovesADeadOnesStateFiles() throws {
    let directory = try temporaryDirectory()
    let findings = directory.appendingPathComponent("F")
    try FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
    // A live campaign's state file: this test's own process is alive.
    let live = findings.appendingPathComponent(".worker-\(getpid())-0.state")
    try Data().write(to: live)
    // A dead one's: a process that has ended.
    let finished = try RunningCommand(URL(fileURLWithPath: "/bin/true"), [])
    let ended = finished.pid
    _ = finished.finish()
    let dead = findings.appendingPathComponent(".worker-\(ended)-0.state")
    try Data().write(to: dead)
    let run = try diffcheck(["fuzz", "--engine", "core", "--cases", "20", "--findings", findings.path], in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("diffcheck: warning: another campaign (process \(getpid())) is saving findings into \(findings.path) now"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: live.path), "a live campaign's state file was removed")
    #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead campaign's state file was left")
    // Alone on the folder: no warning.
    try FileManager.default.removeItem(at: live)
    let alone = try diffcheck(["fuzz", "--engine", "core", "--cases", "20", "--findings", findings.path], in: directory)
    #expect(!alone.errors.contains("warning: another campaign"), "\(alone.errors)")
}

// What the supervisor keeps of a worker's finding: the file it says is
// saved is on disk, whatever the order and grouping of the worker's lines.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffHarness
import DiffProcess
import Foundation
import ListModel
import Testing

/// A planted finding of `valid` on a case of one item, as a worker sends it.
private func plantedFinding() -> String {
    let one = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: [Item(id: "a")])])
    var sent = Case(old: one, new: one, engine: "core")
    sent.finding = FindingFacts(property: "valid", message: "planted by the test")
    return CasePrinter.text(sent)
}

/// A campaign of one case whose worker (a shell script in `directory`)
/// fails it, then sends `lines` (printf's format) as the finding's
/// `shrinking` and `found` lines, each with `text`; its report.
private func campaign(sending lines: String, text: String, in directory: String, findings: String) throws -> RandomPartReport {
    let base64 = Data(text.utf8).base64EncodedString()
    let worker = directory + "/worker.sh"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try """
        #!/bin/sh
        echo "start 0"
        echo "failed 0 valid"
        read answer
        printf '\(lines)' '\(base64)' '\(base64)'
        echo "done 0 0"
        echo "end"
        """.write(toFile: worker, atomically: true, encoding: .utf8)
    chmod(worker, 0o755)
    let supervisor = Supervisor(options: CampaignOptions(), jobs: 1, maxCases: 1, maxTime: 60, findings: findings,
                                showsStatus: false, workerExecutable: URL(fileURLWithPath: worker))
    return try supervisor.run()
}

/// A finding that did not shrink has its unshrunk case's name: the
/// worker's `shrinking` and `found` lines carry the same case, and the
/// supervisor, which alone writes findings, saves it once and keeps it,
/// whatever the grouping of the lines (a loaded machine reads both at
/// once; when the worker staged files, that once made the supervisor
/// report a path that no longer existed and delete the finding). A fake
/// worker sends the two lines in one write.
@Test func aFindingThatDidNotShrinkIsKeptWhenItsLinesComeTogether() throws {
    let directory = NSTemporaryDirectory() + "supervisor-finding-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let findings = directory + "/findings"
    let report = try campaign(sending: "shrinking 0 valid %s\\nfound 0 valid 1 0.01 %s\\n", text: plantedFinding(),
                              in: directory, findings: findings)
    #expect(report.failures.count == 1, "\(report.failures)")
    for failure in report.failures {
        #expect(failure.path.hasPrefix(findings + "/"), "\(failure.path)")
        #expect(FileManager.default.fileExists(atPath: failure.path), "reported saved, not on disk: \(failure.path)")
        #expect(failure.message == "valid: planted by the test", "\(failure.message)")
    }
    let saved = try FileManager.default.contentsOfDirectory(atPath: findings).filter { $0.hasSuffix(".case") }
    #expect(saved.count == 1, "\(saved)")
}

/// A finding the findings folder cannot take is kept with its text: the
/// summary prints it whole, with why, and nothing is lost.
@Test(.enabled(if: getuid() != 0, "root writes into a read-only folder"))
func aFindingTheFolderCannotTakeIsKeptWithItsText() throws {
    let directory = NSTemporaryDirectory() + "supervisor-finding-\(UUID().uuidString)"
    let findings = directory + "/findings"
    defer {
        chmod(findings, 0o755)
        try? FileManager.default.removeItem(atPath: directory)
    }
    try FileManager.default.createDirectory(atPath: findings, withIntermediateDirectories: true)
    chmod(findings, 0o555)
    let text = plantedFinding()
    let report = try campaign(sending: "shrinking 0 valid %s\\nfound 0 valid 1 0.01 %s\\n", text: text, in: directory,
                              findings: findings)
    #expect(report.failures.count == 1, "\(report.failures)")
    let failure = try #require(report.failures.first)
    #expect(failure.path == "-")
    #expect(failure.unsavedCase == text)
    #expect(failure.saveError?.contains("Permission denied") == true, "\(failure.saveError ?? "nil")")
}

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

/// A finding that did not shrink keeps its unshrunk case's name: the
/// worker's `shrinking` and `found` lines name one staged file, which the
/// first of them has already moved. Read together (a loaded machine reads
/// both at once), they once made the supervisor report the staged path,
/// which no longer existed, and delete the finding it had moved. A fake
/// worker sends the two lines in one write.
@Test func aFindingThatDidNotShrinkIsKeptWhenItsLinesComeTogether() throws {
    let directory = NSTemporaryDirectory() + "supervisor-finding-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let findings = directory + "/findings"
    let one = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: [Item(id: "a")])])
    // The worker writes its staged file itself (the supervisor clears staging folders as a run starts).
    let prepared = try saveFinding(Case(comments: ["finding: valid: planted by the test"], old: one, new: one, engine: "core"),
                                   in: directory + "/prepared")
    let staging = stagingFolder(findings, worker: 0)
    let staged = staging + "/" + (prepared as NSString).lastPathComponent
    let worker = directory + "/worker.sh"
    try """
        #!/bin/sh
        mkdir -p '\(staging)' && cp '\(prepared)' '\(staged)'
        echo "start 0"
        echo "failed 0 valid"
        read answer
        printf 'shrinking 0 valid %s\\nfound 0 valid 1 0.01 %s\\n' '\(staged)' '\(staged)'
        echo "done 0 0"
        echo "end"
        """.write(toFile: worker, atomically: true, encoding: .utf8)
    chmod(worker, 0o755)
    let supervisor = Supervisor(options: CampaignOptions(), jobs: 1, maxCases: 1, maxTime: 60, findings: findings,
                                showsStatus: false, workerExecutable: URL(fileURLWithPath: worker))
    let report = try supervisor.run()
    #expect(report.failures.count == 1, "\(report.failures)")
    for failure in report.failures {
        #expect(failure.path.hasPrefix(findings + "/") && !failure.path.contains(".staging"), "\(failure.path)")
        #expect(FileManager.default.fileExists(atPath: failure.path), "reported saved, not on disk: \(failure.path)")
        #expect(failure.message == "valid: planted by the test", "\(failure.message)")
    }
}

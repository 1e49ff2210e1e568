// The tableview profile from the command line (issue 42): the whole corpus
// holds under every profile, and the core passes an exhaustive walk under
// tableview.
import Foundation
import Testing

/// The package's Corpus folder.
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Corpus").path

/// A case whose message quotes one view's words says its profile, so
/// `--profile` (which a case's own `profile:` line overrides) never judges
/// it in another view's words.
@Test(arguments: ["strict", "uikit", "tableview"])
func theCorpusHoldsUnderEveryProfile(_ profile: String) throws {
    let findings = try temporaryDirectory().path
    let run = try diffcheck(["check", corpus, "--profile", profile, "--no-exhaustive", "--cases", "0", "--findings", findings])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("check: everything holds"), "\(run.output)")
}

@Test func theCorePassesTheFlatWalkUnderTableView() throws {
    let findings = try temporaryDirectory().path
    let run = try diffcheck(["exhaust", "--engine", "core", "--profile", "tableview", "--flat", "--findings", findings])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("16420 distinct pairs, 0 failing"), "\(run.output)")
}

/// Issue 42's first "done when": triage of a UITableView log says rows and
/// table view as the log does, in its quote and in the case's comments, and
/// its case replays under `profile: tableview` with the log's message.
@Test func triageOfATableViewLogSaysRowsAndItsCaseReplays() throws {
    let folder = try temporaryDirectory()
    let log = folder.appendingPathComponent("crash.txt")
    try """
        *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'
        """.write(to: log, atomically: true, encoding: .utf8)
    let run = try diffcheck(["triage", log.path])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    let all = run.output + run.errors
    #expect(all.contains("model, profile tableview: rejects it with the logged message"), "\(all)")
    #expect(run.output.contains("# Triaged from a logged UITableView exception:"), "\(run.output)")
    #expect(run.output.contains("section 0 holds the logged rows"), "\(run.output)")
    #expect(run.output.contains("profile: tableview"), "\(run.output)")
    #expect(!run.output.contains("collection view"), "\(run.output)")
    let file = folder.appendingPathComponent("crash.case")
    try run.output.write(to: file, atomically: true, encoding: .utf8)
    let replay = try diffcheck(["repro", file.path])
    #expect(replay.status == 0, "\(replay.output)")
    #expect(replay.output.contains("ok: as expected (error Invalid update: invalid number of rows in section 0."), "\(replay.output)")
}

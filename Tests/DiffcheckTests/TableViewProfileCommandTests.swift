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

// What a command could not write is printed, not lost (issue 43, point 12).
import DiffHarness
import Foundation
import Testing

/// `shrink` that cannot write FILE.shrunk.case (here a folder stands at
/// that path, as a full or read-only disk would refuse it) prints the
/// shrunk case whole, and it replays as the failure it is (it used to exit
/// 2 with the error alone, and the shrink was lost).
@Test func shrinkThatCannotWriteItsFilePrintsTheShrunkCase() throws {
    let folder = try temporaryDirectory()
    let file = folder.appendingPathComponent("t.case")
    try "old: a a b c d e f\nnew: a f e d c b x\n".write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("t.shrunk.case"), withIntermediateDirectories: false)
    let run = try diffcheck(["shrink", file.path, "--engine", "mutant:last-wins"])
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("t.shrunk.case: error: "), "\(run.errors)")
    #expect(run.output.contains("t.shrunk.case not written"), "\(run.output)")
    let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    let saved = folder.appendingPathComponent("printed.case")
    try printed.write(to: saved, atomically: true, encoding: .utf8)
    let replay = try diffcheck(["repro", saved.path])
    // It expects what t.case expects, a pass (issue 51, point 3), so it fails as t.case does.
    #expect(replay.status == 1 && replay.output.contains("valid: FAILS"), "\(replay.output)")
    #expect(printed.contains("old: a a\nnew: a\n"), "\(printed)")
}

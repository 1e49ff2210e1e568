// `repro` and `shrink` of a long case say that they shrink it, before the
// first candidate (issue 39, point 11; the running line is ShrinkProgress's).
import Foundation
import Testing

/// A case of 2,203 items that `mutant:last-wins` fails (`a` twice in old).
private func longFailingCase() throws -> URL {
    let folder = try temporaryDirectory()
    let items = (0..<1_100).map { "i\($0)" }
    let text = "old: a a " + items.joined(separator: " ") + "\nnew: a " + items.reversed().joined(separator: " ") + "\n"
        + "engine: mutant:last-wins\n"
    let file = folder.appendingPathComponent("long.case")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
}

@Test(arguments: ["repro", "shrink"])
func aLongCaseSaysItIsShrinkingBeforeItShrinks(_ command: String) throws {
    let file = try longFailingCase()
    let run = try diffcheck([command, file.path])
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("diffcheck: shrinking the valid failure of a case of 2203 items; shrinking stops at its budget…"),
            "\(run.errors)")
    // And it shrank: to `a a` → `a`.
    #expect(run.output.contains("old: a a\nnew: a\n"), "\(run.output)")
}

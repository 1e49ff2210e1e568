// `diffcheck shrink` and `repro` on a case a user wrote by hand: no choices,
// and a minimum beyond the exhaustive bound.
import Foundation
import Testing

@Test func shrinkMakesAHandWrittenCaseAsSmallAsItsTrueMinimum() throws {
    // mutant:sequential-moves on flat lists: a reversed list of 20 items
    // (40 in all). No flat pair within the exhaustive bound fails (at most
    // 6 items; with 6, nothing can move), so the walk alone found nothing
    // ("no smaller failing case found"); the smallest failure has 7 items.
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("reversed.case")
    try """
        # a hand-written case: a list of 20 items, reversed
        old: a b c d e f g h i j k l m n o p q r s t
        new: t s r q p o n m l k j i h g f e d c b a
        engine: mutant:sequential-moves

        """.write(to: file, atomically: true, encoding: .utf8)
    let run = try diffcheck(["shrink", file.path, "--flat"])
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains("(7 items, was 40)"), "\(run.output)")
    let shrunkFile = directory.appendingPathComponent("reversed.shrunk.case")
    let text = try String(contentsOf: shrunkFile, encoding: .utf8)
    #expect(text.contains("expect: fail valid"), "\(text)")
    #expect(!text.contains("stopped at its budget"), "\(text)")
    // The written case is as small as printed.
    let lines = text.split(separator: "\n")
    let items = lines.filter { $0.hasPrefix("old:") || $0.hasPrefix("new:") }
        .map { $0.dropFirst(4).split(separator: " ").count }
    #expect(items.reduce(0, +) == 7, "\(text)")
}

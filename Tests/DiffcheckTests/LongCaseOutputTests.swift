// repro and show of a long case: a summary by default (sizes, the first and
// last operations, where old and new differ), the whole text with --full.
import Foundation
import Testing

@Test func reproAndShowSumUpALongCaseAndPrintItWholeWithFull() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Case 50 of every campaign is in the thousands of items.
    let written = try diffcheck(["case", "--case", "50", "--output", "long.case"], in: directory)
    #expect(written.status == 0, "\(written.errors)")
    let file = try String(contentsOf: directory.appendingPathComponent("long.case"), encoding: .utf8)
    let oldLine = try #require(file.split(separator: "\n").first { $0.hasPrefix("old: ") })
    #expect(oldLine.count > 10_000)

    let repro = try diffcheck(["repro", "long.case"], in: directory)
    #expect(repro.status == 0, "\(repro.output.prefix(2000))\(repro.errors)")
    #expect(repro.output.utf8.count < 5_000, "\(repro.output.utf8.count) bytes: \(repro.output.prefix(2000))")
    let lines = repro.output.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("old (") && $0.contains(" items in 1 section, ") && $0.contains("; --full prints it): a b c ") })
    #expect(lines.contains { $0.hasPrefix("old and new differ from item ") }, "\(repro.output)")
    #expect(lines.contains { $0.hasPrefix("  batch (") && $0.contains(" operations: ") && $0.contains(" … ") }, "\(repro.output)")
    #expect(lines.contains("  valid: holds"))
    let full = try diffcheck(["repro", "long.case", "--full"], in: directory)
    #expect(full.status == 0)
    #expect(full.output.split(separator: "\n").contains(oldLine), "--full does not print the old snapshot whole")
    #expect(full.output.split(separator: "\n").contains { $0.hasPrefix("  batch: ") && $0.count > 5_000 })

    let show = try diffcheck(["show", "long.case"], in: directory)
    #expect(show.status == 0, "\(show.output.prefix(2000))\(show.errors)")
    #expect(show.output.utf8.count < 8_000, "\(show.output.utf8.count) bytes")
    #expect(show.output.split(separator: "\n").contains { $0.hasPrefix("batch (") }, "\(show.output)")
    let shownWhole = try diffcheck(["show", "long.case", "--full"], in: directory)
    #expect(shownWhole.output.split(separator: "\n").contains { $0.hasPrefix("batch: ") && $0.count > 5_000 }, "\(shownWhole.output.prefix(3000))")
}

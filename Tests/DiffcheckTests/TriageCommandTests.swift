// `diffcheck triage` as a user runs it: the case on stdout, the explanation
// on stderr, exit 0 reproduced / 1 not reproduced / 2 unreadable input.
import Foundation
import Testing

@Suite struct TriageCommandTests {
    @Test func aReproducedCrashPrintsTheCaseAndExitsZero() throws {
        let dir = try temporaryDirectory()
        let log = dir.appendingPathComponent("crash.txt")
        // Instagram/IGListKit #1442, as logged.
        try """
            [UICollectionView] Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (0) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData.
            """.write(to: log, atomically: true, encoding: .utf8)
        let run = try diffcheck(["triage", log.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("old: x0 x1 x2\nnew: [_:]\nbatch: delete 0\nexpect: error Invalid update: invalid number of items in section 0."))
        #expect(run.output.hasSuffix("profile: uikit\n"))
        #expect(run.errors.contains("reproduced: "))
        #expect(run.errors.contains("the batch changes section 0 by \u{2212}1 items, the data source by \u{2212}3"))
        // The case it printed replays to its expectation.
        let saved = dir.appendingPathComponent("crash.case")
        try run.output.write(to: saved, atomically: true, encoding: .utf8)
        #expect(try diffcheck(["repro", saved.path]).status == 0)
    }

    @Test func aMessageTheModelDoesNotGiveExitsOne() throws {
        let dir = try temporaryDirectory()
        let log = dir.appendingPathComponent("made-up.txt")
        // Counts that add up: no UIKit would say this.
        try "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).".write(to: log, atomically: true, encoding: .utf8)
        let run = try diffcheck(["triage", log.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("NOT reproduced"))
    }

    @Test func unrelatedOrUnreadableInputExitsTwoSayingWhatItExpected() throws {
        let dir = try temporaryDirectory()
        let log = dir.appendingPathComponent("other.txt")
        try "Thread 1: EXC_BAD_ACCESS (code=1, address=0x4)".write(to: log, atomically: true, encoding: .utf8)
        let run = try diffcheck(["triage", log.path])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("\(log.path): error: expected a UIKit batch-update exception"))
        #expect(try diffcheck(["triage", dir.appendingPathComponent("missing.txt").path]).status == 2)
        #expect(try diffcheck(["triage", "a", "b"]).status == 2)
        let help = try diffcheck(["triage", "--help"])
        #expect(help.status == 0 && help.output.contains("Usage: diffcheck triage [FILE|-]"))
        #expect(try diffcheck(["--help"]).output.contains("triage [FILE|-]"))
    }

    // Issue 27 point 12: a missing file is named as `diffcheck repro` names it.
    @Test func aMissingFileSaysSoAsReproDoes() throws {
        let missing = try temporaryDirectory().appendingPathComponent("missing.txt").path
        let run = try diffcheck(["triage", missing])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("\(missing): error: no such file or directory"), "\(run.errors)")
        #expect(try diffcheck(["repro", missing]).errors.hasPrefix("\(missing): error: no such file or directory"))
    }

    // Issue 31 points 4 and 5: an unreadable log is placed by line and
    // column; a count too large to build exits 2 naming it and the bound.
    @Test func anUnreadableLogIsPlacedByLineAndColumnAndAHugeCountExitsTwo() throws {
        let dir = try temporaryDirectory()
        let log = dir.appendingPathComponent("batch.txt")
        try """
            Invalid batch updates detected: …
            Data source before updates = { 1 section with item counts: [1] }
            Data source after updates = { 1 section with item counts: [1] } Updates = [
              Frobnicate item (0 - 0)
            ]
            """.write(to: log, atomically: true, encoding: .utf8)
        let run = try diffcheck(["triage", log.path])
        #expect(run.status == 2 && run.output.isEmpty)
        #expect(run.errors.hasPrefix("\(log.path):4:3: error: expected updates like"), "\(run.errors)")
        let huge = dir.appendingPathComponent("huge.txt")
        try "attempt to delete item 0 from section 2147483648 which only contains 0 items before the update".write(to: huge, atomically: true, encoding: .utf8)
        let refused = try diffcheck(["triage", huge.path])
        #expect(refused.status == 2 && refused.output.isEmpty)
        #expect(refused.errors.hasPrefix("\(huge.path):1:1: error: the logged numbers need a case of at least 2147483649 items"), "\(refused.errors)")
        #expect(refused.errors.contains("at most 200000"))
    }
}

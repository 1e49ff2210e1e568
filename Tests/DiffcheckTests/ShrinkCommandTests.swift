// `diffcheck shrink` and `repro` on a case a user wrote by hand: no choices,
// and a minimum beyond the exhaustive bound.
import Foundation
import TestSupport
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
    // Issue 51, point 3: the shrunk case keeps the original's expectation (a
    // pass: copied into Corpus/, it fails the gate as the original does) and
    // its comments; the failure is a fact of its own.
    #expect(!text.contains("expect:"), "\(text)")
    #expect(text.hasPrefix("# a hand-written case: a list of 20 items, reversed\n"), "\(text)")
    #expect(text.contains("\nfinding: valid: "), "\(text)")
    #expect(text.contains("\nshrunk: yes, "), "\(text)")
    let gate = try diffcheck(["check", "--recorded", shrunkFile.path])
    #expect(gate.status == 1, "the gate passes on the shrunk case: \(gate.output)\(gate.errors)")
    // The written case is as small as printed.
    let lines = text.split(separator: "\n")
    let items = lines.filter { $0.hasPrefix("old:") || $0.hasPrefix("new:") }
        .map { $0.dropFirst(4).split(separator: " ").count }
    #expect(items.reduce(0, +) == 7, "\(text)")
}

/// Issue 43, point 3: the shrinking child's state file is made in a folder
/// of diffcheck's own (mkdtemp), never at a name known beforehand. A link
/// planted in the temporary directory at the name it used to have,
/// `diffcheck-shrink-PID.state` (the shell's `$$` is the pid of the
/// diffcheck it execs), is not followed: the file it names keeps its
/// text, and nothing of the run stays behind.
@Test(arguments: ["shrink", "repro"])
func aLinkPlantedForTheShrinkStateFileIsNotFollowed(_ command: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let temporary = directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let victim = directory.appendingPathComponent("victim.txt")
    try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
    let file = directory.appendingPathComponent("last-wins.case")
    try "old: a a\nnew: a\nengine: mutant:last-wins\n".write(to: file, atomically: true, encoding: .utf8)
    let run = try RunningCommand(URL(fileURLWithPath: "/bin/sh"),
                                 ["-c", #"ln -s "$1" "$TMPDIR/diffcheck-shrink-$$.state" && exec "$2" "$3" "$4""#, "sh",
                                  victim.path, executable.path, command, file.path],
                                 environment: ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path + "/"]) { $1 },
                                 errors: .discarded).finish()
    #expect(run.status == 1, "the case fails valid")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.count == 1 && left[0].hasPrefix("diffcheck-shrink-") && left[0].hasSuffix(".state"), "\(left)")
}

/// Whether the process `pid` is a shrinking child, `diffcheck worker … --shrink`
/// (its arguments read from /proc; where there is none, any child is).
private func isShrinking(_ pid: Int32) -> Bool {
    guard FileManager.default.fileExists(atPath: "/proc/self/cmdline") else { return true }
    return ProcessTable.arguments(of: pid)?.contains("--shrink") ?? false
}

/// Runs diffcheck with `arguments` in `directory` and sends SIGKILL to its
/// shrinking child (`diffcheck worker … --shrink`) once that has run for
/// `seconds`; returns the run and whether a child was killed.
private func diffcheckKillingItsShrinker(_ arguments: [String], in directory: URL, after seconds: Double = 0.3) throws
    -> (run: Run, isKilled: Bool) {
    let command = try RunningCommand(executable, arguments, in: directory, errors: .withOutput)
    let killed = command.signalChild(SIGKILL, after: seconds, within: 30) { isShrinking($0.pid) }
    return (command.finish(), killed != nil)
}

/// Issue 43, point 7: a shrinking child killed from outside (SIGKILL that
/// diffcheck did not send) is no trap of the engine's: `shrink` says so and
/// writes nothing (it wrote FILE.shrunk.case claiming `no-crash`), and
/// `repro` says so instead of a shrunk case.
@Test(arguments: ["shrink", "repro"])
func aShrinkingChildKilledFromOutsideIsNoFinding(_ command: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("reversed.case")
    let items = (0..<60).map { "i\($0)" }
    try """
        old: \(items.joined(separator: " "))
        new: \(items.reversed().joined(separator: " "))
        engine: mutant:sequential-moves

        """.write(to: file, atomically: true, encoding: .utf8)
    let (run, isKilled) = try diffcheckKillingItsShrinker([command, file.path, "--flat"], in: directory)
    #expect(isKilled, "no shrinking child to kill: \(run.output)")
    #expect(run.status == 1, "\(run.output)")
    #expect(run.output.contains("the shrinking process was killed by SIGKILL, sent from outside diffcheck"), "\(run.output)")
    #expect(!run.output.contains("no-crash: FAILS") && !run.output.contains("fail no-crash"), "\(run.output)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("reversed.shrunk.case").path), "\(run.output)")
}

/// Issue 51, point 3: a case that expects a failure (`expect: fail valid`,
/// a known bug kept in a corpus) keeps that expectation when shrunk, and
/// `shrink --help` says what the file holds.
@Test func aShrunkCaseKeepsTheExpectationItWasGiven() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("known.case")
    try "# last-wins loses the first a\nold: a a b c\nnew: a b c\nexpect: fail valid\nengine: mutant:last-wins\n"
        .write(to: file, atomically: true, encoding: .utf8)
    let run = try diffcheck(["shrink", file.path])
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let text = try String(contentsOf: directory.appendingPathComponent("known.shrunk.case"), encoding: .utf8)
    #expect(text.hasPrefix("# last-wins loses the first a\n") && text.contains("\nexpect: fail valid\n"), "\(text)")
    let help = try diffcheck(["shrink", "--help"])
    let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("keeps the original's comments and expectation"), "\(help.output)")
}

/// Issue 51, point 6: `shrink FILE` wrote through a symbolic link at
/// FILE.shrunk.case: the file it named was overwritten, and a dangling
/// link made its folders. The shrunk case replaces the link, as a saved
/// finding is written (a temporary file, then a rename), and follows nothing.
@Test(arguments: [false, true])
func aLinkAtTheShrunkFileIsReplacedNotFollowed(isDangling: Bool) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let victim = directory.appendingPathComponent(isDangling ? "made/by/the/link/victim.txt" : "victim.txt")
    if !isDangling { try "precious\n".write(to: victim, atomically: true, encoding: .utf8) }
    let file = directory.appendingPathComponent("last-wins.case")
    try "old: a a b c\nnew: a b c\nengine: mutant:last-wins\n".write(to: file, atomically: true, encoding: .utf8)
    let shrunk = directory.appendingPathComponent("last-wins.shrunk.case")
    try FileManager.default.createSymbolicLink(atPath: shrunk.path, withDestinationPath: victim.path)
    let run = try diffcheck(["shrink", file.path])
    #expect(run.status == 1 && run.output.contains("wrote "), "\(run.output)\(run.errors)")
    if isDangling {
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("made").path), "the link made folders")
    } else {
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }
    let type = try FileManager.default.attributesOfItem(atPath: shrunk.path)[.type] as? FileAttributeType
    #expect(type == .typeRegular)
    #expect(try String(contentsOf: shrunk, encoding: .utf8).contains("\nold: a a\n"))
}

// An engine's trap named as a trap, and its stderr kept bounded (issue 27,
// point 8): a shrink calls the engine hundreds of times, and used to stream
// its prints and a backtrace for every candidate it trapped on.
import Foundation
import TestSupport
import Testing

/// A flat engine that answers no stages and says so on stderr at every call.
let chattyEngine = """
import json, sys
for line in sys.stdin:
    print("debug: asked", file=sys.stderr, flush=True)
    print(json.dumps({"stages": []}), flush=True)
"""

/// The served Swift engine that traps on a repeated identity, run without
/// `exec`, so that the shell outlives it and reports its trap as exit status
/// 132, with Swift's backtrace on: the failure names the signal, and the
/// shrink of the trap (about a hundred candidates trap) writes a bounded
/// amount to stderr.
@Test func aTrapUnderTheShellIsNamedAndItsShrinkDoesNotFloodStderr() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let served = try BuiltProducts.executable("example-served-engine").path
    let run = try diffcheck(["fuzz", "--engine-cmd", "cd . && '\(served)'", "--flat", "--cases", "2", "--jobs", "1",
                             "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    let crash = try #require(lines.first { $0.hasPrefix("FAIL case ") && $0.contains(": no-crash: ") }, "\(run.output)")
    #expect(crash.contains("SIGILL: a Swift runtime trap") || crash.contains("SIGTRAP: a Swift runtime trap"), "\(crash)")
    #expect(!crash.contains("status 132") && !crash.contains("status 133"), "\(crash)")
    #expect(crash.hasSuffix("Fatal error: Duplicate values for key: 'a'"), "\(crash)")
    // The campaign's trap passes through (a few times: it is asked again alone, and
    // again for `deterministic`), and the shrink's hundred traps leave one note
    // with a bounded excerpt of the first.
    let fatalErrors = run.errors.components(separatedBy: "Fatal error:").count - 1
    #expect(fatalErrors <= 5, "\(fatalErrors) Fatal error lines on stderr: \(run.errors.prefix(3000))")
    #expect(run.errors.split(separator: "\n").count < 80, "\(run.errors.prefix(3000))")
    let note = try #require(run.errors.range(of: "diffcheck: while shrinking, the engine wrote "), "\(run.errors.prefix(3000))")
    let excerpt = run.errors[note.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("    ") }
    #expect(excerpt.count <= 11 && excerpt.allSatisfy { $0.count <= 4 + 301 }, "\(excerpt)")
}

/// An engine that never dies but prints at every call: its prints pass
/// through during the campaign, and a shrink's hundreds of calls leave one
/// note instead.
@Test func aShrinkKeepsTheEnginesPrintsToOneNote() throws {
    let directory = try workspace(["chatty.py": chattyEngine])
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 chatty.py", "--flat", "--cases", "4", "--jobs", "1",
                             "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let shrinks = run.output.components(separatedBy: "(shrunk in ").count - 1
    #expect(shrinks > 0, "\(run.output)")
    // Twice a case (`deterministic` asks again), once for the probe, and again for the cases of a
    // worker restarted on a loaded machine (seen: 20 under a parallel `swift test`); the shrink's
    // 40-odd calls print nothing: they are the note's.
    let prints = run.errors.components(separatedBy: "debug: asked").count - 1
    #expect(prints >= 1 && prints <= 24, "\(prints) prints on stderr: \(run.errors.prefix(3000))")
    #expect(run.errors.components(separatedBy: "while shrinking, the engine wrote").count - 1 == shrinks, "\(run.errors.prefix(3000))")
}

/// A flat engine that dies on every case of two items or more, writing a
/// trap's report of 102 lines first (a `Fatal error:` line, `Current stack
/// trace:`, 100 frames), as a Swift engine does; it answers the others
/// with the right inserts.
let trappingEngine = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    old = sum(len(s["items"]) for s in request["old"])
    new = sum(len(s["items"]) for s in request["new"])
    if new >= 2:
        print("engine.py:4: Fatal error: two items", file=sys.stderr)
        print("Current stack trace:", file=sys.stderr)
        for i in range(100):
            print(f"{i}    engine.py    0x{i:016x} frame + {i}", file=sys.stderr)
        sys.stderr.flush()
        sys.exit(1)
    print(json.dumps({"stages": [{"deleteItems": [[0, i] for i in range(old)], "insertItems": [[0, i] for i in range(new)]}]}), flush=True)
"""

/// Traps in a campaign pass through to stderr once: the first report, cut
/// at 30 lines, and a count of the later ones at the end (a 200-case run
/// of a trapping engine wrote two thousand lines of backtraces).
@Test func aCampaignShowsOneTrapsReportBoundedAndCountsTheRest() throws {
    let directory = try workspace(["trap.py": trappingEngine])
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 -S trap.py", "--flat", "--cases", "8", "--jobs", "1",
                             "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    // Lines passed through are not indented; the shrink's note quotes its excerpt indented.
    let passed = run.errors.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    #expect(passed.filter { $0 == "Current stack trace:" }.count == 1, "\(run.errors.prefix(3000))")
    #expect(passed.filter { $0.contains("    engine.py    0x") }.count == 28, "\(run.errors.prefix(3000))")
    #expect(passed.contains("diffcheck: … and 72 more lines of this trap's report, not shown"), "\(run.errors.prefix(3000))")
    let count = try #require(passed.first { $0.hasPrefix("diffcheck: the engine's processes trapped ") }, "\(run.errors.suffix(2000))")
    #expect(count.hasSuffix(" were not shown"), "\(count)")
    // The same reason is not repeated.
    #expect(passed.filter { $0.hasSuffix("Fatal error: two items") }.count == 1, "\(run.errors.prefix(3000))")
    #expect(run.errors.split(separator: "\n").count < 100, "\(run.errors.split(separator: "\n").count) lines: \(run.errors.prefix(3000))")
}

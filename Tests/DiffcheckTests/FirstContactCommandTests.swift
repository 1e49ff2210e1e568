// A stranger's engine on first contact, through the command line (issue 27):
// a command that cannot run is a usage error that saves nothing, a served
// engine declares itself, a slow correct engine passes, a hang is still found.
import Foundation
import Testing
import TestSupport

/// Point 3: a mistyped --engine-cmd ends the run at once with exit 2, one
/// message naming the command and what it printed, and no finding saved.
@Test func aMistypedEngineCommandIsAUsageErrorThatSavesNothing() throws {
    let directory = try temporaryDirectory()
    let began = Date()
    let run = try diffcheck(["check", "--engine-cmd", "no-such-command-xyz", "--flat"], in: directory)
    #expect(run.status == 2, "\(run.output)\(run.errors)")
    #expect(Date().timeIntervalSince(began) < 20)
    #expect(run.errors.contains("no-such-command-xyz") && run.errors.contains("not found"), "\(run.errors)")
    #expect(run.errors.split(separator: "\n").count <= 2, "one message, not a flood: \(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Corpus/findings").path))
    // An engine that exits before its first answer is the same.
    let quits = try diffcheck(["fuzz", "--engine-cmd", "exit 3", "--cases", "10", "--findings", "findings"], in: directory)
    #expect(quits.status == 2 && quits.errors.contains("exited before answering its first request"), "\(quits.errors)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("findings").path))
}

/// Point 4: an engine that prints an HTML page for every request is a
/// usage error within seconds, not minutes of failures.
@Test func anEngineThatPrintsGarbageIsAUsageError() throws {
    let directory = try temporaryDirectory()
    let began = Date()
    let run = try diffcheck(["check", "--cases", "1000", "--engine-cmd",
                             #"while read l; do echo "<html><h1>500 Internal Server Error</h1></html>"; done"#], in: directory)
    #expect(run.status == 2, "\(run.output)\(run.errors)")
    #expect(Date().timeIntervalSince(began) < 20)
    #expect(run.errors.contains("500 Internal Server Error") && run.errors.contains("does not speak the protocol"), "\(run.errors)")
}

/// Point 9: a served engine declares itself (flat-only, its claims), and
/// diffcheck checks it so without --flat on the command line.
@Test func aServedEngineDeclaresItselfFlatOnly() throws {
    let directory = try temporaryDirectory()
    let served = try BuiltProducts.executable("example-served-engine").path
    let run = try diffcheck(["fuzz", "--engine-cmd", "SWIFT_BACKTRACE=enable=no exec '\(served)'", "--cases", "50", "--no-duplicates",
                             "--jobs", "1", "--findings", "findings"], in: directory)
    #expect(run.errors.contains("the engine declares itself positions: checked as with --flat --claims valid,reaches-target"),
            "\(run.errors)")
    // It forgets moves (reaches-target fails); no sectioned case reached it, and fresh, which it does not claim, is not judged.
    #expect(run.status == 1 && run.output.contains("FAIL case 6: reaches-target"), "\(run.output)")
    #expect(run.output.contains("sectioned 0,") && !run.output.contains(": fresh:"), "\(run.output)")
}

/// A correct engine that sleeps as the square of its input (about 2 s at
/// 2,400 items): the long cases are too slow for it, which is not a failure.
let quadraticEngine = """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        items = sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new)
        time.sleep(0.35 * (items / 1000.0) ** 2)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """

/// Point 1: a correct but slow engine passes check, and the report says how
/// its time grows and which size classes were too long for it.
@Test func aCorrectSlowEnginePassesCheckWithAScalingNote() throws {
    let directory = try workspace(["engine.py": quadraticEngine])
    let run = try diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "60", "--timeout", "2"],
                            in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("too long for the engine's speed, not judged (a scaling note, not a failure)"), "\(run.output)")
    #expect(run.output.contains("coverage gaps (too slow for the engine, not sent or not answered in time): thousands "),
            "\(run.output)")
    #expect(run.output.contains("check: everything holds"), "\(run.output)")
}

/// Point 1, and 11 (a hang is reported at the first case that hung): an
/// engine that never answers at any size still fails, at case 0.
@Test func anEngineThatNeverAnswersFailsAtCaseZero() throws {
    let directory = try temporaryDirectory()
    let run = try diffcheck(["fuzz", "--engine-cmd", "read l; exec sleep 1000", "--timeout", "1", "--time", "12", "--jobs", "2",
                             "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains("FAIL case 0: no-crash: engine did not answer within 1 s"), "\(run.output)")
    #expect(run.output.contains("the engine hung on case 0"), "\(run.output)")
}

/// Point 11: with stdout and stderr in one file, a progress line never lands
/// inside what was printed before it (stdout is flushed first): the corpus
/// part's line comes before the random part's first progress line.
@Test func progressLinesComeAfterWhatWasPrintedBeforeThem() throws {
    let directory = try temporaryDirectory()
    let all = directory.appendingPathComponent("all.txt").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec '\(executable.path)' check --engine mutant:last-wins --no-exhaustive --cases 100000000 --time 11 --jobs 1 "
                         + "--findings '\(directory.appendingPathComponent("findings").path)' > '\(all)' 2>&1"]
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    let lines = try String(contentsOfFile: all, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let progress = try #require(lines.firstIndex { $0.hasPrefix("cases ") && $0.contains("/s  failures") }, "\(lines)")
    let corpus = try #require(lines.firstIndex { $0.hasPrefix("corpus: ") }, "\(lines)")
    #expect(corpus < progress, "a progress line came before the corpus part's line: \(lines.prefix(40))")
    for line in lines where line.contains("/s  failures") { #expect(line.hasPrefix("cases "), "a progress line inside another: \(line)") }
}

/// Issue 43, point 6: an engine that declares it claims nothing
/// (`"claims": []`) is checked for what every engine owes, `deterministic`
/// and `no-crash`, and no more: its wrong answers are not judged.
@Test func anEngineThatClaimsNothingIsCheckedForWhatEveryEngineOwes() throws {
    let directory = try workspace(["engine.py": """
        import json, sys
        print(json.dumps({"engine": {"name": "claims-nothing", "claims": []}}), flush=True)
        for line in sys.stdin:
            print(json.dumps({"stages": [{}]}), flush=True)
        """])
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 engine.py", "--cases", "30", "--jobs", "1", "--findings", "findings"],
                            in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(!run.errors.contains("--claims takes") && !run.errors.contains("Usage:"), "\(run.errors)")
    #expect(run.errors.contains("the engine declares itself claims-nothing: checked as with --claims deterministic,no-crash"),
            "\(run.errors)")
}

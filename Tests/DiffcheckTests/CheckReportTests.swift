// What check, fuzz, show and repro report about a user's own engine: an
// empty corpus folder, a finding that holds the engine's answer, --recorded,
// the exhaustive part's findings, refusals, --flat's coverage, the reproduce
// lines, singular counts, a line that is not an answer, a served engine that traps.
import Foundation
import TestSupport
import Testing

/// An engine that answers no stages at all, whatever it is asked.
let noStagesEngine = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"stages": []}), flush=True)
"""

/// The forgetful engine, declining inputs with repeated identities as
/// RxDataSources does.
let refusingEngine = """
import json, sys
def ids(snapshot):
    return [item["id"] for item in snapshot[0]["items"]] if snapshot else []
for line in sys.stdin:
    request = json.loads(line)
    old, new = ids(request["old"]), ids(request["new"])
    if len(set(old)) != len(old) or len(set(new)) != len(new):
        print(json.dumps({"error": "duplicate identities"}), flush=True)
        continue
    deletes = [[0, i] for i, x in enumerate(old) if x not in new]
    inserts = [[0, i] for i, x in enumerate(new) if x not in old]
    print(json.dumps({"stages": [{"deleteItems": deletes, "insertItems": inserts}]}), flush=True)
"""

// An empty corpus folder is a corpus of 0 files, not an unreadable one.
@Test func anEmptyCorpusFolderIsACorpusOfNoFiles() throws {
    let directory = try workspace(["empty/.keep": ""])
    let run = try diffcheck(["check", "--corpus", "empty", "--cases", "0", "--no-exhaustive"], in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("corpus: 0 files, 0 meet their expectation, 0 do not"), "\(run.output)")
    #expect(!run.output.contains("unreadable"), "\(run.output)")
    // A folder named as one of PATHS is still expected to hold something.
    let named = try diffcheck(["check", "empty", "--cases", "0", "--no-exhaustive"], in: directory)
    #expect(named.status == 2, "\(named.output)\(named.errors)")
}

// An answer of no stages is recorded (`recorded: none`), so the finding is self-contained.
@Test func aFindingOfAnEngineThatAnswersNoStagesIsSelfContained() throws {
    let directory = try workspace(["none.py": noStagesEngine])
    let findings = directory.appendingPathComponent("findings")
    let fuzz = try diffcheck(["fuzz", "--engine-cmd", "python3 none.py", "--flat", "--cases", "30", "--jobs", "1",
                              "--findings", findings.path], in: directory)
    #expect(fuzz.status == 1, "\(fuzz.output)\(fuzz.errors)")
    let saved = caseFiles(in: findings)
    #expect(!saved.isEmpty, "\(fuzz.output)")
    for file in saved {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\nrecorded: none\n"), "\(text)")
        let show = try diffcheck(["show", file.path], in: directory)
        #expect(show.status == 1, "judged without the engine: \(show.output)\(show.errors)")
        #expect(show.output.contains("recorded: none"), "\(show.output)")
        let repro = try diffcheck(["repro", file.path, "--recorded"], in: directory)
        #expect(repro.status == 1, "\(repro.output)\(repro.errors)")
        #expect(repro.output.contains("FAILS"), "\(repro.output)")
    }
}

// An engine that refuses every input with 8 MB of text is judged on its
// refusal, quickly: diffcheck's own handling of the text (printing it,
// saving it, sending it between its processes) does not grow with it, so
// it never passes the case's deadline as a hang. The report and the saved
// finding hold the text's first characters and its length.
@Test func anEngineThatRefusesWithMegabytesIsJudgedOnItsRefusal() throws {
    let directory = try workspace(["long.py": """
        import json, sys
        text = json.dumps({"error": "x" * 8_000_000})
        for line in sys.stdin:
            print(text, flush=True)
        """])
    let findings = directory.appendingPathComponent("findings")
    let fuzz = try diffcheck(["fuzz", "--engine-cmd", "python3 long.py", "--cases", "3", "--jobs", "1",
                              "--findings", findings.path], in: directory)
    #expect(fuzz.status == 1, "\(fuzz.output.prefix(2000))")
    #expect(fuzz.output.contains("FAIL case 0: no-crash: the engine refused an input without duplicated identities: "), "\(fuzz.output.prefix(2000))")
    #expect(fuzz.output.contains("(the engine's text is 8000000 bytes; the first 2000 characters are kept)"), "\(fuzz.output.prefix(2000))")
    #expect(!fuzz.output.contains("did not return within") && !fuzz.output.contains("did not answer within"), "\(fuzz.output.prefix(2000))")
    #expect(fuzz.output.utf8.count < 40_000, "the report holds the whole text: \(fuzz.output.utf8.count) bytes")
    let saved = caseFiles(in: findings)
    #expect(saved.count == 1)
    for file in saved {
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        #expect(size < 40_000, "\(file.lastPathComponent) holds the whole text: \(size) bytes")
    }
}

// `check --recorded` judges the recorded answers and runs nothing else.
@Test func checkRecordedRunsOnlyTheCorpusPart() throws {
    let directory = try workspace(["finding.case": "old: a b\nnew: b a\nrecorded:\nengine: external\n"])
    let run = try diffcheck(["check", "finding.case", "--recorded"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains("corpus: 1 file, 0 meet their expectation, 1 does not"), "\(run.output)")
    #expect(!run.output.contains("exhaustive ("), "the exhaustive part ran: \(run.output)")
    #expect(!run.output.contains("random: engine"), "the random part ran: \(run.output)")
}

// Every failing property's smallest exhaustive pair is printed and saved like a random finding.
@Test func everyFailingPropertyOfTheExhaustiveBoundIsShownAndSaved() throws {
    let directory = try workspace([:])
    let run = try diffcheck(["exhaust", "--engine-cmd", "python3 engine.py", "--flat", "--max-items", "4",
                             "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let summary = try #require(run.output.split(separator: "\n").first.map(String.init))
    // "… N failing (valid 6, reaches-target 8, fresh 7)": one case shown and saved per property.
    for property in ["valid", "reaches-target", "fresh"] {
        let count = try #require(summary.firstMatch(of: try Regex("\\b\(property) ([0-9]+)"))?.output[1].substring, "\(summary)")
        #expect(run.output.contains("# smallest failure: \(property) (\(count) pairs fail it)"), "\(run.output)")
    }
    let saved = caseFiles(in: directory.appendingPathComponent("findings"))
    #expect(saved.count == 3, "\(saved)")
    #expect(reproduceLines(run.output).count == 3, "\(run.output)")
    for file in saved {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("expect:") && text.contains("finding: ") && text.contains("\nrecorded:"), "saved with expect: pass: \(text)")
    }
    // The gate saves them too, beside its random findings.
    let gate = try diffcheck(["check", "--corpus", "corpus", "--engine-cmd", "python3 engine.py", "--flat", "--cases", "0"],
                             in: try workspace(["corpus/.keep": ""]))
    #expect(gate.status == 1, "\(gate.output)\(gate.errors)")
    #expect(gate.output.contains("# smallest failure: reaches-target") && gate.output.contains("saved: corpus/findings/"), "\(gate.output)")
}

// Refusals are summed up by reason, with the first refused case and the option that avoids them.
@Test func refusalsAreSummedUpByReasonWithTheFirstRefusedCase() throws {
    let directory = try workspace(["refusing.py": refusingEngine])
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 refusing.py", "--flat", "--cases", "400", "--jobs", "2",
                             "--findings", directory.appendingPathComponent("findings").path], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.contains("refused by the engine") }, "\(run.output)")
    #expect(header.contains("not counted in the labels"), "\(header)")
    let reason = try #require(lines.first { $0.hasPrefix("    duplicate identities: ") }, "\(run.output)")
    #expect(reason.contains("the first case ") && reason.contains("old: ") && reason.contains("new: "), "\(reason)")
    #expect(run.output.contains("run with --no-duplicates"), "\(run.output)")
    #expect(!run.output.contains("did not apply to the engine"), "\(run.output)")
    // The summary does not depend on the number of workers.
    let alone = try diffcheck(["fuzz", "--engine-cmd", "python3 refusing.py", "--flat", "--cases", "400", "--jobs", "1",
                               "--findings", directory.appendingPathComponent("findings-1").path], in: directory)
    #expect(alone.output.split(separator: "\n").first { $0.hasPrefix("    duplicate identities: ") }.map(String.init) == reason,
            "\(alone.output)")
}

// `--flat` sends a flat-only engine only flat cases, and labels turned off are no coverage gaps.
@Test func flatAndNoDuplicatesLeaveNoSkippedCasesAndNoGapsTheyTurnedOff() throws {
    let directory = try workspace([:])
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 engine.py", "--flat", "--no-duplicates", "--cases", "500",
                             "--jobs", "1", "--findings", directory.appendingPathComponent("findings").path], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(!run.output.contains("did not apply"), "\(run.output)")
    let gaps = run.output.split(separator: "\n").first { $0.hasPrefix("coverage gaps") }.map(String.init) ?? ""
    for turnedOff in ["duplicate-items", "sectioned", "section-insert", "cross-section-move", "empty-snapshot"] {
        #expect(!gaps.contains(turnedOff), "\(gaps)")
    }
}

// Reproduce lines name the diffcheck that was run, which need not be on PATH.
@Test func reproduceLinesNameTheDiffcheckThatWasRun() throws {
    let directory = try workspace(["corpus/swap.case": "old: a b\nnew: b a\nengine: external\n"])
    let run = try diffcheck(["check", "corpus", "--engine-cmd", "python3 engine.py", "--flat", "--cases", "0", "--no-exhaustive"],
                            in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let lines = reproduceLines(run.output)
    #expect(lines.count == 1, "\(run.output)")
    for line in lines { #expect(line.hasPrefix(executable.path + " repro "), "\(line)") }
}

// One of anything is singular.
@Test func countsOfOneAreSingular() throws {
    let directory = try workspace(["corpus/swap.case": "old: a b\nnew: b a\nbatch: move 0 1\n"])
    let check = try diffcheck(["check", "corpus", "--cases", "0", "--no-exhaustive"], in: directory)
    #expect(check.output.contains("corpus: 1 file, 1 meet"), "\(check.output)")
    let exhaust = try diffcheck(["exhaust", "--engine", "mutant:last-wins", "--max-items", "1", "--versions", "1",
                                 "--findings", "findings"], in: directory)
    #expect(exhaust.output.contains("1 in all, 1 content version)"), "\(exhaust.output)")
    #expect(!exhaust.output.contains("1 content versions"), "\(exhaust.output)")
    let show = try diffcheck(["show", "one.case"], in: try workspace(["one.case": "old: a b\nnew: b a\nbatch:\n"]))
    #expect(show.output.contains("2 differences"), "\(show.output)")
    let fuzz = try diffcheck(["fuzz", "--engine", "mutant:last-wins", "--cases", "1", "--jobs", "1",
                              "--findings", directory.appendingPathComponent("findings").path], in: directory)
    // The rate ("(21 cases/s)") is a rate, not a count of one: only a count is checked.
    let counts = fuzz.output.replacingOccurrences(of: #"\([0-9.]+ cases/s\)"#, with: "", options: .regularExpression)
    #expect(counts.contains("1 case") && counts.range(of: #"(^|[^0-9])1 cases"#, options: .regularExpression) == nil, "\(fuzz.output)")
}

/// The forgetful engine, printing a line of its own before every answer
/// (as RxDataSources does in release builds).
let printingEngine = forgetfulEngine.replacingOccurrences(
    of: "    print(json.dumps(", with: "    print(\"debug: got a request\", flush=True)\n    print(json.dumps(")

// A line on stdout that is not an answer is reported once, with its text, and the engine is not restarted
// for it (but once, to ask its first flight again one request at a time).
@Test func aLineThatIsNotAnAnswerIsReportedOnceAndTheEngineKeepsRunning() throws {
    let directory = try workspace(["printing.py": printingEngine])
    let starts = directory.appendingPathComponent("starts").path
    func fuzz(_ command: String, _ findings: String) throws -> Run {
        try diffcheck(["fuzz", "--engine-cmd", command, "--flat", "--cases", "300", "--jobs", "1", "--no-timings",
                       "--findings", findings], in: directory)
    }
    let printing = try fuzz("echo started >> '\(starts)'; exec python3 printing.py", "printing")
    let quiet = try fuzz("python3 engine.py", "quiet")
    #expect(printing.status == 1, "\(printing.output)\(printing.errors)")
    #expect(printing.errors.components(separatedBy: "not an answer").count == 2, "reported once: \(printing.errors)")
    #expect(printing.errors.contains("debug: got a request"), "\(printing.errors)")
    let started = try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n").count
    // Once at most: when the line first came with several requests in flight, they are asked again alone
    // (and once before the run, by the probe that checks the command speaks the protocol).
    #expect(started <= 3, "the engine was restarted \(started - 2) times")
    // The same failures, shrunk the same way, as the engine that prints nothing.
    func failures(_ run: Run) -> [String] { run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map(String.init) }
    #expect(failures(printing) == failures(quiet) && !failures(quiet).isEmpty, "\(printing.output)\n\(quiet.output)")
}

// serveEngine: a Swift engine that prints and traps, served in a few lines, is found and shrunk by `fuzz`.
@Test func aTrappingEngineServedWithServeEngineIsFoundAndShrunk() throws {
    let directory = try temporaryDirectory()
    let served = try BuiltProducts.executable("example-served-engine").path
    let run = try diffcheck(["fuzz", "--engine-cmd", "SWIFT_BACKTRACE=enable=no exec '\(served)'", "--flat", "--cases", "100",
                             "--jobs", "1", "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    // Its prints went to stderr, never into the protocol.
    #expect(run.errors.contains("positions: diffing"), "\(run.errors)")
    #expect(!run.errors.contains("not an answer"), "\(run.errors)")
    #expect(run.errors.contains("Fatal error: Duplicate values for key"), "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    let crash = try #require(lines.firstIndex { $0.hasPrefix("FAIL case ") && $0.contains(": no-crash: ") }, "\(run.output)")
    #expect(lines[crash + 1].contains("(shrunk in "), "\(lines[crash + 1])")
    let path = try #require(lines[crash + 1].split(separator: " ").dropFirst(1).first.map(String.init))
    let saved = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    // Shrunk to the smallest pair with a repeated identity in new.
    #expect(saved.contains("\nold:\n") || saved.contains("\nold: [_:]\n"), "\(saved)")
    #expect(saved.contains("\nnew: a a\n"), "\(saved)")
}

/// A flat engine that keeps item 0 and issues its move to itself twice (a
/// copy UICollectionView drops: only the stricter reading rejects it) and,
/// from three old items on, leaves its last insert out (an item count UIKit
/// throws on, checked before the copy).
let twoReadingsEngine = """
import json, sys
def ids(snapshot):
    return [item["id"] for item in snapshot[0]["items"]] if snapshot else []
for line in sys.stdin:
    request = json.loads(line)
    n, m = len(ids(request["old"])), len(ids(request["new"]))
    if n == 0 or m == 0:
        stage = {"deleteItems": [[0, i] for i in range(n)], "insertItems": [[0, i] for i in range(m)]}
    else:
        inserts = [[0, i] for i in range(1, m)]
        if n >= 3 and inserts:
            inserts.pop()
        stage = {"deleteItems": [[0, i] for i in range(1, n)], "insertItems": inserts,
                 "moveItems": [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]}
    print(json.dumps({"stages": [stage]}), flush=True)
"""

// A UIKit exception does not hide among the stricter reading's failures of
// `valid` (issue 51, point 15): the campaign's workers and the exhaustive
// walk's keep, shrink and save the smallest failure of each reading, and
// the reports count them apart.
@Test func aUIKitExceptionIsShownBesideTheStricterReadingsFailures() throws {
    let directory = try workspace(["two.py": twoReadingsEngine])
    let random = try diffcheck(["check", "--no-exhaustive", "--engine-cmd", "python3 two.py", "--flat", "--cases", "150", "--jobs", "2",
                                "--findings", "random"], in: directory)
    #expect(random.status == 1, "\(random.output)\(random.errors)")
    let failures = random.output.split(separator: "\n").filter { $0.hasPrefix("FAIL case ") && $0.contains(": valid: ") }
    #expect(failures.count == 2, "\(random.output)")
    #expect(failures.filter { $0.contains("not a UIKit exception") }.count == 1, "\(random.output)")
    #expect(failures.filter { $0.contains("invalid number of items") }.count == 1, "\(random.output)")
    #expect(random.output.contains("valid, by reading: "), "\(random.output)")
    let saved = try caseFiles(in: directory.appendingPathComponent("random")).map { try String(contentsOf: $0, encoding: .utf8) }
    // Each shrunk within its reading: one old item (its copied move), and three old items with two new ones.
    #expect(saved.contains { $0.contains("\nold: a\n") && $0.contains("not a UIKit exception") }, "\(saved)")
    #expect(saved.contains { $0.contains("\nold: a b c\n") && $0.contains("invalid number of items") }, "\(saved)")

    let walk = try diffcheck(["exhaust", "--engine-cmd", "python3 two.py", "--flat", "--max-items", "5", "--findings", "walk"],
                             in: directory)
    #expect(walk.status == 1, "\(walk.output)\(walk.errors)")
    let stricter = try #require(walk.output.firstMatch(of: /\(([0-9]+) the stricter reading only\)\)/)?.output.1, "\(walk.output)")
    #expect(walk.output.contains("# smallest failure: valid (the stricter reading only) (\(stricter) pairs fail it)"), "\(walk.output)")
    #expect(walk.output.contains("# smallest failure: valid ("), "\(walk.output)")
    #expect(caseFiles(in: directory.appendingPathComponent("walk")).count >= 2)
}

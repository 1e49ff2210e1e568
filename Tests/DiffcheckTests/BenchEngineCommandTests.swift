// `diffcheck bench --engine-cmd` on small Python engines: the table's rows
// and the JSON's fields (never the times' values), and a size class the
// engine cannot answer in time reported, not waited for.
import Foundation
import TestSupport
import Testing

/// Deletes every old item and inserts every new one, section by section:
/// trivially sized output (no move, no reload), on any shape.
private let deleteAndInsertEverythingScript = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    old, new = request["old"], request["new"]
    deletes = [[s, i] for s, section in enumerate(old) for i in range(len(section["items"]))]
    inserts = [[s, i] for s, section in enumerate(new) for i in range(len(section["items"]))]
    print(json.dumps({"stages": [{"deleteItems": deletes, "insertItems": inserts}]}), flush=True)
"""

/// Flat-only by declaration, and quadratic on purpose: it burns 5 µs of
/// CPU per pair of old items (50 ms on 100 items, 5 s on 1,000, 500 s on 10,000).
private let quadraticSleeperScript = """
import json, sys
\(pythonBurn)
print(json.dumps({"engine": {"name": "sleeper", "flatOnly": True}}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    n = sum(len(s["items"]) for s in request["old"])
    burn(n * n * 5e-6)
    old = [i for s in request["old"] for i in s["items"]]
    new = [i for s in request["new"] for i in s["items"]]
    print(json.dumps({"stages": [{"deleteItems": [[0, i] for i in range(len(old))],
                                  "insertItems": [[0, i] for i in range(len(new))]}]}), flush=True)
"""

private func writeEngine(_ script: String) throws -> URL {
    let folder = try temporaryDirectory()
    try script.write(to: folder.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
    return folder
}

@Test func benchEngineCmdPrintsARowPerSizeClassAndShapeWithTheCoreBeside() throws {
    let folder = try writeEngine(deleteAndInsertEverythingScript)
    let run = try diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--max-size", "1000", "--runs", "1"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("engine external `python3 engine.py`: 1 runs an input, seed 2024") == true, "\(lines.first ?? "")")
    #expect(lines.contains("| size class | shape | old items | engine time | growth | engine output | core time | growth | core output "
                           + "| core served |"))
    let rows = sizeTableRows(lines)
    #expect(rows.map { $0.split(separator: "|").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } }
            == [["large", "flat", "100"], ["large", "sectioned", "100"], ["thousands", "flat", "1,000"], ["thousands", "sectioned", "1,000"]])
    // The engine moves and reloads nothing and deletes and inserts every item.
    for row in rows {
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[5].hasPrefix("0 / 0 / "), "\(row)")
    }
    #expect(lines.contains { $0.hasPrefix("flat: fitted growth (the two largest classes above 5 ms): engine ") })
    #expect(lines.contains { $0.hasPrefix("sectioned: fitted growth (the two largest classes above 5 ms): engine ") })
    // The core served as the engine is, beside it: a time in every row.
    for row in rows { #expect(row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.last?.hasSuffix("s") == true, "\(row)") }
    // The growth by change: one list of 1,000 items, four inputs, the changes growing; every item deleted and inserted.
    #expect(lines.contains("| changes | old items | engine time | growth | engine output | core time | growth |"), "\(run.output)")
    let byChange = byChangeRows(lines).map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    #expect(byChange.map { $0[1] } == ["1,000", "1,000", "1,000", "1,000"], "\(run.output)")
    let changes = byChange.compactMap { Int($0[0].replacingOccurrences(of: ",", with: "")) }
    #expect(changes.count == 4 && changes == changes.sorted() && Set(changes).count == 4, "\(changes)")
    for row in byChange { #expect(row[4].hasPrefix("0 / 0 / "), "\(row)") }
    #expect(lines.contains { $0.hasPrefix("by change: growth between the two most changed inputs: engine ") }, "\(run.output)")
}

/// The rows of the bench's table by size class (before its table by change).
func sizeTableRows(_ lines: [String]) -> [String] {
    lines.prefix { !$0.hasPrefix("by change:") }.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| size class") && !$0.hasPrefix("| ---") }
}

/// The rows of the bench's table by change.
func byChangeRows(_ lines: [String]) -> [String] {
    lines.drop { !$0.hasPrefix("by change:") }.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| changes") && !$0.hasPrefix("| ---") }
}

@Test func benchEngineCmdJSONHasTheDocumentedFields() throws {
    let folder = try writeEngine(deleteAndInsertEverythingScript)
    let run = try diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--max-size", "1000", "--runs", "2", "--json"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(report["schema"] as? Int == 1)
    let header = try #require(report["header"] as? [String: Any])
    #expect(header["engine"] as? String == "external `python3 engine.py`")
    #expect(header["runs"] as? Int == 2 && header["seed"] as? Int == 2024 && header["maxItems"] as? Int == 1000)
    #expect(header["timeout"] as? Double == 10)
    let rows = try #require(report["rows"] as? [[String: Any]])
    #expect(rows.map { "\($0["sizeClass"] ?? "") \($0["shape"] ?? "")" }
            == ["large flat", "large sectioned", "thousands flat", "thousands sectioned"])
    // The growth by change: four flat rows of 1,000 old items, their changes growing, and its exponent.
    let byChange = try #require(report["byChange"] as? [[String: Any]])
    #expect(byChange.map { $0["oldItems"] as? Int } == [1000, 1000, 1000, 1000] && byChange.allSatisfy { $0["shape"] as? String == "flat" })
    let changes = byChange.compactMap { $0["minimumChanges"] as? Int }
    #expect(changes.count == 4 && changes == changes.sorted())
    #expect((report["changeExponent"] as? [String: Any])?["shape"] as? String == "flat")
    for row in rows {
        #expect(row["status"] as? String == "answered")
        let old = try #require(row["oldItems"] as? Int), new = try #require(row["newItems"] as? Int)
        #expect(row["items"] as? Int == old + new)
        let engine = try #require(row["engine"] as? [String: Any]), core = try #require(row["core"] as? [String: Any])
        #expect(engine["moves"] as? Int == 0 && engine["reloads"] as? Int == 0)
        #expect(engine["deletesAndInserts"] as? Int == old + new)
        #expect(engine["medianSeconds"] is Double && engine["minimumSeconds"] is Double)
        // The core's output is the minimum the bench computes on its own.
        #expect(core["moves"] as? Int == row["minimumMoves"] as? Int)
        #expect(core["reloads"] as? Int == row["changedItems"] as? Int)
        #expect(core["deletesAndInserts"] as? Int == row["minimumDeletesAndInserts"] as? Int)
        #expect(core["stages"] is Int && core["medianSeconds"] is Double)
        #expect((row["coreServed"] as? [String: Any])?["medianSeconds"] is Double, "\(row)")
    }
    // Growth from the class before: the core's is there for the second class, never for the first.
    #expect(((rows[0]["core"] as? [String: Any])?["growth"]) == nil)
    #expect(((rows[2]["core"] as? [String: Any])?["growth"]) is Double)
    let exponents = try #require(report["exponents"] as? [[String: Any]])
    #expect(exponents.map { $0["shape"] as? String } == ["flat", "sectioned"])
}

/// Slow is never wrong in the bench either: a size class past --timeout is
/// asked again alone with the hang deadline and timed; one past that is
/// reported (not waited for again), and so is every larger one of its shape.
@Test func aSizeClassPastTheTimeoutIsTimedAndOnePastTheHangDeadlineIsReported() throws {
    let folder = try writeEngine(quadraticSleeperScript)
    let started = Date()
    let run = try diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--max-size", "10000", "--runs", "1",
                             "--timeout", "1", "--hang-timeout", "8", "--json"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let rows = try #require(report["rows"] as? [[String: Any]])
    // Flat only, as the engine declares; 100 items answered; 1,000 (about 5 s) past the 1 s
    // timeout, asked again alone and timed; 10,000 (about 500 s) past the 8 s hang deadline.
    #expect(rows.map { "\($0["sizeClass"] ?? "") \($0["shape"] ?? "") \($0["status"] ?? "")" }
            == ["large flat answered", "thousands flat answered", "tens-of-thousands flat too-slow"])
    let thousands = try #require((rows[1]["engine"] as? [String: Any])?["medianSeconds"] as? Double, "\(rows[1])")
    #expect(thousands > 1 && thousands < 8, "\(rows[1])")
    let note = rows[2]["note"] as? String ?? ""
    #expect(note.contains("did not answer within 8 s of CPU") && note.contains("the hang deadline"), "\(rows[2])")
    #expect(rows[2]["engine"] == nil && rows[2]["core"] != nil)
    // The 500 s class was waited for once, up to the hang deadline: 8 s of CPU, however loaded the machine.
    #expect(Date().timeIntervalSince(started) < 240)
}

@Test func benchEngineArgumentsAreChecked() throws {
    #expect(try diffcheck(["bench", "--engine", "no-such-engine"]).status == 2)
    #expect(try diffcheck(["bench", "--engine", "core", "--engine-cmd", "cat"]).status == 2)
    #expect(try diffcheck(["bench", "--engine", "core", "--max-size", "10"]).status == 2)
    let missing = try diffcheck(["bench", "--engine-cmd", "/no/such/engine"])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("/no/such/engine"), "\(missing.errors)")
    let help = try diffcheck(["bench", "--help"])
    for option in ["--engine NAME", "--engine-cmd 'CMD'", "--max-size N", "--timeout SECONDS"] {
        #expect(help.output.contains(option), "\(option)")
    }
}

/// Issue 43, point 12: an engine that answers twice is not timed (its
/// second copy used to be taken for the next answer, timed at a few µs):
/// no row shows an engine time, and each row's failure is the engine's
/// protocol error, said under the table.
@Test func anEngineThatAnswersTwiceIsNotTimed() throws {
    let folder = try writeEngine(answersTwiceEngine)
    let run = try diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--max-size", "1000", "--runs", "2"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    let rows = sizeTableRows(lines)
    #expect(rows.count == 4, "\(run.output)")
    for row in rows {
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[3] == "failed", "\(row)")
    }
    let notes = lines.filter { $0.contains(": failed: the engine broke the protocol: it printed an answer nobody asked for") }
    #expect(notes.filter { !$0.hasPrefix("by change, ") }.count == 4, "\(run.output)")
    // The inputs by change too: every row failed, each with its note.
    #expect(byChangeRows(lines).map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[2] } == ["failed", "failed", "failed", "failed"],
            "\(run.output)")
    #expect(notes.filter { $0.hasPrefix("by change, ") }.count == 4, "\(run.output)")
}

/// Takes 10 ms to answer and prints each answer twice, the copy 20 ms
/// after the answer, in a write of its own: without a wait before each
/// request, every copy comes after the next request went out, and every
/// row was timed on copies.
private let answersTwiceApart = """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        answer = json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                         "insertSections": list(range(len(request["new"])))}]})
        time.sleep(0.01)
        print(answer, flush=True)
        time.sleep(0.02)
        print(answer, flush=True)
    """

/// A copy that comes a little after the answer is no answer to the next
/// request either: the bench waits a moment before each request for what
/// the engine is still writing, so that no row is timed on a copy.
@Test func anEngineWhoseSecondCopyComesApartIsNotTimed() throws {
    let folder = try writeEngine(answersTwiceApart)
    let run = try diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--max-size", "1000", "--runs", "2"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let rows = sizeTableRows(run.output.split(separator: "\n").map(String.init))
    #expect(rows.count == 4, "\(run.output)")
    for row in rows {
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[3] == "failed", "\(row)")
    }
}

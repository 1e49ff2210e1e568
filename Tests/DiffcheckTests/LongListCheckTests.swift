// `check` on an external engine whose bug only a long list shows: the size
// schedule finds it, and the saved case is shrunk to about the threshold.
import Foundation
import Testing

/// A reload-all adapter in Python (trivially correct) that forgets its last
/// section insert once the old list holds more than a thousand items.
private let pastAThousandEngineScript = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    old, new = request["old"], request["new"]
    inserts = list(range(len(new)))
    if sum(len(s["items"]) for s in old) > 1000 and inserts:
        inserts.pop()
    print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": inserts}]}), flush=True)
"""

@Test func checkFindsAnExternalEngineBugPastAThousandItemsAndShrinksItToTheThreshold() throws {
    let folder = try temporaryDirectory()
    let script = folder.appendingPathComponent("engine.py")
    try pastAThousandEngineScript.write(to: script, atomically: true, encoding: .utf8)
    // The first 60 cases hold the schedule's first long case (case 50); no
    // exhaustive part: its pairs are small, the engine right on them.
    let run = try diffcheck(["check", "--engine-cmd", "python3 -u engine.py", "--no-exhaustive", "--cases", "60"], in: folder)
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.output.contains("FAIL case "), "\(run.output.prefix(2000))")
    #expect(run.output.contains("(shrunk in "), "\(run.output.prefix(2000))")
    let findings = caseFiles(in: folder.appendingPathComponent("Corpus/findings"))
    #expect(findings.count == 1)
    let text = try String(contentsOf: try #require(findings.first), encoding: .utf8)
    // The old snapshot's items: the tokens of its line that are item identities.
    let oldLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("old:") })
    let items = oldLine.dropFirst(4).split(whereSeparator: { " []:".contains($0) }).filter { $0.first?.isLowercase == true }
    #expect(items.count > 1_000 && items.count <= 1_100, "\(items.count) items in old")
}

/// A correct flat-list diff in Python, O(n·m) on purpose (it looks every
/// identity up in a list of the other side's, as many real engines do),
/// that forgets its last insert once the old list holds more than a
/// thousand items. It declares itself flat-only and refuses repeated
/// identities, so the default `check` sends it only what it handles.
private let slowForgetfulEngineScript = """
import json, sys
print(json.dumps({"engine": {"name": "slow", "flatOnly": True, "refuses": ["duplicates"]}}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    old = [(i["id"], i.get("content", 0)) for s in request["old"] for i in s["items"]]
    new = [(i["id"], i.get("content", 0)) for s in request["new"] for i in s["items"]]
    old_ids, new_ids = [x for x, _ in old], [x for x, _ in new]
    if len(set(old_ids)) < len(old_ids) or len(set(new_ids)) < len(new_ids):
        print(json.dumps({"error": "duplicates"}), flush=True)
        continue
    deletes, inserts, moves = [], [], []
    for i, (x, c) in enumerate(old):
        if x not in new_ids or new[new_ids.index(x)][1] != c:
            deletes.append([0, i])
    for j, (x, c) in enumerate(new):
        if x not in old_ids or old[old_ids.index(x)][1] != c:
            inserts.append([0, j])
        else:
            moves.append([[0, old_ids.index(x)], [0, j]])
    if len(old) > 1000 and inserts:
        inserts.pop()
    print(json.dumps({"stages": [{"deleteItems": deletes, "insertItems": inserts, "moveItems": moves}]}), flush=True)
"""

@Test func aFailureThatNeedsALongOldListAndAShortNewOneShrinksToItsMinimumOnASlowEngine() throws {
    let folder = try temporaryDirectory()
    try slowForgetfulEngineScript.write(to: folder.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
    // The engine is right on every pair but one whose old list holds more
    // than 1,000 items and whose batch inserts something: the smallest
    // failing case is 1,001 old items and 1 new item (an insert: a new item
    // that is also old, unchanged, is a move, and the engine is right on
    // it; no new item at all is no insert). Case 50, the schedule's first
    // in the thousands, finds it; shrinking must shorten old and new apart
    // (old stays long, new becomes one item) with the default budget.
    let run = try diffcheck(["check", "--engine-cmd", "python3 -u engine.py", "--no-exhaustive", "--cases", "60"], in: folder)
    #expect(run.status == 1, "\(run.errors)")
    let shrunkLine = try #require(run.output.split(separator: "\n").first { $0.contains("(shrunk in ") })
    #expect(!shrunkLine.contains("stopped at"), "\(shrunkLine)")
    let findings = caseFiles(in: folder.appendingPathComponent("Corpus/findings"))
    #expect(findings.count == 1)
    let text = try String(contentsOf: try #require(findings.first), encoding: .utf8)
    func items(_ prefix: String) throws -> Int {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) })
        return line.dropFirst(prefix.count).split(separator: " ").count
    }
    #expect(try items("old:") == 1_001)
    #expect(try items("new:") == 1)
    #expect(!text.contains("it may shrink further"))
}

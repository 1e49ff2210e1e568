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

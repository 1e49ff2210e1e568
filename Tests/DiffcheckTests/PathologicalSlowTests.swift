// A pathologically slow case (issue 49): an engine that answers in a few
// milliseconds everywhere but burns 5 s of CPU on one small shape gets a finding
// about its speed, beside four busy loops: reported with both times, shrunk
// to the smallest case still a hundred times slower, saved apart, never a
// failure.
import Foundation
import Testing
import TestSupport

/// A correct engine that burns 2 ms of CPU on every request, and 5 s on
/// one that leaves a list of 100 items or more as it is (old and new the
/// same identities in the same order).
private let slowOnUnchangedListsEngine = """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        ids = lambda snapshot: [item["id"] if isinstance(item, dict) else item for s in snapshot for item in s["items"]]
        burn(5 if ids(old) == ids(new) and len(ids(old)) >= 100 else 0.002)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """

@Test func anEngineSlowOnOneSmallShapeGetsAPathologicallySlowFindingShrunk() async throws {
    let directory = try workspace(["engine.py": slowOnUnchangedListsEngine])
    let run = try await withBusyLoops(4) {
        try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "400",
                             "--findings", "findings"], in: directory)
    }
    // Speed is not correctness: the check passes.
    #expect(run.status == 0 && run.output.contains("check: everything holds"), "\(run.output)\(run.errors)")
    // Case 252 (400 items, none changed) is the first of the shape; a request of 9,890 items and 8,620 changes took milliseconds.
    #expect(run.output.contains("pathologically slow case") && run.output.contains("(a finding about speed, never a failure): the most, "
                                + "case 252 (400 items, 0 changes) took "), "\(run.output)")
    #expect(run.output.contains(" times the ") && run.output.contains(" of a request at least as large ("), "\(run.output)")
    let path = directory.appendingPathComponent("findings/slow/pathological.case")
    let text = try String(contentsOf: path, encoding: .utf8)
    #expect(text.contains("# pathologically slow case: case 252 (400 items, 0 changes) took ") && text.contains("expect: pass")
            || !text.contains("expect:"), "\(text)")
    #expect(!text.contains("engine:") && text.contains("--max-cpu-per-case "), "\(text)")
    // Shrunk toward 200 items (100 a side, the fewest the engine is slow on): under load the 30 s shrink may stop short.
    let saved = try #require(run.output.split(separator: "\n").first { $0.contains("saved apart for profiling (shrunk to ") }, "\(run.output)")
    let items = saved.components(separatedBy: "shrunk to ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
    #expect(items >= 200 && items < 400 && saved.contains("findings/slow/pathological.case; see it: "), "\(saved)")
    // The gate's corpus part does not replay it.
    let gate = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "1", "--corpus",
                                    "findings"], in: directory)
    #expect(gate.status == 0 && !gate.output.contains("pathological"), "\(gate.output)\(gate.errors)")
}

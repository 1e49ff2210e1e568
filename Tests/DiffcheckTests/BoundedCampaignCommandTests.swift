// Every campaign is bounded and says what it did not judge (issue 49,
// points 2 and 3), beside four busy loops as a shared CI runner would run
// it: a case still burning CPU past --timeout when --time is up is
// "unjudged, slow" with exit 4 (it was "not counted", exit 0), and an
// engine that never answers past 5,000 items fails within --time 300 and
// reproduces as a hang.
import Foundation
import Testing
import TestSupport

/// A correct engine that burns CPU without end (it never answers) once
/// the old snapshot holds `items` items, and answers the rest at once.
private func spinningEngine(past items: Int) -> String {
    """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        if sum(len(s["items"]) for s in old) >= \(items):
            burn(1e9)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """
}

/// `diffcheck ARGUMENTS` in `directory`, beside four busy loops.
private func underLoad(_ arguments: [String], in directory: URL) async throws -> Run {
    try await withBusyLoops(4) { try await diffcheck(arguments, in: directory) }
}

@Suite struct BoundedCampaignCommandTests {
    /// Case 48 (6,566 old items, the first past 5,000) burns past --timeout 1 and is still
    /// burning (short of the 600 s hang deadline) when --time 20 is up.
    @Test func aCaseStillBurningWhenTheTimeIsUpIsUnjudgedSlowAndExitsFour() async throws {
        let directory = try workspace(["engine.py": spinningEngine(past: 5_000)])
        let run = try await underLoad(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "200", "--time", "20",
                                       "--timeout", "1", "--findings", "findings"], in: directory)
        #expect(run.status == 4, "\(run.output)\(run.errors)")
        #expect(run.output.contains("1 case not judged (a limit, not a failure): the first, case 48: still running after "), "\(run.output)")
        #expect(run.output.contains("unjudged, slow: neither a pass nor a hang"), "\(run.output)")
        #expect(run.output.contains("  judge it alone: ") && run.output.contains(" case --case 48 --engine-cmd 'python3 engine.py' --timeout 1 "
                                                                                 + "--output case-48.case && "), "\(run.output)")
        #expect(run.output.contains("coverage gaps (not judged: an answer past diffcheck's limits): thousands 1 case"), "\(run.output)")
        #expect(run.output.hasSuffix("check: nothing failed, but 1 case was not judged, listed above (exit 4)\n"), "\(run.output)")
        #expect(!run.output.contains("not counted"), "\(run.output)")
        // Said as it happened, not only at the end.
        #expect(run.errors.contains("diffcheck: case 48 has run past --timeout 1 s of its worker's CPU and idle time"), "\(run.errors)")
    }

    /// The point 2: an engine that never answers (it blocks) once
    /// the old list holds 5,000 items fails `check --no-exhaustive --time
    /// 300` (it passed: the hang deadline was longer than the campaign),
    /// and `repro` reproduces its saved case as a hang.
    @Test func anEngineThatNeverAnswersPastFiveThousandItemsFailsWithinTheTimeAndReproduces() async throws {
        let directory = try workspace(["engine.py": hangingEngine(once: .old, holds: 5_000)])
        let run = try await underLoad(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--time", "300", "--timeout", "1",
                                       "--hang-timeout", "3", "--findings", "findings"], in: directory)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("FAIL case 48: no-crash: engine did not answer within 1 s idle on a request of 5000 items"), "\(run.output)")
        #expect(run.output.contains("(confirmed: no answer within the hang deadline either"), "\(run.output)")
        let saved = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("  saved: findings/") }, "\(run.output)")
        let path = String(saved.dropFirst("  saved: ".count).split(separator: " ")[0])
        let repro = try await underLoad(["repro", path, "--engine-cmd", "python3 engine.py", "--timeout", "1", "--hang-timeout", "3"],
                                        in: directory)
        #expect(repro.status == 1, "\(repro.output)\(repro.errors)")
        #expect(repro.output.contains("did not answer within"), "\(repro.output)")
    }
}

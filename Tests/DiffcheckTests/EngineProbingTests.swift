// The probe of an --engine-cmd engine reads the options as parsed: a value
// the option refuses is the option's usage error, and the probe's --timeout
// is the one the run uses (the last given).
import Foundation
import Testing
import TestSupport

/// Issue 50: `--timeout nan` with an --engine-cmd engine is the option's
/// usage error (exit 2), as it is without one. The probe read the raw
/// command line (`Double("nan")`) and trapped on the NaN (SIGILL, exit 132).
@Test func aTimeoutThatIsNoNumberIsTheOptionsUsageErrorWithAnEngineCommand() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["check", "--engine-cmd", "cat", "--timeout", "nan"], in: directory)
    #expect(run.status == 2, "\(run.output)\(run.errors)")
    #expect(run.errors.hasPrefix("diffcheck check: --timeout takes a positive number of seconds, not 'nan'"), "\(run.errors)")
}

/// An engine that declares itself (flat-only, claiming nothing) half a
/// second after it starts, and answers every request with one empty stage.
let lateDeclaringEngine = """
    import json, sys, time
    time.sleep(0.5)
    print(json.dumps({"engine": {"name": "late", "flatOnly": True, "claims": []}}), flush=True)
    for line in sys.stdin:
        print(json.dumps({"stages": [{}]}), flush=True)
    """

/// Issue 50: given twice, `--timeout` is the last one, for the probe as
/// for the run. The probe took the first (0.01 s here), gave up before the
/// declaration came, and checked the engine as if it had declared nothing.
@Test func theProbeWaitsTheLastTimeoutGiven() throws {
    let directory = try workspace(["engine.py": lateDeclaringEngine])
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["fuzz", "--engine-cmd", "python3 engine.py", "--timeout", "0.01", "--timeout", "10",
                             "--cases", "2", "--jobs", "1", "--findings", "findings"], in: directory)
    #expect(run.errors.contains("diffcheck: the engine declares itself late: checked as with --flat --claims deterministic,no-crash"),
            "\(run.errors)")
    #expect(run.status == 0, "\(run.output)\(run.errors)")
}

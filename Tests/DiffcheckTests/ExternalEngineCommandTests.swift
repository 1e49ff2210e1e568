// An --engine-cmd engine through the command line: a command that cannot run
// is a usage error that saves nothing, a served engine declares itself, a slow
// correct engine passes, a hang is still found.
import Foundation
import Testing
import TestSupport

/// A mistyped --engine-cmd ends the run at once with exit 2, one
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

/// An engine that prints an HTML page for every request is a
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

/// A served engine declares itself (flat-only, its claims), and
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

/// A correct engine that burns 3 s of CPU on a case of more than 2,000
/// items, and answers the others at once.
let slowOnLongCasesEngine = """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        items = sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new)
        if items > 2000:
            burn(3)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """

/// Slow is never wrong: a correct engine past --timeout on a case passes
/// check; the case is asked again alone within the hang deadline, judged,
/// reported as a slow case with its time, and saved apart for profiling.
@Test func aCorrectSlowEnginePassesCheckAndItsSlowCasesAreNamed() async throws {
    let directory = try workspace(["engine.py": slowOnLongCasesEngine])
    let run = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "60", "--timeout", "1",
                                   "--hang-timeout", "30", "--findings", "findings"], in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    // Case 48 (13,459 items) and case 50, the first of the thousands: 3 s each, past the 1 s timeout.
    #expect(run.output.contains("2 slow cases, not failures (more CPU than --timeout, answered within its limit; judged like "
                                + "every case): case "), "\(run.output)")
    #expect(run.output.contains("case 48 (13459 items, ") && run.output.contains("case 50 ("), "\(run.output)")
    #expect(run.output.contains("saved apart for profiling (never a failing expectation): findings/slow/slowest.case"), "\(run.output)")
    #expect(run.output.contains("check: everything holds"), "\(run.output)")
    // Issue 49: how the engine's time grows is in the report, with its peak memory (two sizes are too few to fit).
    let growth = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("  engine's growth: ") }, "\(run.output)")
    // Cases 48 and 50 each burn 3 s: either may be the slowest by a tick.
    #expect(growth.contains("too few answers of 0.25 s or more, at sizes apart, to fit a growth; slowest answer: ")
            && (growth.contains("slowest answer: 13459 items and 1063 changes in ") || growth.contains("slowest answer: 9890 items and 8620 changes in ")),
            "\(growth)")
    let megabytes = growth.split(separator: " ").reversed().dropFirst().first.flatMap { Int($0) }
    #expect(growth.hasSuffix(" MB") && (megabytes ?? 0) >= 5, "\(growth)")
    let saved = try String(contentsOf: directory.appendingPathComponent("findings/slow/slowest.case"), encoding: .utf8)
    #expect(saved.contains("# slow case: case 4") || saved.contains("# slow case: case 50 ("), "\(saved)")
    #expect(!saved.contains("expect: error") && !saved.contains("engine:"), "\(saved)")
    // diffcheck as it was run (by path here), as the reproduce lines name it.
    #expect(saved.contains("# time it: \(executable.path) bench --engine-cmd 'python3 engine.py' --case findings/slow/slowest.case"), "\(saved)")
    #expect(run.output.contains("; time it: \(executable.path) bench --engine-cmd "), "\(run.output)")
    // The saved slow case replays as a pass (slow, not wrong), and the bench times it.
    let replay = try await diffcheck(["check", "findings/slow/slowest.case", "--engine-cmd", "python3 engine.py", "--no-exhaustive",
                                      "--cases", "1", "--timeout", "1", "--hang-timeout", "30", "--findings", "findings"], in: directory)
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    let bench = try await diffcheck(["bench", "--engine-cmd", "python3 engine.py", "--case", "findings/slow/slowest.case", "--runs", "1",
                                     "--timeout", "1", "--hang-timeout", "30"], in: directory)
    #expect(bench.status == 0, "\(bench.output)\(bench.errors)")
    #expect(bench.output.contains("case findings/slow/slowest.case: "), "\(bench.output)")
    for row in ["the engine", "the core, in this process", "the core, served (pipe and JSON both ways)"] {
        #expect(bench.output.contains("  " + row), "\(bench.output)")
    }
}

/// A hang is reported at the first case that hung: an
/// engine that never answers at any size still fails, at case 0.
@Test func anEngineThatNeverAnswersFailsAtCaseZero() async throws {
    let directory = try temporaryDirectory()
    // The probe waits 10 s idle for its start-up, and so does each worker's fresh process: then it is blocked, a hang.
    let run = try await diffcheck(["fuzz", "--engine-cmd", "read l; exec sleep 1000", "--timeout", "1", "--time", "60", "--jobs", "2",
                                   "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    // The worker's deadline makes room for the start-up's allowance: the engine's idle clock decides (10 s
    // on a fresh engine's first request, 1 s once its allowance is spent).
    #expect(run.output.contains("FAIL case 0: no-crash: engine did not answer within ")
            && run.output.contains(" s idle on a request of "), "\(run.output)")
    #expect(run.output.contains("the engine hung on case 0"), "\(run.output)")
}

/// With stdout and stderr in one file, a progress line never lands
/// inside what was printed before it (stdout is flushed first): the corpus
/// part's line comes before the random part's first progress line.
@Test func progressLinesComeAfterWhatWasPrintedBeforeThem() async throws {
    let directory = try temporaryDirectory()
    let all = directory.appendingPathComponent("all.txt").path
    let command = "exec '\(executable.path)' check --engine mutant:last-wins --no-exhaustive --cases 100000000 --time 11 --jobs 1 "
        + "--findings '\(directory.appendingPathComponent("findings").path)' > '\(all)' 2>&1"
    _ = try await awaitedCommands.withTurn {
        try await onAThreadOfItsOwn { try RunningCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory).finish() }
    }
    let lines = try String(contentsOfFile: all, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let progress = try #require(lines.firstIndex { $0.hasPrefix("cases ") && $0.contains("/s  failures") }, "\(lines)")
    let corpus = try #require(lines.firstIndex { $0.hasPrefix("corpus: ") }, "\(lines)")
    #expect(corpus < progress, "a progress line came before the corpus part's line: \(lines.prefix(40))")
    for line in lines where line.contains("/s  failures") { #expect(line.hasPrefix("cases "), "a progress line inside another: \(line)") }
}

/// The checkEngine article's engine is the standard library's diff
/// (`difference(from:).inferringMoves()`, O(N·D): its time grows with what
/// changed), served; so is `diffcheck worker --serve --engine stdlib`. Past
/// a short --timeout on long, much changed cases it is slow, never wrong:
/// check passes and names the slow cases.
@Test func theStandardLibrarysDiffServedPassesCheckWithItsSlowCasesNamed() throws {
    let directory = try temporaryDirectory()
    let served = "'\(executable.path)' worker --serve --engine stdlib"
    let run = try diffcheck(["check", "--engine-cmd", served, "--no-exhaustive", "--size", "thousands", "--cases", "6",
                             "--timeout", "0.2", "--hang-timeout", "300", "--findings", "findings"], in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains(", 0 failures") && run.output.contains("check: everything holds"), "\(run.output)")
    #expect(run.output.contains(" slow case"), "\(run.output)")
    #expect(!run.output.contains("not judged"), "\(run.output)")
}

/// A hang is saved like any finding: a trap found first does not hide it
/// (one counterexample per property, and a property's hangs apart).
@Test func aHangAfterATrapIsSavedToo() async throws {
    let directory = try workspace(["engine.py": """
        import json, sys, time
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            items = sum(len(s["items"]) for s in old)
            if items == 3:
                sys.exit(3)
            if items >= 1000:
                time.sleep(1000)
            print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
        """])
    let run = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "60", "--timeout", "1",
                                   "--hang-timeout", "3", "--findings", "findings"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL case ") && $0.contains(": no-crash: ") }
    #expect(failures.count == 2, "\(run.output)")
    #expect(failures.contains { $0.contains("did not answer within") } && failures.contains { !$0.contains("did not answer within") },
            "\(failures)")
    let saved = run.output.split(separator: "\n").filter { $0.hasPrefix("  saved: findings/") }
    #expect(saved.count == 2, "\(run.output)")
    for line in saved {
        let path = String(line.dropFirst("  saved: ".count).split(separator: " ")[0])
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path)")
    }
}

/// Forgetting --flat for a flat-only engine: every failure is on a
/// sectioned case the engine answered without a section operation, and the
/// report says that the engine may be flat-only and how to declare it.
@Test func aFlatOnlyEngineCheckedWithoutFlatGetsTheHint() throws {
    let directory = try workspace(["engine.py": """
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            a = len(old[0]["items"]) if old else 0
            b = len(new[0]["items"]) if new else 0
            print(json.dumps({"stages": [{"deleteItems": [[0, i] for i in range(a)], "insertItems": [[0, i] for i in range(b)]}]}), flush=True)
        """])
    let hint = "every failure is on a sectioned case, and the engine answered each with no section operation: "
        + "if it handles one section only, declare it flat-only with --flat"
    let run = try diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "300", "--findings", "findings"],
                            in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains(hint), "\(run.output)")
    let flat = try diffcheck(["check", "--engine-cmd", "python3 engine.py", "--flat", "--no-exhaustive", "--cases", "300",
                              "--findings", "flat-findings"], in: directory)
    #expect(flat.status == 0 && !flat.output.contains(hint), "\(flat.output)\(flat.errors)")
}

/// An engine that declares it claims nothing
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

/// Issue 51, point 1: an engine that dies of SIGSEGV on every 11th request
/// it reads passed `check` (exit 0, "everything holds"): each crash was
/// asked again alone of a fresh process, answered there, and was dropped.
/// A crash that does not come back alone is still a `no-crash` failure.
@Test func aCrashThatDependsOnTheProcessHistoryFailsCheck() async throws {
    let directory = try temporaryDirectory()
    let engine = try pythonEngine(rightAnswerPython + """

        import json, os, signal, sys
        for n, line in enumerate(sys.stdin):
            if n % 11 == 10:
                os.kill(os.getpid(), signal.SIGSEGV)
            print(json.dumps(right(json.loads(line))), flush=True)
        """, in: directory)
    let run = try await diffcheck(["check", "--engine-cmd", engine, "--no-exhaustive", "--cases", "200", "--findings", "findings"],
                                  in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains("no-crash: engine process was killed by signal 11, SIGSEGV")
            && run.output.contains("a crash that depends on what the process was asked before"), "\(run.output)")
    #expect(!run.output.contains("everything holds"), "\(run.output)")
}

/// Issue 49: `--rss-limit-mb` stops an engine whose processes hold more
/// memory than it, and the case is not judged, its memory named (exit 4,
/// never a no-crash failure); the command that judges it alone keeps the limit.
@Test func anEnginePastTheMemoryLimitIsNotJudgedAndExitsFour() async throws {
    let directory = try workspace(["engine.py": memoryHungryEngine])
    let run = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "60",
                                   "--rss-limit-mb", "100", "--findings", "findings"], in: directory)
    #expect(run.status == 4, "\(run.output)\(run.errors)")
    #expect(run.output.contains("2 cases not judged (a limit, not a failure): the first, case 48: the engine's processes held ")
            && run.output.contains(" of resident memory on a request of 13459 items and 1063 changes, past its limit of 100 MB "
                                   + "(--rss-limit-mb): stopped, and the case not judged (the engine's memory, not a crash)"), "\(run.output)")
    #expect(run.output.contains(" case --case 48 --engine-cmd 'python3 engine.py' --rss-limit-mb 100 --output case-48.case && "), "\(run.output)")
    #expect(!run.output.contains("FAIL") && !run.output.contains("no-crash"), "\(run.output)")
    let zero = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--rss-limit-mb", "0"], in: directory)
    #expect(zero.status == 2 && zero.errors.contains("--rss-limit-mb"), "\(zero.errors)")
    // A limit past what bytes can count is no limit, not a trap.
    let huge = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--no-exhaustive", "--cases", "5",
                                    "--rss-limit-mb", String(Int.max), "--findings", "findings"], in: directory)
    #expect(huge.status == 0, "\(huge.output)\(huge.errors)")
}

/// A correct flat engine that burns `startup` seconds of CPU as it starts
/// and 0.3 s on a request of `items` items or more (old and new together).
private func cpuBoundEngine(startup: Double, burnsFrom items: Int) -> String {
    """
    import json, sys
    \(pythonBurn)
    burn(\(startup))
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        if sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new) >= \(items):
            burn(0.3)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """
}

/// Issue 49: `--max-cpu-per-case` is an opt-in property, `max-cpu`, judged
/// by the engine's CPU beside four busy loops: a case past it fails and is
/// shrunk to the smallest still over it (10 items: no fewer, or the verdict
/// would be false), its reproduce line keeps the limit, and the case passes
/// without it. The engine's start-up CPU counts in no case.
@Test func anEnginePastTheCPULimitFailsMaxCPUShrunkUnderLoad() async throws {
    let directory = try workspace(["engine.py": cpuBoundEngine(startup: 0, burnsFrom: 10),
                                   "starts-slowly.py": cpuBoundEngine(startup: 0.5, burnsFrom: 1_000_000)])
    let run = try await withBusyLoops(4) {
        try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--flat", "--no-exhaustive", "--cases", "12",
                             "--max-size", "10", "--max-cpu-per-case", "0.1", "--findings", "findings"], in: directory)
    }
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.output.contains("FAIL case 10: max-cpu: the engine used more than its CPU limit of 0.1 s (--max-cpu-per-case) "
                                + "on a request of 10 items: stopped after "), "\(run.output)")
    #expect(!run.output.contains("no-crash") && !run.output.contains("declare it flat-only"), "\(run.output)")
    let reproduce = try #require(run.output.split(separator: "\n").first { $0.contains("reproduce: ") }, "\(run.output)")
    #expect(reproduce.contains("--max-cpu-per-case 0.1"), "\(reproduce)")
    let saved = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("findings").path)
        .first { $0.hasSuffix(".case") })
    let path = "findings/" + saved
    let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    #expect(text.contains("finding: max-cpu: "), "\(text)")
    // Shrunk from 18 items toward 10, the fewest the engine is slow on (under load the shrink may stop early).
    let items = text.split(separator: "\n").filter { $0.hasPrefix("old: ") || $0.hasPrefix("new: ") }
        .reduce(0) { $0 + $1.split(separator: " ").count - 1 }
    #expect(items >= 10 && items < 18, "\(text)")
    let again = try await diffcheck(["repro", path, "--engine-cmd", "python3 engine.py", "--flat", "--max-cpu-per-case", "0.1"],
                                    in: directory)
    #expect(again.status == 1 && again.output.contains("max-cpu: FAILS: the engine used more than its CPU limit"), "\(again.output)")
    let unlimited = try await diffcheck(["repro", path, "--engine-cmd", "python3 engine.py", "--flat"], in: directory)
    #expect(unlimited.status == 0, "\(unlimited.output)")
    // Half a second of CPU at start-up, under a limit of a tenth: the start-up is the trivial request's.
    let startsSlowly = try await withBusyLoops(4) {
        try await diffcheck(["check", "--engine-cmd", "python3 starts-slowly.py", "--flat", "--no-exhaustive", "--cases", "12",
                             "--max-size", "40", "--max-cpu-per-case", "0.1", "--findings", "findings-2"], in: directory)
    }
    #expect(startsSlowly.status == 0 && startsSlowly.output.contains("everything holds"), "\(startsSlowly.output)\(startsSlowly.errors)")
    let tooSmall = try await diffcheck(["check", "--engine-cmd", "python3 engine.py", "--max-cpu-per-case", "0.05"], in: directory)
    #expect(tooSmall.status == 2 && tooSmall.errors.contains("--max-cpu-per-case takes at least 0.1 seconds of CPU"), "\(tooSmall.errors)")
}

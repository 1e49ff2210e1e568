import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel
import TestSupport

// ExternalEngine against small Python engines written to a temporary
// directory: a correct one, and ones that hang, babble, quit, refuse, or
// answer in several stages.

/// A Python engine script in a fresh temporary directory.
struct EngineScript {
    let directory: URL
    let path: String

    init(_ source: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffcheck-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("engine.py").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
    }

    var command: String { "python3 -u '\(path)'" }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Deletes every old section and inserts every new one: always correct.
let reloadAll = """
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}))
    """

private let old = Snapshot(sections: [
    Section(id: "A", items: [Item(id: "a"), Item(id: "b", content: 1)]),
    Section(id: "B", content: 2),
])
private let new = Snapshot(sections: [Section(id: "B", items: [Item(id: "c")])])

/// The state letter of `pid` (`R`, `S`, `Z`...), or nil when there is no
/// such process (a table that cannot be read fails the test).
private func processState(_ pid: Int32) -> String? {
    do { return try ProcessTable.state(of: pid) } catch {
        Issue.record("\(error)")
        return "?"
    }
}

private func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

@Suite struct ExternalEngineTests {
    @Test func readsACorrectReloadAllAnswer() throws {
        let script = try EngineScript(reloadAll)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: new) == .output(.stages([
            Stage(batch: Batch([.deleteSection(0), .deleteSection(1), .insertSection(0)])),
        ])))
        // The same process answers the next request.
        #expect(engine.diff(old: Snapshot(), new: new) == .stages([Stage(batch: Batch([.insertSection(0)]))]))
        #expect(engine.claims == [.valid, .reachesTarget, .fresh, .deterministic, .noCrash])
    }

    @Test func closeEndsTheProcess() throws {
        let script = try EngineScript("import os, sys\nopen(sys.argv[1], 'w').write(str(os.getpid()))\n" + reloadAll)
        defer { script.remove() }
        let pidFile = script.file("pid")
        let engine = ExternalEngine(command: "exec \(script.command) '\(pidFile)'", timeout: 5)
        // Started lazily, by the first request.
        #expect(engine.run(old: old, new: old) == .output(.stages([
            Stage(batch: Batch([.deleteSection(0), .deleteSection(1), .insertSection(0), .insertSection(1)])),
        ])))
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8)))
        #expect(processState(pid) != nil)
        engine.close()
        #expect(processState(pid) == nil) // killed and reaped by us
        #expect(engine.run(old: Snapshot(), new: Snapshot()) == .output(.stages([Stage(batch: Batch())])))
        engine.close()
    }

    @Test func sendsTheSnapshotsAsJSON() throws {
        // The engine echoes the request back as the reason of a refusal.
        let script = try EngineScript("""
            import json, sys
            for line in sys.stdin:
                print(json.dumps({"error": json.dumps(json.loads(line), sort_keys=True)}))
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        let answer = engine.run(old: .flat([Item(id: "q\"uote", content: 1)]), new: Snapshot())
        #expect(answer == .output(.refusal(#"{"new": [], "old": [{"content": 0, "id": "_", "items": [{"content": 1, "id": "q\"uote"}]}]}"#)))
    }

    @Test func timesOutOnAnEngineThatHangsAndKillsItsProcessGroup() throws {
        let script = try EngineScript("")
        defer { script.remove() }
        let pidFile = script.file("pid")
        // A shell that runs the engine (sleep) as its child, not exec'd: the
        // kill must reach it too. The shell and sleep start in milliseconds,
        // far less than the timeout even under load (python can take 2 s).
        let engine = ExternalEngine(command: "read line; sleep 1000 & echo $! > '\(pidFile)'; wait; exit 0", timeout: 2)
        defer { engine.close() }
        let start = DispatchTime.now()
        // Idle with the request unanswered past the start-up's idle allowance (its first request): blocked, a hang.
        #expect(engine.run(old: old, new: new).output.isHang)
        #expect(seconds(since: start) < EngineProcess.startupIdleSeconds + 2 + 5)
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed: soon gone, or a zombie waiting for a parent that is not us.
        var state = processState(pid)
        for _ in 0..<500 where state != nil && state != "Z" {
            usleep(10_000)
            state = processState(pid)
        }
        #expect(state == nil || state == "Z", "the engine (pid \(pid)) is still running: state \(state ?? "")")
        // Asked again, it hangs again, by the same clock.
        guard case .failure(let again) = engine.diff(old: old, new: new) else { Issue.record("answered"); return }
        #expect(again.isHang && again.reason.hasPrefix("engine did not answer within 2 s idle on a request of 3 items"), "\(again)")
    }

    /// A large case is not a hang: its time grows with its items past
    /// 20,000, so an engine that answers after a second of CPU is in time
    /// for 100,000 items and too late for a small case, with --timeout 0.5.
    @Test func aLargeCaseGetsMoreTimeThanASmallOne() {
        #expect(ExternalEngine.allowedSeconds(10, items: 100) == 10)
        #expect(ExternalEngine.allowedSeconds(10, items: 2_000_000) > 10 + 90)
        let large = Snapshot.flat((0..<50_000).map { Item(id: "item\($0)") })
        let answer = #"{"stages": [{"deleteSections": [0], "insertSections": [0]}]}"#
        // Python reads the 2 MB line in blocks (the shell's `read` takes a syscall a byte: seconds on a loaded machine).
        let command = "python3 -c 'import sys, time\nwhile sys.stdin.readline():\n    end = time.process_time() + 1\n    while time.process_time() < end: pass\n    print(sys.argv[1], flush=True)' '\(answer)'"
        let slow = ExternalEngine(command: command, timeout: 0.5)
        defer { slow.close() }
        guard case .output(.stages(let stages)) = slow.run(old: large, new: large) else {
            Issue.record("a 100,000-item case was taken for a hang")
            return
        }
        #expect(stages.count == 1)
        #expect(slow.run(old: old, new: new).output.isHang)
    }

    /// Sections count as items do: a case of 100,000 empty sections (and no
    /// item) is as long to send and answer as one of 100,000 items, and gets
    /// the same extra time; an engine that answers after a second of CPU is in time
    /// for it with --timeout 0.5.
    @Test func aCaseOfManyEmptySectionsGetsMoreTimeThanASmallOne() {
        #expect(ExternalEngine.elements((Snapshot(sections: (0..<7).map { Section(id: "s\($0)") }), Snapshot())) == 7)
        let large = Snapshot(sections: (0..<50_000).map { Section(id: "s\($0)") })
        let answer = #"{"stages": [{"deleteSections": [0], "insertSections": [0]}]}"#
        let command = "python3 -c 'import sys, time\nwhile sys.stdin.readline():\n    end = time.process_time() + 1\n    while time.process_time() < end: pass\n    print(sys.argv[1], flush=True)' '\(answer)'"
        let slow = ExternalEngine(command: command, timeout: 0.5)
        defer { slow.close() }
        guard case .output(.stages(let stages)) = slow.run(old: large, new: large) else {
            Issue.record("a case of 100,000 empty sections was taken for a hang")
            return
        }
        #expect(stages.count == 1)
    }

    /// A request far larger than a pipe holds, to an engine that never reads
    /// it: the write must not block, and an engine that leaves the pipe full
    /// while it sits idle is blocked (a hang by the idle clock).
    @Test func timesOutWhileWritingToAnEngineThatDoesNotRead() {
        // 30,000 items a side: about 900 KB, far more than a pipe holds. Past
        // 20,000 items in all the time grows: 0.5 s + 40,000 × 50 µs = 2.5 s.
        let large = Snapshot.flat((0..<30_000).map { Item(id: "item\($0)") })
        let engine = ExternalEngine(command: "sleep 1000", timeout: 0.5, hangTimeout: 1)
        defer { engine.close() }
        let start = DispatchTime.now()
        guard case .failed(let hang) = engine.run(old: large, new: large) else { Issue.record("answered"); return }
        #expect(hang.isHang && hang.reason.hasPrefix("engine did not answer within 10 s idle on a request of 60000 items"), "\(hang)")
        // Idle for 10 s (a first request: the start-up's allowance) once the pipe was full: the backstop is far.
        #expect(seconds(since: start) < 20)
    }

    /// Writing to an engine that has exited must not kill us with SIGPIPE.
    @Test func survivesWritingToAnEngineThatExited() {
        let large = Snapshot.flat((0..<100_000).map { Item(id: "item\($0)") })
        let engine = ExternalEngine(command: "exit 3", timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: large, new: large) == .failed(EngineFailure("engine process exited with status 3")))
    }

    @Test func reportsGarbage() throws {
        let script = try EngineScript("""
            import sys
            for line in sys.stdin:
                print("Traceback (most recent call last): " + "x" * 300)
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        guard case .failed(let failure) = engine.run(old: old, new: new) else {
            Issue.record("garbage must fail")
            return
        }
        let start = "Traceback (most recent call last): "
        #expect(failure.reason == "engine answered garbage at line 1, column 1: " + start + String(repeating: "x", count: 200 - start.count) + "…")
    }

    @Test func restartsAnEngineThatQuitAfterItsFirstAnswer() throws {
        let script = try EngineScript("""
            import json, os, sys
            open(sys.argv[1], "a").write("started\\n")
            sys.stdin.readline()
            print(json.dumps({"stages": [{}]}))
            """)
        defer { script.remove() }
        let startsFile = script.file("starts")
        let engine = ExternalEngine(command: "\(script.command) '\(startsFile)'", timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: old) == .output(.stages([Stage(batch: Batch())])))
        #expect(engine.run(old: old, new: old) == .output(.stages([Stage(batch: Batch())])))
        let starts = try String(contentsOfFile: startsFile, encoding: .utf8)
        #expect(starts == "started\nstarted\n")
    }

    /// Issue 51, point 1: a crash that depends on the process's history
    /// (here: every third request it reads, by a signal or a nonzero exit)
    /// passes when its request is asked again alone of a fresh process, and
    /// is still that request's failure, never dropped; an engine that
    /// quits with status 0 between requests is restarted (its own choice).
    @Test(arguments: ["os.kill(os.getpid(), signal.SIGSEGV)", "sys.exit(3)"])
    func aCrashThatDependsOnTheProcessHistoryFailsItsRequest(_ crash: String) throws {
        let script = try EngineScript("""
            import json, os, signal, sys
            for n, line in enumerate(sys.stdin):
                if n == 2:
                    \(crash)
                request = json.loads(line)
                print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                              "insertSections": list(range(len(request["new"])))}]}), flush=True)
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 10)
        defer { engine.close() }
        let answers = (0..<4).map { _ in engine.run(old: old, new: new) }
        #expect(answers.filter { !$0.output.isFailure }.count == 3, "\(answers)")
        guard case .failed(let crashed) = answers[2] else { Issue.record("request 2 answered: \(answers)"); return }
        #expect(!crashed.isHang && crashed.reason.hasPrefix("engine process "), "\(crashed)")
        #expect(crashed.reason.contains("after answering 2 requests since it started; this one answered when asked again "
                                        + "alone of a fresh process: a crash that depends on what the process was asked before"),
                "\(crashed)")
        // Pipelined, of a fresh engine, the same: the request the process owed when it died fails.
        let pipelined = ExternalEngine(command: script.command, timeout: 10)
        defer { pipelined.close() }
        let flown = pipelined.run(pairs: Array(repeating: (old, new), count: 6))
        #expect(flown.map(\.output.isFailure) == [false, false, true, false, false, false], "\(flown)")
    }

    @Test func failsAnEngineThatExitsWithoutAnswering() throws {
        let engine = ExternalEngine(command: "read line; exit 3", timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: new) == .failed(EngineFailure("engine process exited with status 3")))
        // Restarted for the next request, which fails the same way.
        #expect(engine.run(old: old, new: new) == .failed(EngineFailure("engine process exited with status 3")))
        let missing = ExternalEngine(command: "no-such-engine-command-xyz 2>/dev/null", timeout: 5)
        #expect(missing.run(old: old, new: new) == .failed(EngineFailure("engine process exited with status 127")))
    }

    @Test func passesARefusalOn() throws {
        let script = try EngineScript("""
            import json, sys
            for line in sys.stdin:
                print(json.dumps({"error": "duplicated identifiers"}))
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: new) == .output(.refusal("duplicated identifiers")))
        #expect(engine.diff(old: old, new: new) == .refusal("duplicated identifiers"))
    }

    @Test func readsAMultiStageAnswerWithData() throws {
        let script = try EngineScript("""
            import json, sys
            for line in sys.stdin:
                print(json.dumps({"stages": [
                    {"deleteItems": [[0, 1]], "reloadSections": [1],
                     "data": [{"id": "A", "items": [{"id": "a"}]}, {"id": "B", "content": 2, "items": []}]},
                    {"moveSections": [[1, 0]], "moveItems": [[[0, 0], [1, 0]]], "insertItems": [[0, 0]]},
                ]}))
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: new) == .output(.stages([
            Stage(batch: Batch([.reloadSection(1), .deleteItem(ItemPath(0, 1))]),
                  data: Snapshot(sections: [Section(id: "A", items: [Item(id: "a")]), Section(id: "B", content: 2)])),
            Stage(batch: Batch([.moveSection(from: 1, to: 0), .insertItem(ItemPath(0, 0)), .moveItem(from: ItemPath(0, 0), to: ItemPath(1, 0))])),
        ])))
    }

    @Test func reportsAnAnswerOfTheWrongShape() throws {
        let script = try EngineScript("""
            import sys
            answers = ['{"verdict": 1}', '{"stages": [{"deleteItems": [[0, -1]]}]}', '[1, 2]']
            for n, line in enumerate(sys.stdin):
                print(answers[n % 3])
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        #expect(engine.run(old: old, new: new) == .failed(EngineFailure("engine answer has no \"stages\" or \"error\" key: {\"verdict\": 1}")))
        // Each failure restarts the engine, so each answer is its first.
        #expect(engine.diff(old: old, new: new) == .failure(EngineFailure("engine answer has no \"stages\" or \"error\" key: {\"verdict\": 1}")))
        engine.close()
        #expect(engine.run(old: old, new: new) == .failed(EngineFailure("engine answer has no \"stages\" or \"error\" key: {\"verdict\": 1}")))
    }

    /// A refusal or a failure of megabytes keeps its first characters and
    /// says how long it was: nothing diffcheck does with it afterwards (a
    /// report, a saved case, a worker's message) grows with what the engine wrote.
    @Test func anEnginesLongTextIsKeptBounded() throws {
        let script = try EngineScript("""
            import json, sys
            for n, line in enumerate(sys.stdin):
                text = "why " + "x" * 4_000_000
                print(json.dumps({"error": text} if n % 2 == 0 else {"failure": text}), flush=True)
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        let cut = "why " + String(repeating: "x", count: EngineText.limit - 4)
            + "… (the engine's text is 4000004 bytes; the first \(EngineText.limit) characters are kept)"
        #expect(engine.run(old: old, new: new) == .output(.refusal(cut)))
        #expect(engine.run(old: old, new: new) == .output(.failure(EngineFailure(cut))))
        // A short text is kept whole.
        #expect(EngineText.bounded("duplicate identities") == "duplicate identities")
        #expect(EngineText.bounded(String(repeating: "é", count: EngineText.limit)) == String(repeating: "é", count: EngineText.limit))
    }

    /// A captured engine's last words end the failure reason; an uncaptured
    /// one's pass through (and the reason is the exit alone).
    @Test func aCapturedEngineSaysWhyItDied() {
        let dying = "echo 'warming up' >&2; echo 'main.swift:3: Fatal error: out of range' >&2; echo '  0 frame' >&2; kill -ILL $$"
        let captured = ExternalEngine(command: dying, timeout: 5, capturesErrors: true)
        defer { captured.close() }
        guard case .failed(let reason) = captured.run(old: Snapshot(), new: Snapshot()) else {
            Issue.record("a dying engine answered")
            return
        }
        #expect(reason.reason == "engine process was killed by signal 4, SIGILL: a Swift runtime trap (fatalError, precondition, "
                + "force-unwrap of nil, array index out of range): main.swift:3: Fatal error: out of range")
        let quiet = ExternalEngine(command: "exit 3", timeout: 5, capturesErrors: true)
        defer { quiet.close() }
        #expect(quiet.run(old: Snapshot(), new: Snapshot()) == .failed(EngineFailure("engine process exited with status 3")))
    }

    @Test func theExplanatoryLineIsTheFatalErrorElseTheLastLine() {
        #expect(explanatoryLine(Array("a\nx: Fatal error: boom\n 0 frame\n 1 frame\n".utf8)) == "x: Fatal error: boom")
        #expect(explanatoryLine(Array("starting\nerror: no such file\nbye\n".utf8)) == "error: no such file")
        #expect(explanatoryLine(Array("one\ntwo\n\n".utf8)) == "two")
        #expect(explanatoryLine([]) == nil)
        #expect(explanatoryLine(Array(String(repeating: "e", count: 400).utf8))?.count == 301)
    }

    /// A captured engine that writes far more than a pipe holds to stderr
    /// still answers: its stderr is drained while we wait for the answer.
    @Test func aChattyCapturedEngineDoesNotBlock() {
        let chatty = "head -c 300000 /dev/zero | tr '\\0' x >&2; echo >&2; read line; echo '{\"stages\": []}'"
        let engine = ExternalEngine(command: chatty, timeout: 5, capturesErrors: true)
        defer { engine.close() }
        #expect(engine.run(old: Snapshot(), new: Snapshot()) == .output(.stages([])))
    }
}

/// Issue 51: an engine started without a shell (`exec`) that closes its
/// standard output after five answers and lives on broke the protocol. Its
/// request is asked again alone of a fresh process, which answers it; the
/// request still fails, for what the process did, never dropped.
@Test func anExecdEngineThatClosesItsOutputAndLivesOnFailsItsRequest() throws {
    let script = try EngineScript("""
        import json, os, sys, time
        for n, line in enumerate(sys.stdin):
            request = json.loads(line)
            if n == 5:
                sys.stdout.close()
                os.close(1)
                time.sleep(600)
            print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                          "insertSections": list(range(len(request["new"])))}]}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: "exec " + script.command, timeout: 10)
    defer { engine.close() }
    let pair = (old: Snapshot(sections: [Section(id: "A")]), new: Snapshot(sections: [Section(id: "B")]))
    let answers = (0..<7).map { _ in engine.run(old: pair.old, new: pair.new) }
    #expect(answers.map(\.output.isFailure) == [false, false, false, false, false, true, false], "\(answers)")
    guard case .failed(let failure) = answers[5] else { return }
    #expect(failure.reason.hasPrefix("engine process closed its standard output with a request unanswered and did not exit: "
                                     + "it broke the protocol"), "\(failure)")
    #expect(failure.reason.contains("after answering 5 requests since it started") && !failure.isHang, "\(failure)")
}

import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel

// ExternalEngine.run(pairs:) keeps many requests in flight: it must answer
// exactly as one request at a time would, and pin a crash, a hang or
// garbage on the request that caused it.

/// Refuses every request, echoing the first item's id of its old snapshot
/// (so an answer names its request), and dies on the ids that say so:
/// `exit` exits, `hang` sleeps, `junk` answers garbage.
private let echo = """
    import json, sys, time
    for line in sys.stdin:
        old = json.loads(line)["old"]
        name = old[0]["items"][0]["id"] if old and old[0]["items"] else ""
        if name == "exit": sys.exit(3)
        if name == "hang": time.sleep(1000)
        if name == "junk": print("junk"); continue
        print(json.dumps({"error": name}))
    """

/// A flat pair whose old snapshot starts with the item `name`.
private func echoPair(_ name: String) -> (old: Snapshot, new: Snapshot) {
    (Snapshot.flat([Item(id: name), Item(id: "x")]), Snapshot.flat([Item(id: "x")]))
}

private func names(_ count: Int) -> [String] { (0..<count).map { "r\($0)" } }

@Suite struct ExternalEnginePipelineTests {
    @Test func answersInRequestOrderWithManyInFlight() throws {
        let script = try EngineScript(echo)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        let all = names(500)
        #expect(engine.run(pairs: all.map(echoPair)) == all.map { .output(.refusal($0)) })
        // The same process goes on answering, one at a time and in flight.
        #expect(engine.run(old: echoPair("one").old, new: echoPair("one").new) == .output(.refusal("one")))
        #expect(engine.diff(pairs: [echoPair("a"), echoPair("b")]) == [.refusal("a"), .refusal("b")])
        #expect(engine.run(pairs: []) == [])
    }

    @Test func aCrashMidFlightFailsTheRequestThatCausedItAndNoOther() throws {
        let script = try EngineScript(echo)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        var all = names(200)
        all[70] = "exit"
        all[71] = "exit"
        all[150] = "exit"
        let expected: [ExternalAnswer] = all.map {
            $0 == "exit" ? .failed(EngineFailure("engine process exited with status 3")) : .output(.refusal($0))
        }
        #expect(engine.run(pairs: all.map(echoPair)) == expected)
        // One at a time, the same answers.
        #expect(all.map { engine.run(old: echoPair($0).old, new: echoPair($0).new) } == expected)
    }

    /// An engine that reads every request it can before answering any, and
    /// dies on seeing `exit`: the requests before it were not its cause.
    @Test func anEngineThatReadsAheadAndDiesIsPinnedOnTheRightRequest() throws {
        let script = try EngineScript("""
            import json, os, sys
            pending = b""
            while True:
                chunk = os.read(0, 65536)
                if not chunk: break
                pending += chunk
                *lines, pending = pending.split(b"\\n")
                names = []
                for line in lines:
                    old = json.loads(line)["old"]
                    names.append(old[0]["items"][0]["id"])
                if "exit" in names: sys.exit(3)
                for name in names:
                    os.write(1, (json.dumps({"error": name}) + "\\n").encode())
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        var all = names(150)
        all[60] = "exit"
        let answers = engine.run(pairs: all.map(echoPair))
        #expect(answers.count == all.count)
        for (n, answer) in answers.enumerated() {
            let expected: ExternalAnswer = n == 60 ? .failed(EngineFailure("engine process exited with status 3")) : .output(.refusal(all[n]))
            #expect(answer == expected, "request \(n)")
        }
    }

    @Test func garbageMidFlightFailsThatRequestAndTheRestGoToAFreshProcess() throws {
        let script = try EngineScript(echo)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        var all = names(100)
        all[30] = "junk"
        let answers = engine.run(pairs: all.map(echoPair))
        #expect(answers[30] == .failed(EngineFailure("engine answered garbage at line 1, column 1: junk")))
        #expect(Array(answers[..<30]) == all[..<30].map { .output(.refusal($0)) })
        #expect(Array(answers[31...]) == all[31...].map { .output(.refusal($0)) })
    }

    /// A hang (idle, by the idle clock) costs its request the timeout, once; the requests around it are answered.
    @Test func aHangMidFlightFailsThatRequestOnly() throws {
        let script = try EngineScript(echo)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        var all = names(40)
        all[10] = "hang"
        let answers = engine.run(pairs: all.map(echoPair))
        guard case .failed(let hang) = answers[10] else { Issue.record("answered: \(answers[10])"); return }
        #expect(hang.isHang && hang.reason.hasPrefix("engine did not answer within 5 s idle on a request of 3 items"), "\(hang)")
        #expect(answers.enumerated().filter { $0.offset != 10 }.map(\.element) == all.filter { $0 != "hang" }.map { .output(.refusal($0)) })
    }

    /// `until` ends the flight: no later request is answered, and none left
    /// in the pipe is taken for the answer to the next call.
    @Test func stopsAtTheAnswerUntilAccepts() throws {
        let script = try EngineScript(echo)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        let all = names(300)
        let answers = engine.run(pairs: all.map(echoPair), until: { n, _ in n == 5 })
        #expect(answers == all[...5].map { .output(.refusal($0)) })
        #expect(engine.run(pairs: [echoPair("next"), echoPair("after")]) == [.output(.refusal("next")), .output(.refusal("after"))])
        var hanging = names(20)
        hanging[3] = "hang"
        let short = ExternalEngine(command: script.command, timeout: 5)
        defer { short.close() }
        let outputs = short.diff(pairs: hanging.map(echoPair), until: { _, output in output.isHang })
        #expect(Array(outputs.prefix(3)) == hanging[..<3].map { .refusal($0) } && outputs.count == 4)
        #expect(outputs.last?.isHang == true, "\(outputs)")
    }

    /// An engine that answers with lines far longer than a pipe holds while
    /// requests far longer than a pipe holds are still being written: both
    /// pipes full at once must not deadlock.
    @Test func bothPipesFullDoesNotDeadlock() throws {
        let script = try EngineScript("""
            import json, sys
            for line in sys.stdin:
                print(json.dumps({"error": "x" * 300000}))
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 60)
        defer { engine.close() }
        let large = Snapshot.flat((0..<5_000).map { Item(id: "item\($0)") })
        let answers = engine.run(pairs: Array(repeating: (large, large), count: 40))
        // Each refusal read whole, and kept to its first characters (EngineText).
        #expect(answers == Array(repeating: .output(.refusal(EngineText.bounded(String(repeating: "x", count: 300_000)))), count: 40))
    }

    /// An engine that quits after every third answer is restarted without a failure.
    @Test func anEngineThatQuitsBetweenRequestsIsRestartedMidFlight() throws {
        let script = try EngineScript("""
            import json, sys
            for n in range(3):
                line = sys.stdin.readline()
                old = json.loads(line)["old"]
                print(json.dumps({"error": old[0]["items"][0]["id"]}), flush=True)
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        let all = names(10)
        #expect(engine.run(pairs: all.map(echoPair)) == all.map { .output(.refusal($0)) })
    }
}

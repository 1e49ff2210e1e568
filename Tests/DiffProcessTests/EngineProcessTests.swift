// EngineProcess: a flight of requests to one engine process. An answer
// line that comes before the request it would answer was sent is the
// engine's protocol error, never a trap of diffcheck's.
import Foundation
import Testing
import TestSupport
@testable import DiffHarness
@testable import DiffProcess
import ListModel

/// A one-section pair whose old snapshot holds `items` items, the first `n`.
private func pair(_ n: Int, items: Int = 1) -> (old: Snapshot, new: Snapshot) {
    (Snapshot(sections: [Section(id: "s", items: (0..<items).map { Item(id: "i\(n + $0)") })]), Snapshot(sections: []))
}

/// Issue 43, point 1: an engine that prints each answer twice answers,
/// after a while, requests it has not been sent yet: with requests of
/// 40 kB, two are queued at a time, and the second copy of the first
/// answer stands for a request that is not. The flight stops there with
/// the engine's protocol error (it used to index past the requests
/// queued, and trap diffcheck's own worker).
@Test func anEngineThatAnswersTwiceBreaksTheProtocolAndDiffcheckDoesNotTrap() throws {
    let script = try EngineScript(answersTwiceEngine)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 10)
    defer { engine.close() }
    let answers = engine.run(pairs: (0..<20).map { pair($0, items: 4_000) })
    #expect(answers.count == 20)
    let failures = answers.compactMap { answer -> EngineFailure? in
        if case .failed(let failure) = answer { return failure }
        return nil
    }
    #expect(!failures.isEmpty, "every answer taken: \(answers.prefix(3))")
    for failure in failures {
        #expect(failure.reason == EngineProcess.unaskedAnswer, "\(failure.reason)")
        #expect(failure.reason.contains("printed an answer nobody asked for"))
        #expect(!failure.isHang && !failure.isTooSlow)
    }
}

/// Issue 43, point 1: asked one request at a time, the second copy of an
/// answer is waiting when the next request goes out: it came before that
/// request was sent, and is refused the same way; a fresh process then
/// answers the request after it.
@Test func aLeftOverAnswerIsNoAnswerToTheNextRequest() throws {
    let script = try EngineScript(answersTwiceEngine)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 10)
    defer { engine.close() }
    #expect(!engine.run(old: pair(0).old, new: pair(0).new).output.isFailure)
    // The engine's second line is surely written by the time the next request goes out.
    Thread.sleep(forTimeInterval: 0.3)
    #expect(engine.run(old: pair(1).old, new: pair(1).new) == .failed(EngineFailure(EngineProcess.unaskedAnswer)))
    #expect(!engine.run(old: pair(2).old, new: pair(2).new).output.isFailure)
}

/// Prints each answer twice, the second copy in two writes half a second
/// apart: when the next request goes out, only the start of that copy is
/// there.
private let answersTwiceInTwoParts = """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        answer = json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                         "insertSections": list(range(len(request["new"])))}]})
        sys.stdout.write(answer + "\\n" + answer[:10])
        sys.stdout.flush()
        time.sleep(0.5)
        sys.stdout.write(answer[10:] + "\\n")
        sys.stdout.flush()
    """

/// A line begun before a request was sent is no answer to it, though its
/// end comes after: the second copy of the last answer, written in two
/// parts, was taken for the next request's answer (and `bench` timed it,
/// now and then, on a loaded machine).
@Test func aLineBegunBeforeTheRequestIsNoAnswerToIt() throws {
    let script = try EngineScript(answersTwiceInTwoParts)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 10)
    defer { engine.close() }
    #expect(!engine.run(old: pair(0).old, new: pair(0).new).output.isFailure)
    // The copy's first part is surely written by the time the next request goes out; its end is not.
    Thread.sleep(forTimeInterval: 0.2)
    #expect(engine.run(old: pair(1).old, new: pair(1).new) == .failed(EngineFailure(EngineProcess.unaskedAnswer)))
}

/// Answers every request right, and declares itself after its first
/// answer (issue 43, point 12).
private let declaresLate = """
    import json, sys
    for n, line in enumerate(sys.stdin):
        request = json.loads(line)
        if n == 1:
            print(json.dumps({"engine": {"name": "late", "flatOnly": True}}))
        print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                      "insertSections": list(range(len(request["new"])))}]}), flush=True)
    """

/// Issue 43, point 12: a declaration after the engine's first answer is
/// the engine's protocol error, said as such (it used to be ignored
/// without a word); a fresh process then answers the request after it.
@Test func aDeclarationAfterTheFirstAnswerBreaksTheProtocol() throws {
    let script = try EngineScript(declaresLate)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 10)
    defer { engine.close() }
    #expect(!engine.run(old: pair(0).old, new: pair(0).new).output.isFailure)
    #expect(engine.run(old: pair(1).old, new: pair(1).new) == .failed(EngineFailure(EngineProcess.lateDeclaration)))
    #expect(EngineProcess.lateDeclaration.contains("declared itself"))
    #expect(!engine.run(old: pair(2).old, new: pair(2).new).output.isFailure)
}

/// Issue 43, point 12: two declarations are refused before a run starts
/// (the probe's first request), as a protocol error, not as a command
/// that cannot run.
@Test func aSecondDeclarationBreaksTheProtocol() throws {
    let script = try EngineScript("""
        import json, sys
        print(json.dumps({"engine": {"name": "one"}}))
        print(json.dumps({"engine": {"name": "two"}}), flush=True)
        for line in sys.stdin:
            print(json.dumps({"stages": []}), flush=True)
        """)
    defer { script.remove() }
    #expect {
        _ = try EngineProbe.run(command: script.command, timeout: 5)
    } throws: { error in
        let text = "\(error)"
        return text.contains("does not speak the protocol") && text.contains(EngineProcess.secondDeclaration)
    }
}

/// Issue 43, point 12: an engine that exits while a child of its own
/// still holds its stdout open has exited: that is said as its exit (it
/// used to be waited for up to --timeout, then taken for a hang or the
/// machine's load, on every restart).
@Test func anEngineThatExitsWhileItsChildHoldsItsOutputHasExited() throws {
    let script = try EngineScript("""
        import subprocess, sys
        subprocess.Popen(["sleep", "60"])
        sys.stdin.readline()
        sys.exit(3)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 30)
    defer { engine.close() }
    let answer = engine.run(old: pair(0).old, new: pair(0).new)
    guard case .failed(let failure) = answer else {
        Issue.record("expected a failure: \(answer)")
        return
    }
    #expect(failure.reason.contains("status 3"), "\(failure.reason)")
    #expect(!failure.isHang && !failure.isTooSlow, "\(failure.reason)")
}

/// Sleeps 80 ms on each request (idle: the wall runs, the CPU does not),
/// then answers.
private let sleepsBeforeEachAnswerEngine = """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        time.sleep(0.08)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                      "insertSections": list(range(len(request["new"])))}]}), flush=True)
    """

/// Issue 49: a request of `EnginePace.fittedItems` items or more has its
/// process tree read from `EngineProcess.earlyReading` on, so a quick
/// answer's time is its CPU, not the wall: an engine that sleeps 80 ms on
/// each request is measured at well under that (the wall timed it at 80 ms
/// or more, and a loaded machine's wall made a quick dominator look slow
/// to the pathologically-slow rule); it holds beside four busy loops.
@Test func aQuickAnswerToALargeRequestIsTimedByItsCPU() throws {
    let script = try EngineScript(sleepsBeforeEachAnswerEngine)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 10)
    defer { engine.close() }
    let answers = engine.run(pairs: (0..<8).map { pair($0, items: 300) })
    #expect(answers.allSatisfy { !$0.output.isFailure }, "\(answers.prefix(2))")
    // The first answer is the process's start-up's: not measured.
    let measured = engine.takeMeasurements()
    #expect(measured.count >= 6, "\(measured)")
    #expect(measured.allSatisfy { $0.seconds < 0.06 }, "\(measured)")
}

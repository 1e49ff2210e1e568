// A stranger's engine on first contact (issue 27): speed is not correctness,
// an answer never waits on a later request, a command that cannot run is a
// usage error, and an engine may declare itself.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel

/// A flat pair of `count` old items (and as many new ones, all unchanged).
private func flatPair(_ count: Int) -> (old: Snapshot, new: Snapshot) {
    let items = (0..<count).map { Item(id: "i\($0)") }
    let snapshot = Snapshot(sections: [Section(id: "", items: items)])
    return (snapshot, snapshot)
}

/// A correct engine (every old section deleted, every new one inserted) that
/// sleeps as the square of its input's items: `scale` seconds at 1,000.
private func quadraticEngine(scale: Double) -> String {
    """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        items = sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new)
        time.sleep(\(scale) * (items / 1000.0) ** 2)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """
}

/// Point 1: a correct engine whose time grows as n² is too slow for long
/// inputs, and that is not a failure: a request its pace predicts past twice
/// the allowed time is not sent, and one that times out as its pace
/// predicts is not judged.
@Test func aSlowCorrectEngineIsTooSlowNotHung() throws {
    let script = try EngineScript(quadraticEngine(scale: 0.5))
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 2)
    // 600 items: 0.18 s (twice: a process's first answer is its start-up, not its pace).
    let answers = engine.run(pairs: [flatPair(10), flatPair(300), flatPair(300), flatPair(1_200), flatPair(3_000)])
    #expect(answers.count == 5)
    for answer in answers.prefix(3) { #expect(!answer.output.isFailure, "\(answer)") }
    // 2,400 items: predicted about 2.9 s, sent (under twice the 2 s), times out: its pace explains it.
    guard case .failed(let timedOut) = answers[3] else { Issue.record("answered: \(answers[3])"); return }
    #expect(timedOut.isTooSlow && !timedOut.isHang, "\(timedOut)")
    #expect(timedOut.reason.contains("no answer within 2 s on 2400 items"), "\(timedOut.reason)")
    // 6,000 items: larger than one already too slow: not sent.
    guard case .failed(let notSent) = answers[4] else { Issue.record("answered: \(answers[4])"); return }
    #expect(notSent.isTooSlow && notSent.reason.contains("not sent"), "\(notSent)")
    // The checker does not judge such a case: no failure, skipped.
    let verdict = Checker(engine: engine).check(old: flatPair(3_000).old, new: flatPair(3_000).new)
    #expect(verdict.isSkipped && verdict.holds, "\(verdict)")
}

/// Point 1: an engine that stops answering at a size it would answer
/// quickly at its pace has hung, and that still fails: measured on the
/// case's half, asked again alone, and only then a hang.
@Test func anEngineThatStopsAnsweringPastASizeHangs() throws {
    let script = try EngineScript("""
        import json, sys, time
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            if sum(len(s["items"]) for s in old) >= 1000:
                time.sleep(1000)
            print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 1)
    let answers = engine.run(pairs: [flatPair(10), flatPair(300), flatPair(300), flatPair(1_500)])
    guard case .failed(let failure) = answers[3] else { Issue.record("answered: \(answers[3])"); return }
    #expect(failure.isHang && !failure.isTooSlow, "\(failure)")
    #expect(failure.reason.contains("asked again alone of a fresh process"), "\(failure.reason)")
}

/// Point 1: a timeout on a case that answers alone (the flight, or the
/// machine's load, held it up) is not a finding: the answer stands.
@Test func aCaseThatAnswersAloneAfterATimeoutIsNotAFinding() throws {
    let script = try EngineScript("""
        import json, os, sys, time
        first = not os.path.exists(sys.argv[1])
        open(sys.argv[1], "a").close()
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            if first and any(i["id"] == "slow" for s in old for i in s["items"]):
                time.sleep(1000)
            print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command + " '\(script.file("started"))'", timeout: 1)
    let slow = Snapshot(sections: [Section(id: "", items: [Item(id: "slow")])])
    let answers = engine.run(pairs: [flatPair(3), (slow, slow), flatPair(3)])
    #expect(answers.allSatisfy { !$0.output.isFailure }, "\(answers)")
}

/// The pace itself: the growth it fits, and the noise it does not trust.
@Test func thePaceFitsTheGrowthAboveTheNoise() {
    var pace = EnginePace()
    pace.record(items: 1_000, seconds: 0.01)
    pace.record(items: 4_000, seconds: 0.16)
    #expect(abs((pace.fittedExponent ?? 0) - 2) < 0.01)
    #expect(pace.isTooSlowToSend(items: 64_000, allowed: 10))     // about 41 s
    #expect(!pace.isTooSlowToSend(items: 16_000, allowed: 10))    // about 2.6 s
    #expect(!pace.isTooSlowToSend(items: 900, allowed: 0.001))    // small: never
    var quick = EnginePace()
    quick.record(items: 400, seconds: 0.0001)
    // Under the noise and far smaller: no prediction, so no "too slow" either way.
    #expect(quick.predictedSeconds(items: 80_000, exponent: 2) == nil)
    #expect(!quick.explainsTimeout(items: 80_000, allowed: 10))
    #expect(quick.needsMeasuring(items: 80_000))
    // A small request slowed by the machine's load (a Python engine's 26 items in 9 ms)
    // predicts nothing of a long one: the long case is sent, not called too slow.
    var loaded = EnginePace()
    loaded.record(items: 26, seconds: 0.009)
    #expect(loaded.predictedSeconds(items: 13_459, exponent: 2) == nil)
    #expect(!loaded.isTooSlowToSend(items: 13_459, allowed: 10))
    #expect(loaded.growthDescription == "answers measured up to 26 items only, too few to time")
    // Within 4 times its size it still predicts.
    #expect(loaded.predictedSeconds(items: 100, exponent: 2) != nil)
    #expect(ExternalEngine.seconds(11.07865) == "11.1 s" && ExternalEngine.seconds(10) == "10 s")
}

/// Point 2: serveEngine writes each answer before it starts the next
/// request: three quick answers never wait behind a slow fourth. The fourth
/// request blocks until the test has read the first three answers (or 30 s
/// pass): the test fails if they arrived only after it gave up waiting.
@Test func aServedEnginesAnswerNeverWaitsOnALaterRequest() throws {
    final class Gate: @unchecked Sendable {
        let readThree = DispatchSemaphore(value: 0)
        var wasReleasedInTime = false
    }
    struct BlockedOnLong: DiffEngine {
        let name = "blocked-on-long"
        let isFlatOnly = true
        let claims: Set<PropertyName> = [.valid]
        let gate: Gate
        func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
            if old.itemCount > 100 { gate.wasReleasedInTime = gate.readThree.wait(timeout: .now() + 30) == .success }
            return .stages([Stage(batch: Batch())])
        }
    }
    let gate = Gate()
    var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
    #expect(pipe(&toServer) == 0 && pipe(&fromServer) == 0)
    let requests = toServer[0], answers = fromServer[1]
    let served = DispatchSemaphore(value: 0)
    Thread {
        var server = RequestServer(engine: BlockedOnLong(gate: gate), requests: requests, answers: answers)
        server.run()
        close(answers)
        served.signal()
    }.start()
    var text = ""
    for count in [1, 2, 3, 500] { text += SnapshotJSON.request(old: flatPair(count).old, new: flatPair(count).new) + "\n" }
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { write(toServer[1], $0.baseAddress, $0.count) } == bytes.count)
    close(toServer[1])
    // Read until the three quick answers are in, then let the slow request finish.
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while received.filter({ $0 == 10 }).count < 3 {
        let count = chunk.withUnsafeMutableBytes { read(fromServer[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received += chunk[..<count]
    }
    gate.readThree.signal()
    served.wait()
    #expect(received.filter { $0 == 10 }.count >= 3)
    #expect(gate.wasReleasedInTime, "the quick answers waited behind the slow request")
    close(fromServer[0])
}

/// Point 3: a command that cannot start, or exits before its first answer,
/// is a usage error, with what it printed.
@Test func aCommandThatCannotRunIsAStartError() {
    #expect(throws: EngineStartError.self) { try EngineProbe.run(command: "no-such-command-xyz", timeout: 5) }
    do {
        _ = try EngineProbe.run(command: "no-such-command-xyz", timeout: 5)
    } catch {
        #expect(error.description.contains("no-such-command-xyz") && error.description.contains("not found"), "\(error)")
        #expect(error.description.contains("exited before answering its first request"), "\(error)")
    }
    #expect(throws: EngineStartError.self) { try EngineProbe.run(command: "exit 0", timeout: 5) }
}

/// Point 4: an engine that prints something other than the protocol (an
/// HTML error page) is a usage error within a second or so.
@Test func anEngineThatAnswersGarbageIsAStartError() {
    let began = ContinuousClock.now
    do {
        _ = try EngineProbe.run(command: #"while read l; do echo "<html><body>502 Bad Gateway</body></html>"; done"#, timeout: 10)
        Issue.record("the probe accepted an engine that prints HTML")
    } catch {
        #expect(error.description.contains("502 Bad Gateway") && error.description.contains("does not speak the protocol"), "\(error)")
    }
    #expect(began.duration(to: .now) < .seconds(5))
    // An engine that does not answer in time is no usage error (hanging is a finding).
    #expect((try? EngineProbe.run(command: "read l; sleep 100", timeout: 0.5))?.hasAnswered == false)
}

/// Point 9: an engine declares itself on its first line; the probe reads
/// it, a campaign's requests skip it, and a served engine sends its own.
@Test func anEngineDeclaresItself() throws {
    let line = #"{"engine": {"name": "mine", "flatOnly": true, "claims": ["valid", "reaches-target"], "refuses": ["duplicates"]}}"#
    let declared = try EngineDeclaration.parse(Array(line.utf8)).get()
    #expect(declared == EngineDeclaration(name: "mine", isFlatOnly: true, claims: [.valid, .reachesTarget], refusesDuplicates: true))
    #expect(try EngineDeclaration.parse(Array(declared.json.utf8)).get() == declared)
    #expect(EngineDeclaration.isDeclaration(Array(line.utf8)))
    #expect(!EngineDeclaration.isDeclaration(Array(#"{"stages": []}"#.utf8)))
    guard case .failure(let wrong) = EngineDeclaration.parse(Array(#"{"engine": {"claims": ["speed"]}}"#.utf8)) else {
        Issue.record("an unknown property was accepted"); return
    }
    #expect(wrong.message.contains("unknown property \"speed\""))

    let engine = "echo '\(line)'; " + #"while read l; do echo '{"stages": [{}]}'; done"#
    let probed = try EngineProbe.run(command: engine, timeout: 5)
    #expect(probed.declaration == declared && probed.hasAnswered)
    // The declaration is not taken for the first request's answer.
    let external = ExternalEngine(command: engine, timeout: 5)
    #expect(external.run(pairs: [flatPair(1), flatPair(2)]).allSatisfy { !$0.output.isFailure })
    // serveEngine's first line declares the served engine.
    var answers: [Int32] = [0, 0]
    #expect(pipe(&answers) == 0)
    var server = RequestServer(engine: CoreEngine(), requests: -1, answers: answers[1])
    server.declare()
    close(answers[1])
    var first: [UInt8] = []
    var byte: UInt8 = 0
    while read(answers[0], &byte, 1) == 1 && byte != 10 { first.append(byte) }
    close(answers[0])
    let sent = try EngineDeclaration.parse(first).get()
    #expect(sent.name == "core" && sent.claims == CoreEngine().claims && sent.isFlatOnly == CoreEngine().isFlatOnly, "\(sent)")
}

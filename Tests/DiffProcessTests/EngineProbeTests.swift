// EngineProbe: a command that cannot run, or does not speak the protocol,
// is a start error; an engine may declare itself on its first line.
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
import TestSupport

/// A command that cannot start, or exits before its first answer,
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

/// An engine that prints something other than the protocol (an
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

/// An engine declares itself on its first line; the probe reads
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

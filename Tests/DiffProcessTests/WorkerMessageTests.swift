// WorkerMessage: the worker-to-supervisor protocol as a type. Every message
// reads back as itself from its line, and lines that are no message read
// as nil (issue 40).
import Foundation
import Testing
import DiffHarness
@testable import DiffProcess
import ListModel

/// One of each message, with the text fields a reason or a case file can hold.
private let everyMessage: [WorkerMessage] = [
    .start(0), .start(29_826),
    .done(7, .checked(labels: 0)), .done(7, .checked(labels: 0xdead_beef)), .done(8, .skipped),
    .done(9, .refused("duplicates in old: a")), .done(10, .tooSlow(sizeClass: "size-10k", reason: "too long: 50 s at its pace")),
    .allow(11, seconds: 12.5),
    .failed(12, kind: FindingKind(.valid), isHang: false), .failed(15, kind: FindingKind(.valid, isStricterReading: true), isHang: false), .failed(13, kind: FindingKind(.noCrash), isHang: true),
    .shrinking(14, kind: FindingKind(.fresh), unshrunk: "# finding: fresh: …\nold: a a\nnew: a\n"),
    .shrinking(16, kind: FindingKind(.valid), unshrunk: "old: é ✓\nnew:\n"),
    .found(18, kind: FindingKind(.valid), calls: 5_045, seconds: 1.25, shrunk: "finding: valid: two lines\nand a # in it\nold: a\nnew:\n"),
    .found(19, kind: FindingKind(.noCrash), calls: 0, seconds: 0, shrunk: "old: a\nnew: b\n"),
    .busy(seconds: 601), .slow(20, items: 75_219, changes: 75_219, seconds: 141.4), .slow(21, items: 1_000, changes: nil, seconds: 3),
    .measured([EnginePace.Measurement(items: 75_219, changes: 3_400, seconds: 2.3125)]),
    .measured([EnginePace.Measurement(items: 200, changes: nil, seconds: 0.0051), EnginePace.Measurement(items: 4_000, changes: 0, seconds: 0)]),
    .memory(212_000_000),
    .pathological(25, answer: EnginePace.Measurement(items: 400, changes: 0, seconds: 5.0012),
                  dominator: EnginePace.Measurement(items: 9_890, changes: 8_620, seconds: 0.0143)),
    .end, .engineStarted(4242), .engineEnded(4242),
    .pairFailed(22, [FindingKind(.fresh), FindingKind(.valid)]), .pairFailed(26, [FindingKind(.valid, isStricterReading: true)]), .pairHung(23, message: "engine did not answer within 30 s"),
    .reached(24), .walked(16_420), .shrunk("old: a b\nnew: b a\nexpect: fail valid\n"),
]

@Test(arguments: everyMessage)
func eachMessageReadsBackAsItself(_ message: WorkerMessage) {
    #expect(!message.line.contains("\n"), "\(message.line)")
    #expect(WorkerMessage(line: message.line) == message, "\(message.line)")
}

/// The wire words, as the worker's protocol comment lists them.
@Test func theLinesAreTheProtocolsWords() {
    #expect(WorkerMessage.start(3).line == "start 3")
    #expect(WorkerMessage.done(3, .checked(labels: 255)).line == "done 3 ff")
    #expect(WorkerMessage.done(3, .refused("no")).line == "done 3 refused no")
    #expect(WorkerMessage.failed(3, kind: FindingKind(.noCrash), isHang: true).line == "failed 3 no-crash hang")
    #expect(WorkerMessage.found(3, kind: FindingKind(.valid), calls: 9, seconds: 0.5, shrunk: "old: a\n").line == "found 3 valid 9 0.50 b2xkOiBhCg==")
    #expect(WorkerMessage.shrinking(3, kind: FindingKind(.valid), unshrunk: "old: a\n").line == "shrinking 3 valid b2xkOiBhCg==")
    #expect(WorkerMessage.failed(3, kind: FindingKind(.valid, isStricterReading: true), isHang: false).line == "failed 3 valid/stricter")
    #expect(WorkerMessage.pairFailed(3, [FindingKind(.valid, isStricterReading: true), FindingKind(.fresh)]).line
            == "fail 3 valid/stricter,fresh")
    #expect(WorkerMessage.shrunk("old: a\n").line == "shrunk b2xkOiBhCg==")
    #expect(WorkerMessage.slow(3, items: 10, changes: nil, seconds: 2).line == "slow 3 10 - 2.000")
    #expect(WorkerMessage.walked(5).line == "walked 5")
    #expect(WorkerMessage.measured([EnginePace.Measurement(items: 10, changes: nil, seconds: 2),
                                    EnginePace.Measurement(items: 400, changes: 7, seconds: 0.01)]).line
            == "measured 10:-:2.0000 400:7:0.0100")
    #expect(WorkerMessage.memory(4096).line == "memory 4096")
    #expect(WorkerMessage.pathological(3, answer: EnginePace.Measurement(items: 10, changes: nil, seconds: 2),
                                       dominator: EnginePace.Measurement(items: 400, changes: 7, seconds: 0.01)).line
            == "pathological 3 10:-:2.0000 400:7:0.0100")
    #expect(SupervisorReply.allCases.map(\.line) == ["shrink", "skip"])
    #expect(SupervisorReply(line: "shrink") == .shrink && SupervisorReply(line: "Shrink") == nil)
}

/// A reason with a line break stays one line (the break a space).
@Test func aReasonWithALineBreakStaysOneLine() {
    let line = WorkerMessage.done(4, .refused("first\nsecond")).line
    #expect(line == "done 4 refused first second")
    #expect(WorkerMessage(line: line) == .done(4, .refused("first second")))
}

/// What is no message is nil, never a guess: unknown words, missing or
/// malformed fields, negative numbers, bad base64.
@Test(arguments: ["", "hello", "start", "start x", "start -1", "done", "failed 3", "failed x valid", "failed 3 bogus", "failed 3 fresh/stricter", "fail 3 valid,bogus",
                  "found 3 valid 9", "found 3 valid x 0.5 p", "busy 0", "busy x", "slow 3 10", "allow 3 nan",
                  "shrinking 3 valid !!!", "found 3 valid 9 0.50 p q.case", "shrunk", "shrunk a b", "engine 0", "engine x", "fail x valid", "at", "walked -2", "end now",
                  "measured", "measured 10:2", "measured 10:x:1", "measured 10:-:nan", "measured -1:-:1", "memory", "memory -5", "memory 1 2",
                  "pathological", "pathological 3", "pathological 3 10:-:2", "pathological 3 10:-:2 400:7", "pathological x 10:-:2 400:7:1",
                  "pathological 3 10:-:2 400:7:1 more"])
func aLineThatIsNoMessageIsNil(_ line: String) {
    #expect(WorkerMessage(line: line) == nil, "\(line)")
}

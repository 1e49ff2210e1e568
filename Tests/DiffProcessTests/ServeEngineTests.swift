// serveEngine's request server: each answer is written before the next
// request is read.
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

/// `serveEngine` writes each answer before it starts the next
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

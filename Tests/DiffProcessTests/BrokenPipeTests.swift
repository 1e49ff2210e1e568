import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel

// A write to an engine that has closed its stdin fails with EPIPE: the
// engine fails `no-crash`, and this process (a user's test process, say)
// neither dies of SIGPIPE nor has its SIGPIPE handling changed.

/// Whether this process ignores SIGPIPE (its disposition is SIG_IGN).
private func ignoresBrokenPipes() -> Bool {
    var current = sigaction()
    sigaction(SIGPIPE, nil, &current)
    #if canImport(Darwin)
    let handler = current.__sigaction_u.__sa_handler
    #else
    let handler = current.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1
}

@Suite struct BrokenPipeTests {
    @Test func anEngineThatClosesItsInputFailsWithoutTouchingThisProcessSIGPIPE() throws {
        let ignoredBefore = ignoresBrokenPipes()
        #expect(!ignoredBefore, "the test runner ignores SIGPIPE already: this test would show nothing")
        // Closes its stdin at once, then lingers: every write to it is EPIPE.
        let engine = ExternalEngine(command: "exec 0<&-; sleep 2", timeout: 10)
        defer { engine.close() }
        // Larger than a pipe's buffer, so the write cannot succeed before the close is seen.
        let items = (0..<40_000).map { Item(id: "item\($0)") }
        let big = Snapshot(sections: [Section(id: "A", items: items)])
        let output = engine.diff(old: big, new: Snapshot(sections: []))
        guard case .failure(let failure) = output else {
            Issue.record("expected a failure, got \(output)")
            return
        }
        #expect(!failure.isHang)
        #expect(!ignoresBrokenPipes(), "talking to an engine made this process ignore SIGPIPE")
    }

    @Test func aBrokenPipeWriteReturnsEPIPEAndLeavesNoSignalPending() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #if canImport(Darwin)
        _ = fcntl(ends[1], F_SETNOSIGPIPE, 1)   // as `spawn` sets it on a child's stdin
        #endif
        let bytes: [UInt8] = [1, 2, 3]
        let written = bytes.withUnsafeBytes { ChildProcess.writeIgnoringBrokenPipe(ends[1], $0.baseAddress, $0.count) }
        #expect(written == -1)
        #expect(errno == EPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "a SIGPIPE is still pending for this thread")
        #expect(!ignoresBrokenPipes())
    }
}

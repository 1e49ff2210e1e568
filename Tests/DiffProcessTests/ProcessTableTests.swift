import Foundation
@testable import TestSupport
import Testing

// The tests that prove nothing outlives diffcheck read the process table
// from /proc on Linux and from ps(1) on macOS: here both are checked
// against each other, so the macOS reading is exercised on Linux too.
@Suite struct ProcessTableTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")
                   && FileManager.default.isExecutableFile(atPath: "/bin/ps"),
                   "needs both /proc and /bin/ps to compare them"))
    func psAndProcAgreeOnThisProcess() throws {
        let me = getpid()
        let fromProc = try #require(ProcessTable.procEntry(me))
        let fromPS = try #require(try ProcessTable.psEntries().first { $0.pid == me })
        #expect(fromPS.parent == fromProc.parent && fromPS.parent == getppid())
        #expect(fromPS.group == fromProc.group && fromPS.group == getpgrp())
        #expect(fromPS.state != "Z" && fromProc.state != "Z")
    }

    @Test func aChildIsListedWhileItRunsAndNotAfter() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        let pid = child.processIdentifier
        #expect(try ProcessTable.children(of: getpid()).contains(pid))
        #expect(try ProcessTable.state(of: pid) != nil)
        kill(pid, SIGKILL)
        child.waitUntilExit()
        #expect(try ProcessTable.state(of: pid) == nil)
    }
}

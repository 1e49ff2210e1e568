import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel

// How a child that died is described (issue 27, point 8): the signal by
// name and meaning, also when a shell reports it as exit status 128 + N, and
// its stderr as a bounded excerpt.

/// A wait(2) status for a process that exited with `code`.
private func exited(_ code: Int32) -> Int32 { code << 8 }

@Suite struct CrashDescriptionTests {
    @Test func aSignalIsNamedWithWhatItMeans() {
        let trap = ChildProcess.describe(SIGILL)
        #expect(trap == "was killed by signal \(SIGILL), SIGILL: a Swift runtime trap (fatalError, precondition, "
                + "force-unwrap of nil, array index out of range)")
        #expect(ChildProcess.describe(SIGTRAP).contains("SIGTRAP: a Swift runtime trap"))
        #expect(ChildProcess.describe(SIGSEGV).contains("SIGSEGV: a memory fault"))
        #expect(ChildProcess.describe(SIGBUS).contains("SIGBUS: a memory fault"))
        #expect(ChildProcess.describe(SIGABRT).contains("SIGABRT: abort"))
        #expect(ChildProcess.describe(SIGKILL).contains("SIGKILL: killed"))
        #expect(ChildProcess.describe(40) == "was killed by signal 40")
    }

    /// `sh -c` reports a command killed by signal N as exit status 128 + N:
    /// read as the signal for a shell only, and only for 129...159.
    @Test func aShellsStatusOf128PlusNIsTheSignal() {
        let trap = ChildProcess.describe(exited(128 + SIGILL), isShell: true)
        #expect(trap.hasPrefix("was killed by signal \(SIGILL), SIGILL: a Swift runtime trap"), "\(trap)")
        #expect(trap.hasSuffix("as its shell reported (exit status 128 + \(SIGILL))"), "\(trap)")
        #expect(ChildProcess.describe(exited(128 + SIGSEGV), isShell: true).contains("SIGSEGV: a memory fault"))
        // Not a shell: the status is the program's own.
        #expect(ChildProcess.describe(exited(132)) == "exited with status 132")
        // Outside 129...159: a status, whoever reports it.
        #expect(ChildProcess.describe(exited(128), isShell: true) == "exited with status 128")
        #expect(ChildProcess.describe(exited(160), isShell: true) == "exited with status 160")
        #expect(ChildProcess.describe(exited(127), isShell: true) == "exited with status 127")
        #expect(ChildProcess.describe(exited(3), isShell: true) == "exited with status 3")
    }

    /// An `--engine-cmd` engine that traps while the shell around it lives
    /// on (`cd dir && ./engine`): the reason names the trap, not "status 132",
    /// and ends with the engine's `Fatal error` line, its stderr passing
    /// through as well.
    @Test func anEngineThatTrapsUnderItsShellIsNamedByItsSignal() {
        let command = "read line; echo 'engine.swift:9: Fatal error: Index out of range' >&2; sh -c 'kill -ILL $$'; exit $?"
        let engine = ExternalEngine(command: command, timeout: 5)
        defer { engine.close() }
        guard case .failed(let failure) = engine.run(old: Snapshot(), new: Snapshot()) else {
            Issue.record("a trapping engine answered")
            return
        }
        #expect(failure.reason.hasPrefix("engine process was killed by signal \(SIGILL), SIGILL: a Swift runtime trap"), "\(failure.reason)")
        #expect(!failure.reason.contains("status 132"), "\(failure.reason)")
        #expect(failure.reason.hasSuffix(": engine.swift:9: Fatal error: Index out of range"), "\(failure.reason)")
    }

    /// However much a child writes, the excerpt is its first 5 and last 5
    /// lines, each cut at 300 characters, and the line that explains the
    /// death is the `Fatal error`, wherever it is.
    @Test func anExcerptIsBoundedAndFindsTheFatalError() {
        var text = ""
        for n in 0..<1000 { text += "line \(n)\n" }
        text += "x.swift:1: Fatal error: boom\n"
        text += String(repeating: "frame ", count: 5_000) + "\n"
        for n in 0..<1000 { text += "  \(n) frame\n" }
        var excerpt = ErrorExcerpt()
        // In small pieces, as a pipe hands it over.
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: 77) { excerpt.append(bytes[start..<min(start + 77, bytes.count)]) }
        excerpt.finish()
        #expect(excerpt.lineCount == 2002)
        #expect(excerpt.first == (0..<5).map { "line \($0)" })
        #expect(excerpt.last == (995..<1000).map { "\($0) frame" })
        #expect(excerpt.lines.count == 11)
        #expect(excerpt.lines[5] == "… 1992 lines left out …")
        #expect(excerpt.explanation == "x.swift:1: Fatal error: boom")
        #expect(excerpt.extent == "the first 5 and last 5 of its 2002 lines")
        var long = ErrorExcerpt()
        long.append(Array((String(repeating: "e", count: 100_000) + "\nbye").utf8))
        long.finish()
        #expect(long.first.map(\.count) == [301, 3])
        #expect(long.extent == "its 2 lines")
    }
}

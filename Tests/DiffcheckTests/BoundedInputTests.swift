// Untrusted input past its size limit is refused before it is read, with
// the size, the limit and how to raise it (exit 2), never read into memory
// twenty times its size until the out-of-memory killer ends the run.
import Foundation
import TestSupport
import Testing

/// Runs diffcheck with `arguments` in `directory`, with `variables` added to this process's environment.
private func diffcheck(_ arguments: [String], in directory: URL, with variables: [String: String]) throws -> Run {
    var environment = ProcessInfo.processInfo.environment
    environment.merge(variables) { $1 }
    return try RunningCommand(executable, arguments, in: directory, environment: environment).finish()
}

@Suite struct BoundedInputTests {
    /// A case file of 2 MiB under a limit of 1 MiB: `show`, `repro` and `check` refuse it and name it.
    @Test func aCaseFilePastTheLimitIsRefusedWithItsSize() throws {
        let line = "old: " + String(repeating: "a ", count: 1 << 20) + "\nnew: a\n"
        let directory = try workspace(["big.case": line, "small.case": "old: a b\nnew: b a\n"])
        let limited = ["DIFFCHECK_MAX_INPUT_MB": "1"]
        let refusal = "big.case: error: the file is \(line.utf8.count) bytes, past diffcheck's limit of 1 MiB for a case file, which keeps its memory bounded (DIFFCHECK_MAX_INPUT_MB=N raises the limit to N MiB)"
        for arguments in [["show", "big.case"], ["repro", "big.case"], ["check", "--recorded", "big.case", "small.case"]] {
            let run = try diffcheck(arguments, in: directory, with: limited)
            #expect(run.status == 2, "\(arguments): \(run.output)\(run.errors)")
            #expect(run.errors.contains(refusal), "\(arguments): \(run.errors)")
        }
        // A file under the limit reads.
        let show = try diffcheck(["show", "small.case"], in: directory, with: limited)
        #expect(show.status == 0, "\(show.errors)")
        // A limit that is no size is an error too, not a silent default.
        let bad = try diffcheck(["show", "small.case"], in: directory, with: ["DIFFCHECK_MAX_INPUT_MB": "lots"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("DIFFCHECK_MAX_INPUT_MB=lots is not a size in mebibytes"), "\(bad.errors)")
    }

    /// A crash log past its limit (4 MiB) is refused, from a file and from standard input.
    @Test func aCrashLogPastTheLimitIsRefused() throws {
        let log = String(repeating: "Thread 1 frame 0x0 noise\n", count: 200_000)
        let directory = try workspace(["crash.txt": log])
        let run = try diffcheck(["triage", "crash.txt"], in: directory, with: [:])
        #expect(run.status == 2, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("crash.txt: error: the file is \(log.utf8.count) bytes, past diffcheck's limit of 4 MiB for a crash log"), "\(run.errors)")
        let piped = try RunningCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" triage - < crash.txt", executable.path], in: directory).finish()
        #expect(piped.status == 2, "\(piped.errors)")
        #expect(piped.errors.contains("<stdin>: error: the input is longer, past diffcheck's limit of 4 MiB for a crash log"), "\(piped.errors)")
    }
}

/// A file whose name is not UTF-8 is named as such, not as a missing file:
/// its name reaches diffcheck with U+FFFD for the bytes that are not UTF-8.
@Test func aPathThatIsNotUTF8IsSaidToBeSo() throws {
    let directory = try temporaryDirectory()
    // caf\xe9.case: Latin-1, not UTF-8.
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".case".utf8)
    let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
    let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
    #expect(descriptor >= 0)
    let text = Array("old: a\nnew: a\n".utf8)
    #expect(write(descriptor, text, text.count) == text.count)
    close(descriptor)
    // The shell passes the raw bytes, as a user's does.
    let run = try RunningCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" show caf$(printf '\\351').case", executable.path], in: directory).finish()
    #expect(run.status == 2, "\(run.errors)")
    #expect(run.errors.contains("error: the path is not UTF-8 (\u{FFFD} stands for its other bytes)"), "\(run.errors)")
    #expect(!run.errors.contains("no such file"), "\(run.errors)")
}

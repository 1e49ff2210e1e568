// `diffcheck fuzz`'s exit codes for a run that cannot go on.
import Foundation
import Testing
import TestSupport

/// Issue 50: workers that keep dying outside any case end `fuzz` with
/// exit 3 (the run broke off), not 2: nothing was wrong with the command
/// line. The workers are a copy of diffcheck that is replaced, once the
/// first worker runs, by a script that exits at once (its state file
/// removed: it was on no case); that worker is killed, and every worker
/// started after it dies before its first case.
@Test func workersThatKeepDyingAreNoUsageError() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("diffcheck")
    try FileManager.default.copyItem(at: executable, to: copy)
    // The engine is the built diffcheck's, not the copy's: it still answers once the copy is replaced.
    let command = try RunningCommand(copy, ["fuzz", "--engine-cmd", "'\(executable.path)' worker --serve", "--time", "120",
                                            "--jobs", "1", "--findings", "findings"], in: directory)
    let worker = command.child(within: 60) { ProcessTable.arguments(of: $0.pid)?.contains("--campaign") ?? false }
    let script = directory.appendingPathComponent("exits")
    // It removes its state file: it dies on no case.
    try """
        #!/bin/sh
        while [ $# -gt 0 ]; do [ "$1" = --state ] && rm -f "$2"; shift; done
        exit 3
        """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    #expect(rename(script.path, copy.path) == 0, "\(String(cString: strerror(errno)))")
    if let worker { kill(worker, SIGKILL) }
    let run = command.finish()
    #expect(worker != nil, "no worker started")
    #expect(run.status == 3, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("diffcheck fuzz: workers keep dying outside any case"), "\(run.errors)")
}

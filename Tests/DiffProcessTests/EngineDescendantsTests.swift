import Foundation
import Testing
@testable import DiffProcess
import ListModel
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What an engine process inherits and what it leaves: only descriptors 0–2,
// and no process once it is closed, not even one that left its group.

/// The pids written one a line to `path` (none when it is missing).
private func recordedPids(_ path: String) -> [Int32] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
}

/// The pids of `pids` still running (zombies are ended); a table that
/// cannot be read is a failure, never an empty list.
private func running(_ pids: [Int32]) -> [Int32] {
    pids.filter { pid in
        do { return try ProcessTable.state(of: pid).map { $0 != "Z" } ?? false } catch {
            Issue.record("\(error)")
            return true
        }
    }
}

@Suite struct EngineDescendantsTests {
    /// A descriptor this process holds without close-on-exec (as any
    /// library's may be) does not reach the engine: the engine sees 0, 1
    /// and 2 and nothing else. (The engine asks fstat(2) of 3…1023, so it
    /// opens nothing itself while it looks.)
    @Test func anEngineSeesNoDescriptorBeyondTheStandardThree() throws {
        let script = try EngineScript("""
            import json, os, sys
            def is_open(fd):
                try:
                    os.fstat(fd)
                    return True
                except OSError:
                    return False
            for line in sys.stdin:
                print(json.dumps({"error": " ".join(str(fd) for fd in range(1024) if is_open(fd))}))
            """)
        defer { script.remove() }
        let held = open(script.path, O_RDONLY)
        try #require(held > 2)
        defer { close(held) }
        #expect(fcntl(held, F_GETFD) & FD_CLOEXEC == 0)
        let engine = ExternalEngine(command: "exec " + script.command, timeout: 30)
        defer { engine.close() }
        #expect(engine.run(old: Snapshot(), new: Snapshot()) == .output(.refusal("0 1 2")))
    }

    /// An engine that starts `sleep` in the background, once plainly, once
    /// with `setsid` (out of its group and session), and once with `setsid`
    /// from a subshell that exits at once (an orphan from the start):
    /// closing the engine ends all three.
    @Test func closingAnEngineEndsEveryProcessItStarted() throws {
        let script = try EngineScript(reloadAll)
        defer { script.remove() }
        let pids = script.file("pids")
        defer { for pid in recordedPids(pids) { kill(pid, SIGKILL) } }
        let quiet = "</dev/null >/dev/null 2>&1"
        let command = "sleep 1000 \(quiet) & echo $! >> '\(pids)'; "
            + "setsid sleep 1000 \(quiet) & echo $! >> '\(pids)'; "
            + "(setsid sleep 1000 \(quiet) & echo $! >> '\(pids)'); "
            + "exec " + script.command
        let engine = ExternalEngine(command: command, timeout: 30)
        #expect(engine.run(old: Snapshot(), new: Snapshot()) == .output(.stages([Stage(batch: Batch())])))
        let started = recordedPids(pids)
        #expect(started.count == 3)
        #expect(running(started).count == 3, "the engine's sleeps did not start: \(started)")
        engine.close()
        var left = running(started)
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = running(started)
        }
        #expect(left.isEmpty, "processes the engine started outlived it: \(left)")
    }

    /// Ending one engine's escaped descendants leaves another engine's
    /// alone: two engines each leave a `setsid` orphan behind; closing the
    /// first ends its own orphan only, closing the second ends the other.
    @Test func closingOneEngineLeavesAnotherEnginesProcessesRunning() throws {
        let script = try EngineScript(reloadAll)
        defer { script.remove() }
        let files = [script.file("first"), script.file("second")]
        defer { for pid in files.flatMap(recordedPids) { kill(pid, SIGKILL) } }
        let engines = files.map { pids in
            ExternalEngine(command: "(setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! >> '\(pids)'); exec " + script.command, timeout: 30)
        }
        for engine in engines {
            #expect(engine.run(old: Snapshot(), new: Snapshot()) == .output(.stages([Stage(batch: Batch())])))
        }
        let first = recordedPids(files[0]), second = recordedPids(files[1])
        #expect(first.count == 1 && second.count == 1)
        engines[0].close()
        var left = running(first)
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = running(first)
        }
        #expect(left.isEmpty, "the first engine's orphan outlived it: \(left)")
        #expect(running(second) == second, "closing the first engine ended the second's process")
        engines[1].close()
        left = running(second)
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = running(second)
        }
        #expect(left.isEmpty, "the second engine's orphan outlived it: \(left)")
    }
}

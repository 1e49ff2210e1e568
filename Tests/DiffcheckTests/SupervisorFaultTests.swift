// The campaign supervisor under faults: an engine that never answers, a
// worker killed from outside, a long shrink, Ctrl-C while shrinking, engines
// left behind, reports that depend on --jobs, and input that must be refused.
// Every deadline here is measured against the fault, never a fixed half
// second: the machines are loaded.
import Foundation
import TestSupport
import Testing

/// Processes still alive (not zombies) in any of `groups`; a table that
/// cannot be read is a failure, never an empty list.
func livingProcesses(inGroups groups: Set<Int32>) -> [String] {
    do { return try ProcessTable.living(inGroups: groups) } catch {
        Issue.record("\(error)")
        return ["(the process table could not be read)"]
    }
}

/// The process groups an engine command recorded, one pid a line.
func recordedGroups(_ file: URL) -> Set<Int32> {
    Set(((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) })
}

/// Waits up to `seconds` for `condition`.
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// Point 1 and 5: an engine that never answers, wrapped in a shell (its
/// sleep is the shell's child). The campaign ends at --time with the
/// summary, though --timeout is far longer, and no process of it survives.
@Test func aCampaignWithANeverAnsweringEngineEndsAtItsTimeWithNoProcessLeft() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let groups = directory.appendingPathComponent("groups")
    // Its stderr goes nowhere: an engine left running must fail the test, not hang it on our pipe.
    let command = "exec 2>/dev/null; echo $$ >> '\(groups.path)'; read line; sleep 1000"
    let began = Date()
    let run = try diffcheck(["fuzz", "--engine-cmd", command, "--time", "3", "--timeout", "30", "--jobs", "2",
                             "--findings", directory.appendingPathComponent("findings").path])
    let took = Date().timeIntervalSince(began)
    #expect(took < 30, "the campaign took \(took) s: --time 3 did not bound it")
    #expect(run.output.contains("engine "), "no summary: \(run.output)")
    #expect(run.status == 0)
    #expect(!recordedGroups(groups).isEmpty, "the engine never started")
    #expect(eventually(within: 5) { livingProcesses(inGroups: recordedGroups(groups)).isEmpty },
            "engine processes survived: \(livingProcesses(inGroups: recordedGroups(groups)))")
}

/// Point 7 of the any-engine issue: a shell-wrapped engine that hangs on
/// some cases, under `check --time --timeout 1`: the walk and the campaign
/// stop at the first hang, the run ends, nothing of the engine survives.
@Test func checkWithAnEngineThatHangsOnSomeCasesEndsWithNoProcessLeft() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let groups = directory.appendingPathComponent("groups")
    // Answers "delete every section, insert every section" while the new
    // snapshot has fewer than 3 items; past that it hangs.
    let engine = directory.appendingPathComponent("engine.py")
    try hangingEngine(once: .new, holds: 3).write(to: engine, atomically: true, encoding: .utf8)
    let command = "exec 2>/dev/null; echo $$ >> '\(groups.path)'; python3 '\(engine.path)'"
    let began = Date()
    let run = try diffcheck(["check", "--engine-cmd", command, "--time", "5", "--timeout", "1",
                             "--findings", directory.appendingPathComponent("findings").path], in: directory)
    let took = Date().timeIntervalSince(began)
    #expect(took < 120, "check took \(took) s")
    #expect(run.status == 1, "\(run.output)\n\(run.errors)")
    #expect(run.output.contains("stopped at the first pair the engine trapped or hung on"), "\(run.output)")
    // A hang by whichever deadline speaks first on a loaded machine: the engine's (1 s idle) or its worker's.
    #expect(run.output.contains("did not answer within 1 s") || run.output.contains("did not return within 1.0 s"), "\(run.output)")
    #expect(eventually(within: 5) { livingProcesses(inGroups: recordedGroups(groups)).isEmpty },
            "engine processes survived: \(livingProcesses(inGroups: recordedGroups(groups)))")
}

/// The worker processes of the diffcheck process `pid`.
func childProcesses(of pid: Int32) -> [Int32] {
    do { return try ProcessTable.children(of: pid) } catch {
        Issue.record("\(error)")
        return []
    }
}

/// Point 2: a worker killed from outside loses none of its cases: it is
/// replaced, its share resumes, the death is reported, and nothing is
/// recorded as the engine's failure (the engine alone passes the case).
@Test func aWorkerKilledFromOutsideLosesNoCases() throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let (run, killed) = try diffcheckKillingAWorker(["fuzz", "--cases", "6000", "--jobs", "2", "--findings", findings.path],
                                                    in: findings, after: 0.3)
    let text = run.output
    #expect(killed != nil, "no worker to kill")
    #expect(run.status == 0, "\(text)")
    #expect(text.contains(": 6000 cases"), "\(text)")
    #expect(text.contains("was killed by signal 9"), "\(text)")
    // Issue 27, point 11: who killed it (not diffcheck).
    #expect(text.contains("sent from outside diffcheck"), "\(text)")
    // Said once (issue 43, point 12: the signal's meaning said "from outside" as well).
    for line in text.split(separator: "\n") where line.contains("was killed by signal 9") {
        #expect(line.components(separatedBy: "from outside").count == 2, "\(line)")
    }
    #expect(text.contains("0 failures"), "\(text)")
}

/// Point 3: a shrink longer than the case timeout is not a hang: with
/// --timeout 0.001 the campaign reports the same failures as with the default.
/// (`--max-size 200`: the size schedule's case 50, thousands of items, may
/// itself take a millisecond to diff on a loaded machine.)
@Test func aLongShrinkIsNotTakenForAHang() throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let arguments = ["fuzz", "--engine", "mutant:stale-moved-update", "--cases", "300", "--jobs", "1", "--no-timings",
                     "--max-size", "200"]
    let tight = try diffcheck(arguments + ["--timeout", "0.001", "--findings", findings.path + "/tight"])
    let normal = try diffcheck(arguments + ["--findings", findings.path + "/normal"])
    #expect(!tight.output.contains("did not return"), "\(tight.output)")
    #expect(tight.status == 1 && normal.status == 1)
    let failures = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("FAIL case") } }
    #expect(failures(tight.output) == failures(normal.output))
    #expect(!failures(normal.output).isEmpty)
}

/// Point 4: Ctrl-C while a failure is shrinking keeps the failure, unshrunk,
/// prints the summary and exits 1. (Case 48 of seed 1 fails for this
/// mutant; its shrink takes far longer than the campaign is given.)
@Test func ctrlCWhileShrinkingKeepsTheFailure() async throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let run = try await diffcheck(["fuzz", "--engine", "mutant:sequential-moves", "--time", "120", "--jobs", "2",
                                   "--findings", findings.path], sending: SIGINT, after: 3)
    #expect(run.status == 1, "\(run.output)")
    #expect(run.output.contains("(interrupted)"), "\(run.output)")
    #expect(run.output.contains("FAIL case"), "\(run.output)")
    #expect(!caseFiles(in: findings).isEmpty)
    #expect(run.output.contains("not shrunk: interrupted") || run.output.contains("shrunk in"), "\(run.output)")
}

/// Point 4 with --time instead of Ctrl-C: the end of the time ends the shrink too.
@Test func theEndOfTheTimeEndsAShrinkAndKeepsTheFailure() throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let began = Date()
    // 6 s: case 48, the first that fails, is a long one; a debug build under a full test run's load needs seconds to reach it.
    let run = try diffcheck(["fuzz", "--engine", "mutant:sequential-moves", "--time", "6", "--jobs", "1",
                             "--findings", findings.path])
    #expect(Date().timeIntervalSince(began) < 30)
    #expect(run.status == 1, "\(run.output)")
    #expect(!caseFiles(in: findings).isEmpty)
}

/// Point 6: the report and the saved files are the same for --jobs 1 and
/// --jobs 3 (each property once, for its smallest failing case).
@Test func reportsAndFindingsDoNotDependOnJobs() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var summaries: [String] = []
    var files: [[String: String]] = []
    for jobs in ["1", "3"] {
        let findings = directory.appendingPathComponent("findings")
        let run = try diffcheck(["fuzz", "--engine", "mutant:last-wins", "--cases", "400", "--jobs", jobs, "--no-timings",
                                 "--findings", findings.path])
        #expect(run.status == 1)
        summaries.append(run.output)
        var contents: [String: String] = [:]
        for file in caseFiles(in: findings) { contents[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8) }
        files.append(contents)
        try FileManager.default.removeItem(at: findings)
    }
    #expect(summaries[0] == summaries[1])
    #expect(files[0] == files[1])
    #expect(summaries[0].split(separator: "\n").filter { $0.hasPrefix("FAIL case") }.count == files[0].count)
}

/// Point 9: input that must be refused exits 2 with a message.
@Test(arguments: [
    ["fuzz", "--jobs", "0"],
    ["fuzz", "--jobs", "1000"],
    ["check", "--jobs", "0"],
    ["exhaust", "--versions", "0"],
    ["exhaust", "--sectioned", "--max-sections", "0"],
    ["fuzz", "--engine-cmd", ""],
    ["fuzz", "--engine-cmd", "  "],
    ["worker", "--help"],
    ["worker"],
    ["exhaust", "--flat", "--max-items", "40", "--max-per-section", "40"],
    ["exhaust", "--flat", "--max-per-section", "0"],
    ["exhaust", "--sectioned", "--max-per-section", "0"],
])
func refusedInput(_ arguments: [String]) throws {
    let findings = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: findings) }
    let run = try diffcheck(arguments, in: findings)
    #expect(run.status == 2, "\(arguments): \(run.output)")
    #expect(!run.errors.isEmpty)
    #expect(caseFiles(in: findings).isEmpty)
}

/// Stopped is not hung: a worker stopped (SIGSTOP, a laptop's sleep) past
/// its deadline is killed, and its case, which the engine alone answers, is
/// run again: no finding, exit 0, and the report says what happened.
@Test func aStoppedWorkerIsNotAHungEngine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let engine = directory.appendingPathComponent("engine.py")
    try """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        time.sleep(0.3)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                      "insertSections": list(range(len(request["new"])))}]}), flush=True)
    """.write(to: engine, atomically: true, encoding: .utf8)
    let (status, text) = try await runStoppingItsWorker(
        ["fuzz", "--engine-cmd", "python3 '\(engine.path)'", "--timeout", "1", "--cases", "2000000", "--time", "30",
         "--findings", directory.appendingPathComponent("findings").path],
        in: directory, workerArgument: "worker", stoppedFor: 16)   // past its deadline: twice the timeout and 10 s
    #expect(status == 0, "\(text)")
    #expect(text.contains(", 0 failures"), "\(text)")
    // Stopped, its clock (CPU and idle time) stood still: it was not killed, and no worker died.
    #expect(!text.contains("worker 0 ") && !text.contains("held up"), "\(text)")
}

/// Two campaigns on one findings folder (the defaults: `Corpus/findings`,
/// seed 1) run side by side without harm: each worker's state file, which
/// it maps shared, is named by its own campaign, so neither truncates the
/// other's under its mapping (a worker died of SIGBUS, and the correct core
/// got a no-crash failure).
@Test func twoCampaignsOnOneFindingsFolderRunSideBySide() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let findings = directory.appendingPathComponent("findings").path
    func campaign(_ seconds: String) throws -> RunningCommand {
        try RunningCommand(executable, ["fuzz", "--time", seconds, "--jobs", "2", "--findings", findings], errors: .discarded)
    }
    let first = try campaign("8")
    // Its workers' state files are its own: named by its process.
    let own = (findings as NSString).appendingPathComponent(".worker-\(first.pid)-0.state")
    #expect(eventually(within: 10) { FileManager.default.fileExists(atPath: own) }, "no \(own)")
    // The second starts while the first runs, and starts its workers again and again (short runs).
    sleep(1)
    var texts: [String] = []
    for _ in 0..<3 {
        let second = try campaign("1").finish()
        texts.append(second.output)
        #expect(second.status == 0, "\(texts.last ?? "")")
    }
    let firstRun = first.finish()
    texts.append(firstRun.output)
    #expect(firstRun.status == 0, "\(texts.last ?? "")")
    for text in texts {
        #expect(text.contains(", 0 failures") && !text.contains("worker "), "\(text)")
    }
}

/// Stopped is not hung in an exhaustive walk either: a worker stopped for
/// longer than its deadline is waited for (its clock, the CPU and idle time
/// of it and its engine, stands still while it is stopped); no failure.
@Test func aStoppedExhaustiveWorkerIsNotAHungEngine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (status, text) = try await runStoppingItsWorker(
        ["exhaust", "--engine", "core", "--flat", "--max-items", "7", "--timeout", "1", "--jobs", "1",
         "--findings", directory.appendingPathComponent("findings").path],
        in: directory, workerArgument: "--exhaust", stoppedFor: 10)   // past its deadline: twice the timeout and 5 s
    #expect(status == 0, "\(text)")
    #expect(text.contains(", 0 failing"), "\(text)")
    #expect(!text.contains("worker 0 ") && !text.contains("held up"), "\(text)")
}

/// Issue 43, point 9: a section of no items holds no pair to walk:
/// `--max-per-section 0` is refused, saying what it takes.
@Test func exhaustRefusesSectionsOfNoItems() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["exhaust", "--flat", "--max-per-section", "0"], in: directory)
    #expect(run.status == 2, "\(run.output)")
    #expect(run.errors.contains("--max-per-section takes a whole number of at least 1, not 0"), "\(run.errors)")
    #expect(!run.output.contains("distinct pairs"), "\(run.output)")
}

/// Runs diffcheck with `arguments` in `directory`, and stops (SIGSTOP) its
/// first worker (its child whose arguments hold `workerArgument`, not the
/// engine's first-contact probe) for `seconds`, then lets it go on; the
/// exit status and standard output.
func runStoppingItsWorker(_ arguments: [String], in directory: URL, workerArgument: String,
                          stoppedFor seconds: UInt32) async throws -> (status: Int32, output: String) {
    let (run, isStopped) = try await awaitedCommands.withTurn {
        try await onAThreadOfItsOwn {
            let command = try RunningCommand(executable, arguments, in: directory, errors: .discarded)
            let worker = command.child(within: 20) { ProcessTable.arguments(of: $0.pid)?.contains(workerArgument) ?? false }
            if let worker {
                sleep(2)
                kill(worker, SIGSTOP)
                sleep(seconds)
                kill(worker, SIGCONT)
            }
            return (command.finish(), worker != nil)
        }
    }
    #expect(isStopped, "no worker to stop")
    return (run.status, run.output)
}

/// A findings folder of one character, relative (`--findings f`), is a
/// folder like any other: Foundation on Linux traps when asked for the
/// folder above it, and took the campaign down with it (SIGILL).
@Test func aOneLetterFindingsFolderIsAFolderLikeAnyOther() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try diffcheck(["fuzz", "--engine", "mutant:stale-moved-update", "--cases", "300", "--findings", "f"], in: directory)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let saved = caseFiles(in: directory.appendingPathComponent("f"))
    #expect(!saved.isEmpty, "\(run.output)")
}

// CampaignState: the campaign's supervisor side driven in memory, with
// scripted events and no process started: the workers' messages, every
// kind of worker end in every state, the engine alone's answers, two
// findings arriving together, a hang, the time running out and Ctrl-C.
import DiffHarness
@testable import DiffProcess
import Foundation
import Testing

/// A campaign of `cases` cases in `jobs` workers (seed 1, the core), its
/// workers launched at clock 0.
private func campaign(jobs: Int = 2, cases: Int = 100, maxTime: Double? = nil) -> CampaignState {
    let supervisor = Supervisor(options: CampaignOptions(engineName: "core", seed: 1), jobs: jobs, maxCases: cases, maxTime: maxTime,
                                findings: "/findings", showsStatus: false, workerExecutable: URL(fileURLWithPath: "/bin/diffcheck"))
    var state = CampaignState(supervisor: supervisor, existing: [])
    for case .launch(let slot, let n, _) in state.start() { state.launched(slot: slot, at: n, now: 0) }
    state.clocksRead([Double](repeating: 0, count: jobs))
    return state
}

/// A finding as the driver saved it at `path`.
private func saved(_ path: String, message: String = "valid: planted") -> ReceivedFinding {
    ReceivedFinding(text: "a case", message: message, path: path)
}

/// What the engine alone came to on case `n`, as `CrashRecheck.run` returns it.
private func outcome(_ recheck: CrashRecheck, alone: AloneAnswer) -> CrashRecheck.Outcome {
    let pair = PairGenerator(options: recheck.options.generator).campaignCase(seed: 1, n: recheck.caseNumber)
    let verdict = FaultPolicy.verdict(recheck.end, in: recheck.phase, alone: alone)
    var failure = PropertyFailure(.noCrash, recheck.why, isHang: alone == .hangs)
    failure.message += FaultPolicy.note(verdict)
    return CrashRecheck.Outcome(pair: pair, shrunk: pair, verdict: verdict, failure: failure, calls: 1, seconds: 0.1)
}

/// The recheck an action list asks for, for `slot`.
private func recheck(in actions: [CampaignState.Action], slot: Int) -> CrashRecheck? {
    for case .recheck(slot, let asked) in actions { return asked }
    return nil
}

/// Judges `recheck` with the engine alone's answer `alone`, the finding
/// saved at `path`, and returns what the state does next.
private func answer(_ state: inout CampaignState, slot: Int, _ asked: CrashRecheck, alone: AloneAnswer,
                    path: String = "/findings/crash.case") -> [CampaignState.Action] {
    var judgement = state.judge(asked, outcome(asked, alone: alone))
    if case .found(var found, let example, let isHang) = judgement {
        found.path = path
        judgement = .found(found, example: example, isHang: isHang)
    }
    return state.rechecked(slot: slot, judgement)
}

@Test func workersRunTheirSharesAndFinish() {
    var state = campaign(jobs: 2, cases: 4)
    #expect(state.slots.map(\.next) == [0, 1] && state.slots.map(\.worker) == [0, 1])
    for (slot, n) in [(0, 0), (1, 1), (0, 2), (1, 3)] {
        #expect(state.heard(.start(n), slot: slot).isEmpty)
        #expect(state.heard(.done(n, .checked(labels: 0b101)), slot: slot).isEmpty)
    }
    #expect(state.heard(.end, slot: 0) == [.finish(slot: 0)])
    #expect(state.heard(.end, slot: 1) == [.finish(slot: 1)])
    #expect(state.running.isEmpty)
    let report = state.finishedReport(elapsed: 1)
    #expect(report.casesRun == 4)
    #expect(report.labelCounts.values.reduce(0, +) == 8, "\(report.labelCounts)")
}

@Test func aFailureIsShrunkOnceAKindAndASmallerOneReplacesIt() {
    var state = campaign()
    let kind = FindingKind(.valid)
    #expect(state.heard(.failed(7, kind: kind, isHang: false), slot: 1) == [.reply(slot: 1, .shrink)])
    _ = state.heard(.shrinking(7, kind: kind, unshrunk: "a case"), slot: 1, saved: saved("/findings/7-unshrunk.case"))
    #expect(state.slots[1].state.isShrinking)
    // The shrunk case has a name of its own: the unshrunk file goes.
    #expect(state.heard(.found(7, kind: kind, calls: 40, seconds: 0.5, shrunk: "a case"), slot: 1,
                        saved: saved("/findings/7.case")) == [.discard(path: "/findings/7-unshrunk.case")])
    // A later case of the kind is skipped; a smaller one, found meanwhile by the other worker, replaces it.
    #expect(state.heard(.failed(9, kind: kind, isHang: false), slot: 1) == [.reply(slot: 1, .skip)])
    #expect(state.keepsFound(4, kind: kind) && !state.keepsFound(9, kind: kind))
    #expect(state.heard(.found(4, kind: kind, calls: 3, seconds: 0.1, shrunk: "a case"), slot: 0,
                        saved: saved("/findings/4.case")) == [.discard(path: "/findings/7.case")])
    let report = state.finishedReport(elapsed: 1)
    #expect(report.failures.map(\.caseNumber) == [4] && report.failures.first?.path == "/findings/4.case")
    #expect(report.repeatedFailures[kind] == 2, "\(report.repeatedFailures)")
}

/// Two findings of different kinds in one read from one worker are both kept.
@Test func twoFindingsInOneReadAreBothKept() {
    var state = campaign()
    var actions: [CampaignState.Action] = []
    for (kind, path) in [(FindingKind(.valid), "/findings/a.case"), (FindingKind(.fresh), "/findings/b.case")] {
        actions += state.heard(.failed(2, kind: kind, isHang: false), slot: 0)
        actions += state.heard(.shrinking(2, kind: kind, unshrunk: "a case"), slot: 0, saved: saved(path))
        actions += state.heard(.found(2, kind: kind, calls: 1, seconds: 0, shrunk: "a case"), slot: 0, saved: saved(path))
    }
    #expect(actions == [.reply(slot: 0, .shrink), .reply(slot: 0, .shrink)], "\(actions)")
    #expect(state.finishedReport(elapsed: 1).failures.map(\.path).sorted() == ["/findings/a.case", "/findings/b.case"])
}

/// A trap on a case: the engine alone is asked and the slot waits; a trap
/// there is a finding, and the next worker skips the case.
@Test func aTrapTheEngineAloneSharesIsAFindingAndItsCaseIsSkipped() throws {
    var state = campaign()
    _ = state.heard(.start(4), slot: 0)
    let actions = try state.ended(slot: 0, end: .trapped(signal: SIGILL), hung: false, fileCase: nil,
                                  errorLine: ": Fatal error", elapsed: 1)
    let asked = try #require(recheck(in: actions, slot: 0), "\(actions)")
    #expect(actions.first == .finish(slot: 0) && asked.caseNumber == 4 && asked.phase == .onCase(isRetry: false, canRunAgain: true))
    #expect(asked.why.hasPrefix("the engine trapped: the worker was killed by signal 4") && asked.why.hasSuffix(": Fatal error"))
    #expect(state.progress(elapsed: 1).contains("case 4: checked again with the engine alone"))
    #expect(answer(&state, slot: 0, asked, alone: .traps) == [.launch(slot: 0, at: 0, skipping: [4])])
    let report = state.finishedReport(elapsed: 2)
    #expect(report.failures.map(\.caseNumber) == [4] && report.failures.first?.path == "/findings/crash.case")
    #expect(report.workerDeaths.isEmpty)
    // A later trap is a repeat, counted with no question to the engine alone.
    _ = state.heard(.start(6), slot: 0)
    #expect(try state.ended(slot: 0, end: .trapped(signal: SIGSEGV), hung: false, fileCase: nil, errorLine: "", elapsed: 3)
            == [.launch(slot: 0, at: 0, skipping: [4, 6])])
}

/// A trap the engine alone passes is reported at once, saying the trap
/// may be diffcheck's own; a worker held up past its deadline on a case
/// the engine alone answers runs it again once, and the second time it is
/// reported as held up twice.
@Test func aTrapTheEngineAloneDoesNotShareIsReportedAndAHoldUpIsRunAgainOnce() throws {
    var state = campaign()
    _ = state.heard(.start(2), slot: 0)
    let trap = try #require(recheck(in: try state.ended(slot: 0, end: .trapped(signal: SIGSEGV), hung: false, fileCase: nil,
                                                       errorLine: "", elapsed: 1), slot: 0))
    #expect(answer(&state, slot: 0, trap, alone: .passes) == [.launch(slot: 0, at: 0, skipping: [2])])
    let message = try #require(state.finishedReport(elapsed: 1).failures.first?.message)
    #expect(message.contains("the trap may be in diffcheck's own checking"), "\(message)")

    var held = campaign()
    _ = held.heard(.start(3), slot: 1)
    var asked = try #require(recheck(in: try held.ended(slot: 1, end: .pastDeadline, hung: true, fileCase: nil, errorLine: "",
                                                       elapsed: 1), slot: 1))
    #expect(answer(&held, slot: 1, asked, alone: .passes) == [.launch(slot: 1, at: 1, skipping: [])])
    held.launched(slot: 1, at: 1, now: 0)
    _ = held.heard(.start(3), slot: 1)
    asked = try #require(recheck(in: try held.ended(slot: 1, end: .pastDeadline, hung: true, fileCase: nil, errorLine: "",
                                                   elapsed: 2), slot: 1))
    #expect(asked.phase == .onCase(isRetry: true, canRunAgain: true))
    #expect(answer(&held, slot: 1, asked, alone: .passes) == [.finish(slot: 1)])
    let report = held.finishedReport(elapsed: 2)
    #expect(report.failures.first?.message.contains("held up past its deadline on it twice") == true, "\(report.failures)")
    #expect(report.stoppedEarly != nil, "a hang ends the campaign")
}

/// A worker stopped from outside, by the out-of-memory killer or past its
/// deadline on a case the engine alone answers is not the engine's: the
/// case runs again, and the report says why.
@Test func aWorkerStoppedByNoFaultOfTheEnginesRunsItsCaseAgain() throws {
    for (end, hung) in [(ProcessEnd.killedFromOutside(signal: SIGKILL), false), (.outOfMemory, false), (.pastDeadline, true)] {
        var state = campaign()
        _ = state.heard(.start(3), slot: 1)
        let asked = try #require(recheck(in: try state.ended(slot: 1, end: end, hung: hung, fileCase: nil, errorLine: "",
                                                            elapsed: 1), slot: 1))
        #expect(hung == asked.why.hasPrefix("the engine did not return within"), "\(asked.why)")
        #expect(answer(&state, slot: 1, asked, alone: .passes) == [.launch(slot: 1, at: 1, skipping: [])])
        let report = state.finishedReport(elapsed: 1)
        #expect(report.failures.isEmpty && report.workerDeaths.count == 1, "\(end): \(report.workerDeaths)")
        #expect(report.workerDeaths.first?.contains(end.words) == true, "\(report.workerDeaths)")
    }
}

/// A hang (the engine alone does not answer either) is a finding, the
/// campaign stops there: no new worker, and at the next turn the other
/// workers stop unless they check a case before the hang.
@Test func aHangStopsTheCampaignAfterTheCasesBeforeIt() throws {
    var state = campaign(jobs: 3, cases: 90)
    _ = state.heard(.start(5), slot: 2)
    _ = state.heard(.start(3), slot: 0)
    _ = state.heard(.start(7), slot: 1)
    let asked = try #require(recheck(in: try state.ended(slot: 2, end: .pastDeadline, hung: true, fileCase: nil, errorLine: "",
                                                        elapsed: 1), slot: 2))
    #expect(answer(&state, slot: 2, asked, alone: .hangs) == [.finish(slot: 2)])
    let turn = state.turn(elapsed: 2)
    #expect(turn.goesOn && turn.actions == [.stop(slot: 1)], "\(turn.actions)")
    let report = state.finishedReport(elapsed: 2)
    #expect(report.stoppedEarly?.contains("hung on case 5") == true)
    #expect(report.failures.first?.isHang == true)
}

@Test func ctrlCReachingAWorkerInterruptsTheRun() throws {
    var state = campaign()
    _ = state.heard(.start(0), slot: 0)
    #expect(try state.ended(slot: 0, end: .interrupted, hung: false, fileCase: nil, errorLine: "", elapsed: 1)
            == [.interrupt, .finish(slot: 0)])
    #expect(state.finishedReport(elapsed: 1).failures.isEmpty)
}

/// A death between cases resumes the share at its next case; a worker that
/// keeps dying there ends the campaign with an error.
@Test func aDeathBetweenCasesResumesTheShareUntilWorkersKeepDying() throws {
    var state = campaign(jobs: 1)
    _ = state.heard(.start(0), slot: 0)
    _ = state.heard(.done(0, .checked(labels: 0)), slot: 0)
    #expect(try state.ended(slot: 0, end: .exited(code: 1), hung: false, fileCase: nil, errorLine: "", elapsed: 1)
            == [.launch(slot: 0, at: 1, skipping: [])])
    #expect(state.finishedReport(elapsed: 1).workerDeaths == ["worker 0 exited with status 1 between cases; resumed at case 1"])
    #expect(throws: CampaignError.self) {
        for _ in 0..<21 {
            state.launched(slot: 0, at: 1, now: 0)
            _ = try state.ended(slot: 0, end: .normal, hung: false, fileCase: nil, errorLine: "", elapsed: 1)
        }
    }
}

/// A worker that batches its lines dies past its last reported case: its
/// state file names the case, which is the one asked about.
@Test func aDeathPastTheLastReportedCaseIsJudgedOnTheStateFilesCase() throws {
    var state = campaign()
    _ = state.heard(.start(0), slot: 0)
    _ = state.heard(.done(0, .checked(labels: 0)), slot: 0)
    let actions = try state.ended(slot: 0, end: .trapped(signal: SIGILL), hung: false, fileCase: 6, errorLine: "", elapsed: 1)
    #expect(recheck(in: actions, slot: 0)?.caseNumber == 6)
    // A state file naming a case outside the worker's share is not believed.
    var other = campaign()
    _ = other.heard(.done(0, .checked(labels: 0)), slot: 0)
    #expect(try other.ended(slot: 0, end: .trapped(signal: SIGILL), hung: false, fileCase: 5, errorLine: "", elapsed: 1)
            == [.launch(slot: 0, at: 2, skipping: [])])
}

/// A death while shrinking keeps the unshrunk failure saved before the
/// shrink began, and the share resumes after its case.
@Test func aDeathWhileShrinkingKeepsTheUnshrunkFailure() throws {
    var state = campaign()
    let kind = FindingKind(.valid)
    _ = state.heard(.failed(4, kind: kind, isHang: false), slot: 0)
    _ = state.heard(.shrinking(4, kind: kind, unshrunk: "a case"), slot: 0, saved: saved("/findings/4.case"))
    #expect(try state.ended(slot: 0, end: .trapped(signal: SIGBUS), hung: false, fileCase: nil, errorLine: "", elapsed: 1)
            == [.launch(slot: 0, at: 6, skipping: [])])
    let failure = try #require(state.finishedReport(elapsed: 1).failures.first)
    #expect(failure.path == "/findings/4.case" && failure.shrinking == nil)
    #expect(failure.unshrunkBecause?.hasPrefix("the worker stopped while shrinking it") == true)
}

/// The time running out ends the run at the next turn; at the stop, a
/// shrink keeps its unshrunk failure, and a case past its timeout (on its
/// slot's clock) is unjudged and slow, not a pass.
@Test func theTimeRunningOutStopsEveryWorkerAndKeepsWhatItHas() {
    var state = campaign(maxTime: 10)
    let kind = FindingKind(.valid)
    _ = state.heard(.start(2), slot: 0)
    _ = state.heard(.failed(3, kind: kind, isHang: false), slot: 1)
    _ = state.heard(.shrinking(3, kind: kind, unshrunk: "a case"), slot: 1, saved: saved("/findings/3.case"))
    #expect(state.turn(elapsed: 9).goesOn)
    let turn = state.turn(elapsed: 10)
    #expect(!turn.goesOn && state.isTimeUp)
    state.clocksRead([15, 15])
    #expect(state.stopping(fileCases: [:], interruption: nil) == [.stop(slot: 0), .stop(slot: 1)])
    let report = state.finishedReport(elapsed: 10)
    #expect(report.failures.first?.unshrunkBecause == "the campaign's time was up")
    #expect(report.skipped == 1 && report.casesRun == 2, "\(report.casesRun) run, \(report.skipped) skipped")
}

/// A case past its timeout is said once on stderr, and a `busy` line moves
/// the worker's deadline (the engine was given longer).
@Test func aSlowCaseIsSaidOnceAndABusyEngineMovesTheDeadline() {
    var state = campaign()
    _ = state.heard(.start(2), slot: 0)
    let before = state.deadline(slot: 0) ?? .infinity
    state.clocksRead([11, 0])
    #expect(state.slotsPastTheTimeout == [0])
    let said = state.announceSlow(fileCases: [:])
    #expect(said.count == 1 && state.announceSlow(fileCases: [:]).isEmpty)
    _ = state.heard(.busy(seconds: 100), slot: 0)
    #expect((state.deadline(slot: 0) ?? 0) >= 11 + 100 + 10 && (state.deadline(slot: 0) ?? 0) > before)
}

// EngineClock: the time rule fed scripted readings, with no process and no
// sleeping: a starved engine is not late, an idle one is blocked, a stopped
// one is neither, the reader's own gaps are not the engine's idle time, and
// each verdict names its clock.
import Testing
@testable import DiffProcess

/// A reading: `cpu` seconds used in all, and the tree's run state.
private func usage(cpu: Double, runnable: Bool = true, stopped: Bool = false) -> ProcessTreeUsage {
    ProcessTreeUsage(cpuSeconds: cpu, isRunnable: runnable, isStopped: stopped, residentBytes: 1_000, processes: 1)
}

/// Reads `clock` every tenth of a second for `seconds`, the CPU growing by
/// `share` of each tenth; returns the first verdict and when it came.
private func run(_ clock: inout EngineClock, for seconds: Double, share: Double, runnable: Bool = true,
                 stopped: Bool = false) -> (verdict: TimeVerdict, at: Double)? {
    var wall = 0.0, cpu = 100.0
    while wall < seconds {
        wall += 0.1
        cpu += 0.1 * share
        if let verdict = clock.read(wall: wall, usage: usage(cpu: cpu, runnable: runnable, stopped: stopped)) {
            return (verdict, wall)
        }
    }
    return nil
}

@Test func aStarvedEngineIsJudgedByItsCPUNotTheWall() throws {
    // A fifth of a core (load 10 on 2 cores): 10 s of CPU take 50 s of wall.
    var clock = EngineClock(limits: TimeLimits(cpu: 10, idle: 10))
    let result = run(&clock, for: 400, share: 0.2)
    let (verdict, at) = try #require(result)
    #expect(verdict.clock == .cpu && verdict.limit == 10, "\(verdict)")
    #expect(at > 49 && at < 51, "\(at)")
    #expect(verdict.idleSeconds == 0)
    #expect(verdict.description.hasPrefix("10 s of CPU (used 10.0 s of CPU in 50."), "\(verdict.description)")
}

@Test func anIdleEngineIsBlockedAfterTheIdleLimit() throws {
    var clock = EngineClock(limits: TimeLimits(cpu: 600, idle: 10))
    let result = run(&clock, for: 100, share: 0, runnable: false)
    let (verdict, at) = try #require(result)
    #expect(verdict.clock == .idle && at > 9.9 && at < 10.2, "\(verdict) at \(at)")
}

@Test func aStoppedEngineIsNeitherBusyNorIdleUntilTheWallBackstop() throws {
    var clock = EngineClock(limits: TimeLimits(cpu: 10, idle: 10))
    #expect(clock.limits.wall == 20 * 10 + 60)
    let result = run(&clock, for: 1_000, share: 0, runnable: false, stopped: true)
    let (verdict, at) = try #require(result)
    #expect(verdict.clock == .wall && at >= 260 && at < 260.2, "\(verdict) at \(at)")
    #expect(verdict.cpuSeconds == 0 && verdict.idleSeconds == 0)
}

@Test func theReadersOwnGapIsNotTheEnginesIdleTime() {
    var clock = EngineClock(limits: TimeLimits(cpu: 10, idle: 10))
    #expect(clock.read(wall: 0.1, usage: usage(cpu: 5, runnable: false)) == nil)
    // The reader was held up for 30 s: the gap adds at most `maximumStep`.
    #expect(clock.read(wall: 30.1, usage: usage(cpu: 5, runnable: false)) == nil)
    #expect(abs(clock.idleSeconds - (0.1 + EngineClock.maximumStep)) < 1e-9, "\(clock.idleSeconds)")
}

@Test func idleTimeCountsOnlyOnceTheRequestIsOwed() {
    var clock = EngineClock(limits: TimeLimits(cpu: 10, idle: 1))
    var wall = 0.0
    for _ in 0..<50 {
        wall += 0.1
        #expect(clock.read(wall: wall, usage: usage(cpu: 1, runnable: false), isOwed: false) == nil)
    }
    #expect(clock.idleSeconds == 0)
    wall += 0.1
    _ = clock.read(wall: wall, usage: usage(cpu: 1, runnable: false))
    #expect(clock.idleSeconds > 0)
}

@Test func aTreeThatCannotBeReadIsTimedByTheWall() throws {
    var clock = EngineClock(limits: TimeLimits(cpu: 2, idle: 2))
    #expect(clock.read(wall: 1, usage: nil) == nil)
    let read = clock.read(wall: 2, usage: nil)
    let verdict = try #require(read)
    #expect(verdict.clock == .cpu && verdict.cpuSeconds == 2)
}

@Test func theCPUBeforeTheFirstReadingIsAtMostItsWallTime() throws {
    // Not read for its first quarter second: it counts as a quarter second of CPU.
    var clock = EngineClock(limits: TimeLimits(cpu: 1, idle: 5), firstReadingAfter: 0.25)
    #expect(clock.read(wall: 0.25, usage: usage(cpu: 40)) == nil)
    #expect(clock.cpuSeconds == 0.25)
    let read = clock.read(wall: 2, usage: usage(cpu: 40.8))
    let verdict = try #require(read)
    #expect(verdict.clock == .cpu && abs(verdict.cpuSeconds - 1.05) < 1e-9, "\(verdict)")
}

@Test func aWorkerClockCountsEachWorkerOfItsSlot() {
    var clock = WorkerClock(now: 100)
    clock.read(now: 100.1, usage: usage(cpu: 50))
    clock.read(now: 100.2, usage: usage(cpu: 51))
    #expect(abs(clock.seconds - 1) < 1e-9)
    // A new worker, whose own CPU starts elsewhere: the slot's seconds go on from 1.
    clock.restart(now: 200)
    clock.read(now: 200.1, usage: usage(cpu: 7))
    clock.read(now: 200.2, usage: usage(cpu: 7.5))
    #expect(abs(clock.seconds - 1.5) < 1e-9)
    // Stopped: nothing counts.
    clock.read(now: 260, usage: usage(cpu: 7.5, runnable: false, stopped: true))
    #expect(abs(clock.seconds - 1.5) < 1e-9)
}

/// Issue 49: a late answer's first reading, with the CPU at the answer
/// before it known, measures the CPU used before that reading; without it,
/// that time is taken as one processor's (an upper bound, as before).
@Test func theCPUBeforeTheFirstReadingIsMeasuredWhenTheLastAnswerWasRead() {
    // A fifth of a core: 0.05 s of CPU in the first 0.25 s, then 0.02 s a tenth.
    var measured = EngineClock(limits: TimeLimits(cpu: 10, idle: 10), firstReadingAfter: 0.25, cpuAtStart: 100)
    _ = measured.read(wall: 0.25, usage: usage(cpu: 100.05))
    _ = measured.read(wall: 0.35, usage: usage(cpu: 100.07))
    #expect(abs(measured.cpuSeconds - 0.07) < 1e-9, "\(measured.cpuSeconds)")
    #expect(measured.lastCPUReading == 100.07)
    var assumed = EngineClock(limits: TimeLimits(cpu: 10, idle: 10), firstReadingAfter: 0.25)
    _ = assumed.read(wall: 0.25, usage: usage(cpu: 100.05))
    _ = assumed.read(wall: 0.35, usage: usage(cpu: 100.07))
    #expect(abs(assumed.cpuSeconds - 0.27) < 1e-9, "\(assumed.cpuSeconds)")
}

/// `--max-cpu-per-case` judges the CPU the readings show, a lower bound:
/// the time before the first reading counts only when it was measured, and
/// a gap with no reading (the tree could not be read) counts for nothing.
@Test func theMeasuredCPUCountsOnlyWhatTheReadingsShow() {
    var assumed = EngineClock(limits: TimeLimits(cpu: 10, idle: 10), firstReadingAfter: 0.25)
    _ = assumed.read(wall: 0.25, usage: usage(cpu: 100.05))
    _ = assumed.read(wall: 0.35, usage: usage(cpu: 100.07))
    _ = assumed.read(wall: 0.45, usage: nil)
    #expect(abs(assumed.measuredCPUSeconds - 0.02) < 1e-9 && abs(assumed.cpuSeconds - 0.37) < 1e-9,
            "\(assumed.measuredCPUSeconds) \(assumed.cpuSeconds)")
    var measured = EngineClock(limits: TimeLimits(cpu: 10, idle: 10), firstReadingAfter: 0.25, cpuAtStart: 100)
    _ = measured.read(wall: 0.25, usage: usage(cpu: 100.05))
    _ = measured.read(wall: 0.35, usage: usage(cpu: 100.07))
    #expect(abs(measured.measuredCPUSeconds - 0.07) < 1e-9, "\(measured.measuredCPUSeconds)")
}

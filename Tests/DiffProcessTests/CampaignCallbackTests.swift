// Nothing blocks inside a call into the campaign: a case whose worker
// trapped is checked again with the engine alone, and shrunk, as work of
// its own beside the pool's loop (`CrashRecheck`, `BackgroundWork`), and
// the other workers go on being polled meanwhile.
import DiffHarness
@testable import DiffProcess
import Foundation
import TestSupport
import Testing

/// `mutant:duplicate-key-trap` traps its worker on every case whose old
/// snapshot repeats an identity. The first trap is checked again alone and
/// shrunk, for longer than a second; the longest call into the campaign
/// (a turn, a message, a worker's end) stays far below that, and what the
/// recheck found is the campaign's one `no-crash` finding, shrunk.
@Test func aCrashShrinkHoldsNoCallbackOfThePool() throws {
    let findings = NSTemporaryDirectory() + "campaign-callbacks-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: findings) }
    let supervisor = Supervisor(options: CampaignOptions(engineName: "mutant:duplicate-key-trap", seed: 1), jobs: 2,
                                maxCases: 200, maxTime: nil, findings: findings, showsStatus: false,
                                workerExecutable: try BuiltProducts.executable("diffcheck"))
    let (report, longest) = try supervisor.runMeasured()
    let crash = try #require(report.failures.first { $0.property == "no-crash" }, "\(report.failures)")
    #expect(report.failures.count == 1, "\(report.failures)")
    #expect(FileManager.default.fileExists(atPath: crash.path), "\(crash.path)")
    #expect(report.casesRun == 200, "\(report.casesRun)")
    // "N calls, S s": the recheck's own time, which a blocking callback would have held the loop for.
    let shrinking = try #require(crash.shrinking)
    let seconds = try #require(Double(shrinking.split(separator: " ").dropLast().last ?? ""), "\(shrinking)")
    print("crash recheck and shrink: \(shrinking); longest callback: \(String(format: "%.3f", longest)) s")
    #expect(longest < 0.5, "a call into the campaign held the pool's loop for \(longest) s")
    #expect(seconds > longest, "the recheck (\(shrinking)) was shorter than the longest callback (\(longest) s)")
}

/// The exhaustive walk asks the engine alone about a pair its worker
/// trapped on beside the pool's loop too: the walk still stops at that
/// pair with a `no-crash` failure, and no call into the walk held the loop
/// for the isolated engine's start and check.
@Test func aWalksTrapIsAskedOfTheEngineAloneOutsideThePoolsCallbacks() throws {
    var run = ExhaustiveRun(options: CampaignOptions(engineName: "mutant:duplicate-key-trap", seed: 1), jobs: 2,
                            showsProgress: false)
    run.workerExecutable = try BuiltProducts.executable("diffcheck")
    let (result, longest) = try run.runMeasured(ExhaustiveBound(isFlat: true, maxTotalItems: 3, maxItemsPerSection: 3))
    print("walk stopped at \(result.stoppedAt.map(String.init) ?? "-"); longest callback: \(String(format: "%.3f", longest)) s")
    let first = try #require(result.firstFailure, "the walk found no trap")
    #expect(first.crash != nil, "\(first)")
    #expect(result.firstProperties == [.noCrash], "\(result.firstProperties)")
    #expect(result.stoppedAt == first.place)
    #expect(longest < 0.5, "a call into the walk held the pool's loop for \(longest) s")
}

/// A case whose engine alone cannot be started (an engine name the
/// isolated engines do not know) is judged by the worker's end alone, never
/// checked on another engine: a trap stays a `no-crash` finding, unshrunk,
/// that says why; a stop from outside runs the case again. (A reload-all
/// stand-in used to answer, so the trap read as diffcheck's own.)
@Test func aCrashWhoseEngineAloneCannotStartIsJudgedByTheWorkersEnd() {
    func recheck(_ end: ProcessEnd) -> CrashRecheck.Outcome {
        CrashRecheck(caseNumber: 3, why: "the engine trapped", end: end, phase: .onCase(isRetry: false, canRunAgain: true),
                     options: CampaignOptions(engineName: "no-such-engine", seed: 1),
                     executable: URL(fileURLWithPath: "/nonexistent/diffcheck"), shrinkSeconds: 1).run()
    }
    let trapped = recheck(.trapped(signal: SIGILL))
    #expect(trapped.verdict == .engineCrash)
    #expect(trapped.failure.message.contains("the engine alone could not be started"), "\(trapped.failure.message)")
    #expect(!trapped.failure.message.contains("diffcheck's own"), "\(trapped.failure.message)")
    #expect(trapped.shrunk == trapped.pair && trapped.calls == 0)
    #expect(recheck(.killedFromOutside(signal: SIGKILL)).verdict == .runAgain)
}

// ExternalEngine's time rules: slow is not wrong (a request past the
// timeout in CPU is answered within its limit and judged), a hang is still a
// hang (its CPU limit, or idle: blocked), a load on the machine changes no
// verdict, an answer past the line limit is not judged, and the pace it keeps
// is made of whole measurements, in CPU seconds.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel
import TestSupport

/// A correct engine (every old section deleted, every new one inserted) that
/// burns CPU as the square of its input's items: `scale` seconds at 1,000.
private func quadraticEngine(scale: Double) -> String {
    """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        items = sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new)
        burn(\(scale) * (items / 1000.0) ** 2)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """
}

/// Slow is never wrong: a request that uses more CPU than the timeout, and
/// answers within its limit (the hang deadline: nothing larger was
/// measured), is a slow answer, judged; the same request right after it is
/// not sent again (it would cost as long).
@Test func aSlowCorrectEngineIsSlowNotHung() throws {
    let script = try EngineScript(quadraticEngine(scale: 0.25))
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 1, hangTimeout: 30)
    // 600 items: 0.09 s (twice: a process's first answer is its start-up, not its pace); 2,400: 1.44 s.
    let answers = engine.run(pairs: [flatPair(10), flatPair(300), flatPair(300), flatPair(1_200), flatPair(1_200), flatPair(1_500)])
    #expect(answers.count == 6)
    for n in [0, 1, 2, 3, 5] { #expect(!answers[n].output.isFailure, "\(n): \(answers[n])") }
    // The same request again right after its slow answer: not sent, not judged.
    guard case .failed(let again) = answers[4] else { Issue.record("answered: \(answers[4])"); return }
    #expect(again.isTooSlow && !again.isHang && again.reason.contains("not sent again"), "\(again)")
    let slow = engine.takeSlowAnswers()
    #expect(slow.map(\.oldItems) == [1_200, 1_500], "\(slow)")
    #expect(slow.allSatisfy { $0.seconds > 1 && $0.seconds < 30 }, "\(slow)")
    #expect(engine.takeSlowAnswers().isEmpty)
    // The checker judges such a case: asked once, it holds.
    let verdict = Checker(engine: engine).check(old: flatPair(1_200).old, new: flatPair(1_200).new)
    #expect(!verdict.isSkipped && verdict.holds, "\(verdict)")
}

/// An engine that stops answering at a size (it sleeps: idle, blocked)
/// still hangs, by the idle clock, after the timeout.
@Test func anEngineThatStopsAnsweringPastASizeHangs() throws {
    let script = try EngineScript(hangingEngine(once: .old, holds: 1000))
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 1, hangTimeout: 3)
    let answers = engine.run(pairs: [flatPair(10), flatPair(300), flatPair(300), flatPair(1_500)])
    guard case .failed(let failure) = answers[3] else { Issue.record("answered: \(answers[3])"); return }
    #expect(failure.isHang && !failure.isTooSlow, "\(failure)")
    #expect(failure.reason.contains("did not answer within 1 s idle on a request of 3000 items and 0 changes"), "\(failure.reason)")
    #expect(engine.confirmsHang(old: flatPair(1_500).old, new: flatPair(1_500).new))
    #expect(!engine.confirmsHang(old: flatPair(300).old, new: flatPair(300).new))
}

/// A Myers-like engine (time ∝ items × changes): a long request with few
/// changes after a slow one with many is sent with the timeout as usual and
/// answers at once; nothing is skipped on a prediction, and no measurement
/// pairs one request's size with another's time.
@Test func aMyersLikeEngineIsJudgedByWholeMeasurements() throws {
    let script = try EngineScript("""
        import json, sys
        \(pythonBurn)
        for line in sys.stdin:
            request = json.loads(line)
            old = [i["id"] for s in request["old"] for i in s["items"]]
            new = [i["id"] for s in request["new"] for i in s["items"]]
            changed = sum(1 for a, b in zip(old, new) if a != b) + abs(len(old) - len(new))
            burn(len(old) * changed * 2e-7)
            print(json.dumps({"stages": [{"deleteSections": [0], "insertSections": [0]}]}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 1, hangTimeout: 30)
    let same = flatPair(4_000)
    // 4,000 items, every one moved: 3.2 s, past the timeout.
    let shuffled = (old: same.old, new: Snapshot(sections: [Section(id: "", items: same.old.sections[0].items.reversed())]))
    let answers = engine.run(pairs: [flatPair(10), flatPair(300), shuffled, same, same])
    #expect(answers.allSatisfy { !$0.output.isFailure }, "\(answers)")
    #expect(engine.takeSlowAnswers().map(\.oldItems) == [4_000])
    let pace = engine.measuredPace
    // The unchanged 8,000-item request's answer is measured as itself: fast, with no changes.
    let unchanged = try #require(pace.measurements.first { $0.items == 8_000 && $0.changes == 0 }, "\(pace.measurements)")
    #expect(unchanged.seconds < 1, "\(unchanged)")
    #expect(pace.slowestDominated(by: EnginePace.Measurement(items: 8_000, changes: 0, seconds: 0))?.seconds ?? 0 < 1)
}

/// Too big is not a crash: an answer past the protocol's 64 MiB line limit
/// is a limit of diffcheck's (its memory), reported, and the case not judged.
@Test func anAnswerPastTheLineLimitIsNotJudged() throws {
    let script = try EngineScript("""
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            pad = "x" * (65 * 1048576) if sum(len(s["items"]) for s in old) >= 300 else ""
            print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}],
                              "pad": pad}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command, timeout: 30)
    let answers = engine.run(pairs: [flatPair(10), flatPair(300)])
    guard case .failed(let failure) = answers[1] else { Issue.record("answered: \(answers[1])"); return }
    #expect(failure.isTooSlow && !failure.isHang, "\(failure)")
    #expect(failure.reason.contains("is longer than 64 MiB, diffcheck's limit on one answer line"), "\(failure.reason)")
    let verdict = Checker(engine: engine).check(old: flatPair(300).old, new: flatPair(300).new)
    #expect(verdict.isSkipped && verdict.holds, "\(verdict)")
}

/// An engine whose first process blocks on a case (idle, a request
/// unanswered) hangs, though a fresh process would answer it: a diff engine
/// waits for nothing, and a hang that depends on the process's history is
/// still the engine's.
@Test func aCaseThatBlocksOnlyInTheFirstProcessIsAHang() throws {
    let script = try EngineScript("""
        import json, os, sys, time
        first = not os.path.exists(sys.argv[1])
        open(sys.argv[1], "a").close()
        for line in sys.stdin:
            request = json.loads(line)
            old, new = request["old"], request["new"]
            if first and any(i["id"] == "slow" for s in old for i in s["items"]):
                time.sleep(1000)
            print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
        """)
    defer { script.remove() }
    let engine = ExternalEngine(command: script.command + " '\(script.file("started"))'", timeout: 1)
    let slow = Snapshot(sections: [Section(id: "", items: [Item(id: "slow")])])
    let answers = engine.run(pairs: [flatPair(3), (slow, slow), flatPair(3)])
    #expect(answers[1].output.isHang && !answers[0].output.isFailure && !answers[2].output.isFailure, "\(answers)")
}

/// The pace itself: whole measurements, compared only by dominance, and the growth it fits.
@Test func thePaceKeepsWholeMeasurements() {
    var pace = EnginePace()
    pace.record(items: 1_000, changes: 10, seconds: 0.01)
    pace.record(items: 4_000, changes: 40, seconds: 0.16)
    #expect(abs((pace.fittedExponent ?? 0) - 2) < 0.01)
    pace.record(items: 13_459, changes: 300, seconds: 0.015)
    pace.record(items: 71_202, changes: 50_000, seconds: 9)
    // A long request with few changes is not judged by a slow one with many.
    let few = EnginePace.Measurement(items: 100_000, changes: 100, seconds: 0)
    #expect(pace.slowestDominated(by: few)?.seconds == 0.16)
    let many = EnginePace.Measurement(items: 100_000, changes: 60_000, seconds: 0)
    #expect(pace.slowestDominated(by: many)?.seconds == 9)
    #expect(pace.slowestDominated(by: EnginePace.Measurement(items: 500, changes: 5, seconds: 0)) == nil)
    #expect(pace.growthDescription == "its slowest answer: 71202 items and 50000 changes in 9.00 s", "\(pace.growthDescription)")
    // Small requests are not kept: their time is the machine's.
    var loaded = EnginePace()
    loaded.record(items: 26, changes: nil, seconds: 0.009)
    #expect(loaded.measurements.isEmpty)
    #expect(loaded.growthDescription == "answers measured up to 26 items only, too few to time")
    #expect(ExternalEngine.seconds(11.07865) == "11.1 s" && ExternalEngine.seconds(10) == "10 s")
}

/// Issue 49: how an engine's time grows is a result. A fit over whole
/// measurements recovers the exponents of items and of changes when they
/// vary apart, and fits the items alone when the changes grow with them.
@Test func thePaceFitsTheGrowthInItemsAndInChanges() {
    var apart = EnginePace()
    for items in [1_000, 2_000, 4_000, 8_000] {
        for changes in [10, 100, 1_000] {
            // CPU ∝ items² · changes^0.5, with a little noise.
            let noise = 1 + 0.02 * Double((items / 1_000 + changes) % 3 - 1)
            apart.record(items: items, changes: changes, seconds: 1e-7 * Double(items * items) * Double(changes).squareRoot() * noise)
        }
    }
    let fitted = apart.scaling(peakMemoryBytes: 5_000_000)
    #expect(fitted.fittedAnswers == 12)
    #expect(abs((fitted.itemsExponent ?? 0) - 2) < 0.05, "\(fitted)")
    #expect(abs((fitted.changesExponent ?? 0) - 0.5) < 0.05, "\(fitted)")
    #expect(fitted.largest?.items == 8_000 && fitted.slowest?.changes == 1_000)
    #expect(fitted.description.hasPrefix("engine's growth: CPU ∝ items^"), "\(fitted.description)")
    #expect(fitted.description.contains(" · changes^0.5") && fitted.description.contains("(fitted over 12 answers of 0.25 s or more, in CPU)") && fitted.description.hasSuffix("; peak memory 5 MB"), "\(fitted.description)")

    // Changes a fixed share of the items: one exponent, said to be the items' alone.
    var together = EnginePace()
    for items in [1_000, 2_000, 4_000, 8_000] { together.record(items: items, changes: items / 10, seconds: 1e-3 * Double(items)) }
    let alone = together.scaling(peakMemoryBytes: nil)
    #expect(abs((alone.itemsExponent ?? 0) - 1) < 0.01 && alone.changesExponent == nil, "\(alone)")
    #expect(alone.description.contains("items alone") && !alone.description.contains("peak memory"), "\(alone.description)")

    // Answers under 0.25 s (timed by the wall, not read in CPU) are not fitted: no growth, said so.
    var quick = EnginePace()
    for items in [1_000, 2_000, 4_000] { quick.record(items: items, changes: 5, seconds: 0.001) }
    quick.record(items: 4_000, changes: 5, seconds: 0.01)
    let none = quick.scaling(peakMemoryBytes: nil)
    #expect(none.itemsExponent == nil && none.fittedAnswers == 0 && none.largest?.items == 4_000)
    #expect(none.description.hasPrefix("engine's growth: too few answers of 0.25 s or more"), "\(none.description)")
    #expect(none.description.contains("largest request answered: 4000 items and 5 changes in 0.01 s"), "\(none.description)")
}

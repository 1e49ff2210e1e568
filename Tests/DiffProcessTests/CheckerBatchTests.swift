import Foundation
import Testing
@testable import DiffHarness
@testable import DiffProcess
import ListModel
import TestSupport

// Checker.check(pairs:) asks the engine about every pair in one flight, each
// pair twice: its verdicts must be exactly those of check(old:new:) on each
// pair in turn, for in-process engines and for engines behind a pipe that
// trap on some inputs.

private func generatedPairs(_ count: Int, seed: UInt64) -> [(old: Snapshot, new: Snapshot)] {
    let generator = PairGenerator()
    return (0..<count).map { n in
        let pair = generator.campaignCase(seed: seed, n: n)
        return (pair.old, pair.new)
    }
}

/// The `diffcheck` executable built beside this test bundle.
private func diffcheckExecutable() throws -> String {
    try BuiltProducts.executable("diffcheck").path
}

/// A built-in engine behind `diffcheck worker --serve`, as `IsolatedEngine` runs it.
private func served(_ name: String) throws -> ExternalEngine {
    let engine = try #require(EngineCatalog.engine(named: name))
    return ExternalEngine(command: "SWIFT_BACKTRACE=enable=no exec '\(try diffcheckExecutable())' worker --serve --engine \(name)",
                          timeout: 60, isFlatOnly: engine.isFlatOnly, capturesErrors: true)
}

@Suite struct CheckerBatchTests {
    @Test func inProcessEnginesGetTheVerdictsOfOneAtATime() {
        let pairs = generatedPairs(300, seed: 11)
        for engine in EngineCatalog.all where engine.name != "mutant:duplicate-key-trap" {
            let checker = Checker(engine: engine)
            let one = pairs.map { checker.check(old: $0.old, new: $0.new) }
            #expect(checker.check(pairs: pairs) == one, "\(engine.name)")
            let holdsEverywhere: Set = ["core", "reload-all", "stdlib", "simple", "diffable:ios15"]
            #expect(one.contains { !$0.holds } || holdsEverywhere.contains(engine.name), "\(engine.name) fails nothing: the comparison is weak")
        }
        #expect(Checker(engine: CoreEngine()).check(pairs: []) == [])
    }

    @Test func aScriptEngineGetsTheVerdictsOfOneAtATime() throws {
        let script = try EngineScript(reloadAll)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 30)
        defer { engine.close() }
        let pairs = generatedPairs(300, seed: 12)
        let checker = Checker(engine: engine)
        let one = pairs.map { checker.check(old: $0.old, new: $0.new) }
        #expect(checker.check(pairs: pairs) == one)
        #expect(one.allSatisfy { $0.output != nil && !($0.output!.isFailure) })
    }

    /// The core, and a mutant that really traps on duplicated identities,
    /// each in a `diffcheck worker --serve` child: a trap mid-flight is the
    /// verdict of its own case, with the same reason, and of no other.
    @Test(arguments: ["core", "mutant:duplicate-key-trap", "mutant:sequential-moves"])
    func servedBuiltInEnginesGetTheVerdictsOfOneAtATime(name: String) throws {
        let engine = try served(name)
        defer { engine.close() }
        let pairs = generatedPairs(300, seed: 13)
        let checker = Checker(engine: engine)
        let one = pairs.map { checker.check(old: $0.old, new: $0.new) }
        let batch = checker.check(pairs: pairs)
        #expect(batch.count == one.count)
        // A case the engine's measured pace calls too long (a loaded machine) is not judged either way.
        for (n, verdict) in batch.enumerated() where verdict != one[n] && verdict.output?.isTooSlow != true && one[n].output?.isTooSlow != true {
            Issue.record("case \(n): \(verdict.failures) in flight, \(one[n].failures) one at a time")
        }
        #expect(batch.count(where: { $0.output?.isTooSlow == true }) + one.count(where: { $0.output?.isTooSlow == true }) < 30)
        if name == "mutant:duplicate-key-trap" {
            #expect(one.contains { $0.output?.isFailure == true }, "the trap never fired: the comparison is weak")
        }
    }

    /// With `stoppingAtHang`, the verdicts end with the first hang's.
    @Test func stopsAtTheFirstHang() throws {
        let script = try EngineScript("""
            import json, sys, time
            for line in sys.stdin:
                request = json.loads(line)
                if any(item["id"] == "hang" for section in request["old"] for item in section["items"]): time.sleep(1000)
                print(json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))), "insertSections": list(range(len(request["new"])))}]}))
            """)
        defer { script.remove() }
        let engine = ExternalEngine(command: script.command, timeout: 5)
        defer { engine.close() }
        var pairs = generatedPairs(20, seed: 14)
        pairs[6].old = .flat([Item(id: "hang")])
        pairs[12].old = .flat([Item(id: "hang")])
        let checker = Checker(engine: engine)
        let verdicts = checker.check(pairs: pairs, stoppingAtHang: true)
        #expect(verdicts.count == 7)
        #expect(verdicts.last?.failures.first?.isHang == true)
        let heldBefore = verdicts.dropLast().allSatisfy { $0.holds }
        #expect(heldBefore)
        let one = pairs.prefix(6).map { checker.check(old: $0.old, new: $0.new) }
        #expect(Array(verdicts.prefix(6)) == one)
    }
}

// PropertyCheck: one property's verdict is the full checker's verdict for it.
import Testing
import ListModel
@testable import DiffHarness

@Test func propertyCheckAgreesWithTheChecker() {
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 8))
    let engines: [any DiffEngine] = [SimpleEngine(), StandardLibraryEngine()] + propertyMutants.map { SimpleEngine(flaw: $0) }
    var failuresSeen = 0
    for engine in engines {
        let checker = Checker(engine: engine)
        let checks = PropertyName.allCases.map { PropertyCheck($0, of: checker) }
        for n in 0..<150 {
            let pair = generator.campaignCase(seed: 5, n: n)
            let failing = Set(checker.check(old: pair.old, new: pair.new).failures.map(\.property))
            failuresSeen += failing.count
            for check in checks {
                #expect(check.fails(old: pair.old, new: pair.new) == failing.contains(check.property),
                        "\(engine.name) case \(n) \(check.property.rawValue)")
            }
        }
    }
    #expect(failuresSeen > 0)
}

/// An engine whose answer past a CPU limit is `isOverCPULimit` (as an
/// external engine's is under `--max-cpu-per-case`) on lists of 8 items or
/// more, and the core's answer on the rest.
private struct OverCPUOnLongListsEngine: DiffEngine {
    var name: String { "over-cpu-on-long-lists" }
    var isFlatOnly: Bool { false }
    var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh, .maxCPU] }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        guard old.itemCount + new.itemCount >= 8 else { return CoreEngine().diff(old: old, new: new) }
        return .failure(EngineFailure("used more than its CPU limit", isOverCPULimit: true))
    }
}

/// A request past the CPU limit fails `max-cpu`, never `no-crash`; the
/// shrinker's check and the checker agree, and it shrinks to 8 items.
@Test func aRequestPastTheCPULimitFailsMaxCPUNotNoCrash() throws {
    let checker = Checker(engine: OverCPUOnLongListsEngine())
    let long = try pair("old: a b c d e\nnew: e d c b a\n")
    let failures = checker.check(old: long.old, new: long.new).failures
    #expect(failures.map(\.property) == [.maxCPU], "\(failures)")
    #expect(PropertyCheck(.maxCPU, of: checker).fails(old: long.old, new: long.new))
    #expect(!PropertyCheck(.noCrash, of: checker).fails(old: long.old, new: long.new))
    let short = try pair("old: a b\nnew: b a\n")
    #expect(checker.check(old: short.old, new: short.new).failures.isEmpty)
    let shrunk = shrinkCase(old: long.old, new: long.new, failing: .maxCPU, checker: checker, options: GeneratorOptions(maxSize: 8))
    #expect(shrunk.old.itemCount + shrunk.new.itemCount == 8 && shrunk.verdict.failures.map(\.property) == [.maxCPU], "\(shrunk)")
}

/// The case format's property names are the harness's: a finding of any
/// property is saved and read back (`max-cpu` was refused once).
@Test func theCaseFormatKnowsEveryProperty() {
    #expect(CaseParser.propertyNames == PropertyName.allCases.map(\.rawValue))
}

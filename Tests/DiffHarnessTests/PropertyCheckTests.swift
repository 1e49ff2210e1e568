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

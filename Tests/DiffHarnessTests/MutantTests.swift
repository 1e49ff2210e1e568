import Testing
import ListModel
@testable import DiffHarness

@Test(arguments: Flaw.allCases)
func mutantIsCaughtAndShrunk(flaw: Flaw) throws {
    let engine = SimpleEngine(flaw: flaw)
    let checker = Checker(engine: engine)
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 30))
    var found: (GeneratedPair, PropertyName)?
    for n in 0..<5000 {
        let pair = generator.generate(from: RandomSource(seed: UInt64(n)))
        if let failure = checker.check(old: pair.old, new: pair.new).failures.first {
            found = (pair, failure.property); break
        }
    }
    let (pair, property) = try #require(found)
    let shrunk = shrink(pair, failing: property, checker: checker, generator: generator)
    var smallest: Int?
    let shrunkSize = totalItems(shrunk.pair.old, shrunk.pair.new)
    for bound in [ExhaustiveBound.flat, .sectioned] {
        ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            let size = totalItems(old, new)
            if size >= (smallest ?? shrunkSize) { return false }
            if checker.check(old: old, new: new).failures.contains(where: { $0.property == property }) {
                smallest = size; return false
            }
            return true
        }
    }
    print("\(flaw.rawValue): \(property.rawValue) shrunk \(totalItems(pair.old, pair.new)) -> \(totalItems(shrunk.pair.old, shrunk.pair.new)) in \(shrunk.result.calls) calls; exhaustive \(smallest ?? -1)")
    print(CasePrinter.snapshot(shrunk.pair.old), "->", CasePrinter.snapshot(shrunk.pair.new), shrunk.verdict.failures)
}

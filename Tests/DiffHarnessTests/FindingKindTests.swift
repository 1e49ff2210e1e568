// A batch UIKit rejects must not hide among the portable subset's failures of
// the same property (issue 51, point 15): a campaign counts `valid`'s two
// readings apart, and keeps and shrinks the smallest failure of each.
import DiffHarness
import ListModel
import Testing

/// The core's answer with every item move issued twice (a copy
/// UICollectionView drops: only the stricter reading's `duplicate-move`
/// rejects it) and, when the old list holds two items or more, its last
/// insert left out (an item count UIKit throws on).
private struct TwoReadingsEngine: DiffEngine {
    let name = "two-readings"
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        guard case .stages(var stages) = CoreEngine().diff(old: old, new: new) else { return CoreEngine().diff(old: old, new: new) }
        for index in stages.indices {
            var operations = stages[index].batch.operations
            operations += operations.filter { if case .moveItem = $0 { true } else { false } }
            if old.itemCount >= 2, let last = operations.lastIndex(where: { if case .insertItem = $0 { true } else { false } }) {
                operations.remove(at: last)
            }
            stages[index].batch = Batch(operations)
        }
        return .stages(stages)
    }
}

private func flat(_ items: String) -> Snapshot {
    Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: items.split(separator: " ").map { Item(id: String($0)) })])
}

@Suite struct FindingKindTests {
    @Test func aKindReadsBackFromItsToken() {
        for property in PropertyName.allCases {
            for stricter in [false, true] {
                let kind = FindingKind(property, isStricterReading: stricter)
                #expect(FindingKind(token: kind.token) == kind)
                // Only valid has a stricter reading.
                #expect(kind.isStricterReading == (stricter && property == .valid))
            }
        }
        #expect(FindingKind(.valid, isStricterReading: true).token == "valid/stricter")
        #expect(FindingKind(token: "fresh/stricter") == nil)
        #expect(FindingKind(token: "valid/") == nil)
    }

    @Test func aPropertyCheckOfAReadingFailsOnlyOnThatReading() {
        let checker = Checker(engine: TwoReadingsEngine(), profile: .strict)
        let swap = (old: flat("a b"), new: flat("b a"))
        let grow = (old: flat("a b"), new: flat("a b c"))
        #expect(checker.fails(.valid, old: swap.old, new: swap.new))
        #expect(checker.fails(FindingKind(.valid, isStricterReading: true), old: swap.old, new: swap.new))
        #expect(!checker.fails(FindingKind(.valid, isStricterReading: false), old: swap.old, new: swap.new))
        #expect(checker.fails(FindingKind(.valid, isStricterReading: false), old: grow.old, new: grow.new))
        #expect(!checker.fails(FindingKind(.valid, isStricterReading: true), old: grow.old, new: grow.new))
        let failure = checker.check(old: swap.old, new: swap.new).failures.first
        #expect(failure?.kind == FindingKind(.valid, isStricterReading: true), "\(String(describing: failure))")
        // The view itself accepts the duplicated move: under uikit the swap passes.
        #expect(!Checker(engine: TwoReadingsEngine(), profile: .uikit).fails(.valid, old: swap.old, new: swap.new))
    }

    @Test func theRandomPartKeepsAndShrinksTheSmallestFailureOfEachReading() throws {
        let gate = Gate(engine: GateEngine(name: "two-readings"), corpus: .none, exhaustiveBounds: [], cases: 300, findings: nil)
        let result = gate.run(InProcessGateParts(engine: TwoReadingsEngine(), findings: nil))
        let report = try #require(result.random?.report)
        let valid = report.failures.filter { $0.property == "valid" }
        #expect(valid.map(\.isStricterReading).sorted { !$0 && $1 } == [false, true], "\(valid.map(\.message))")
        let exception = try #require(valid.first { !$0.isStricterReading })
        let stricter = try #require(valid.first { $0.isStricterReading })
        #expect(exception.message.contains("invalid number of items"), "\(exception.message)")
        #expect(!exception.message.contains("not a UIKit exception"), "\(exception.message)")
        #expect(stricter.message.contains("not a UIKit exception"), "\(stricter.message)")
        // Each is shrunk within its own reading: the swap (4 items), and two items replaced by one (3 items: the
        // insert left out). Shrunk as one property, the swap would have become the exception's 3 items.
        let findings = try #require(result.random?.findings)
        let texts = findings.compactMap(\.caseText)
        #expect(texts.contains { $0.contains("old: a b\n") && $0.contains("new: b a\n") }, "\(texts)")
        #expect(texts.contains { $0.contains("old: a b\n") && $0.contains("new: c\n") }, "\(texts)")
        let summary = report.summary(engine: "two-readings", seed: 0, showsTimings: false) { $0 }
        let exceptions = report.repeatedFailures[FindingKind(.valid, isStricterReading: false), default: 0] + 1
        let stricterOnes = report.repeatedFailures[FindingKind(.valid, isStricterReading: true), default: 0] + 1
        #expect(summary.contains("valid, by reading: \(exceptions) failing cases the view throws on, \(stricterOnes) only the stricter "
                                 + "reading rejects"), "\(summary)")
    }

    @Test func theExhaustiveWalkCountsAndSavesEachReadingApart() throws {
        let bound = ExhaustiveBound(isFlat: true, maxTotalItems: 5, maxItemsPerSection: 5)
        let gate = Gate(engine: GateEngine(name: "two-readings"), corpus: .none, exhaustiveBounds: [bound], cases: 0, findings: nil)
        let result = gate.run(InProcessGateParts(engine: TwoReadingsEngine(), findings: nil))
        let part = try #require(result.exhaustive.first)
        #expect(part.findings.map(\.kind) == [FindingKind(.valid, isStricterReading: false), FindingKind(.valid, isStricterReading: true)])
        let walk = try #require(part.walk)
        let stricter = walk.byKind[FindingKind(.valid, isStricterReading: true), default: 0]
        let all = stricter + walk.byKind[FindingKind(.valid, isStricterReading: false), default: 0]
        #expect(stricter > 0 && all > stricter)
        let text = GateTextReport(showsTimings: false) { $0 }.text(of: result)
        #expect(text.contains("(valid \(all) (\(stricter) the stricter reading only))"), "\(text)")
    }
}

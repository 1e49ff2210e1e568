// CoreEngine against the reference model: every output replays under the
// strict profile with no rejection, every stage shows its data's identities,
// no cell is stale at the end, and no more moves than the minimum.
import Testing
import DiffHarness
import ListModel

/// `"A: a b | B': c"`: sections separated by `|`, one `'` per content version.
private func snapshot(_ text: String) -> Snapshot {
    func items(_ text: Substring) -> [Item] {
        text.split(separator: " ").map { word in
            let id = word.filter { $0 != "'" }
            return Item(id: id, content: word.count - id.count)
        }
    }
    guard text.contains(where: { $0 != " " }) else { return Snapshot() }
    return Snapshot(sections: text.split(separator: "|").map { part in
        let halves = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let head = items(halves[0])[0]
        return Section(id: head.id, content: head.content, items: halves.count > 1 ? items(halves[1]) : [])
    })
}

/// The model's failures for the core's stages on `old` → `new` (empty when all hold).
private func modelFailures(_ old: Snapshot, _ new: Snapshot) -> [String] {
    let stages = CoreEngine().stages(old: old, new: new)
    var failures: [String] = []
    let replay = ListView.replay(stages, from: old, to: new, profile: .strict)
    if let rejected = replay.rejection {
        return ["stage \(rejected.stage) rejected: \(rejected.rejection.message)"]
    }
    for (index, displayed) in replay.displayed.enumerated() {
        let data = index == stages.count - 1 ? new : (stages[index].data ?? new)
        if index < stages.count - 1 && stages[index].data == nil { failures.append("stage \(index) has no data") }
        failures += ListView.mismatches(displayed: displayed, data: data).map { "stage \(index): \($0)" }
    }
    failures += ListView.staleCells(displayed: replay.final ?? old, data: new).map(\.description)
    let moves = reportedMoveCount(stages), bound = minimalMoveCount(old: old, new: new)
    if moves > bound { failures.append("\(moves) moves, the minimum is \(bound)") }
    return failures
}

@Suite struct CoreEngineClassicCases {
    static let cases: [(String, String)] = [
        ("", ""),
        ("_:", "_: a b c"),
        ("_: a b c", "_:"),
        ("_: a b", "_: b a"),
        ("_: a b c d", "_: d c b a"),
        ("_: a b c d", "_: b c d a"),
        ("_: MUCH WRITING IS LIKE SNOW , A MASS OF LONG WORDS AND PHRASES FALLS UPON THE RELEVANT FACTS COVERING UP THE DETAILS .",
         "_: A MASS OF LATIN WORDS FALLS UPON THE RELEVANT FACTS LIKE SOFT SNOW , COVERING UP THE DETAILS ."),
        ("_: a a b", "_: a b a a"),
        ("_: a a'", "_: a' a"),
        ("A: a | A: b", "A: b"),
        ("A: a | B: b | A: c", "A: a | A: c | B: b"),
        ("A: a b | B: c", "A: b | B: c a"),
        ("A: a | B: b", "B: b a"),
        ("_: a b c", "_: c' a b"),
        ("_: a b", "_: x a b'"),
        ("_: a b c", "_: x b c'"),
        ("A: a | B: b", "B': b"),
        ("A: a b | B: c", "B: c | A: b a x"),
        ("A: a b | B: c d", "B: d c | A: b a"),
        ("A: a b | B: c d", "B: d c | A': b a'"),
        ("A: a | B: b", "A': a | B: b c"),
        ("A: a b' | B: c | C: d", "C': d' | B: c' a | A: b x"),
    ]

    @Test(arguments: cases.indices)
    func replaysUnderTheStrictModel(_ index: Int) {
        let (old, new) = Self.cases[index]
        #expect(modelFailures(snapshot(old), snapshot(new)) == [], "\(old) -> \(new)")
    }

    @Test func stagesCarryMaterializedData() {
        let stages = CoreEngine().stages(old: snapshot("_: a b c"), new: snapshot("_: c' a b"))
        #expect(stages.count == 2)
        #expect(stages[0].batch == Batch([.reloadItem(ItemPath(0, 2))]))
        #expect(stages[0].data == snapshot("_: a b c'"))
        #expect(stages[1].batch == Batch([.moveItem(from: ItemPath(0, 2), to: ItemPath(0, 0))]))
        #expect(stages[1].data == nil)
    }

    @Test func claimsWhatTheHarnessChecks() {
        let engine = CoreEngine()
        #expect(engine.name == "core")
        #expect(!engine.isFlatOnly)
        #expect(engine.claims == [.valid, .reachesTarget, .fresh, .minimalMoves, .deterministic, .noCrash])
    }
}

/// A small sectioned snapshot drawn from few identities, so that duplicates,
/// cross-section moves and section moves are common.
private func randomSnapshot(_ random: inout SplitMix64) -> Snapshot {
    Snapshot(sections: (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Section(
            id: ["A", "B", "C", "D"].randomElement(using: &random)!, content: Int.random(in: 0...1, using: &random),
            items: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Item(id: ["a", "b", "c", "d", "e", "f", "g"].randomElement(using: &random)!,
                     content: Int.random(in: 0...1, using: &random))
            })
    })
}

/// `old` rearranged: sections shuffled, items shuffled across sections, a
/// few dropped, added or changed.
private func randomEdit(of old: Snapshot, _ random: inout SplitMix64) -> Snapshot {
    var sections = old.sections.map { Section(id: $0.id, content: $0.content + (Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0)) }
    sections.shuffle(using: &random)
    if !sections.isEmpty && Int.random(in: 0..<3, using: &random) == 0 { sections.removeLast() }
    if Int.random(in: 0..<3, using: &random) == 0 { sections.insert(Section(id: "E"), at: 0) }
    var pool = old.sections.flatMap(\.items).shuffled(using: &random)
    pool = Array(pool.dropFirst(Int.random(in: 0...1, using: &random))) + [Item(id: "x")]
    for var item in pool where !sections.isEmpty {
        if Int.random(in: 0..<4, using: &random) == 0 { item.content += 1 }
        sections[Int.random(in: sections.indices, using: &random)].items.append(item)
    }
    return Snapshot(sections: sections)
}

@Test func randomSectionedCasesReplayUnderTheStrictModel() {
    var random = SplitMix64(seed: 42)   // the same cases on every run
    var failed = 0
    for round in 0..<3000 {
        let old = randomSnapshot(&random)
        let new = round % 3 == 0 ? randomSnapshot(&random) : randomEdit(of: old, &random)
        let failures = modelFailures(old, new)
        if !failures.isEmpty && failed < 5 {
            failed += 1
            Issue.record("round \(round): \(failures) for \(old) -> \(new)")
        }
    }
}

/// The harness's own generator and checker agree: every property the core
/// claims holds.
@Test func harnessCheckerFindsNoFailure() {
    let checker = Checker(engine: CoreEngine())
    let generator = PairGenerator(options: GeneratorOptions(maxSize: 40))
    var failed = 0
    for seed in 0..<1000 {
        let pair = generator.generate(from: RandomSource(seed: UInt64(seed)))
        let verdict = checker.check(old: pair.old, new: pair.new)
        if !verdict.holds && failed < 5 {
            failed += 1
            Issue.record("seed \(seed): \(verdict.failures) for \(pair.old) -> \(pair.new)")
        }
    }
}

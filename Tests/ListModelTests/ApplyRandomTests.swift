import Testing
@testable import ListModel
import TestSupport

/// Generated batches for `ListView.apply`: garbage must never trap, and
/// batches built to be right must be accepted and reach the data.

private func randomSnapshot(_ rng: inout SeededGenerator) -> Snapshot {
    let ids = ["a", "b", "c", "d", "e"]
    return Snapshot(sections: (0..<Int.random(in: 0...3, using: &rng)).map { s in
        Section(id: "S\(Int.random(in: 0...3, using: &rng))", content: Int.random(in: 0...1, using: &rng),
                items: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    Item(id: ids.randomElement(using: &rng)!, content: Int.random(in: 0...2, using: &rng))
                })
    })
}

/// Mostly small indexes around the valid range, sometimes garbage.
private func randomIndex(_ rng: inout SeededGenerator) -> Int {
    switch Int.random(in: 0..<20, using: &rng) {
    case 0: return Int.max
    case 1: return Int.min
    case 2: return -1
    default: return Int.random(in: 0...4, using: &rng)
    }
}

private func randomOperation(_ rng: inout SeededGenerator) -> Operation {
    func path(_ rng: inout SeededGenerator) -> ItemPath {
        ItemPath(Int.random(in: 0..<8, using: &rng) == 0 ? randomIndex(&rng) : Int.random(in: 0...2, using: &rng), randomIndex(&rng))
    }
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return .deleteSection(randomIndex(&rng))
    case 1: return .insertSection(randomIndex(&rng))
    case 2: return .reloadSection(randomIndex(&rng))
    case 3: return .moveSection(from: randomIndex(&rng), to: randomIndex(&rng))
    case 4, 5: return .deleteItem(path(&rng))
    case 6, 7: return .insertItem(path(&rng))
    case 8: return .reloadItem(path(&rng))
    default: return .moveItem(from: path(&rng), to: path(&rng))
    }
}

@Test func garbageBatchesNeverTrapAndAcceptedOnesReachTheDataCounts() {
    var rng = SeededGenerator(seed: 20_261_130)
    var accepted = 0
    for _ in 0..<4000 {
        let old = randomSnapshot(&rng)
        // Half the time the data has the old shape, so more batches get past the counts.
        let data = Bool.random(using: &rng) ? old : randomSnapshot(&rng)
        let batch = Batch((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomOperation(&rng) })
        let strict = ListView.apply(batch, to: old, data: data, profile: .strict)
        let uikit = ListView.apply(batch, to: old, data: data, profile: .uikit)
        for result in [strict, uikit] {
            guard case .success(let after) = result else { continue }
            accepted += 1
            #expect(after.sections.count == data.sections.count, "\(batch)")
            #expect(after.sections.map(\.items.count) == data.sections.map(\.items.count), "\(batch)")
        }
        switch strict {
        case .success(let after):
            // Nothing open was broken, so uikit reads the batch the same way.
            #expect(uikit == .success(after), "\(batch)")
        case .failure(let rejection) where !rejection.rule.isOpen:
            #expect(uikit == .failure(rejection), "\(batch)")
        case .failure:
            break
        }
        if case .failure(let rejection) = uikit {
            #expect(!rejection.rule.isOpen, "uikit applies open rules: \(batch)")
        }
    }
    #expect(accepted >= 200)
}

/// A multi-section change built from what happens to each item, and the
/// batch that says exactly that: every survivor moved from its old index
/// path to its new one (or, when `movesAll` is false and nothing crosses or
/// reorders, left untouched), every removed item deleted, every new item
/// inserted. Some survivors change content; they must come out stale.
@Test func batchesThatSayExactlyWhatHappenedAreAcceptedAndReachTheData() {
    var rng = SeededGenerator(seed: 7)
    var stalesSeen = 0
    for round in 0..<1500 {
        let sectionCount = Int.random(in: 1...3, using: &rng)
        var next = 0
        let old = Snapshot(sections: (0..<sectionCount).map { s in
            Section(id: "S\(s)", items: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                next += 1
                return Item(id: "i\(next)")
            })
        })
        let movesAll = round % 2 == 0
        // Each old item survives (possibly changed) or is removed.
        var finalSections: [[(item: Item, from: ItemPath?)]] = Array(repeating: [], count: sectionCount)
        for (s, section) in old.sections.enumerated() {
            for (i, it) in section.items.enumerated() where Int.random(in: 0..<4, using: &rng) != 0 {
                let target = movesAll ? Int.random(in: 0..<sectionCount, using: &rng) : s
                let changed = Item(id: it.id, content: Int.random(in: 0...1, using: &rng))
                finalSections[target].append((changed, ItemPath(s, i)))
            }
        }
        for t in 0..<sectionCount {
            if movesAll { finalSections[t].shuffle(using: &rng) }
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                next += 1
                finalSections[t].insert((Item(id: "i\(next)"), nil), at: Int.random(in: 0...finalSections[t].count, using: &rng))
            }
        }
        let data = Snapshot(sections: finalSections.enumerated().map { t, items in Section(id: "S\(t)", items: items.map(\.item)) })
        var operations: [Operation] = []
        var survivors = Set<ItemPath>()
        for (t, items) in finalSections.enumerated() {
            for (j, entry) in items.enumerated() {
                if let from = entry.from {
                    survivors.insert(from)
                    if movesAll { operations.append(.moveItem(from: from, to: ItemPath(t, j))) }
                } else {
                    operations.append(.insertItem(ItemPath(t, j)))
                }
            }
        }
        for (s, section) in old.sections.enumerated() {
            for i in section.items.indices where !survivors.contains(ItemPath(s, i)) {
                operations.append(.deleteItem(ItemPath(s, i)))
            }
        }
        operations.shuffle(using: &rng)
        for profile in Profile.allCases {
            let result = ListView.apply(Batch(operations), to: old, data: data, profile: profile)
            guard case .success(let after) = result else {
                Issue.record("rejected \(operations): \(result)")
                continue
            }
            #expect(ListView.mismatches(displayed: after, data: data).isEmpty)
            let stale = ListView.staleCells(displayed: after, data: data)
            let changed = finalSections.enumerated().flatMap { t, items in
                items.enumerated().compactMap { j, entry in entry.from != nil && entry.item.content != 0 ? ItemPath(t, j) : nil }
            }
            #expect(stale.compactMap(\.path) == changed)
            stalesSeen += stale.count
        }
    }
    #expect(stalesSeen > 0)
}

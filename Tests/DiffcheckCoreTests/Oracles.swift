// Small, obviously correct oracles: snapshots from a seeded generator
// (TestSupport's SeededGenerator) and the move bound computed the slow way.
import DiffcheckCore
import ListModel
import TestSupport

/// A small sectioned snapshot with repeated identities.
func randomSnapshot(_ random: inout SeededGenerator) -> Snapshot {
    let sectionIDs = ["A", "B", "C", "D"], itemIDs = ["a", "b", "c", "d", "e", "f", "g", "h"]
    return Snapshot(sections: (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Section(
            id: sectionIDs.randomElement(using: &random)!, content: Int.random(in: 0...1, using: &random),
            items: (0..<Int.random(in: 0...5, using: &random)).map { _ in
                Item(id: itemIDs.randomElement(using: &random)!, content: Int.random(in: 0...1, using: &random))
            })
    })
}

/// `old` edited a little: items and sections shuffled, dropped, added, changed.
func randomEdit(of old: Snapshot, _ random: inout SeededGenerator) -> Snapshot {
    var sections = old.sections
    var pool = sections.flatMap(\.items)
    for index in sections.indices { sections[index].items = [] }
    if !sections.isEmpty && Bool.random(using: &random) { sections.remove(at: Int.random(in: sections.indices, using: &random)) }
    if Bool.random(using: &random) { sections.append(randomSnapshot(&random).sections.first ?? Section(id: "E")) }
    sections.shuffle(using: &random)
    pool.shuffle(using: &random)
    pool = Array(pool.dropFirst(Int.random(in: 0...2, using: &random)))
    pool += randomSnapshot(&random).sections.flatMap(\.items).prefix(2)
    for item in pool where !sections.isEmpty {
        var item = item
        if Int.random(in: 0..<5, using: &random) == 0 { item.content += 1 }
        sections[Int.random(in: sections.indices, using: &random)].items.append(item)
    }
    if !sections.isEmpty && Bool.random(using: &random) { sections[0].content += 1 }
    return Snapshot(sections: sections)
}

/// Pairs identities in order, the slow way: for each new index, the old one.
func naivePairing(_ old: [String], _ new: [String]) -> [Int?] {
    var used = [Bool](repeating: false, count: old.count)
    return new.map { id in
        guard let index = old.indices.first(where: { !used[$0] && old[$0] == id }) else { return nil }
        used[index] = true
        return index
    }
}

/// The length of a longest strictly increasing subsequence, by dynamic programming.
func naiveLISLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// The fewest moves any batch needs: per pair of sections, the paired items
/// minus a longest increasing subsequence, plus the paired items that change
/// section; plus the paired sections minus a longest increasing subsequence.
func moveBound(_ old: Snapshot, _ new: Snapshot) -> Int {
    let sectionPartner = naivePairing(old.sections.map(\.id), new.sections.map(\.id))
    let oldPaths = old.sections.indices.flatMap { s in old.sections[s].items.indices.map { (s, $0) } }
    let newPaths = new.sections.indices.flatMap { t in new.sections[t].items.indices.map { (t, $0) } }
    let itemPartner = naivePairing(
        oldPaths.map { old.sections[$0.0].items[$0.1].id }, newPaths.map { new.sections[$0.0].items[$0.1].id })
    var moves = 0
    let pairedSections = sectionPartner.compactMap { $0 }
    moves += pairedSections.count - naiveLISLength(pairedSections)
    for t in new.sections.indices {
        var values: [Int] = []
        for (g, path) in newPaths.enumerated() where path.0 == t {
            guard let f = itemPartner[g] else { continue }
            if sectionPartner[t] == oldPaths[f].0 { values.append(oldPaths[f].1) } else { moves += 1 }
        }
        moves += values.count - naiveLISLength(values)
    }
    return moves
}

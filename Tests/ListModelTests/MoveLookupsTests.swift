import Testing
@testable import ListModel
import TestSupport

// MoveLookupsTests: the sorted look-ups the bounds checks use instead of
// hashing (`firstAscending` on the moves sorted by source,
// `MoveDestinations` on their destinations) against the obvious answers
// with a Set and a Dictionary, on seeded moves: section and item moves,
// negative indexes, and the item NSNotFound that sorts like a section.

private func randomPath(_ random: inout SeededGenerator) -> UpdatePath {
    let section = random.below(4) - (random.chance(10) ? 2 : 0)
    if random.chance(20) { return UpdatePath(section: section) }
    if random.chance(5) { return UpdatePath(section: section, item: Int.max) }
    return UpdatePath(section: section, item: random.below(5) - (random.chance(10) ? 2 : 0))
}

/// Moves in the order `CollectionViewUpdate` keeps them: ascending by source.
private func randomMoves(_ random: inout SeededGenerator) -> [UpdateItem] {
    (0..<random.below(24)).map { order in
        let from = randomPath(&random)
        let to = from.isSection ? UpdatePath(section: random.below(4)) : randomPath(&random)
        let op = Operation.moveItem(from: ItemPath(0, 0), to: ItemPath(0, 0))
        return UpdateItem(action: .move, path: from, destination: to, origin: .issued(op), order: order)
    }.ascending()
}

@Test func sourceLookupsAgreeWithASetAndADictionary() {
    var random = SeededGenerator(seed: 41)
    var hits = 0
    for _ in 0..<3000 {
        let moves = randomMoves(&random)
        var firstFromSection: [Int: UpdateItem] = [:]
        var sources: Set<UpdatePath> = []
        for move in moves {
            if firstFromSection[move.path.section] == nil { firstFromSection[move.path.section] = move }
            sources.insert(move.path)
        }
        for _ in 0..<8 {
            let path = randomPath(&random)
            let found = moves.firstAscending(at: path)
            #expect((found != nil) == sources.contains(path), "\(path) in \(moves.map(\.path))")
            // The first one in the list's order with that path.
            #expect(found == moves.first { $0.path == path })
            if found != nil { hits += 1 }
            #expect(moves.firstAscending(inSection: path.section) == firstFromSection[path.section], "section \(path.section)")
        }
    }
    #expect(hits > 1000)
}

@Test func destinationLookupsAgreeWithASetAndADictionary() {
    var random = SeededGenerator(seed: 42)
    var hits = 0
    for _ in 0..<3000 {
        let moves = randomMoves(&random)
        var firstIntoSection: [Int: UpdateItem] = [:]
        var destinations: Set<UpdatePath> = []
        for move in moves {
            guard let to = move.destination else { continue }
            if firstIntoSection[to.section] == nil { firstIntoSection[to.section] = move }
            destinations.insert(to)
        }
        let lookups = MoveDestinations(moves)
        for _ in 0..<8 {
            let path = randomPath(&random)
            #expect(lookups.contains(path) == destinations.contains(path), "\(path) in \(moves.compactMap(\.destination))")
            if destinations.contains(path) { hits += 1 }
            #expect(lookups.firstMove(intoSection: path.section) == firstIntoSection[path.section], "section \(path.section)")
        }
    }
    #expect(hits > 1000)
}

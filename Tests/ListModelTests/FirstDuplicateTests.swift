import Testing
@testable import ListModel
import TestSupport

// FirstDuplicateTests: `firstDuplicate` (sorting, no hashing) against the
// obvious answer with a Set, on seeded lists short and long, with few and
// many repeats.

/// The first element already seen, walking the list with a Set.
private func firstDuplicateBySet<T: Hashable>(in values: [T]) -> T? {
    var seen = Set<T>()
    for value in values where !seen.insert(value).inserted { return value }
    return nil
}

@Test func firstDuplicateAgreesWithASetOnIndexes() {
    var random = SeededGenerator(seed: 31)
    var found = 0
    for _ in 0..<4000 {
        let count = random.below(40), span = 1 + random.below(60)
        let values = (0..<count).map { _ in random.below(span) - (random.chance(10) ? span : 0) }
        let expected = firstDuplicateBySet(in: values)
        #expect(firstDuplicate(in: values) == expected, "\(values)")
        if expected != nil { found += 1 }
    }
    // Both answers occur: lists with and without a repeat.
    #expect(found > 500 && found < 3500)
}

@Test func firstDuplicateAgreesWithASetOnIndexPaths() {
    var random = SeededGenerator(seed: 32)
    var found = 0
    for _ in 0..<4000 {
        let count = random.below(50), sections = 1 + random.below(4), items = 1 + random.below(20)
        let values = (0..<count).map { _ in
            ItemPath(random.below(sections) - (random.chance(5) ? 1 : 0), random.below(items) - (random.chance(5) ? 3 : 0))
        }
        let expected = firstDuplicateBySet(in: values)
        #expect(firstDuplicate(in: values) == expected, "\(values)")
        if expected != nil { found += 1 }
    }
    #expect(found > 500 && found < 3500)
}

@Test func firstDuplicateIsTheEarliestRepeatNotTheSmallestValue() {
    // 9 is repeated at position 10, 1 only at position 11: the answer is 9.
    let values = [9, 1, 2, 3, 4, 5, 6, 7, 8, 10, 9, 1]
    #expect(firstDuplicate(in: values) == 9)
    #expect(firstDuplicate(in: Array(0..<20)) == nil)
}

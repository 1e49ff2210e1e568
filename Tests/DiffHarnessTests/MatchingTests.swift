// Matching: the short-list pairing agrees with the hash-table pairing.
import Testing
import ListModel
@testable import DiffHarness
@testable import HarnessCore

@Test func pairingByScanningAgreesWithPairingByHashing() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<3000 {
        let alphabet = ["a", "b", "c", "d", "e"].prefix(random.value(upTo: 4) + 1)
        let old = (0..<random.value(upTo: 9)).map { _ in alphabet.randomElement(using: &random)! }
        let new = (0..<random.value(upTo: 9)).map { _ in alphabet.randomElement(using: &random)! }
        let scanned = Matching.pairInOrderByScanning(old, new), hashed = Matching.pairInOrderByHashing(old, new)
        #expect(scanned.0 == hashed.0 && scanned.1 == hashed.1, "\(old) \(new)")
    }
}

/// The pairing by the definition: occurrences paired in order over every
/// item in reading order, and repeats found with a set.
private func matchingByDefinition(old: Snapshot, new: Snapshot)
    -> (pairs: [(old: ItemPath, new: ItemPath)], oldRepeats: Bool, newRepeats: Bool) {
    func paths(_ snapshot: Snapshot) -> [ItemPath] {
        snapshot.sections.indices.flatMap { s in snapshot.sections[s].items.indices.map { ItemPath(s, $0) } }
    }
    func ids(_ snapshot: Snapshot) -> [String] { snapshot.sections.flatMap { $0.items.map(\.id) } }
    let oldPaths = paths(old), newPaths = paths(new)
    let (forward, _) = Matching.pairInOrderByHashing(ids(old), ids(new))
    let pairs = forward.enumerated().compactMap { index, partner in partner.map { (old: oldPaths[index], new: newPaths[$0]) } }
    return (pairs, Set(ids(old)).count < ids(old).count, Set(ids(new)).count < ids(new).count)
}

@Test func itemMatchingAgreesWithItsDefinition() {
    var random = SplitMix64(seed: 12)
    var hashedPairs = 0
    for _ in 0..<3000 {
        let alphabet = ["a", "b", "c", "d", "e", "f", "a-long-identifier-beyond-small-strings"].prefix(random.value(upTo: 7) + 1)
        func snapshot() -> Snapshot {
            Snapshot(sections: (0..<random.value(upTo: 4)).map { s in
                Section(id: "S\(s)", items: (0..<random.value(upTo: 9)).map { _ in Item(id: alphabet.randomElement(using: &random)!) })
            })
        }
        let old = snapshot(), new = snapshot()
        if old.itemCount + new.itemCount > Matching.scanningLimit { hashedPairs += 1 }
        let matching = Matching(old: old, new: new), expected = matchingByDefinition(old: old, new: new)
        #expect(matching.itemPairs.map(\.old) == expected.pairs.map(\.old), "\(old) \(new)")
        #expect(matching.itemPairs.map(\.new) == expected.pairs.map(\.new), "\(old) \(new)")
        #expect(matching.oldRepeatsItems == expected.oldRepeats && matching.newRepeatsItems == expected.newRepeats, "\(old) \(new)")
    }
    // Both ways of pairing ran.
    #expect(hashedPairs > 300 && hashedPairs < 2700)
}

@Test func aCodeIsAddedOnceAndReadBack() {
    var codes: [String: Int] = [:]
    #expect(codes.code(of: "a") == (0, true))
    #expect(codes.code(of: "b") == (1, true))
    #expect(codes.code(of: "a") == (0, false))
    #expect(codes == ["a": 0, "b": 1])
}

// Matching: the short-list pairing agrees with the hash-table pairing, and the move minimum with its rule.
import Testing
import ListModel
@testable import DiffHarness

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
    var codes = IdentityCodes(capacity: 0)
    #expect(codes.code(of: "a") == (0, true))
    #expect(codes.code(of: "b") == (1, true))
    #expect(codes.code(of: "a") == (0, false))
    #expect(codes.count == 2)
}

/// Codes agree with a Dictionary's through growth (a table made for one
/// identity holds 20,000), long identities, and the empty one.
@Test func identityCodesAgreeWithADictionary() {
    var codes = IdentityCodes(capacity: 1)
    var expected: [String: Int] = [:]
    var random = SplitMix64(seed: 13)
    for _ in 0..<60_000 {
        let n = random.value(upTo: 20_000)
        let identity = n == 0 ? "" : n % 7 == 0 ? "a-long-identifier-beyond-small-strings-\(n)" : PairGenerator.Names.itemName(n)
        let isNew = expected[identity] == nil
        if isNew { expected[identity] = expected.count }
        let got = codes.code(of: identity)
        #expect(got.code == expected[identity] && got.isNew == isNew, "\(identity)")
        if got.code != expected[identity] { break }
    }
    #expect(codes.count == expected.count)
}

/// Names past the 260 made up front: a letter, then the number of times
/// round the alphabet.
@Test func namesPastTheFirstOnesAreALetterAndANumber() {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    for index in [0, 25, 26, 259, 260, 261, 999, 12_345, 1_000_000, Int(Int32.max)] {
        let expected = String(letters[index % 26]) + (index < 26 ? "" : String(index / 26))
        #expect(PairGenerator.Names.itemName(index) == expected)
        #expect(PairGenerator.Names.sectionName(index) == expected.uppercased())
    }
}

@Test func sectionMatchingAgreesWithPairingByHashing() {
    var random = SplitMix64(seed: 13)
    var scannedPairs = 0
    for _ in 0..<2000 {
        let alphabet = ["A", "B", "C", "D"].prefix(random.value(upTo: 3) + 1)
        func snapshot() -> Snapshot {
            Snapshot(sections: (0..<random.value(upTo: 12)).map { _ in
                Section(id: alphabet.randomElement(using: &random)!, items: [Item(id: "a")])
            })
        }
        let old = snapshot(), new = snapshot()
        if old.sections.count * new.sections.count <= 64 { scannedPairs += 1 }
        let matching = Matching(old: old, new: new)
        let expected = Matching.pairInOrderByHashing(old.sections.map(\.id), new.sections.map(\.id))
        #expect(matching.newSectionOfOld == expected.0 && matching.oldSectionOfNew == expected.1, "\(old) \(new)")
    }
    // Both ways of pairing ran.
    #expect(scannedPairs > 200 && scannedPairs < 1800)
}

/// The move minimum as its rule says, with no shortcut: matched sections
/// minus a longest kept in order, plus per old section its staying items
/// minus a longest kept in order, plus every item that changes section.
private func minimalMovesByTheRule(_ matching: Matching) -> Int {
    let sectionOrder = matching.newSectionOfOld.compactMap { $0 }
    var moves = sectionOrder.count - Matching.longestIncreasingLength(sectionOrder)
    for oldSection in matching.newSectionOfOld.indices {
        let pairs = matching.itemPairs.filter { $0.old.section == oldSection }
        let staying = pairs.filter { matching.newSectionOfOld[oldSection] == $0.new.section }.map(\.new.item)
        moves += pairs.count - staying.count
        moves += staying.count - Matching.longestIncreasingLength(staying)
    }
    return moves
}

@Test func theMoveMinimumIsTheRulesOnCampaignCases() {
    // Campaign cases of two seeds: most keep their order (the shortcut), some do not.
    let generator = PairGenerator()
    var inOrder = 0, moved = 0
    for seed: UInt64 in [3, 4] {
        for n in 0..<1500 {
            let pair = generator.campaignCase(seed: seed, n: n)
            let matching = Matching(old: pair.old, new: pair.new)
            let expected = minimalMovesByTheRule(matching)
            #expect(matching.minimalMoveCount == expected, "seed \(seed) case \(n)")
            if expected == 0 { inOrder += 1 } else { moved += 1 }
        }
    }
    #expect(inOrder > 300 && moved > 300)
}

import Testing
import DiffcheckCore
import ListModel
import TestSupport

@Test func claimsOccurrencesInOrder() {
    var table = IdentityTable(["a", "b", "a"])
    #expect(table.claim("a") == 0)
    #expect(table.claim("c") == nil)
    #expect(table.claim("a") == 2)
    #expect(table.claim("a") == nil)
    #expect(table.claim("b") == 1)
    #expect(table.claim("b") == nil)
}

@Test func emptyTableClaimsNothing() {
    var table = IdentityTable([String]())
    #expect(table.claim("a") == nil)
    #expect(table.claimAll(["a", "b"]) == [-1, -1])
}

/// Colliding hashes still pair by equality.
@Test func collidingHashesPairByEquality() {
    struct Colliding: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }
    var table = IdentityTable((0..<50).map { Colliding(value: $0 % 10) })
    let claimed = table.claimAll((0..<60).map { Colliding(value: $0 % 12) })
    #expect(claimed == naivePairing((0..<50).map { "\($0 % 10)" }, (0..<60).map { "\($0 % 12)" }).map { $0 ?? -1 })
}

@Test func claimAllMatchesNaivePairing() {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<200 {
        let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in "\(Int.random(in: 0..<8, using: &random))" }
        let new = (0..<Int.random(in: 0...30, using: &random)).map { _ in "\(Int.random(in: 0..<8, using: &random))" }
        var table = IdentityTable(old)
        #expect(table.claimAll(new) == naivePairing(old, new).map { $0 ?? -1 })
    }
}

/// Integer identities take the table's own hash: the pairing is the same.
@Test func integerIdentitiesMatchNaivePairing() {
    var random = SeededGenerator(seed: 12)
    for _ in 0..<200 {
        let old = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: -4..<4, using: &random) }
        let new = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: -4..<4, using: &random) }
        let expected = naivePairing(old.map(String.init), new.map(String.init)).map { $0 ?? -1 }
        var table = IdentityTable(old)
        #expect(table.claimAll(new) == expected)
        var unsigned = IdentityTable(old.map { UInt32(bitPattern: Int32($0)) })
        #expect(unsigned.claimAll(new.map { UInt32(bitPattern: Int32($0)) }) == expected)
    }
}

/// The table reads identities in place from a lazy view of the elements.
@Test func tableReadsALazyView() {
    let old = [(1, "x"), (2, "y"), (1, "z")], new = [(1, "p"), (1, "q"), (1, "r")]
    var table = IdentityTable(old.lazy.map(\.0))
    #expect(table.claimAll(new.lazy.map(\.0)) == [0, 2, -1])
}

/// Flat diffs pair in order on both sides of the size where pairing stops
/// scanning and starts hashing (duplicates included).
@Test func flatPairingMatchesNaivePairingAtEverySize() {
    var random = SeededGenerator(seed: 13)
    for round in 0..<300 {
        let old = (0..<(round % 40)).map { _ in "\(Int.random(in: 0..<12, using: &random))" }
        let new = (0..<Int.random(in: 0...40, using: &random)).map { _ in "\(Int.random(in: 0..<12, using: &random))" }
        let difference = ListDiff.diff(old: old.map { TestItem(item: Item(id: $0, content: 0)) },
                                       new: new.map { TestItem(item: Item(id: $0, content: 0)) })
        let expected = naivePairing(old, new)
        for j in new.indices {
            #expect(difference.pairing.oldPath(forNew: ListDiff.ItemPath(0, j)) == expected[j].map { ListDiff.ItemPath(0, $0) })
        }
    }
}

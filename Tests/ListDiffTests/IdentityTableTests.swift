import Testing
import ListDiff

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

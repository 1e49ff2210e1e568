import Testing
@testable import DiffcheckCore
import TestSupport

// The ASCII-string hash of the identity table (StringIdentityHash) and the
// table's way back to Hasher: the same pairing as `==` in every case.

/// A string identity that goes through `hashValue` (the table's Hasher path).
private struct Hashed: Hashable {
    let string: String
}

/// ASCII strings: short (small strings), long (> 15 bytes, heap strings),
/// near-identical ones that differ in one byte or only in length, and the
/// same text built in other ways (appended, cut from a longer string).
private let asciiPool: [String] = {
    var pool = ["", "a", "b", "ab", "ba", "abc", "abd", "abcd", "abcdefg", "abcdefgh", "abcdefghi"]
    let long = String(repeating: "x", count: 40)
    for length in [15, 16, 17, 24, 31, 32, 33, 40] {
        pool.append(String(long.prefix(length)))
        pool.append(String(long.prefix(length - 1)) + "y")
        pool.append("y" + String(long.prefix(length - 1)))
    }
    // The same text as a slice of a longer string, and grown by appends.
    let sentence = "the quick brown fox jumps over the lazy dog"
    pool.append(String(sentence.dropFirst(4).prefix(20)))
    var grown = ""
    for character in "quick brown fox jump" { grown.append(character) }
    pool.append(grown)
    return pool
}()

/// Strings that are not ASCII, some equal (`==`) to ASCII ones or to each
/// other with different bytes: U+212A KELVIN SIGN equals "K", "é" as one
/// scalar equals "e" and a combining acute accent.
private let unicodePool: [String] = [
    "K", "\u{212A}", "é", "e\u{301}", "ñandú", "n\u{303}andu\u{301}", "日本", ";", "\u{37E}",
    String(repeating: "é", count: 12), String(repeating: "e\u{301}", count: 12), "xxxxxxxxxxxxxxxxé",
]

/// Equal ASCII strings hash equally however they were built; every ASCII
/// length from 0 to 40 is hashed; any non-ASCII byte, at any place, is refused.
@Test func asciiHashTakesExactlyTheASCIIStrings() {
    let seed: UInt64 = 0x1234_5678_9abc_def0
    let text = "0123456789abcdefghijklmnopqrstuvwxyzABCD"
    for length in 0...text.utf8.count {
        let small = String(text.prefix(length))
        var appended = ""
        for character in small { appended.append(character) }
        let cut = String(("#" + text).dropFirst().prefix(length))
        let hash = StringIdentityHash.hash(small, seed: seed)
        #expect(hash != nil)
        #expect(StringIdentityHash.hash(appended, seed: seed) == hash)
        #expect(StringIdentityHash.hash(cut, seed: seed) == hash)
        for place in 0..<length {
            var scalars = Array(small.unicodeScalars)
            scalars[place] = "é"
            let unicode = String(String.UnicodeScalarView(scalars))
            #expect(StringIdentityHash.hash(unicode, seed: seed) == nil, "\(unicode)")
        }
    }
}

/// Different ASCII strings of the pool, including ones that differ in one
/// byte or only in length, get different hashes (under a fixed seed: a
/// 64-bit collision among them would be a defect of the mix, not bad luck).
@Test func asciiHashSeparatesNearIdenticalStrings() {
    let seed: UInt64 = 0x0f0f_0f0f_1234_4321
    let distinct = Array(Set(asciiPool))
    let hashes = Set(distinct.map { StringIdentityHash.hash($0, seed: seed)! })
    #expect(hashes.count == distinct.count)
}

/// The table pairs String identities exactly as `==` does, and as the
/// Hasher path does, on seeded mixtures of ASCII strings (short, long,
/// near-identical, built differently) and strings that are not ASCII
/// (including ones equal to ASCII strings), whichever side they are on.
@Test func stringTablesPairAsEqualityDoes() {
    var random = SeededGenerator(seed: 31)
    for round in 0..<400 {
        // A quarter of the rounds are all ASCII (the table keeps its ASCII
        // hash); the others mix in strings that are not.
        let pool = round % 4 == 0 ? asciiPool : asciiPool + unicodePool
        let old = (0..<Int.random(in: 0...60, using: &random)).map { _ in pool.randomElement(using: &random)! }
        let new = (0..<Int.random(in: 0...60, using: &random)).map { _ in pool.randomElement(using: &random)! }
        let expected = naivePairing(old, new).map { $0 ?? -1 }
        var table = IdentityTable(old)
        #expect(table.claimAll(new) == expected)
        var hashed = IdentityTable(old.map(Hashed.init))
        #expect(hashed.claimAll(new.map(Hashed.init)) == expected)
        // One claim at a time, too.
        var single = IdentityTable(old)
        #expect(new.map { single.claim($0) ?? -1 } == expected)
        if round % 4 == 0 { #expect(!table.usesHasher) }
    }
}

/// A string that is not ASCII on the new side moves the table to Hasher in
/// the middle of the claims: the claims already made stay made, and one
/// equal to an ASCII old identity (KELVIN SIGN, "K") still finds it.
@Test func switchingToHasherMidwayKeepsTheClaims() {
    let old = ["K", "a", "K", "b", "longer than sixteen bytes", "a"]
    let new = ["a", "K", "\u{212A}", "longer than sixteen bytes", "\u{212A}", "a", "a"]
    var table = IdentityTable(old)
    #expect(!table.usesHasher)
    #expect(table.claimAll(new) == [1, 0, 2, 4, -1, 5, -1])
    #expect(table.usesHasher)
    var single = IdentityTable(old)
    #expect(single.claim("K") == 0)
    #expect(single.claim("\u{212A}") == 2)
    #expect(single.usesHasher)
    #expect(single.claim("K") == nil)
    // A non-ASCII old identity: the table is built with Hasher from the start.
    var unicode = IdentityTable(["\u{212A}", "x"])
    #expect(unicode.usesHasher)
    #expect(unicode.claim("K") == 0)
}

/// With no probe budget the ASCII hash gives up at its first step past a
/// slot (a stand-in for colliding hashes) and the table goes over to
/// Hasher, with the same answers; with the normal budget, ordinary tables
/// of up to 20,000 strings keep the ASCII hash.
@Test func probeBudgetFallsBackToHasher() {
    var random = SeededGenerator(seed: 32)
    let seed: UInt64 = 0x5eed_5eed_5eed_5eed
    for count in [20, 200, 2_000, 20_000] {
        let old = (0..<count).map { _ in "id\(Int.random(in: 0..<(2 * count), using: &random))" }
        let new = (0..<count).map { _ in "id\(Int.random(in: 0..<(2 * count), using: &random))" }
        let expected = naivePairingByDictionary(old, new)
        var starved = IdentityTable(old, seed: seed, initialProbeBudget: -1_000_000_000)
        #expect(starved.claimAll(new) == expected)
        #expect(starved.usesHasher)
        var normal = IdentityTable(old, seed: seed, initialProbeBudget: IdentityTable<[String]>.initialProbeBudget)
        #expect(normal.claimAll(new) == expected)
        #expect(!normal.usesHasher)
    }
}

/// `naivePairing` for long lists: each new identity takes the next unused
/// old occurrence, found through a dictionary of occurrence lists.
private func naivePairingByDictionary(_ old: [String], _ new: [String]) -> [Int] {
    var occurrences: [String: [Int]] = [:]
    for (index, id) in old.enumerated().reversed() { occurrences[id, default: []].append(index) }
    return new.map { id in occurrences[id]?.popLast() ?? -1 }
}

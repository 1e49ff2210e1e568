// IdentityTable: the hash table that pairs identities, built for the job.
//
// Open addressing with linear probing, in two flat arrays: one control byte
// per slot (0 for empty, else 0x80 and seven bits of the identity's hash),
// which is all a probe reads until the bits agree, and one 32-bit word per
// slot that names an old occurrence of the slot's identity — the first one
// not yet claimed (≥ 0) or, once all are claimed, the last one (stored as
// its bitwise complement, < 0). Duplicated identities chain their
// occurrences through one more flat array, made only when a duplicate is
// found. The table stores no identity: it reads the old ones in place.

/// Pairs the occurrences of identities in an old sequence with those of a
/// new sequence, in order: the k-th old occurrence of an identity goes to the
/// k-th new occurrence that claims it.
///
///     var table = IdentityTable(["a", "b", "a"])
///     table.claim("a")   // 0
///     table.claim("a")   // 2
///     table.claim("a")   // nil: no third "a"
///     table.claim("c")   // nil
///
/// `Identities` is any random-access collection indexed from 0, such as an
/// array or a view of the elements' identities (then no identity is
/// copied out of its element). It is read, never copied, while the table
/// lives.
///
/// Identities of the standard library's fixed-width integer types are hashed
/// with a seeded 64-bit mixer (a bijection, so distinct integers never share
/// a full hash) instead of `Hasher`. `String` identities are hashed from
/// their UTF-8 bytes with a seeded multiply-mix while every string the table
/// meets is ASCII; the first one that is not (equality of such strings is
/// Unicode canonical equivalence, not equality of bytes), or a run of probes
/// past a budget linear in the identities hashed (a sign of colliding
/// hashes), moves the whole table to `hashValue` once. The seeds are drawn
/// once per process, as `Hasher`'s is. Every other type uses `hashValue`.
/// The pairing never depends on the hash, only on `==`.
///
/// - Complexity: building is O(n) expected for n old identities, each hashed
///   once; each `claim` is O(1) expected and hashes its argument once.
///   Memory: 5 bytes per slot (between 4n/3 and 8n/3 slots, at least 4),
///   plus 4 bytes per old identity when some identity repeats. At most
///   `Int32.max` identities.
public struct IdentityTable<Identities: RandomAccessCollection>
where Identities.Element: Hashable, Identities.Index == Int {
    /// The identity type: the elements of the collection the table is built from.
    public typealias ID = Identities.Element

    @usableFromInline let identities: Identities
    /// Per slot: 0 when empty, else `0x80 | tag` (seven bits of the hash).
    @usableFromInline var control: [UInt8]
    /// Per slot: the first unclaimed old occurrence (≥ 0), or the bitwise
    /// complement of the last one once all are claimed (< 0).
    @usableFromInline var slots: [Int32]
    /// For each old index, the next old index with the same identity, or -1;
    /// empty while no identity repeats.
    @usableFromInline var nextOccurrence: [Int32]
    @usableFromInline let mask: Int
    @usableFromInline let seed: UInt64
    /// For `String` identities: whether every identity is hashed with
    /// `Hasher` (after a string the ASCII hash does not take, or after the
    /// probe budget ran out) rather than with `StringIdentityHash`.
    @usableFromInline var usesHasher: Bool
    /// For `String` identities under the ASCII hash: the probe steps the
    /// table may still take before it goes over to `Hasher`. Each identity
    /// hashed adds `probeAllowance`; each step past a slot takes one.
    @usableFromInline var probeBudget: Int

    /// Builds the table of `identities` (the old sequence).
    @inlinable
    public init(_ identities: Identities) {
        self.init(identities, seed: identityHashSeed, initialProbeBudget: Self.initialProbeBudget)
    }

    /// Builds the table of `identities` with the hash seed `seed`, with
    /// `initialProbeBudget` probe steps allowed before any identity is
    /// hashed (tests fix the seed, and give a negative budget to make the
    /// ASCII hash give up at its first step past a slot).
    @inlinable
    init(_ identities: Identities, seed: UInt64, initialProbeBudget: Int) {
        let count = identities.count
        precondition(count <= Int(Int32.max), "IdentityTable: more than Int32.max identities")
        self.identities = identities
        var capacity = 4
        // Load factor at most 3/4.
        while capacity * 3 < count * 4 { capacity &<<= 1 }
        let mask = capacity - 1
        self.mask = mask
        self.seed = seed
        // Strings try the ASCII hash first; a string it does not take, or a
        // run of probes past the budget, rebuilds with Hasher (the answers
        // never depend on the hash: only on equality).
        if ID.self == String.self,
           let built = Self.build(identities, capacity: capacity, seed: seed, usesHasher: false,
                                  probeBudget: initialProbeBudget) {
            (control, slots, nextOccurrence, probeBudget) = built
            usesHasher = false
        } else {
            (control, slots, nextOccurrence, probeBudget) = Self.build(
                identities, capacity: capacity, seed: seed, usesHasher: true, probeBudget: 0)!
            usesHasher = true
        }
    }

    /// The probe steps allowed per identity hashed under the ASCII hash.
    /// With a hash that spreads the identities, linear probing at a load of
    /// at most 3/4 takes about 8.5 steps for a miss and 2.5 for a hit on
    /// average, so a run of 16 per identity means the hash is not spreading.
    @inlinable
    static var probeAllowance: Int { 16 }

    /// The probe budget a table starts with.
    @inlinable
    static var initialProbeBudget: Int { 256 }

    /// The table's arrays for `identities` and the probe budget left, or
    /// `nil` when the ASCII hash (`usesHasher` false) meets a string it does
    /// not take or runs out of probe budget.
    @inlinable
    static func build(
        _ identities: Identities, capacity: Int, seed: UInt64, usesHasher: Bool, probeBudget: Int
    ) -> (control: [UInt8], slots: [Int32], next: [Int32], probeBudget: Int)? {
        let count = identities.count, mask = capacity - 1
        var control = [UInt8](filled: 0, count: capacity)
        var slots = [Int32](filled: 0, count: capacity)  // read only where control is set
        var next: [Int32] = []
        var budget = probeBudget
        let isBuilt = control.withUnsafeMutableBufferPointer { control in
            slots.withUnsafeMutableBufferPointer { slots in
                // Walk backwards so each chain ends up in ascending order.
                // Invariant: the table holds identities[index + 1 ..< count],
                // each slot's word naming its first occurrence in that range.
                var index = count - 1
                while index >= 0 {
                    let id = identities[index]
                    guard let hash = Self.hash(id, seed: seed, usesHasher: usesHasher) else { return false }
                    let tag = Self.tag(hash)
                    var position = hash & mask
                    if !usesHasher { budget &+= probeAllowance }
                    while true {
                        let byte = control[position]
                        if byte == 0 {
                            control[position] = tag
                            slots[position] = Int32(truncatingIfNeeded: index)
                            break
                        }
                        if byte == tag {
                            let head = Int(slots[position])
                            if identities[head] == id {
                                if next.isEmpty { next = [Int32](filled: -1, count: count) }
                                next[index] = Int32(truncatingIfNeeded: head)
                                slots[position] = Int32(truncatingIfNeeded: index)
                                break
                            }
                        }
                        position = (position &+ 1) & mask
                        if !usesHasher {
                            budget &-= 1
                            if budget < 0 { return false }
                        }
                    }
                    index -= 1
                }
                return true
            }
        }
        guard isBuilt else { return nil }
        return (control, slots, next, budget)
    }

    /// Hashes every identity with `Hasher` from now on: each occupied slot
    /// moves to where its identity's `hashValue` puts it, keeping its word
    /// (the claims made so far stay made).
    ///
    /// - Complexity: O(slots), one `hashValue` per distinct identity.
    @inlinable
    mutating func switchToHasher() {
        guard !usesHasher else { return }
        let mask = self.mask, identities = self.identities
        var control = [UInt8](filled: 0, count: mask + 1)
        var slots = [Int32](filled: 0, count: mask + 1)
        for old in 0...mask where self.control[old] != 0 {
            let word = Int(self.slots[old])
            let hash = identities[word >= 0 ? word : ~word].hashValue
            var position = hash & mask
            while control[position] != 0 { position = (position &+ 1) & mask }
            control[position] = Self.tag(hash)
            slots[position] = Int32(truncatingIfNeeded: word)
        }
        self.control = control
        self.slots = slots
        usesHasher = true
    }

    /// The next unclaimed old index whose identity is `id`, or `nil` when
    /// there is none left; the index is claimed.
    @inlinable
    public mutating func claim(_ id: ID) -> Int? {
        while true {
            if let result = claimUnlessGivingUp(id) { return result }
            switchToHasher()
        }
    }

    /// `claim(id)`, or `nil` (nothing claimed) when the ASCII hash gives up
    /// on `id`: the caller switches to `Hasher` and asks again.
    @inlinable
    mutating func claimUnlessGivingUp(_ id: ID) -> Int?? {
        guard let hash = Self.hash(id, seed: seed, usesHasher: usesHasher) else { return nil }
        let tag = Self.tag(hash)
        var position = hash & mask
        var budget = probeBudget
        if !usesHasher { budget &+= Self.probeAllowance }
        defer { probeBudget = budget }
        while true {
            let byte = control[position]
            if byte == 0 { return .some(nil) }
            if byte == tag {
                let word = Int(slots[position])
                if identities[word >= 0 ? word : ~word] == id {
                    guard word >= 0 else { return .some(nil) }
                    let next = nextOccurrence.isEmpty ? -1 : Int(nextOccurrence[word])
                    slots[position] = Int32(truncatingIfNeeded: next >= 0 ? next : ~word)
                    return word
                }
            }
            position = (position &+ 1) & mask
            if !usesHasher {
                budget &-= 1
                if budget < 0 { return nil }
            }
        }
    }

    /// Pairs `new` against the table in order and returns, for every new
    /// index, the old index it pairs with (or -1).
    ///
    /// - Complexity: O(m) expected for m new identities.
    @inlinable
    public mutating func claimAll<New: RandomAccessCollection>(_ new: New) -> [Int]
    where New.Element == ID, New.Index == Int {
        var oldForNew = [Int](filled: -1, count: new.count)
        oldForNew.withUnsafeMutableBufferPointer { oldForNew in
            claimAll(new) { newIndex, oldIndex in oldForNew[newIndex] = oldIndex }
        }
        return oldForNew
    }

    /// Pairs `new` against the table in order, calling `paired(newIndex,
    /// oldIndex)` for every new index that finds a partner, in ascending
    /// order of new index.
    ///
    /// - Complexity: O(m) expected for m new identities.
    @inlinable
    mutating func claimAll<New: RandomAccessCollection>(_ new: New, _ paired: (Int, Int) -> Void)
    where New.Element == ID, New.Index == Int {
        // Invariant: new[0 ..< start] have claimed their partners.
        var start = 0
        while true {
            start = claimAll(new, from: start, paired)
            if start == new.count { return }
            switchToHasher()
        }
    }

    /// Pairs `new[start...]` as `claimAll(_:_:)` does, and returns the
    /// index it stopped at: `new.count`, or the first new index on which the
    /// ASCII hash gave up (not claimed; the caller switches to `Hasher`).
    @inlinable
    mutating func claimAll<New: RandomAccessCollection>(_ new: New, from start: Int, _ paired: (Int, Int) -> Void) -> Int
    where New.Element == ID, New.Index == Int {
        let mask = self.mask, seed = self.seed, identities = self.identities, usesHasher = self.usesHasher
        let next = nextOccurrence
        let hasDuplicates = !next.isEmpty
        var budget = probeBudget
        defer { probeBudget = budget }
        return control.withUnsafeBufferPointer { control in
            slots.withUnsafeMutableBufferPointer { slots in
                next.withUnsafeBufferPointer { next in
                    // Invariant: new[0 ..< index] have claimed their partners.
                    for index in start..<new.count {
                        let id = new[index]
                        guard let hash = Self.hash(id, seed: seed, usesHasher: usesHasher) else { return index }
                        let tag = Self.tag(hash)
                        var position = hash & mask
                        if !usesHasher { budget &+= Self.probeAllowance }
                        while true {
                            let byte = control[position]
                            if byte == 0 { break }
                            if byte == tag {
                                let word = Int(slots[position])
                                if identities[word >= 0 ? word : ~word] == id {
                                    if word >= 0 {
                                        let following = hasDuplicates ? Int(next[word]) : -1
                                        slots[position] = Int32(truncatingIfNeeded: following >= 0 ? following : ~word)
                                        paired(index, word)
                                    }
                                    break
                                }
                            }
                            position = (position &+ 1) & mask
                            if !usesHasher {
                                budget &-= 1
                                if budget < 0 { return index }
                            }
                        }
                    }
                    return new.count
                }
            }
        }
    }

    /// The control byte of a hash: the top seven bits, with the high bit set.
    @inlinable @inline(__always)
    static func tag(_ hash: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: UInt(bitPattern: hash) >> 57) | 0x80
    }

    /// The hash of `id`: a seeded mixer for fixed-width integers; for
    /// strings, unless `usesHasher`, `StringIdentityHash` (`nil` when it does
    /// not take the string); else `hashValue`.
    @inlinable @inline(__always)
    static func hash(_ id: ID, seed: UInt64, usesHasher: Bool) -> Int? {
        if ID.self == Int.self { return mix(UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))), seed) }
        if ID.self == UInt.self { return mix(UInt64(unsafeBitCast(id, to: UInt.self)), seed) }
        if ID.self == Int64.self { return mix(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)), seed) }
        if ID.self == UInt64.self { return mix(unsafeBitCast(id, to: UInt64.self), seed) }
        if ID.self == Int32.self { return mix(UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))), seed) }
        if ID.self == UInt32.self { return mix(UInt64(unsafeBitCast(id, to: UInt32.self)), seed) }
        if ID.self == String.self && !usesHasher {
            return StringIdentityHash.hash(unsafeBitCast(id, to: String.self), seed: seed)
        }
        return id.hashValue
    }

    /// MurmurHash3's 64-bit finalizer of `value ^ seed`
    /// (`StringIdentityHash.finalize`): a bijection whose every output bit
    /// depends on every input bit.
    @inlinable @inline(__always)
    static func mix(_ value: UInt64, _ seed: UInt64) -> Int {
        StringIdentityHash.finalize(value ^ seed)
    }
}

/// The seed of the integer and ASCII-string hashes, drawn once per process.
@usableFromInline let identityHashSeed = UInt64.random(in: .min ... .max)

extension IdentityTable: Sendable where Identities: Sendable {}

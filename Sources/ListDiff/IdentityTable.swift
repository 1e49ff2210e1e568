// IdentityTable: the hash table that pairs identities, built for the job.
//
// Open addressing with linear probing over one flat array of slots; each
// slot keeps the identity's precomputed hash, one old index holding the key,
// and the head of the chain of that identity's not-yet-claimed occurrences.
// The chains live in one flat array (`nextOccurrence`), so duplicated
// identities cost no extra allocation.

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
/// - Complexity: building is O(n) expected for n old identities, each hashed
///   once; each `claim` is O(1) expected and hashes its argument once.
///   Memory: 24 bytes per slot (at most 4n slots) plus 8 bytes per old
///   identity.
public struct IdentityTable<ID: Hashable> {
    @usableFromInline struct Slot: Sendable {
        @inlinable init(hash: Int, key: Int, head: Int) {
            self.hash = hash
            self.key = key
            self.head = head
        }
        @usableFromInline var hash: Int
        /// An old index whose identity is this slot's key; -1 for an empty slot.
        @usableFromInline var key: Int
        /// The first old occurrence of the key not yet claimed; -1 when all are.
        @usableFromInline var head: Int
    }

    @usableFromInline let identities: [ID]
    @usableFromInline var slots: [Slot]
    @usableFromInline var nextOccurrence: [Int]
    @usableFromInline let mask: Int

    /// Builds the table of `identities` (the old sequence).
    @inlinable
    public init(_ identities: [ID]) {
        self.identities = identities
        let count = identities.count
        var capacity = 4
        // Load factor at most 1/2.
        while capacity < count * 2 { capacity &<<= 1 }
        mask = capacity - 1
        var slots = [Slot](repeating: Slot(hash: 0, key: -1, head: -1), count: capacity)
        var next = [Int](repeating: -1, count: count)
        let mask = self.mask
        identities.withUnsafeBufferPointer { ids in
            slots.withUnsafeMutableBufferPointer { slots in
                next.withUnsafeMutableBufferPointer { next in
                    // Walk backwards so each chain ends up in ascending order.
                    var index = count - 1
                    while index >= 0 {
                        let hash = ids[index].hashValue
                        var position = hash & mask
                        while true {
                            let slot = slots[position]
                            if slot.key < 0 {
                                slots[position] = Slot(hash: hash, key: index, head: index)
                                break
                            }
                            if slot.hash == hash && ids[slot.key] == ids[index] {
                                next[index] = slot.head
                                slots[position].head = index
                                break
                            }
                            position = (position &+ 1) & mask
                        }
                        index -= 1
                    }
                }
            }
        }
        self.slots = slots
        self.nextOccurrence = next
    }

    /// The next unclaimed old index whose identity is `id`, or `nil` when
    /// there is none left; the index is claimed.
    @inlinable
    public mutating func claim(_ id: ID) -> Int? {
        let hash = id.hashValue
        return claim(id, hash: hash)
    }

    @inlinable
    mutating func claim(_ id: ID, hash: Int) -> Int? {
        var position = hash & mask
        while true {
            let slot = slots[position]
            if slot.key < 0 { return nil }
            if slot.hash == hash && identities[slot.key] == id {
                let head = slot.head
                if head < 0 { return nil }
                slots[position].head = nextOccurrence[head]
                return head
            }
            position = (position &+ 1) & mask
        }
    }

    /// Pairs `new` against the table in order and returns, for every new
    /// index, the old index it pairs with (or -1).
    ///
    /// - Complexity: O(m) expected for m new identities.
    @inlinable
    public mutating func claimAll(_ new: [ID]) -> [Int] {
        var result = [Int](repeating: -1, count: new.count)
        let mask = self.mask
        identities.withUnsafeBufferPointer { ids in
            slots.withUnsafeMutableBufferPointer { slots in
                nextOccurrence.withUnsafeBufferPointer { next in
                    new.withUnsafeBufferPointer { new in
                        result.withUnsafeMutableBufferPointer { result in
                            for index in 0..<new.count {
                                let id = new[index]
                                let hash = id.hashValue
                                var position = hash & mask
                                while true {
                                    let slot = slots[position]
                                    if slot.key < 0 { break }
                                    if slot.hash == hash && ids[slot.key] == id {
                                        let head = slot.head
                                        if head >= 0 {
                                            slots[position].head = next[head]
                                            result[index] = head
                                        }
                                        break
                                    }
                                    position = (position &+ 1) & mask
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}

extension IdentityTable: Sendable where ID: Sendable {}

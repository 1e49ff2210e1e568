// IdentityCodes: a code 0, 1, 2, … for each distinct identity, in the order
// the identities are first seen, for `Matching`'s pairing of long snapshots.
//
// A Dictionary<String, Int> does the same; this table is its cheaper form
// for this one use: open addressing over a power-of-two array, identities
// hashed with 64-bit FNV-1a over their UTF-8 bytes (the harness's own
// inputs: nothing to defend against), compared with `==` on a collision.

/// Codes for identities, in order of first appearance.
struct IdentityCodes {
    /// The identity of each code.
    private var identities: [String] = []
    /// Each slot holds a code + 1, or 0 when empty.
    private var slots: [Int32]
    /// `slots.count - 1` (the slot count is a power of two).
    private var mask: Int

    /// A table with room for `capacity` identities before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        identities.reserveCapacity(capacity)
    }

    /// How many distinct identities have a code.
    var count: Int { identities.count }

    /// The code of `identity`, and whether it was given now (the next
    /// code, `count` before the call) rather than found.
    mutating func code(of identity: String) -> (code: Int, isNew: Bool) {
        var slot = IdentityCodes.hash(identity) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            if identities[entry - 1] == identity { return (entry - 1, false) }
            slot = (slot + 1) & mask
        }
        let code = identities.count
        identities.append(identity)
        slots[slot] = Int32(truncatingIfNeeded: code + 1)
        if identities.count * 2 > slots.count { grow() }
        return (code, true)
    }

    /// Twice the slots, every code placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (code, identity) in identities.enumerated() {
            var slot = IdentityCodes.hash(identity) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: code + 1)
        }
    }

    /// FNV-1a (64-bit) of the identity's UTF-8 bytes, its high bits folded
    /// into the low ones that pick a slot. The bytes are read in place
    /// (a small string's from the stack) when the string has them
    /// contiguous, which native strings do.
    static func hash(_ identity: String) -> Int {
        let hash = identity.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(identity.utf8)
        return Int(truncatingIfNeeded: hash ^ (hash >> 29) ^ (hash >> 47))
    }

    private static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

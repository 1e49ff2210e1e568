// StringIdentityHash: the identity table's hash for ASCII strings — a seeded
// multiply-mix of the UTF-8 bytes, read in place, instead of SipHash through
// Hasher.

/// A seeded hash of a string's UTF-8 bytes, defined only for ASCII strings.
///
/// Two ASCII strings are equal (`==`, Unicode canonical equivalence) exactly
/// when their bytes are, so a hash of the bytes agrees with equality among
/// ASCII strings. It does not agree across the two kinds: a string that is
/// not ASCII can equal one that is (U+212A KELVIN SIGN equals "K"), and
/// equality of non-ASCII strings is not equality of bytes. So `hash` answers
/// `nil` for any string that is not ASCII (or whose bytes are not
/// contiguous), and a table that meets one hashes all its strings with
/// `Hasher` instead (see `IdentityTable`).
///
/// The hash is not a cryptographic one: an adversary who learns the seed can
/// make strings collide. The seed is drawn once per process, and the table
/// that uses it counts its probes and goes over to `Hasher` (whose SipHash
/// resists such inputs) when they exceed a linear budget, so the table stays
/// linear-time either way.
@usableFromInline
enum StringIdentityHash {
    /// The hash of `string`'s UTF-8 bytes under `seed`, or `nil` when the
    /// string is not ASCII or its bytes are not contiguous in memory.
    ///
    /// - Complexity: O(length), reading each byte once.
    @inlinable @inline(__always)
    static func hash(_ string: String, seed: UInt64) -> Int? {
        let hash = string.utf8.withContiguousStorageIfAvailable { bytes in
            Self.hash(bytes: UnsafeRawBufferPointer(bytes), seed: seed)
        }
        return hash ?? nil
    }

    /// Bits 7 of every byte of a 64-bit word: set where a byte is not ASCII.
    @inlinable @inline(__always)
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The hash of `bytes` under `seed`, or `nil` when a byte is not ASCII.
    ///
    /// Up to 16 bytes are read as two (possibly overlapping) words that
    /// together cover every byte, so before mixing the pair of words and the
    /// length determine the bytes; longer inputs fold each 16-byte block
    /// into the state first. Every byte is also tested for ASCII.
    @inlinable @inline(__always)
    static func hash(bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int? {
        let count = bytes.count
        var first: UInt64 = 0, second: UInt64 = 0, state = seed, high: UInt64 = 0
        if count > 16 {
            // Invariant: bytes[0 ..< offset] are folded into `state`, and
            // `high` holds their bits 7.
            var offset = 0
            while count - offset > 16 {
                let a = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let b = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
                high |= a | b
                state = fold(a ^ 0xa076_1d64_78bd_642f, b ^ state)
                offset += 16
            }
            first = bytes.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            second = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 8 {
            first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            second = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            first = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            second = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if count > 0 {
            // One to three bytes, each in its own byte of the word.
            first = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
        }
        high |= first | second
        guard high & highBits == 0 else { return nil }
        let folded = fold(first ^ 0xe703_7ed1_a0b4_28db ^ state, second ^ UInt64(truncatingIfNeeded: count) ^ seed)
        return finalize(folded ^ seed)
    }

    /// The 128-bit product of `a` and `b`, folded to 64 bits (its halves
    /// exclusive-ored).
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// MurmurHash3's 64-bit finalizer: every output bit depends on every
    /// input bit (the table uses the low bits for the slot and the top
    /// seven for the tag).
    @inlinable @inline(__always)
    static func finalize(_ value: UInt64) -> Int {
        var h = value
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }
}

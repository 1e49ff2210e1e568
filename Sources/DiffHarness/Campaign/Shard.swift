// Shard: one of N disjoint parts of a campaign (`--shard K/N`), so that N
// machines split a run without talking to each other.
//
// Shard K of N owns the case numbers (and exhaustive places, and corpus
// files in sorted order) n with n mod N = K − 1. The N shards together own
// every number exactly once, so they check exactly the cases of the whole
// run; findings are named by what they hold, so their folders merge by
// copying.

/// Shard K of N (stored 0-based).
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// K − 1.
    public let index: Int
    /// N.
    public let count: Int

    /// The whole run: one shard.
    public static let whole = Shard(index: 0, count: 1)

    /// Shard `index + 1` of `count`; traps unless `0 <= index < count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (0..<count).contains(index), "a shard is K/N with 1 ≤ K ≤ N")
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (1 ≤ K ≤ N ≤ 1,000,000); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, (1...n).contains(k) else {
            return nil
        }
        self.init(index: k - 1, count: n)
    }

    /// Whether this is the whole run (`1/1`).
    public var isWhole: Bool { count == 1 }

    /// Whether number `n` (a case number, an exhaustive place, a file's
    /// position) is this shard's.
    public func owns(_ n: Int) -> Bool { n % count == index }

    /// The `m`-th number this shard owns (m from 0).
    public func number(_ m: Int) -> Int { index + count * m }

    /// How many of `0..<total` this shard owns.
    public func share(of total: Int) -> Int {
        total <= index ? 0 : (total - index - 1) / count + 1
    }

    /// `K/N`.
    public var description: String { "\(index + 1)/\(count)" }
}

// IdentityPairing: pairs old and new identities in order — by scanning when
// both lists are tiny, through the IdentityTable otherwise.

extension ListDiff {
    /// Up to this many identities on each side, pairing scans instead of
    /// hashing: at most 256 comparisons cost less than hashing 32 identities
    /// and allocating a table.
    @inlinable
    static var scanLimit: Int { 16 }

    /// Pairs identities in order (the k-th old occurrence with the k-th new
    /// one): for each old index the new partner or -1, and for each new index
    /// the old partner or -1.
    ///
    /// - Complexity: O(n + m) expected; O(n·m) comparisons, no hashing, when
    ///   both n and m are at most `scanLimit`.
    @inlinable
    static func pair<Old: RandomAccessCollection, New: RandomAccessCollection>(
        _ old: Old, _ new: New
    ) -> (newForOld: [Int], oldForNew: [Int])
    where Old.Element: Hashable, New.Element == Old.Element, Old.Index == Int, New.Index == Int {
        var newForOld = [Int](filled: -1, count: old.count)
        var oldForNew = [Int](filled: -1, count: new.count)
        newForOld.withUnsafeMutableBufferPointer { newForOld in
            oldForNew.withUnsafeMutableBufferPointer { oldForNew in
                if old.count <= scanLimit && new.count <= scanLimit {
                    // Invariant: bit i of `claimed` is set when old[i] has a
                    // partner among new[0 ..< j].
                    var claimed: UInt32 = 0
                    for j in 0..<new.count {
                        let id = new[j]
                        for i in 0..<old.count where claimed & (1 << i) == 0 && old[i] == id {
                            claimed |= 1 << i
                            newForOld[i] = j
                            oldForNew[j] = i
                            break
                        }
                    }
                } else {
                    var table = IdentityTable(old)
                    table.claimAll(new) { j, i in
                        newForOld[i] = j
                        oldForNew[j] = i
                    }
                }
            }
        }
        return (newForOld, oldForNew)
    }
}

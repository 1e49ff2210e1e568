// FlatDiffer: the diff of two flat lists in one pass per concern — the same
// answer as the sectioned path given one section, without its per-section
// bookkeeping: no section arrays, no section subsequence, no closure, and
// scratch memory on the stack for small lists.

extension ListDiff {
    /// The shared `[0]`: the section pairing of every flat diff.
    @usableFromInline static let firstSectionOnly = [0]

    /// The difference of two flat lists (see `diff(old:new:)`): equal to
    /// `diff(oldSections:newSections:)` on one section each.
    ///
    /// - Complexity: O(n + m log m) expected time; O(n + m) memory.
    @inlinable
    static func flatDifference<Element: Diffable>(old: [Element], new: [Element]) -> Difference {
        if let same = sameIdentitiesDifference(old: old, new: new) { return same }
        let n = old.count, m = new.count
        let (newForOld, oldForNew) = pair(Identities(old), Identities(new))
        var items = Batch(), reload = Batch()
        var firstReloads: [ItemPath] = []
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { stays in
            stays.initialize(repeating: false)
            let (paired, staying) = markStays(stays, old: old, new: new, oldForNew: oldForNew)
            let deletes = n - paired, inserts = m - paired
            if inserts > 0 { items.insertedItems.reserveCapacity(inserts) }
            if paired > staying { items.movedItems.reserveCapacity(paired - staying) }
            // Deletes, ascending.
            if deletes > 0 {
                items.deletedItems.reserveCapacity(deletes)
                for f in 0..<n where newForOld[f] < 0 { items.deletedItems.append(ItemPath(0, f)) }
            }
            // Inserts and moves, ascending by destination.
            for j in 0..<m {
                let f = oldForNew[j]
                if f < 0 {
                    items.insertedItems.append(ItemPath(0, j))
                } else if !stays[f] {
                    items.movedItems.append(ItemMove(from: ItemPath(0, f), to: ItemPath(0, j)))
                }
            }
            // Reloads: in the batch where the item keeps its index and
            // UICollectionView's fresh cell lands there too (as many moves
            // leave from before it as arrive before it, see `MoveShifts`),
            // else in a reload stage before it, at its old index.
            // Invariant: movedOutBefore and movedInBefore count the moves
            // whose old (new) index is below f.
            var movedOutBefore = 0, movedInBefore = 0
            for f in 0..<n {
                let g = newForOld[f]
                if g >= 0 && !old[f].isContentEqual(to: new[g]) {
                    if stays[f] && f == g && movedOutBefore == movedInBefore {
                        firstReloads.append(ItemPath(0, f))
                    } else {
                        reload.reloadedItems.append(ItemPath(0, f))
                    }
                }
                if g >= 0 && !stays[f] { movedOutBefore += 1 }
                if f < m, oldForNew[f] >= 0, !stays[oldForNew[f]] { movedInBefore += 1 }
            }
            stays.deinitialize()
        }
        var stages: [Stage] = []
        if !reload.isEmpty {
            stages.reserveCapacity(2)
            // The old structure holding the new contents.
            var sources: [ItemSource] = []
            sources.reserveCapacity(n)
            for f in 0..<n {
                let g = newForOld[f]
                sources.append(g >= 0 ? .new(ItemPath(0, g)) : .old(ItemPath(0, f)))
            }
            stages.append(Stage(batch: reload, data: [IntermediateSection(source: .new(0), items: sources)]))
        }
        items.reloadedItems = firstReloads
        let moveCount = items.movedItems.count
        stages.append(Stage(batch: items))
        // Equal lengths share one offsets array.
        let oldOffsets = [0, n], newOffsets = n == m ? oldOffsets : [0, m]
        let pairing = Pairing(
            newSectionForOld: firstSectionOnly, oldSectionForNew: firstSectionOnly,
            oldOffsets: oldOffsets, newOffsets: newOffsets, newForOld: newForOld, oldForNew: oldForNew)
        return Difference(stages: stages, pairing: pairing, moveCount: moveCount)
    }

    /// Marks in `stays` the old indexes of the paired elements that stay: a
    /// longest increasing subsequence of `oldForNew` (its paired entries, in
    /// new order) — among the longest, one that keeps in place the changed
    /// elements whose index does not change, when the first one found
    /// leaves such an element out. Returns the number of paired elements
    /// and the number that stay (the subsequence's length).
    ///
    /// Patience sorting as in `longestIncreasingSubsequence(_:)` (the same
    /// choice among equals), with the tails' values kept beside their
    /// positions so the binary search reads one array.
    ///
    /// - Complexity: O(m log m) time, 12 bytes of scratch per new element.
    @inlinable
    static func markStays<Element: Diffable>(
        _ stays: UnsafeMutableBufferPointer<Bool>, old: [Element], new: [Element], oldForNew: [Int]
    ) -> (paired: Int, staying: Int) {
        let m = oldForNew.count
        var paired = 0, length = 0
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * m) { scratch in
            // previous[g]: the new position before g in its subsequence;
            // tailValue[k], tailPosition[k]: the smallest old index ending an
            // increasing subsequence of length k + 1, and its new position.
            let previous = UnsafeMutableBufferPointer(rebasing: scratch[0..<m])
            let tailValue = UnsafeMutableBufferPointer(rebasing: scratch[m..<2 * m])
            let tailPosition = UnsafeMutableBufferPointer(rebasing: scratch[2 * m..<3 * m])
            oldForNew.withUnsafeBufferPointer { oldForNew in
                // Invariant: tailValue[0 ..< length] is strictly increasing.
                for g in 0..<m {
                    let f = oldForNew[g]
                    guard f >= 0 else { continue }
                    paired += 1
                    let value = Int32(truncatingIfNeeded: f)
                    if length == 0 || tailValue[length - 1] < value {
                        previous[g] = length > 0 ? tailPosition[length - 1] : -1
                        tailValue[length] = value
                        tailPosition[length] = Int32(truncatingIfNeeded: g)
                        length += 1
                        continue
                    }
                    var low = 0, high = length
                    while low < high {
                        let middle = (low + high) / 2
                        if tailValue[middle] < value { low = middle + 1 } else { high = middle }
                    }
                    previous[g] = low > 0 ? tailPosition[low - 1] : -1
                    tailValue[low] = value
                    tailPosition[low] = Int32(truncatingIfNeeded: g)
                }
                var g = length > 0 ? Int(tailPosition[length - 1]) : -1
                while g >= 0 {
                    stays[oldForNew[g]] = true
                    g = Int(previous[g])
                }
            }
        }
        // An in-place changed element left out: choose again, by weight.
        var isLeftOutInPlaceChanged = false
        for g in 0..<m {
            let f = oldForNew[g]
            if f == g && !stays[f] && !old[f].isContentEqual(to: new[g]) {
                isLeftOutInPlaceChanged = true
                break
            }
        }
        if isLeftOutInPlaceChanged {
            var values: [Int] = [], weights: [Int] = []
            values.reserveCapacity(paired)
            weights.reserveCapacity(paired)
            for g in 0..<m where oldForNew[g] >= 0 {
                let f = oldForNew[g]
                values.append(f)
                weights.append(f == g && !old[f].isContentEqual(to: new[g]) ? 1 : 0)
            }
            let isMember = longestIncreasingSubsequence(values, bound: old.count, weights: weights)
            for k in values.indices { stays[values[k]] = isMember[k] }
        }
        return (paired, length)
    }
}

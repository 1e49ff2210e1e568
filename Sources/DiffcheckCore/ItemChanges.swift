// ItemChanges: the item deletes, inserts and moves — per pair of sections,
// the paired items along a longest increasing subsequence stay, every other
// paired item moves.

extension ListDiff {
    /// The item operations of a diff, before any split into stages.
    @usableFromInline
    struct ItemChanges {
        /// Deletes (old paths), inserts and moves (destinations in new
        /// section indexes).
        @usableFromInline var batch = Batch()
        /// For each old section, the lowest item index (old or new
        /// coordinates) an item operation touches; `Differ.unchanged` if none.
        @usableFromInline var firstChange: [Int]
        /// For each old item (flat), whether it stays (in the subsequence).
        @usableFromInline var stays: [Bool]
        /// Paired items deleted and re-inserted because their old section is
        /// deleted or their new section inserted.
        @usableFromInline var reinserted = 0

        @inlinable
        init(oldSectionCount: Int, oldItemCount: Int) {
            firstChange = [Int](filled: Int.max, count: oldSectionCount)
            stays = [Bool](filled: false, count: oldItemCount)
        }
    }
}

extension ListDiff.Differ {
    /// The item operations: the fewest moves (per pair of sections, paired
    /// items minus a longest increasing subsequence, plus items that change
    /// section).
    ///
    /// - Complexity: O(n + m log m) for n items, m of them paired in a
    ///   section pair.
    @inlinable
    func itemChanges(_ pairing: ListDiff.Pairing, _ layout: Layout) -> ListDiff.ItemChanges {
        typealias ItemPath = ListDiff.ItemPath
        typealias ItemMove = ListDiff.ItemMove
        let oldOffsets = pairing.oldOffsets, newOffsets = pairing.newOffsets
        let oldSectionOf = layout.oldSectionOf, newSectionOf = layout.newSectionOf
        let newForOld = pairing.newForOld, oldForNew = pairing.oldForNew
        var changes = ListDiff.ItemChanges(oldSectionCount: oldSectionCount, oldItemCount: oldItemCount)

        // Deletes, ascending.
        for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
            let offset = oldOffsets[s]
            for i in 0..<oldCounts[s] {
                let g = newForOld[offset + i]
                if g < 0 || newSectionPartner[newSectionOf[g]] < 0 {
                    changes.batch.deletedItems.append(ItemPath(s, i))
                    changes.firstChange[s] = min(changes.firstChange[s], i)
                }
            }
        }

        // Which paired items stay: a longest increasing subsequence of
        // their old indexes, read in new order, per pair of sections.
        // Among the longest, prefer one that keeps in place the changed
        // items whose index does not change: they can then be reloaded
        // in the same batch instead of a reload stage. (Checked only when
        // the plain pass leaves such an item out, so the common case
        // compares no content here.)
        var values: [Int] = [], flats: [Int] = [], targets: [Int] = []
        for t in 0..<newSectionCount where newSectionPartner[t] >= 0 {
            let s = newSectionPartner[t]
            // Already in order (the common case): all stay, the only
            // longest subsequence; nothing to choose, nothing allocated.
            var isInOrder = true
            var last = -1
            for g in newOffsets[t]..<newOffsets[t + 1] {
                let f = oldForNew[g]
                if f >= 0 && oldSectionOf[f] == s {
                    if f <= last {
                        isInOrder = false
                        break
                    }
                    last = f
                }
            }
            if isInOrder {
                for g in newOffsets[t]..<newOffsets[t + 1] {
                    let f = oldForNew[g]
                    if f >= 0 && oldSectionOf[f] == s { changes.stays[f] = true }
                }
                continue
            }
            values.removeAll(keepingCapacity: true)
            flats.removeAll(keepingCapacity: true)
            targets.removeAll(keepingCapacity: true)
            for g in newOffsets[t]..<newOffsets[t + 1] {
                let f = oldForNew[g]
                if f >= 0 && oldSectionOf[f] == s {
                    values.append(f - oldOffsets[s])
                    flats.append(f)
                    targets.append(g)
                }
            }
            var isMember = ListDiff.longestIncreasingSubsequence(values)
            func isInPlaceAndChanged(_ k: Int) -> Bool {
                values[k] == targets[k] - newOffsets[t]
                    && !isContentEqual(old: s, values[k], new: t, targets[k] - newOffsets[t])
            }
            if isMember.indices.contains(where: { !isMember[$0] && isInPlaceAndChanged($0) }) {
                isMember = ListDiff.longestIncreasingSubsequence(
                    values, bound: oldCounts[s], weights: values.indices.map { isInPlaceAndChanged($0) ? 1 : 0 })
            }
            for k in isMember.indices where isMember[k] { changes.stays[flats[k]] = true }
        }

        // Inserts and moves, ascending by destination.
        for t in 0..<newSectionCount {
            let s = newSectionPartner[t]
            let offset = newOffsets[t]
            for j in 0..<newCounts[t] {
                let f = oldForNew[offset + j]
                let from = f >= 0 ? oldSectionOf[f] : -1
                if s < 0 {
                    if f >= 0 { changes.reinserted += 1 }
                    continue
                }
                if f < 0 || oldSectionPartner[from] < 0 {
                    if f >= 0 { changes.reinserted += 1 }
                    changes.batch.insertedItems.append(ItemPath(t, j))
                    changes.firstChange[s] = min(changes.firstChange[s], j)
                } else if from == s {
                    if !changes.stays[f] {
                        let i = f - oldOffsets[s]
                        changes.batch.movedItems.append(ItemMove(from: ItemPath(s, i), to: ItemPath(t, j)))
                        changes.firstChange[s] = min(changes.firstChange[s], i, j)
                    }
                } else {
                    let i = f - oldOffsets[from]
                    changes.batch.movedItems.append(ItemMove(from: ItemPath(from, i), to: ItemPath(t, j)))
                    changes.firstChange[s] = min(changes.firstChange[s], j)
                    changes.firstChange[from] = min(changes.firstChange[from], i)
                }
            }
        }

        return changes
    }
}

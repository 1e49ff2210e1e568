// SectionChanges: the section deletes, inserts and moves — the paired
// sections along a longest increasing subsequence stay, every other one moves.

extension ListDiff {
    /// The section operations of a diff.
    @usableFromInline
    struct SectionChanges {
        /// Section deletes, inserts and moves.
        @usableFromInline var batch = Batch()
        /// For each old section, whether it moves.
        @usableFromInline var isMoved: [Bool]
        /// Whether items and sections change in two stages: a moving section
        /// has item changes (a list view rejects item changes inside a section
        /// that moves in the same batch), or an item moves between two
        /// sections with the same number before and after (UICollectionView
        /// would not count that move).
        @usableFromInline var isSplit = false

        @inlinable
        init(oldSectionCount: Int) {
            isMoved = [Bool](filled: false, count: oldSectionCount)
        }
    }
}

extension ListDiff.Differ {
    /// The section operations: the fewest moves (paired sections minus a
    /// longest increasing subsequence).
    ///
    /// - Complexity: O(s log s) for s sections.
    @inlinable
    func sectionChanges(_ items: ListDiff.ItemChanges) -> ListDiff.SectionChanges {
        var changes = ListDiff.SectionChanges(oldSectionCount: oldSectionCount)
        for s in 0..<oldSectionCount where oldSectionPartner[s] < 0 {
            changes.batch.deletedSections.append(s)
        }
        for t in 0..<newSectionCount where newSectionPartner[t] < 0 {
            changes.batch.insertedSections.append(t)
        }
        // Already in order (the common case): every paired section stays,
        // the only longest subsequence, whatever the weights.
        var isInOrder = true
        var last = -1
        for t in 0..<newSectionCount where newSectionPartner[t] >= 0 {
            if newSectionPartner[t] <= last {
                isInOrder = false
                break
            }
            last = newSectionPartner[t]
        }
        guard !isInOrder else { return finishSplit(changes, items) }
        var sectionValues: [Int] = [], sectionTargets: [Int] = [], hasItemChanges: [Bool] = []
        for t in 0..<newSectionCount where newSectionPartner[t] >= 0 {
            let s = newSectionPartner[t]
            sectionValues.append(s)
            sectionTargets.append(t)
            hasItemChanges.append(items.firstChange[s] != Self.unchanged)
        }
        // Among the longest, keep in place first as many sections as
        // possible that have item changes (a moved one needs the items
        // stage), then as many with a new content (a moved one needs the
        // reload stage).
        let sectionStays = ListDiff.longestIncreasingSubsequence(
            sectionValues, bound: oldSectionCount,
            weights: sectionValues.indices.map { k in
                (hasItemChanges[k] ? sectionValues.count + 1 : 0)
                    + (sectionContentEqual(sectionValues[k], sectionTargets[k]) ? 0 : 1)
            })
        for k in sectionValues.indices where !sectionStays[k] {
            let s = sectionValues[k], t = sectionTargets[k]
            changes.batch.movedSections.append(ListDiff.SectionMove(from: s, to: t))
            changes.isMoved[s] = true
            if hasItemChanges[k] { changes.isSplit = true }
        }
        return finishSplit(changes, items)
    }

    /// `changes` with `isSplit` set also when an item moves between two
    /// sections that share a number.
    @inlinable
    func finishSplit(_ changes: ListDiff.SectionChanges, _ items: ListDiff.ItemChanges) -> ListDiff.SectionChanges {
        var changes = changes
        // UICollectionView counts an item move as leaving one section and
        // entering another only when the two section *numbers* differ (old
        // index against new index; RULES.md §3.1 step 9). A move between two
        // sections whose numbers happen to be equal would break both counts,
        // so the items change in a stage of their own, sections in their old
        // order, where two sections never share a number.
        if !changes.isSplit {
            for move in items.batch.movedItems
            where move.from.section == move.to.section && newSectionPartner[move.to.section] != move.from.section {
                changes.isSplit = true
                break
            }
        }
        return changes
    }
}

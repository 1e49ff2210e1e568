// SameIdentities: the difference when old and new hold the same identities
// in the same order and only contents may change — the common update of a
// list, answered without pairing, subsequences or stage planning.

extension ListDiff {
    /// The difference of two flat lists whose identities are equal index by
    /// index, or `nil` when they are not. Equal to what `flatDifference`
    /// returns on them: each element pairs with the one at its index (the
    /// k-th occurrence of a repeated identity with the k-th), nothing is
    /// deleted, inserted or moved, and every changed element is reloaded in
    /// place in the one stage.
    ///
    /// - Complexity: O(n); the identities compared stop at the first that
    ///   differs.
    @inlinable
    static func sameIdentitiesDifference<Element: Diffable>(old: [Element], new: [Element]) -> Difference? {
        guard old.count == new.count else { return nil }
        for i in old.indices where old[i].diffIdentifier != new[i].diffIdentifier { return nil }
        var batch = Batch()
        for i in old.indices where !old[i].isContentEqual(to: new[i]) {
            batch.reloadedItems.append(ItemPath(0, i))
        }
        // Old and new share their arrays: the pairing is the identity.
        let partners = Array(0..<old.count), offsets = [0, old.count]
        let pairing = Pairing(
            newSectionForOld: firstSectionOnly, oldSectionForNew: firstSectionOnly,
            oldOffsets: offsets, newOffsets: offsets, newForOld: partners, oldForNew: partners)
        return Difference(stages: [Stage(batch: batch)], pairing: pairing, moveCount: 0)
    }

    /// The difference of two sectioned lists whose section identities are
    /// equal index by index, and so are the item identities of each pair of
    /// sections; `nil` otherwise. Equal to what `Differ.difference` returns
    /// on them: the pairing is the identity, nothing is deleted, inserted or
    /// moved, every changed section is reloaded, and every changed item of
    /// a section that is not reloaded is reloaded in place, in the one stage.
    ///
    /// `oldElements[s]` and `newElements[s]` are the sections' elements,
    /// read once by the caller.
    ///
    /// - Complexity: O(n + s); the identities compared stop at the first
    ///   that differs.
    @inlinable
    static func sameIdentitiesDifference<Section: DiffableSection>(
        oldSections: [Section], newSections: [Section],
        oldElements: [[Section.Element]], newElements: [[Section.Element]]
    ) -> Difference? {
        let sectionCount = oldSections.count
        guard sectionCount == newSections.count else { return nil }
        // Where each section's items start in reading order (old and new alike).
        var offsets: [Int] = []
        offsets.reserveCapacity(sectionCount + 1)
        offsets.append(0)
        for s in 0..<sectionCount {
            guard oldElements[s].count == newElements[s].count,
                  oldSections[s].diffIdentifier == newSections[s].diffIdentifier else { return nil }
            offsets.append(offsets[s] + oldElements[s].count)
        }
        for s in 0..<sectionCount {
            let old = oldElements[s], new = newElements[s]
            for i in old.indices where old[i].diffIdentifier != new[i].diffIdentifier { return nil }
        }
        var batch = Batch()
        for s in 0..<sectionCount {
            if !oldSections[s].isContentEqual(to: newSections[s]) {
                batch.reloadedSections.append(s)
                continue
            }
            // A reloaded section reloads its items: they are not reloaded again.
            let old = oldElements[s], new = newElements[s]
            for i in old.indices where !old[i].isContentEqual(to: new[i]) {
                batch.reloadedItems.append(ItemPath(s, i))
            }
        }
        // Old and new share their arrays: the pairing is the identity.
        let sectionPartners = Array(0..<sectionCount), itemPartners = Array(0..<offsets[sectionCount])
        let pairing = Pairing(
            newSectionForOld: sectionPartners, oldSectionForNew: sectionPartners,
            oldOffsets: offsets, newOffsets: offsets, newForOld: itemPartners, oldForNew: itemPartners)
        return Difference(stages: [Stage(batch: batch)], pairing: pairing, moveCount: 0)
    }
}

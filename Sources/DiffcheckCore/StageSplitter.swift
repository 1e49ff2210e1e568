// StageSplitter: the stages a diff is issued in, each with the data the app
// sets before it — one stage whenever one batch is valid and fresh without
// turning a move into a delete and an insert.

extension ListDiff.Differ {
    /// The stages: the reload stage (only when a reload has no place in a
    /// structural stage; its data is the old structure with the new
    /// contents), then either one structural stage, or — when a moving
    /// section has item changes — an items stage (sections in their old
    /// order; its data holds each kept section's new items) and a sections
    /// stage.
    ///
    /// - Complexity: O(n + s).
    @inlinable
    func splitStages(
        _ pairing: ListDiff.Pairing, _ layout: Layout, _ items: ListDiff.ItemChanges,
        _ sections: ListDiff.SectionChanges, _ reloads: ListDiff.ReloadPlan
    ) -> [ListDiff.Stage] {
        typealias ItemPath = ListDiff.ItemPath
        typealias ItemMove = ListDiff.ItemMove
        typealias IntermediateSection = ListDiff.IntermediateSection
        typealias ItemSource = ListDiff.ItemSource
        typealias Stage = ListDiff.Stage
        let oldOffsets = pairing.oldOffsets, newOffsets = pairing.newOffsets
        let newSectionOf = layout.newSectionOf, newForOld = pairing.newForOld
        var stages: [Stage] = []
        if !reloads.reload.isEmpty {
            var data: [IntermediateSection] = []
            data.reserveCapacity(oldSectionCount)
            for s in 0..<oldSectionCount {
                let t = oldSectionPartner[s]
                var sources: [ItemSource] = []
                sources.reserveCapacity(oldCounts[s])
                for i in 0..<oldCounts[s] {
                    let g = newForOld[oldOffsets[s] + i]
                    if g >= 0 {
                        let section = newSectionOf[g]
                        sources.append(.new(ItemPath(section, g - newOffsets[section])))
                    } else {
                        sources.append(.old(ItemPath(s, i)))
                    }
                }
                data.append(IntermediateSection(source: t >= 0 ? .new(t) : .old(s), items: sources))
            }
            stages.append(Stage(batch: reloads.reload, data: data))
        }
        if sections.isSplit {
            var first = items.batch
            first.insertedItems = items.batch.insertedItems.map { ItemPath(newSectionPartner[$0.section], $0.item) }
            first.movedItems = items.batch.movedItems.map {
                ItemMove(from: $0.from, to: ItemPath(newSectionPartner[$0.to.section], $0.to.item))
            }
            first.insertedItems.sort()
            first.movedItems.sort { $0.to < $1.to }
            first.reloadedSections = reloads.first.reloadedSections
            first.reloadedItems = reloads.first.reloadedItems
            var data: [IntermediateSection] = []
            for s in 0..<oldSectionCount {
                let t = oldSectionPartner[s]
                if t >= 0 {
                    data.append(IntermediateSection(
                        source: .new(t), items: (0..<newCounts[t]).map { .new(ItemPath(t, $0)) }))
                } else {
                    data.append(IntermediateSection(
                        source: .old(s), items: (0..<oldCounts[s]).map { .old(ItemPath(s, $0)) }))
                }
            }
            stages.append(Stage(batch: first, data: data))
            var last = sections.batch
            last.reloadedSections = reloads.sections.reloadedSections
            last.reloadedItems = reloads.sections.reloadedItems
            stages.append(Stage(batch: last))
        } else {
            var only = items.batch
            only.deletedSections = sections.batch.deletedSections
            only.insertedSections = sections.batch.insertedSections
            only.movedSections = sections.batch.movedSections
            only.reloadedSections = reloads.first.reloadedSections
            only.reloadedItems = reloads.first.reloadedItems
            stages.append(Stage(batch: only))
        }
        return stages
    }
}

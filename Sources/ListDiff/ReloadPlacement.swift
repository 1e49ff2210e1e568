// ReloadPlacement: where each changed item and section is reloaded — in a
// structural stage where it keeps its place, else in a reload stage before
// them, at its old place.

extension ListDiff {
    /// Which stage a reload goes to.
    @usableFromInline
    enum ReloadStage {
        /// Before the structural stages, at old index paths.
        case reload
        /// The first structural stage (the only one, or the items stage).
        case first
        /// The sections stage, when items and sections are split.
        case sections
    }

    /// The reloads of each stage.
    @usableFromInline
    struct ReloadPlan {
        @usableFromInline var reload = Batch()
        @usableFromInline var first = Batch()
        @usableFromInline var sections = Batch()

        @inlinable
        init() {}

        @inlinable
        mutating func append(section: Int, to stage: ReloadStage) {
            switch stage {
            case .reload: reload.reloadedSections.append(section)
            case .first: first.reloadedSections.append(section)
            case .sections: sections.reloadedSections.append(section)
            }
        }
    }
}

extension ListDiff.Differ {
    /// Places every reload: a section in a stage where it does not move and
    /// has no item changes; an item in a stage where it keeps its index path
    /// (Sources/ListModel/RULES.md §3, strict profile, read literally as the
    /// model does); otherwise in the reload stage, at old index paths. Items
    /// whose section is reloaded in the same stage are not reloaded again.
    ///
    /// - Complexity: O(n + s).
    @inlinable
    func placeReloads(
        _ pairing: ListDiff.Pairing, _ layout: Layout, _ items: ListDiff.ItemChanges,
        _ sections: ListDiff.SectionChanges
    ) -> ListDiff.ReloadPlan {
        typealias ItemPath = ListDiff.ItemPath
        typealias ReloadStage = ListDiff.ReloadStage
        let oldOffsets = pairing.oldOffsets, newOffsets = pairing.newOffsets
        let newSectionOf = layout.newSectionOf, newForOld = pairing.newForOld
        // Sections first, then the items they do not cover.
        var plan = ListDiff.ReloadPlan()
        var sectionReload = [ReloadStage?](repeating: nil, count: oldSectionCount)
        for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
            guard !sectionContentEqual(s, oldSectionPartner[s]) else { continue }
            let stage: ReloadStage
            if items.firstChange[s] == Self.unchanged && (sections.isSplit || !sections.isMoved[s]) {
                stage = .first
            } else if sections.isSplit && !sections.isMoved[s] {
                stage = .sections
            } else {
                stage = .reload
            }
            sectionReload[s] = stage
            plan.append(section: s, to: stage)
        }
        for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
            if sectionReload[s] == .reload || sectionReload[s] == .first { continue }
            let offset = oldOffsets[s]
            for i in 0..<oldCounts[s] {
                let f = offset + i
                let g = newForOld[f]
                guard g >= 0 else { continue }
                let t = newSectionOf[g]
                let middle = newSectionPartner[t]  // t's index between the split stages
                guard middle >= 0, !old[f].isContentEqual(to: new[g]) else { continue }
                if sections.isSplit && sectionReload[middle] == .sections { continue }
                let j = g - newOffsets[t]
                if items.stays[f] && i == j && (sections.isSplit || (s == t && !sections.isMoved[s])) {
                    plan.first.reloadedItems.append(ItemPath(s, i))
                } else if sections.isSplit && middle == t && !sections.isMoved[middle] {
                    plan.sections.reloadedItems.append(ItemPath(middle, j))
                } else {
                    plan.reload.reloadedItems.append(ItemPath(s, i))
                }
            }
        }
        plan.sections.reloadedItems.sort()

        return plan
    }
}

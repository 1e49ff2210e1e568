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
    /// (Sources/ListModel/RULES.md §3.3, strict profile, read literally as the
    /// model does); otherwise in the reload stage, at old index paths. Items
    /// whose section is reloaded in the same stage are not reloaded again.
    ///
    /// A reload stays in a structural stage only where UICollectionView puts
    /// its fresh cell where the item ends: the list view inserts a reload at
    /// its old place shifted by the stage's deletes and inserts, not by its
    /// moves (RULES.md §3.1 step 3). That holds exactly when as many moves
    /// leave from before the old place as arrive before the new one
    /// (`MoveShifts`), for the section and, for an item, inside it.
    ///
    /// - Complexity: O(n + s + m log m) for m item moves.
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
        let sectionShifts = ListDiff.MoveShifts(
            sections.batch.movedSections.lazy.map { ($0.from, $0.to) },
            oldCount: oldSectionCount, newCount: newSectionCount)
        let itemShifts = ListDiff.ItemMoveShifts(items.batch.movedItems, newSectionPartner: newSectionPartner,
                                                 oldSectionCount: oldSectionCount)
        var sectionReload = [ReloadStage?](filled: nil, count: oldSectionCount)
        for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
            guard !sectionContentEqual(s, oldSectionPartner[s]) else { continue }
            let stage: ReloadStage
            let isUnshifted = sectionShifts.isBalanced(old: s, new: oldSectionPartner[s])
            if items.firstChange[s] == Self.unchanged && (sections.isSplit || (!sections.isMoved[s] && isUnshifted)) {
                stage = .first
            } else if sections.isSplit && !sections.isMoved[s] && isUnshifted {
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
                let j = g - newOffsets[t]
                guard middle >= 0, !isContentEqual(old: s, i, new: t, j) else { continue }
                if sections.isSplit && sectionReload[middle] == .sections { continue }
                let isItemUnshifted = itemShifts.isBalanced(section: s, old: i, new: j)
                if items.stays[f] && i == j && isItemUnshifted
                    && (sections.isSplit || (s == t && !sections.isMoved[s] && sectionShifts.isBalanced(old: s, new: t))) {
                    plan.first.reloadedItems.append(ItemPath(s, i))
                } else if sections.isSplit && middle == t && !sections.isMoved[middle]
                            && sectionShifts.isBalanced(old: middle, new: t) {
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

extension ListDiff {
    /// How moves shift places in one list of sections (or of one section's
    /// items): a place's index after a batch is its index shifted by the
    /// batch's deletes and inserts *and* by its moves, and UICollectionView
    /// puts a reload's fresh cell at the first only (RULES.md §3.1 step 3).
    /// The two agree exactly when as many moves leave from before the old
    /// index as arrive before the new one.
    @usableFromInline
    struct MoveShifts {
        /// movesFromBefore[k]: the moves whose source is below k; empty
        /// when there are no moves (every count is 0).
        @usableFromInline var movesFromBefore: [Int]
        /// movesToBefore[k]: the moves whose destination is below k; empty
        /// when there are no moves.
        @usableFromInline var movesToBefore: [Int]
        @usableFromInline let oldCount: Int
        @usableFromInline let newCount: Int

        @inlinable
        init<Moves: Collection>(_ moves: Moves, oldCount: Int, newCount: Int) where Moves.Element == (Int, Int) {
            self.oldCount = oldCount
            self.newCount = newCount
            guard !moves.isEmpty else {
                movesFromBefore = []
                movesToBefore = []
                return
            }
            var from = [Int](filled: 0, count: oldCount + 1), to = [Int](filled: 0, count: newCount + 1)
            for (f, t) in moves {
                if f >= 0 && f < oldCount { from[f + 1] += 1 }
                if t >= 0 && t < newCount { to[t + 1] += 1 }
            }
            for k in 0..<oldCount { from[k + 1] += from[k] }
            for k in 0..<newCount { to[k + 1] += to[k] }
            movesFromBefore = from
            movesToBefore = to
        }

        /// Whether the moves leave a place at `old` before the batch where
        /// the batch's deletes and inserts alone would put it, given that it
        /// ends at `new`.
        @inlinable
        func isBalanced(old: Int, new: Int) -> Bool {
            guard old >= 0, old <= oldCount, new >= 0, new <= newCount else { return false }
            return movesFromBefore.isEmpty || movesFromBefore[old] == movesToBefore[new]
        }
    }

    /// `MoveShifts` for the items inside each section: the item moves out of
    /// each old section, by old index, and into it, by index in its partner
    /// (the new section of the pair, or the old section's place in the items
    /// stage of a split diff).
    @usableFromInline
    struct ItemMoveShifts {
        /// For each old section, the old indexes moved out of it, ascending;
        /// empty when the diff has no item moves.
        @usableFromInline var movedOut: [[Int]]
        /// For each old section, the indexes moved into it (in its partner), ascending.
        @usableFromInline var movedIn: [[Int]]

        @inlinable
        init(_ moves: [ItemMove], newSectionPartner: [Int], oldSectionCount: Int) {
            guard !moves.isEmpty else {
                movedOut = []
                movedIn = []
                return
            }
            var out = [[Int]](filled: [], count: oldSectionCount)
            var into = [[Int]](filled: [], count: oldSectionCount)
            for move in moves {
                if move.from.section >= 0 && move.from.section < oldSectionCount { out[move.from.section].append(move.from.item) }
                let t = move.to.section
                if t >= 0 && t < newSectionPartner.count {
                    let s = newSectionPartner[t]
                    if s >= 0 && s < oldSectionCount { into[s].append(move.to.item) }
                }
            }
            for s in 0..<oldSectionCount {
                out[s].sort()
                into[s].sort()
            }
            movedOut = out
            movedIn = into
        }

        /// Whether the item moves leave item `old` of old section `section`
        /// where the deletes and inserts alone would put it, given that it
        /// ends at index `new` of the section's partner.
        @inlinable
        func isBalanced(section: Int, old: Int, new: Int) -> Bool {
            guard section >= 0 && section < movedOut.count else { return true }
            return Self.countBelow(old, in: movedOut[section]) == Self.countBelow(new, in: movedIn[section])
        }

        /// The number of elements of ascending `values` below `bound`.
        @inlinable
        static func countBelow(_ bound: Int, in values: [Int]) -> Int {
            var low = 0, high = values.count
            while low < high {
                let middle = (low + high) / 2
                if values[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}

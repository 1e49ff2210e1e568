// Differ: from paired identities to stages — picks the moves (longest
// increasing subsequence per pair of sections), places every reload where a
// list view accepts it, and splits into stages only when one batch cannot
// be both valid and fresh.

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

    /// One diff in the making. Items are addressed by flat indexes (reading
    /// order across sections).
    @usableFromInline
    struct Differ<Element: Diffable> {
        @usableFromInline let oldSectionCount: Int
        @usableFromInline let newSectionCount: Int
        /// For each old section, its new partner or -1 (and the reverse).
        @usableFromInline let oldSectionPartner: [Int]
        @usableFromInline let newSectionPartner: [Int]
        @usableFromInline let sectionContentEqual: (Int, Int) -> Bool
        @usableFromInline let oldCounts: [Int]
        @usableFromInline let newCounts: [Int]
        @usableFromInline let old: [Element]
        @usableFromInline let new: [Element]

        @inlinable
        init(
            oldSectionCount: Int, newSectionCount: Int, oldSectionPartner: [Int], newSectionPartner: [Int],
            sectionContentEqual: @escaping (Int, Int) -> Bool, oldCounts: [Int], newCounts: [Int],
            old: [Element], new: [Element]
        ) {
            self.oldSectionCount = oldSectionCount
            self.newSectionCount = newSectionCount
            self.oldSectionPartner = oldSectionPartner
            self.newSectionPartner = newSectionPartner
            self.sectionContentEqual = sectionContentEqual
            self.oldCounts = oldCounts
            self.newCounts = newCounts
            self.old = old
            self.new = new
        }

        @inlinable
        static var unchanged: Int { Int.max }

        /// - Complexity: O(n + m log m + s log s) expected, O(n + s) memory.
        @inlinable
        func difference() -> Difference {
            let oldOffsets = Self.offsets(oldCounts), newOffsets = Self.offsets(newCounts)
            let oldSectionOf = Self.sectionOf(oldCounts, total: old.count)
            let newSectionOf = Self.sectionOf(newCounts, total: new.count)
            let (newForOld, oldForNew) = ListDiff.pair(old.map { $0.diffIdentifier }, new.map { $0.diffIdentifier })
            let pairing = Pairing(
                newSectionForOld: oldSectionPartner, oldSectionForNew: newSectionPartner,
                oldOffsets: oldOffsets, newOffsets: newOffsets,
                oldSectionOf: oldSectionOf, newSectionOf: newSectionOf,
                newForOld: newForOld, oldForNew: oldForNew)

            // Item operations. Destinations are in new section indexes.
            // firstChange[s]: the lowest item index of old section s (old or
            // new coordinates) touched by an item operation.
            var items = Batch()
            var firstChange = [Int](repeating: Self.unchanged, count: oldSectionCount)
            var stays = [Bool](repeating: false, count: old.count)

            // Deletes, ascending.
            for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
                let offset = oldOffsets[s]
                for i in 0..<oldCounts[s] {
                    let g = newForOld[offset + i]
                    if g < 0 || newSectionPartner[newSectionOf[g]] < 0 {
                        items.deletedItems.append(ItemPath(s, i))
                        firstChange[s] = min(firstChange[s], i)
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
                    values[k] == targets[k] - newOffsets[t] && !old[flats[k]].isContentEqual(to: new[targets[k]])
                }
                if isMember.indices.contains(where: { !isMember[$0] && isInPlaceAndChanged($0) }) {
                    isMember = ListDiff.longestIncreasingSubsequence(
                        values, bound: oldCounts[s], weights: values.indices.map { isInPlaceAndChanged($0) ? 1 : 0 })
                }
                for k in isMember.indices where isMember[k] { stays[flats[k]] = true }
            }

            // Inserts and moves, ascending by destination.
            var reinserted = 0
            for t in 0..<newSectionCount {
                let s = newSectionPartner[t]
                let offset = newOffsets[t]
                for j in 0..<newCounts[t] {
                    let f = oldForNew[offset + j]
                    let from = f >= 0 ? oldSectionOf[f] : -1
                    if s < 0 {
                        if f >= 0 { reinserted += 1 }
                        continue
                    }
                    if f < 0 || oldSectionPartner[from] < 0 {
                        if f >= 0 { reinserted += 1 }
                        items.insertedItems.append(ItemPath(t, j))
                        firstChange[s] = min(firstChange[s], j)
                    } else if from == s {
                        if !stays[f] {
                            let i = f - oldOffsets[s]
                            items.movedItems.append(ItemMove(from: ItemPath(s, i), to: ItemPath(t, j)))
                            firstChange[s] = min(firstChange[s], i, j)
                        }
                    } else {
                        let i = f - oldOffsets[from]
                        items.movedItems.append(ItemMove(from: ItemPath(from, i), to: ItemPath(t, j)))
                        firstChange[s] = min(firstChange[s], j)
                        firstChange[from] = min(firstChange[from], i)
                    }
                }
            }

            // Section operations.
            var sections = Batch()
            var sectionValues: [Int] = [], sectionTargets: [Int] = [], hasItemChanges: [Bool] = []
            for t in 0..<newSectionCount where newSectionPartner[t] >= 0 {
                let s = newSectionPartner[t]
                sectionValues.append(s)
                sectionTargets.append(t)
                hasItemChanges.append(firstChange[s] != Self.unchanged)
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
            var isSectionMoved = [Bool](repeating: false, count: oldSectionCount)
            var isSplit = false
            for s in 0..<oldSectionCount where oldSectionPartner[s] < 0 {
                sections.deletedSections.append(s)
            }
            for t in 0..<newSectionCount where newSectionPartner[t] < 0 {
                sections.insertedSections.append(t)
            }
            for k in sectionValues.indices where !sectionStays[k] {
                let s = sectionValues[k], t = sectionTargets[k]
                sections.movedSections.append(SectionMove(from: s, to: t))
                isSectionMoved[s] = true
                if hasItemChanges[k] { isSplit = true }
            }

            // Reloads: sections first, then the items they do not cover.
            // A section is reloaded in a stage where it does not move and
            // has no item changes; an item, in a stage where it keeps its
            // index path (rule book §3, strict profile). Otherwise the
            // reload stage, at old index paths.
            var reloads: [Batch] = [Batch(), Batch(), Batch()]  // reload, first, sections
            var sectionReload = [ReloadStage?](repeating: nil, count: oldSectionCount)
            for s in 0..<oldSectionCount where oldSectionPartner[s] >= 0 {
                guard !sectionContentEqual(s, oldSectionPartner[s]) else { continue }
                let stage: ReloadStage
                if firstChange[s] == Self.unchanged && (isSplit || !isSectionMoved[s]) {
                    stage = .first
                } else if isSplit && !isSectionMoved[s] {
                    stage = .sections
                } else {
                    stage = .reload
                }
                sectionReload[s] = stage
                reloads[Self.slot(stage)].reloadedSections.append(s)
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
                    if isSplit && sectionReload[middle] == .sections { continue }
                    let j = g - newOffsets[t]
                    if stays[f] && i == j && (isSplit || (s == t && !isSectionMoved[s])) {
                        reloads[1].reloadedItems.append(ItemPath(s, i))
                    } else if isSplit && middle == t && !isSectionMoved[middle] {
                        reloads[2].reloadedItems.append(ItemPath(middle, j))
                    } else {
                        reloads[0].reloadedItems.append(ItemPath(s, i))
                    }
                }
            }
            reloads[2].reloadedItems.sort()

            // Stages.
            var stages: [Stage] = []
            if !reloads[0].isEmpty {
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
                stages.append(Stage(batch: reloads[0], data: data))
            }
            if isSplit {
                var first = items
                first.insertedItems = items.insertedItems.map { ItemPath(newSectionPartner[$0.section], $0.item) }
                first.movedItems = items.movedItems.map {
                    ItemMove(from: $0.from, to: ItemPath(newSectionPartner[$0.to.section], $0.to.item))
                }
                first.insertedItems.sort()
                first.movedItems.sort { $0.to < $1.to }
                first.reloadedSections = reloads[1].reloadedSections
                first.reloadedItems = reloads[1].reloadedItems
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
                var last = sections
                last.reloadedSections = reloads[2].reloadedSections
                last.reloadedItems = reloads[2].reloadedItems
                stages.append(Stage(batch: last))
            } else {
                var only = items
                only.deletedSections = sections.deletedSections
                only.insertedSections = sections.insertedSections
                only.movedSections = sections.movedSections
                only.reloadedSections = reloads[1].reloadedSections
                only.reloadedItems = reloads[1].reloadedItems
                stages.append(Stage(batch: only))
            }
            let moveCount = items.movedItems.count + sections.movedSections.count + reinserted
            return Difference(stages: stages, pairing: pairing, moveCount: moveCount)
        }

        @inlinable
        static func slot(_ stage: ReloadStage) -> Int {
            switch stage {
            case .reload: return 0
            case .first: return 1
            case .sections: return 2
            }
        }

        /// `[0, c0, c0 + c1, ...]`: where each section starts in reading order.
        @inlinable
        static func offsets(_ counts: [Int]) -> [Int] {
            var offsets = [0]
            offsets.reserveCapacity(counts.count + 1)
            for count in counts { offsets.append(offsets[offsets.count - 1] + count) }
            return offsets
        }

        /// For each flat index, its section.
        @inlinable
        static func sectionOf(_ counts: [Int], total: Int) -> [Int] {
            var result = [Int]()
            result.reserveCapacity(total)
            for (section, count) in counts.enumerated() {
                result.append(contentsOf: repeatElement(section, count: count))
            }
            return result
        }
    }
}

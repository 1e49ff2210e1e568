// Differ: one diff in the making — pairs identities, then hands over to the
// move picker (ItemChanges, SectionChanges), the reload placement and the
// stage splitter.

extension ListDiff {
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

        /// Marks an old section that no item operation touches.
        @inlinable
        static var unchanged: Int { Int.max }

        /// - Complexity: O(n + m log m + s log s) expected, O(n + s) memory.
        @inlinable
        func difference() -> Difference {
            let (newForOld, oldForNew) = ListDiff.pair(Identities(old), Identities(new))
            let pairing = Pairing(
                newSectionForOld: oldSectionPartner, oldSectionForNew: newSectionPartner,
                oldOffsets: Self.offsets(oldCounts), newOffsets: Self.offsets(newCounts),
                newForOld: newForOld, oldForNew: oldForNew)
            // Each flat index's section, for this diff only (not kept in the result).
            let layout = Layout(
                oldSectionOf: Self.sectionOf(oldCounts, total: old.count),
                newSectionOf: Self.sectionOf(newCounts, total: new.count))
            let items = itemChanges(pairing, layout)
            let sections = sectionChanges(items)
            let reloads = placeReloads(pairing, layout, items, sections)
            let stages = splitStages(pairing, layout, items, sections, reloads)
            let moveCount = items.batch.movedItems.count + sections.batch.movedSections.count + items.reinserted
            return Difference(stages: stages, pairing: pairing, moveCount: moveCount)
        }

        /// Each flat index's section, old and new.
        @usableFromInline
        struct Layout {
            @usableFromInline let oldSectionOf: [Int]
            @usableFromInline let newSectionOf: [Int]
            @inlinable init(oldSectionOf: [Int], newSectionOf: [Int]) {
                self.oldSectionOf = oldSectionOf
                self.newSectionOf = newSectionOf
            }
        }

        /// `[0, c0, c0 + c1, ...]`: where each section starts in reading order.
        @inlinable
        static func offsets(_ counts: [Int]) -> [Int] {
            // Reserved before the first append: one allocation.
            var offsets: [Int] = []
            offsets.reserveCapacity(counts.count + 1)
            var total = 0
            offsets.append(total)
            for count in counts {
                total += count
                offsets.append(total)
            }
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

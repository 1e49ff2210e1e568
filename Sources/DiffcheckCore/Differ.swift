// Differ: one diff in the making — pairs identities, then hands over to the
// move picker (ItemChanges, SectionChanges), the reload placement and the
// stage splitter.

extension ListDiff {
    /// One diff in the making. Items are addressed by flat indexes (reading
    /// order across sections); the elements stay in their sections' arrays
    /// (`oldElements[s][i]` is flat index `oldOffsets[s] + i`), read in
    /// place, never copied into one flat array.
    @usableFromInline
    struct Differ<Section: DiffableSection> {
        @usableFromInline typealias Element = Section.Element
        @usableFromInline let oldSectionCount: Int
        @usableFromInline let newSectionCount: Int
        /// For each old section, its new partner or -1 (and the reverse).
        @usableFromInline let oldSectionPartner: [Int]
        @usableFromInline let newSectionPartner: [Int]
        @usableFromInline let oldSections: [Section]
        @usableFromInline let newSections: [Section]
        @usableFromInline let oldCounts: [Int]
        @usableFromInline let newCounts: [Int]
        /// Each section's elements, as read once from `elements`.
        @usableFromInline let oldElements: [[Element]]
        @usableFromInline let newElements: [[Element]]
        /// The number of items in all sections.
        @usableFromInline let oldItemCount: Int
        @usableFromInline let newItemCount: Int

        @inlinable
        init(
            oldSections: [Section], newSections: [Section], oldSectionPartner: [Int], newSectionPartner: [Int],
            oldElements: [[Element]], newElements: [[Element]], oldCounts: [Int], newCounts: [Int],
            oldItemCount: Int, newItemCount: Int
        ) {
            self.oldSectionCount = oldSections.count
            self.newSectionCount = newSections.count
            self.oldSectionPartner = oldSectionPartner
            self.newSectionPartner = newSectionPartner
            self.oldSections = oldSections
            self.newSections = newSections
            self.oldCounts = oldCounts
            self.newCounts = newCounts
            self.oldElements = oldElements
            self.newElements = newElements
            self.oldItemCount = oldItemCount
            self.newItemCount = newItemCount
        }

        /// Whether old section `s` and new section `t` show the same content.
        @inlinable
        func sectionContentEqual(_ s: Int, _ t: Int) -> Bool {
            oldSections[s].isContentEqual(to: newSections[t])
        }

        /// Whether item `i` of old section `s` and item `j` of new section
        /// `t` show the same content.
        @inlinable
        func isContentEqual(old s: Int, _ i: Int, new t: Int, _ j: Int) -> Bool {
            oldElements[s][i].isContentEqual(to: newElements[t][j])
        }

        /// Marks an old section that no item operation touches.
        @inlinable
        static var unchanged: Int { Int.max }

        /// - Complexity: O(n + m log m + s log s) expected, O(n + s) memory.
        @inlinable
        func difference() -> Difference {
            let oldOffsets = Self.offsets(oldCounts), newOffsets = Self.offsets(newCounts)
            // Each flat index's section, for this diff only (not kept in the result).
            let layout = Layout(
                oldSectionOf: Self.sectionOf(oldCounts, total: oldItemCount),
                newSectionOf: Self.sectionOf(newCounts, total: newItemCount))
            let (newForOld, oldForNew) = ListDiff.pair(
                SectionedIdentities(oldElements, offsets: oldOffsets, sectionOf: layout.oldSectionOf),
                SectionedIdentities(newElements, offsets: newOffsets, sectionOf: layout.newSectionOf))
            let pairing = Pairing(
                newSectionForOld: oldSectionPartner, oldSectionForNew: newSectionPartner,
                oldOffsets: oldOffsets, newOffsets: newOffsets,
                newForOld: newForOld, oldForNew: oldForNew)
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

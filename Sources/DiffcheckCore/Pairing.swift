// ListDiff.Pairing: which old section and item became which new one.

extension ListDiff {
    /// The old-index → new-index pairing of a diff, so a caller can locate a
    /// cell (for example to keep a selection or a scroll anchor).
    ///
    /// An old item is paired with a new item when they have the same identity
    /// (see `ListDiff` for duplicates). A paired item whose old or new section
    /// is deleted or inserted is still paired here, although the batch
    /// deletes and re-inserts it (a list view cannot move an item out of a
    /// deleted section or into an inserted one).
    public struct Pairing: Hashable, Sendable {
        /// For each old section, the new section it pairs with, or -1.
        public let newSectionForOld: [Int]
        /// For each new section, the old section it pairs with, or -1.
        public let oldSectionForNew: [Int]
        // Items, flattened in reading order: where each section starts
        // (`[0, c0, c0 + c1, ...]`), and each flat index's partner or -1.
        // A flat index's section is found in the offsets (no per-item
        // section array is kept).
        @usableFromInline let oldOffsets: [Int]
        @usableFromInline let newOffsets: [Int]
        @usableFromInline let newForOld: [Int]
        @usableFromInline let oldForNew: [Int]

        @inlinable
        init(
            newSectionForOld: [Int], oldSectionForNew: [Int], oldOffsets: [Int], newOffsets: [Int],
            newForOld: [Int], oldForNew: [Int]
        ) {
            self.newSectionForOld = newSectionForOld
            self.oldSectionForNew = oldSectionForNew
            self.oldOffsets = oldOffsets
            self.newOffsets = newOffsets
            self.newForOld = newForOld
            self.oldForNew = oldForNew
        }

        /// The new index of old section `section`, or `nil` when it is deleted
        /// (or out of range).
        public func newSection(forOld section: Int) -> Int? {
            guard newSectionForOld.indices.contains(section), newSectionForOld[section] >= 0 else { return nil }
            return newSectionForOld[section]
        }

        /// The old index of new section `section`, or `nil` when it is inserted.
        public func oldSection(forNew section: Int) -> Int? {
            guard oldSectionForNew.indices.contains(section), oldSectionForNew[section] >= 0 else { return nil }
            return oldSectionForNew[section]
        }

        /// Where the item at old `path` is in the new snapshot, or `nil` when
        /// it is deleted (or `path` is out of range).
        public func newPath(forOld path: ItemPath) -> ItemPath? {
            guard let flat = Self.flatIndex(path, offsets: oldOffsets) else { return nil }
            let other = newForOld[flat]
            guard other >= 0 else { return nil }
            let section = Self.section(of: other, offsets: newOffsets)
            return ItemPath(section, other - newOffsets[section])
        }

        /// Where the item at new `path` was in the old snapshot, or `nil` when
        /// it is inserted (or `path` is out of range).
        public func oldPath(forNew path: ItemPath) -> ItemPath? {
            guard let flat = Self.flatIndex(path, offsets: newOffsets) else { return nil }
            let other = oldForNew[flat]
            guard other >= 0 else { return nil }
            let section = Self.section(of: other, offsets: oldOffsets)
            return ItemPath(section, other - oldOffsets[section])
        }

        /// The section holding flat index `flat`: the last section that
        /// starts at or before it (an empty section starts where the next
        /// one does, so it is never the answer).
        ///
        /// - Complexity: O(log s).
        static func section(of flat: Int, offsets: [Int]) -> Int {
            // Invariant: offsets[low] <= flat < offsets[high] (offsets.last > flat).
            var low = 0, high = offsets.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if offsets[middle] <= flat { low = middle } else { high = middle }
            }
            return low
        }

        static func flatIndex(_ path: ItemPath, offsets: [Int]) -> Int? {
            guard path.section >= 0, path.section + 1 < offsets.count, path.item >= 0 else { return nil }
            let flat = offsets[path.section] + path.item
            return flat < offsets[path.section + 1] ? flat : nil
        }
    }
}

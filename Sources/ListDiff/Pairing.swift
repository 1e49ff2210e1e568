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
        // Items, flattened in reading order.
        @usableFromInline let oldOffsets: [Int]
        @usableFromInline let newOffsets: [Int]
        @usableFromInline let oldSectionOf: [Int]
        @usableFromInline let newSectionOf: [Int]
        @usableFromInline let newForOld: [Int]
        @usableFromInline let oldForNew: [Int]

        @inlinable
        init(
            newSectionForOld: [Int], oldSectionForNew: [Int], oldOffsets: [Int], newOffsets: [Int],
            oldSectionOf: [Int], newSectionOf: [Int], newForOld: [Int], oldForNew: [Int]
        ) {
            self.newSectionForOld = newSectionForOld
            self.oldSectionForNew = oldSectionForNew
            self.oldOffsets = oldOffsets
            self.newOffsets = newOffsets
            self.oldSectionOf = oldSectionOf
            self.newSectionOf = newSectionOf
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
            let section = newSectionOf[other]
            return ItemPath(section, other - newOffsets[section])
        }

        /// Where the item at new `path` was in the old snapshot, or `nil` when
        /// it is inserted (or `path` is out of range).
        public func oldPath(forNew path: ItemPath) -> ItemPath? {
            guard let flat = Self.flatIndex(path, offsets: newOffsets) else { return nil }
            let other = oldForNew[flat]
            guard other >= 0 else { return nil }
            let section = oldSectionOf[other]
            return ItemPath(section, other - oldOffsets[section])
        }

        static func flatIndex(_ path: ItemPath, offsets: [Int]) -> Int? {
            guard path.section >= 0, path.section + 1 < offsets.count, path.item >= 0 else { return nil }
            let flat = offsets[path.section] + path.item
            return flat < offsets[path.section + 1] ? flat : nil
        }
    }
}

// ListDiff.Batch: one `performBatchUpdates` call, in list-view coordinates.

extension ListDiff {
    /// A section move: from an index before the batch to an index after it.
    public struct SectionMove: Hashable, Sendable {
        /// The section's index before the batch.
        public var from: Int
        /// The section's index after the batch.
        public var to: Int
        /// A move of the section at `from` (before the batch) to `to` (after it).
        @inlinable
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// An item move: from an index path before the batch to one after it.
    public struct ItemMove: Hashable, Sendable {
        /// The item's index path before the batch.
        public var from: ItemPath
        /// The item's index path after the batch.
        public var to: ItemPath
        /// A move of the item at `from` (before the batch) to `to` (after it).
        @inlinable
        public init(from: ItemPath, to: ItemPath) {
            self.from = from
            self.to = to
        }
    }

    /// One `performBatchUpdates` call.
    ///
    /// Deletes, reloads and move sources are indexes into the state before
    /// the batch; inserts and move destinations are indexes into the state
    /// after it. The batch is a set: the order of the arrays does not matter
    /// to a list view (the core emits each array in ascending order; moves
    /// ascending by destination).
    ///
    ///     tableView.performBatchUpdates {
    ///         tableView.deleteSections(IndexSet(batch.deletedSections), with: .fade)
    ///         tableView.insertSections(IndexSet(batch.insertedSections), with: .fade)
    ///         tableView.reloadSections(IndexSet(batch.reloadedSections), with: .fade)
    ///         for move in batch.movedSections { tableView.moveSection(move.from, toSection: move.to) }
    ///         tableView.deleteRows(at: batch.deletedItems.map(indexPath), with: .fade)
    ///         tableView.insertRows(at: batch.insertedItems.map(indexPath), with: .fade)
    ///         tableView.reloadRows(at: batch.reloadedItems.map(indexPath), with: .fade)
    ///         for move in batch.movedItems { tableView.moveRow(at: indexPath(move.from), to: indexPath(move.to)) }
    ///     }
    public struct Batch: Hashable, Sendable {
        /// Sections deleted, by their index before the batch.
        public var deletedSections: [Int] = []
        /// Sections inserted, by their index after the batch.
        public var insertedSections: [Int] = []
        /// Sections reloaded, by their index before the batch.
        public var reloadedSections: [Int] = []
        /// Sections moved, ascending by destination.
        public var movedSections: [SectionMove] = []
        /// Items deleted, by their index path before the batch.
        public var deletedItems: [ItemPath] = []
        /// Items inserted, by their index path after the batch.
        public var insertedItems: [ItemPath] = []
        /// Items reloaded, by their index path before the batch.
        public var reloadedItems: [ItemPath] = []
        /// Items moved, ascending by destination.
        public var movedItems: [ItemMove] = []

        /// An empty batch.
        @inlinable
        public init() {}

        /// Whether the batch changes nothing.
        @inlinable
        public var isEmpty: Bool { operationCount == 0 }

        /// The number of operations in the batch.
        @inlinable
        public var operationCount: Int {
            deletedSections.count + insertedSections.count + reloadedSections.count + movedSections.count
                + deletedItems.count + insertedItems.count + reloadedItems.count + movedItems.count
        }
    }
}

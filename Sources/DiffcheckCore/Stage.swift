// ListDiff.Stage: one batch of a sequence, with the data the app sets before
// issuing it, described by references into the old and new snapshots.

extension ListDiff {
    /// Where an intermediate item comes from: the old snapshot or the new one.
    public enum ItemSource: Hashable, Sendable {
        /// The item at this index path of the old snapshot (its old content).
        case old(ItemPath)
        /// The item at this index path of the new snapshot (its new content).
        case new(ItemPath)
    }

    /// Where an intermediate section comes from: the old snapshot or the new one.
    public enum SectionSource: Hashable, Sendable {
        /// The section at this index of the old snapshot.
        case old(Int)
        /// The section at this index of the new snapshot.
        case new(Int)
    }

    /// One section of an intermediate snapshot: whose identity and content
    /// the section takes, and its items.
    public struct IntermediateSection: Hashable, Sendable {
        /// The section whose identity and content this section takes.
        public var source: SectionSource
        /// The section's items, in display order.
        public var items: [ItemSource]

        /// A section taken from `source`, holding `items`.
        @inlinable
        public init(source: SectionSource, items: [ItemSource]) {
            self.source = source
            self.items = items
        }

        /// The section's items, taken from `old` and `new` (one array of
        /// elements per section, as given to the diff).
        public func elements<Element>(old: [[Element]], new: [[Element]]) -> [Element] {
            items.map { source in
                switch source {
                case .old(let path): return old[path.section][path.item]
                case .new(let path): return new[path.section][path.item]
                }
            }
        }
    }

    /// One batch of a sequence.
    ///
    /// Before issuing `batch`, the app sets its data source to `data`: an
    /// intermediate snapshot described by references into the old and new
    /// snapshots (the core cannot build a user's section). `data` is `nil`
    /// for the last stage: its data is the new snapshot.
    public struct Stage: Hashable, Sendable {
        /// The batch to issue.
        public var batch: Batch
        /// What the data source holds when the batch is issued; `nil` for the last stage (the new snapshot).
        public var data: [IntermediateSection]?

        /// A stage issuing `batch` with the data source holding `data` (`nil`: the new snapshot).
        @inlinable
        public init(batch: Batch, data: [IntermediateSection]? = nil) {
            self.batch = batch
            self.data = data
        }
    }
}

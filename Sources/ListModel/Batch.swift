// Batch: one `performBatchUpdates` call, in list-view coordinates.
//
// Deletes, reloads and move sources are indexes into the state before the
// batch; inserts and move destinations are indexes into the state after it
// (RULES.md §1). The operations are kept in the order they were issued so a
// batch prints back exactly as it was written, but the model treats the batch
// as a set (§1.1).

/// An item's place in a sectioned list: a section index and an item index.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// The item at index `item` of section `section` (`S.I` in the case format).
    public init(_ section: Int, _ item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `S.I`, the case-format spelling.
    public var description: String { "\(section).\(item)" }

    /// `S-I`, the spelling UIKit uses inside messages (`<NSIndexPath ...> {length = 2, path = 0 - 1}`
    /// is abbreviated to the path).
    public var uikitDescription: String { "\(section)-\(item)" }
}

/// One operation of a batch.
public enum Operation: Hashable, Sendable {
    /// Deletes the section at this index before the batch (`delete section S`).
    case deleteSection(Int)
    /// Inserts a section at this index after the batch (`insert section S`).
    case insertSection(Int)
    /// Reloads the section at this index before the batch (`reload section S`).
    case reloadSection(Int)
    /// Moves the section at `from` (before the batch) to `to` (after it) (`move section S T`).
    case moveSection(from: Int, to: Int)
    /// Deletes the item at this index path before the batch (`delete S.I`).
    case deleteItem(ItemPath)
    /// Inserts an item at this index path after the batch (`insert S.I`).
    case insertItem(ItemPath)
    /// Reloads the item at this index path before the batch (`reload S.I`).
    case reloadItem(ItemPath)
    /// Moves the item at `from` (before the batch) to `to` (after it) (`move S.I T.J`).
    case moveItem(from: ItemPath, to: ItemPath)
}

/// One `performBatchUpdates` call: a set of section and item operations.
public struct Batch: Hashable, Sendable {
    /// The operations in the order they were issued.
    public var operations: [Operation]

    /// A batch of `operations`, in the order they are issued.
    public init(_ operations: [Operation] = []) {
        self.operations = operations
    }

    /// Whether the batch has no operations.
    public var isEmpty: Bool { operations.isEmpty }

    /// The sections the batch deletes, in issue order.
    public var deletedSections: [Int] {
        operations.compactMap { if case .deleteSection(let s) = $0 { return s } else { return nil } }
    }
    /// The sections the batch inserts, in issue order.
    public var insertedSections: [Int] {
        operations.compactMap { if case .insertSection(let s) = $0 { return s } else { return nil } }
    }
    /// The sections the batch reloads, in issue order.
    public var reloadedSections: [Int] {
        operations.compactMap { if case .reloadSection(let s) = $0 { return s } else { return nil } }
    }
    /// The section moves of the batch, in issue order.
    public var movedSections: [(from: Int, to: Int)] {
        operations.compactMap { if case .moveSection(let f, let t) = $0 { return (f, t) } else { return nil } }
    }
    /// The items the batch deletes, in issue order.
    public var deletedItems: [ItemPath] {
        operations.compactMap { if case .deleteItem(let p) = $0 { return p } else { return nil } }
    }
    /// The items the batch inserts, in issue order.
    public var insertedItems: [ItemPath] {
        operations.compactMap { if case .insertItem(let p) = $0 { return p } else { return nil } }
    }
    /// The items the batch reloads, in issue order.
    public var reloadedItems: [ItemPath] {
        operations.compactMap { if case .reloadItem(let p) = $0 { return p } else { return nil } }
    }
    /// The item moves of the batch, in issue order.
    public var movedItems: [(from: ItemPath, to: ItemPath)] {
        operations.compactMap { if case .moveItem(let f, let t) = $0 { return (f, t) } else { return nil } }
    }
}

/// One batch of a sequence, with the data source's contents after it.
///
/// `data` is what the app sets before the batch is issued (DifferenceKit's
/// per-stage data). It is `nil` for the last stage, whose data is the new
/// snapshot.
public struct Stage: Hashable, Sendable {
    /// The batch to issue.
    public var batch: Batch
    /// What the data source holds after the batch; `nil` for the last stage (the new snapshot).
    public var data: Snapshot?

    /// A stage issuing `batch` with the data source holding `data` afterwards (`nil`: the new snapshot).
    public init(batch: Batch, data: Snapshot? = nil) {
        self.batch = batch
        self.data = data
    }
}

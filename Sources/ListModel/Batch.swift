// Batch: one `performBatchUpdates` call, in list-view coordinates.
//
// Deletes, reloads and move sources are indexes into the state before the
// batch; inserts and move destinations are indexes into the state after it
// (RULES.md §1). The operations are kept in the order they were issued so a
// batch prints back exactly as it was written, but the model treats the batch
// as a set (§1.1).

/// An item's place in a sectioned list: a section index and an item index.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

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
    case deleteSection(Int)
    case insertSection(Int)
    case reloadSection(Int)
    case moveSection(from: Int, to: Int)
    case deleteItem(ItemPath)
    case insertItem(ItemPath)
    case reloadItem(ItemPath)
    case moveItem(from: ItemPath, to: ItemPath)
}

/// One `performBatchUpdates` call: a set of section and item operations.
public struct Batch: Hashable, Sendable {
    /// The operations in the order they were issued.
    public var operations: [Operation]

    public init(_ operations: [Operation] = []) {
        self.operations = operations
    }

    public var isEmpty: Bool { operations.isEmpty }

    public var deletedSections: [Int] {
        operations.compactMap { if case .deleteSection(let s) = $0 { return s } else { return nil } }
    }
    public var insertedSections: [Int] {
        operations.compactMap { if case .insertSection(let s) = $0 { return s } else { return nil } }
    }
    public var reloadedSections: [Int] {
        operations.compactMap { if case .reloadSection(let s) = $0 { return s } else { return nil } }
    }
    public var movedSections: [(from: Int, to: Int)] {
        operations.compactMap { if case .moveSection(let f, let t) = $0 { return (f, t) } else { return nil } }
    }
    public var deletedItems: [ItemPath] {
        operations.compactMap { if case .deleteItem(let p) = $0 { return p } else { return nil } }
    }
    public var insertedItems: [ItemPath] {
        operations.compactMap { if case .insertItem(let p) = $0 { return p } else { return nil } }
    }
    public var reloadedItems: [ItemPath] {
        operations.compactMap { if case .reloadItem(let p) = $0 { return p } else { return nil } }
    }
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
    public var batch: Batch
    public var data: Snapshot?

    public init(batch: Batch, data: Snapshot? = nil) {
        self.batch = batch
        self.data = data
    }
}

// UpdateItem: one entry of UICollectionView's update lists, as its batch
// validator holds them (RULES.md §3.1).
//
// UIKit keeps every operation of a batch as an update item: an action
// (insert, delete, move; a reload is split before validation, §3.1 step 3)
// and an index path, a section operation being an index path whose item
// is NSNotFound. The model keeps the same, plus where each item came from,
// so a message can say when UIKit names an operation the engine did not
// send (the two halves of a reload).

/// A place an update item names: a section and an item, or the whole
/// section (`item == nil`, UIKit's `NSNotFound`).
struct UpdatePath: Hashable, Comparable {
    var section: Int
    var item: Int?

    var isSection: Bool { item == nil }

    /// UIKit's `-[NSIndexPath compare:]`: by section, then by item, each as
    /// the unsigned index NSIndexPath stores, so a section operation (item
    /// NSNotFound, the largest NSInteger) sorts after every item of its
    /// section, and a negative index after every other (−1 is the largest
    /// unsigned value).
    static func < (lhs: UpdatePath, rhs: UpdatePath) -> Bool {
        (UInt(bitPattern: lhs.section), UInt(bitPattern: lhs.item ?? Int.max))
            < (UInt(bitPattern: rhs.section), UInt(bitPattern: rhs.item ?? Int.max))
    }

    /// The path as UIKit prints it inside a message, shortened to the path:
    /// `S-I`; a section operation prints its NSNotFound item,
    /// `S-9223372036854775807`.
    var uikitDescription: String { "\(section)-\(item ?? Int.max)" }

    var itemPath: ItemPath { ItemPath(section, item ?? Int.max) }
}

/// What an update item does.
enum UpdateAction: Hashable {
    case insert, delete, move
}

/// Where an update item came from.
enum UpdateOrigin: Hashable {
    /// An operation the engine issued, as issued.
    case issued(Operation)
    /// The delete half of a reload the engine issued (§3.1 step 3).
    case reloadDeleteHalf(Operation)
    /// The insert half of a reload the engine issued, at the place UIKit
    /// computed for it (§3.1 step 3).
    case reloadInsertHalf(Operation)

    /// How a message names a rewritten item, or `nil` for an issued one.
    func note(at path: UpdatePath) -> String? {
        switch self {
        case .issued:
            return nil
        case .reloadDeleteHalf(let op):
            return "the delete half of \(op.caseSpelling)"
        case .reloadInsertHalf(let op):
            let placed = path.isSection ? "section \(path.section)" : "\(path.itemPath)"
            return "the insert half of \(op.caseSpelling), placed at \(placed) after the batch's deletes and inserts"
        }
    }
}

/// One entry of UICollectionView's update lists.
struct UpdateItem: Hashable {
    var action: UpdateAction
    /// UIKit's `_indexPath`: the old place for a delete or a move, the new
    /// place for an insert.
    var path: UpdatePath
    /// A move's destination (`_newIndexPath`); `nil` for inserts and deletes.
    var destination: UpdatePath?
    var origin: UpdateOrigin
    /// The position of the operation in the batch as issued: the tie-break
    /// that keeps every sort in this model deterministic.
    var order: Int

    var isSection: Bool { path.isSection }

    /// `message` followed by where the item came from, when the engine did
    /// not send it as it is: `… (the insert half of reload 0.1, placed at 0.2 …)`.
    func naming(_ message: String) -> String {
        guard let note = origin.note(at: path) else { return message }
        return message + " (" + note + ")"
    }

    /// The operation this item stands for in the batch the view applies.
    var operation: Operation {
        switch (action, path.item) {
        case (.delete, nil): return .deleteSection(path.section)
        case (.delete, let i?): return .deleteItem(ItemPath(path.section, i))
        case (.insert, nil): return .insertSection(path.section)
        case (.insert, let i?): return .insertItem(ItemPath(path.section, i))
        case (.move, nil): return .moveSection(from: path.section, to: destination?.section ?? path.section)
        case (.move, let i?):
            let to = destination ?? path
            return .moveItem(from: ItemPath(path.section, i), to: ItemPath(to.section, to.item ?? 0))
        }
    }
}

extension Array where Element == UpdateItem {
    /// Sorted as `compareIndexPaths:` sorts: ascending paths, issue order on ties.
    func ascending() -> [UpdateItem] {
        sorted(by: Self.isAscending)
    }

    /// Sorted as `inverseCompareIndexPaths:` sorts: descending paths, issue order on ties.
    func descending() -> [UpdateItem] {
        sorted(by: Self.isDescending)
    }

    /// Sorts in place as `ascending()` does (a list of one or none is
    /// sorted already).
    mutating func sortAscending() {
        if count > 1 { sort(by: Self.isAscending) }
    }

    /// Sorts in place as `descending()` does.
    mutating func sortDescending() {
        if count > 1 { sort(by: Self.isDescending) }
    }

    private static func isAscending(_ a: UpdateItem, _ b: UpdateItem) -> Bool {
        (a.path, a.order) < (b.path, b.order)
    }

    private static func isDescending(_ a: UpdateItem, _ b: UpdateItem) -> Bool {
        a.path != b.path ? b.path < a.path : a.order < b.order
    }

    /// In a list sorted ascending (`ascending()`): the position of the
    /// first item whose path is not before `path`.
    ///
    /// - Complexity: O(log *n*).
    func lowerBound(ofPath path: UpdatePath) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].path < path { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// In a list sorted ascending: the first item (in the list's order)
    /// whose path is `path`. Paths that sort alike (a section's NSNotFound
    /// item and the item NSNotFound) are next to each other; the search
    /// walks them.
    func firstAscending(at path: UpdatePath) -> UpdateItem? {
        var k = lowerBound(ofPath: path)
        while k < count && !(path < self[k].path) {
            if self[k].path == path { return self[k] }
            k += 1
        }
        return nil
    }

    /// In a list sorted ascending: the first item (in the list's order) in
    /// section `section`, itself or one of its items.
    func firstAscending(inSection section: Int) -> UpdateItem? {
        // Item 0 sorts before every other place of the section.
        let k = lowerBound(ofPath: UpdatePath(section: section, item: 0))
        return k < count && self[k].path.section == section ? self[k] : nil
    }
}

// LoggedException: what a UIKit batch-update crash log says, read into numbers.
import ListModel

/// One `NSInternalInconsistencyException` of `performBatchUpdates`, as
/// logged: the reader takes a UITableView's rows as items to read the
/// numbers, and `isTableView` remembers whose log it was.
///
/// `ExceptionReader` makes one from a crash log; `TriageCase` turns it into
/// a case; `message` is what the view that logged it prints for it, in its
/// words (`row`, `table view` for a UITableView), and `profile` the
/// model's profile for that view.
public struct LoggedException: Hashable, Sendable {
    /// What the exception names.
    public enum Kind: Hashable, Sendable {
        /// iOS 16.4 and later: `Invalid batch updates detected: …` with the
        /// whole batch — item counts per section before and after, and the
        /// updates. `isElided`: the log left some updates out (`…`).
        case batch(before: [Int], after: [Int], updates: Batch, isElided: Bool)
        /// `Invalid update: invalid number of sections. …`
        case sectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
        /// `Invalid update: invalid number of items in section S. …` (S the
        /// section's index after the update, as UIKit prints it).
        case itemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
        /// `attempt to delete item I from section S which only contains N items before the update`
        case deleteItemOutOfRange(ItemPath, itemsBefore: Int)
        /// `attempt to delete item I from section S, but there are only N sections before the update`
        case deleteItemSectionOutOfRange(ItemPath, sectionsBefore: Int)
        /// `attempt to insert item I into section S, but there are only N items in section S after the update`
        case insertItemOutOfRange(ItemPath, itemsAfter: Int)
        /// `attempt to insert item I into section S, but there are only N sections after the update`
        case insertItemSectionOutOfRange(ItemPath, sectionsAfter: Int)
        /// `attempt to delete section S, but there are only N sections before the update`
        case deleteSectionOutOfRange(Int, sectionsBefore: Int)
        /// `attempt to insert section S but there are only N sections after the update`
        case insertSectionOutOfRange(Int, sectionsAfter: Int)
        /// `attempt to perform an insert and a move to the same index path (P)`
        case insertAndMove(ItemPath)
        /// `attempt to perform a delete and a move from the same index path (P)`
        case deleteAndMove(ItemPath)
        /// `attempt to delete and reload the same index path (P)`
        case deleteAndReload(ItemPath)
        /// `attempt to move index path (P) that does not exist - there are only N items in section S before the update`
        case moveSourceOutOfRange(ItemPath, itemsBefore: Int)
        /// `attempt to move index path (P) to index path (Q) that does not exist - there are only N items in section T after the update`
        case moveDestinationOutOfRange(ItemPath, to: ItemPath, itemsAfter: Int)
        /// `attempt to move item at index path P to both Q and R`
        case moveToTwoPlaces(ItemPath, ItemPath, ItemPath)
        /// `attempt to move both item at index path P and Q to R`
        case moveTwoToOnePlace(ItemPath, ItemPath, ItemPath)
        /// `cannot move an item from a deleted section (S)`
        case moveOutOfDeletedSection(Int)
        /// `cannot move an item into a newly inserted section (S)`
        case moveIntoInsertedSection(Int)
    }

    /// What the exception names, with its numbers.
    public var kind: Kind
    /// The log came from a UITableView (rows, `table view`).
    public var isTableView: Bool

    /// An exception of `kind`; `isTableView` when the log came from a UITableView.
    public init(_ kind: Kind, isTableView: Bool = false) {
        self.kind = kind
        self.isTableView = isTableView
    }

    /// The logged exception in one line: `message`, or for iOS 16.4's
    /// whole-batch form its header with the logged counts (the first
    /// `countsListed` sections' of a long list).
    public var summary: String {
        guard case .batch(let before, let after, let updates, let isElided) = kind else { return message }
        return "Invalid batch updates detected: item counts before \(Self.listed(before)), after \(Self.listed(after)), \(updates.operations.count) updates"
            + (isElided ? " (more elided)" : "")
    }

    /// The words of the view that logged it: UITableView's or UICollectionView's.
    public var words: ViewWords { isTableView ? .tableView : .collectionView }

    /// The profile that judges a log of this view: `tableview` for a
    /// UITableView's, `uikit` for a UICollectionView's.
    public var profile: Profile { isTableView ? .tableview : .uikit }

    /// The most sections' counts `summary` lists one by one.
    static let countsListed = 10

    /// `[3, 4]`, or for a long list its first counts: `[1, 1, …] (5000 sections)`.
    static func listed(_ counts: [Int]) -> String {
        guard counts.count > countsListed else { return "\(counts)" }
        return "[" + counts.prefix(countsListed).map(String.init).joined(separator: ", ") + ", …] (\(counts.count) sections)"
    }

    /// What the view prints for this exception, in its words (index paths
    /// spelled `S-I`, as the model spells them). For `.batch` (iOS 16.4's header),
    /// the words the count check gave before iOS 16.4, as far as the log
    /// fixes them: `Invalid update: invalid number of sections.` when the
    /// section counts disagree with the section updates, else `Invalid
    /// update: invalid number of items in section` (which section and its
    /// sums are the model's to say).
    public var message: String {
        let w = words
        switch kind {
        case .batch(let before, let after, let updates, _):
            let inserted = updates.insertedSections.count, deleted = updates.deletedSections.count
            if after.count != before.count + inserted - deleted { return "Invalid update: invalid number of sections." }
            return "Invalid update: invalid number of \(w.items) in section"
        case .sectionCount(let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of sections.  The number of sections contained in the \(w.view) after the update (\(after)) must be equal to the number of sections contained in the \(w.view) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .itemCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            return "Invalid update: invalid number of \(w.items) in section \(s).  The number of \(w.items) contained in an existing section after the update (\(after)) must be equal to the number of \(w.items) contained in that section before the update (\(before)), plus or minus the number of \(w.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(w.items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .deleteItemOutOfRange(let p, let n):
            return "attempt to delete \(w.item) \(p.item) from section \(p.section) which only contains \(n) \(w.items) before the update"
        case .deleteItemSectionOutOfRange(let p, let n):
            return "attempt to delete \(w.item) \(p.item) from section \(p.section), but there are only \(n) sections before the update"
        case .insertItemOutOfRange(let p, let n):
            return "attempt to insert \(w.item) \(p.item) into section \(p.section), but there are only \(n) \(w.items) in section \(p.section) after the update"
        case .insertItemSectionOutOfRange(let p, let n):
            return "attempt to insert \(w.item) \(p.item) into section \(p.section), but there are only \(n) sections after the update"
        case .deleteSectionOutOfRange(let s, let n):
            return "attempt to delete section \(s), but there are only \(n) sections before the update"
        case .insertSectionOutOfRange(let s, let n):
            return "attempt to insert section \(s) but there are only \(n) sections after the update"
        case .insertAndMove(let p):
            return "attempt to perform an insert and a move to the same index path (\(p.uikitDescription))"
        case .deleteAndMove(let p):
            return "attempt to perform a delete and a move from the same index path (\(p.uikitDescription))"
        case .deleteAndReload(let p):
            return "attempt to delete and reload the same index path (\(p.uikitDescription))"
        case .moveSourceOutOfRange(let p, let n):
            return "attempt to move index path (\(p.uikitDescription)) that does not exist - there are only \(n) \(w.items) in section \(p.section) before the update"
        case .moveDestinationOutOfRange(let p, let q, let n):
            return "attempt to move index path (\(p.uikitDescription)) to index path (\(q.uikitDescription)) that does not exist - there are only \(n) \(w.items) in section \(q.section) after the update"
        case .moveToTwoPlaces(let p, let q, let r):
            return "attempt to move item at index path \(p.uikitDescription) to both \(q.uikitDescription) and \(r.uikitDescription)"
        case .moveTwoToOnePlace(let p, let q, let r):
            return "attempt to move both \(w.item) at index path \(p.uikitDescription) and \(q.uikitDescription) to \(r.uikitDescription)"
        case .moveOutOfDeletedSection(let s):
            return "cannot move \(w.anItem) from a deleted section (\(s))"
        case .moveIntoInsertedSection(let s):
            return "cannot move \(w.anItem) into a newly inserted section (\(s))"
        }
    }
}

extension LoggedException.Kind {
    /// The case's name without its numbers (`itemCount`): two logs of one
    /// exception with other numbers have the same.
    var caseName: String {
        Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }
}

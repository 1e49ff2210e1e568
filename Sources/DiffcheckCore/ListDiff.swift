// ListDiff: the optimized diff core. Entry points for a flat list and for a
// sectioned list; the result is one or more stages of list-view batches.

/// The diff core: turns an old and a new snapshot into the batch updates a
/// list view (`UITableView`, `UICollectionView`) applies to go from one to
/// the other.
///
///     let difference = ListDiff.diff(old: oldMessages, new: newMessages)
///     for stage in difference.stages {
///         messages = stage.data.map { $0[0].elements(old: [oldMessages], new: [newMessages]) } ?? newMessages
///         tableView.performBatchUpdates { apply(stage.batch) }
///     }
///
/// **Pairing.** Sections are paired by identity, then items are paired by
/// identity across all sections (an item may change section). Duplicated
/// identities never trap: the k-th old occurrence of an identity (in reading
/// order: section by section, item by item) pairs with the k-th new
/// occurrence; surplus old occurrences are deleted and surplus new ones are
/// inserted. Sections are paired the same way.
///
/// **Fewest moves.** Within each pair of sections, the paired items that keep
/// their relative order along a longest increasing subsequence stay; every
/// other paired item is moved. So the number of item moves is, per pair of
/// sections, the paired items minus the longest increasing subsequence, plus
/// the items that change section — the minimum any batch can achieve. An item
/// whose old section is deleted or whose new section is inserted is deleted
/// and re-inserted (a list view cannot move it), which counts as one move in
/// that bound. Sections likewise: the paired sections minus a longest
/// increasing subsequence move (among the longest, the one that keeps the
/// most sections with item changes in place).
///
/// **Stages.** The output is valid and fresh under the strictest reading of
/// the list-view rules (a moved cell keeps its old content; a reload is only
/// safe where the item keeps its index path; a moved section may not have
/// item changes in the same batch). One stage whenever one batch can do it
/// without turning a move into a delete and an insert; otherwise up to
/// three, each only when needed:
///
/// 1. *reload*: the changed items and sections that cannot be reloaded
///    safely in a later stage (they move, or shift) are reloaded at their
///    old index paths; the data is the old structure holding the new
///    contents;
/// 2. *items* (only when a section that moves has item changes): every item
///    delete, insert and move, with the sections in their old order;
/// 3. *sections*: section deletes, inserts and moves (and, without stage 2,
///    the item changes too).
///
/// Every reload that can stay in a structural stage stays there. Every move
/// stays a move: the alternative, deleting and re-inserting a changed item
/// that moves (or a section with changes inside), would save a stage but
/// lose the move animation and, for a section, re-insert all its items.
/// Among the longest increasing subsequences, the core picks one that keeps
/// in place first the sections with item changes, then the changed
/// sections, and, within a section, the changed items whose index does not
/// change: stage 2 is needed only when no choice of minimal section moves
/// avoids it, and an in-place changed item never forces stage 1.
public enum ListDiff {
    /// The difference between two snapshots: the stages to issue and the
    /// pairing of old and new indexes.
    public struct Difference: Hashable, Sendable {
        /// One or more stages; every stage but the last carries its `data`.
        public var stages: [Stage]
        /// Which old section and item became which new one.
        public var pairing: Pairing
        /// Moves, counted the way the move bound counts them: section and
        /// item moves, plus paired items that are deleted and re-inserted.
        public var moveCount: Int

        @inlinable
        init(stages: [Stage], pairing: Pairing, moveCount: Int) {
            self.stages = stages
            self.pairing = pairing
            self.moveCount = moveCount
        }
    }

    /// The difference between two flat lists (one section).
    ///
    /// Batches address section 0; a flat list is never split into more than
    /// two stages (a reload stage and the structural one).
    ///
    /// - Complexity: O(n + m log m) expected time for n elements, where m
    ///   (≤ n) is the number of paired elements that are not in order; O(n)
    ///   memory; no recursion.
    @inlinable
    public static func diff<Element: Diffable>(old: [Element], new: [Element]) -> Difference {
        flatDifference(old: old, new: new)
    }

    /// The difference between two sectioned lists.
    ///
    /// - Complexity: O(n + m log m + s log s) expected time for n items and
    ///   s sections (m paired items out of order); O(n + s) memory; no
    ///   recursion.
    @inlinable
    public static func diff<Section: DiffableSection>(oldSections: [Section], newSections: [Section]) -> Difference {
        // Each section's `elements` is read once (it may be computed).
        let oldElements = oldSections.map { $0.elements }, newElements = newSections.map { $0.elements }
        if let same = sameIdentitiesDifference(
            oldSections: oldSections, newSections: newSections, oldElements: oldElements, newElements: newElements) {
            return same
        }
        let (oldPartner, newPartner) = pair(Identities(oldSections), Identities(newSections))
        let oldCounts = oldElements.map { $0.count }, newCounts = newElements.map { $0.count }
        return Differ(
            oldSections: oldSections, newSections: newSections,
            oldSectionPartner: oldPartner, newSectionPartner: newPartner,
            oldElements: oldElements, newElements: newElements, oldCounts: oldCounts, newCounts: newCounts,
            oldItemCount: oldCounts.reduce(0, +), newItemCount: newCounts.reduce(0, +)
        ).difference()
    }
}

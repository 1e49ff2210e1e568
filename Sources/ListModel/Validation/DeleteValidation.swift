// DeleteValidation: the deletes checked against the state before the batch
// (RULES.md §3.1, the reconstruction's step 5a).

extension CollectionViewUpdate {
    /// Step 5a: walks the deletes in descending order, each against what the
    /// view displays before the batch.
    ///
    /// - A section delete must name an existing section; it then drops
    ///   every item delete inside that section (silently: UIKit deletes the
    ///   whole section anyway; a reload's delete half included), and no move
    ///   may start from that section: the same section
    ///   (`attempt to perform a delete and a move from the same section (S)`)
    ///   or an item inside it (`cannot move an item from a deleted section (S)`).
    /// - An item delete must name an existing section and item; no move may
    ///   start from the same index path
    ///   (`attempt to perform a delete and a move from the same index path (P)`).
    ///
    /// Descending order puts a section's delete before its own items' (a
    /// section sorts after its items), so an item delete inside a deleted
    /// section is dropped before it is ever bounds-checked.
    ///
    /// The reconstruction checks moves only inside its section branch; the
    /// item form of the message is UIKit's (it is in the same table of
    /// assertions) and the model checks it for item deletes too, as it does
    /// for inserts, where iOS crash reports show the item form firing
    /// (RULES.md §3.1).
    ///
    /// - Complexity: O(*d* log *m*) for *d* deletes and *m* moves (the
    /// moves are sorted by source already).
    mutating func validateDeletes(_ context: BatchContext) throws(Rejection) {
        // The moves are sorted by source (`init`): the first move from a
        // section, and a move from an index path, are binary searches.
        var deletedSections: Set<Int> = []
        var kept: [UpdateItem] = []
        if !deletes.isEmpty { kept.reserveCapacity(deletes.count) }
        for delete in deletes {
            let s = delete.path.section
            if delete.isSection {
                // Signed, as UIKit compares: a negative section passes (RULES.md §3.1).
                if s >= context.sectionsBefore {
                    throw Rejection(.deleteSectionOutOfRange, delete.naming(
                        "attempt to delete section \(s), but there are only \(context.sectionsBefore) sections before the update"))
                }
                // Its item deletes sort after it (descending), so they are dropped as they come.
                deletedSections.insert(s)
                if let move = moves.firstAscending(inSection: s) {
                    if move.path == delete.path {
                        throw Rejection(.deleteAndMoveSection, delete.naming(
                            "attempt to perform a delete and a move from the same section (\(s))"))
                    }
                    throw Rejection(.moveOutOfDeletedSection, delete.naming(
                        "cannot move \(context.words.anItem) from a deleted section (\(s))"))
                }
            } else {
                if deletedSections.contains(s) { continue }
                let i = delete.path.item ?? 0
                if s >= context.sectionsBefore {
                    throw Rejection(.deleteItemOutOfRange, delete.naming(
                        "attempt to delete \(context.words.item) \(i) from section \(s), but there are only \(context.sectionsBefore) sections before the update"))
                }
                let n = try context.itemsBeforeAsked(s, for: delete)
                if i >= n {
                    throw Rejection(.deleteItemOutOfRange, delete.naming(
                        "attempt to delete \(context.words.item) \(i) from section \(s) which only contains \(n) \(context.words.items) before the update"))
                }
                if moves.firstAscending(at: delete.path) != nil {
                    throw Rejection(.deleteAndMove, delete.naming(
                        "attempt to perform a delete and a move from the same index path (\(delete.path.uikitDescription))"))
                }
            }
            kept.append(delete)
        }
        deletes = kept
    }
}

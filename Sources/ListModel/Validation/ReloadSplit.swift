// ReloadSplit: where UICollectionView puts the two halves of a reload
// (RULES.md §3.1 step 3).

extension CollectionViewUpdate {
    /// Splits one reload into a delete at its old index path and an insert
    /// at that path adjusted by the batch's own deletes and inserts
    /// (`-_endItemAnimations`, the reload decomposition).
    ///
    /// The adjustment follows the validator exactly, quirks included:
    /// - the issued deletes are walked in descending order; a section delete
    ///   at or before the (adjusted so far) section moves it down one, and an
    ///   item delete in the section *as adjusted so far*, at or before the
    ///   item, moves the item down one; a section delete of the reload's own
    ///   section is skipped;
    /// - the issued inserts are walked in ascending order; a section insert
    ///   at or before the section moves it up one, and an item insert in that
    ///   section at or before the item moves the item up one;
    /// - moves are not counted, nor are other reloads.
    ///
    /// Arithmetic wraps, so a garbage index stays garbage (and out of
    /// range) instead of trapping.
    ///
    /// Throws `attempt to delete and reload the same index path (P)` when a
    /// delete names the reload's own index path (for a section, UIKit prints
    /// the section as an index path whose item is NSNotFound).
    static func split(
        _ reload: UpdateItem, deletes: [UpdateItem], inserts: [UpdateItem]
    ) throws(Rejection) -> (delete: UpdateItem, insert: UpdateItem) {
        let path = reload.path
        var section = path.section
        var item = path.item
        for delete in deletes {
            if delete.path == path {
                let which = path.isSection ? " (section \(path.section))" : ""
                throw Rejection(path.isSection ? .deleteAndReloadSection : .deleteAndReload,
                    "attempt to delete and reload the same index path (\(path.uikitDescription))" + which)
            }
            if delete.isSection && delete.path.section == path.section { continue }
            if delete.isSection && delete.path.section <= section { section &-= 1 }
            if let i = item, let d = delete.path.item, delete.path.section == section, d <= i {
                item = i &- 1
            }
        }
        for insert in inserts {
            if insert.isSection && insert.path.section <= section { section &+= 1 }
            if let i = item, let n = insert.path.item, insert.path.section == section, n <= i {
                item = i &+ 1
            }
        }
        let op: Operation
        if case .issued(let issued) = reload.origin { op = issued } else { op = reload.operation }
        let delete = UpdateItem(action: .delete, path: path, origin: .reloadDeleteHalf(op), order: reload.order)
        let insert = UpdateItem(action: .insert, path: UpdatePath(section: section, item: item),
                                origin: .reloadInsertHalf(op), order: reload.order)
        return (delete, insert)
    }
}

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
    ///
    /// `shifts` holds the batch's deletes and inserts, indexed once
    /// (`ReloadShifts.swift`); the place it gives is the one
    /// `walkedInsertPath` walks to.
    static func split(_ reload: UpdateItem, shifts: ReloadShifts) throws(Rejection) -> (delete: UpdateItem, insert: UpdateItem) {
        let path = reload.path
        if shifts.isDeleted(path) {
            let which = path.isSection ? " (section \(path.section))" : ""
            throw Rejection(path.isSection ? .deleteAndReloadSection : .deleteAndReload,
                "attempt to delete and reload the same index path (\(path.uikitDescription))" + which)
        }
        // A reload to split is one the engine issued (the model never traps, so no precondition).
        let op: Operation
        if case .issued(let issued) = reload.origin { op = issued } else { op = reload.operation }
        let delete = UpdateItem(action: .delete, path: path, origin: .reloadDeleteHalf(op), order: reload.order)
        let insert = UpdateItem(action: .insert, path: shifts.insertPath(for: path),
                                origin: .reloadInsertHalf(op), order: reload.order)
        return (delete, insert)
    }

    /// The reconstruction's walk, as it is written: the place of the insert
    /// half of a reload at `path` (that no delete names), from the issued
    /// `deletes` in descending order and `inserts` in ascending order.
    /// `ReloadShifts` computes the same without the walk; this is the
    /// specification it is tested against, and what it falls back to for
    /// indexes so large that the wrapping arithmetic matters.
    ///
    /// - Complexity: O(*d* + *i*) a reload.
    static func walkedInsertPath(_ path: UpdatePath, deletes: [UpdateItem], inserts: [UpdateItem]) -> UpdatePath {
        var section = path.section
        var item = path.item
        for delete in deletes {
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
        return UpdatePath(section: section, item: item)
    }
}

extension ListView {
    /// Where UICollectionView inserts the fresh cell of each reload in
    /// `batch`: the reload's index path shifted by the batch's deletes and
    /// inserts, not by its moves (RULES.md §3.1 step 3). Item reloads map
    /// to index paths, section reloads (`item == nil` in the key's sense:
    /// see `reloadedSectionDestinations`) are left out; a reload that is
    /// also deleted has no destination.
    ///
    ///     // a b → x a b': insert 0, reload 1 — b's fresh cell goes to 0.2.
    ///     ListView.reloadedItemDestinations(Batch([.insertItem(ItemPath(0, 0)), .reloadItem(ItemPath(0, 1))]))
    ///     // [ItemPath(0, 1): ItemPath(0, 2)]
    public static func reloadedItemDestinations(_ batch: Batch) -> [ItemPath: ItemPath] {
        var found: [ItemPath: ItemPath] = [:]
        for (path, destination) in reloadDestinations(batch) {
            if let item = path.item, let to = destination.item {
                found[ItemPath(path.section, item)] = ItemPath(destination.section, to)
            }
        }
        return found
    }

    /// Where UICollectionView inserts the fresh section of each section
    /// reload in `batch` (RULES.md §3.1 step 3), by old section index.
    public static func reloadedSectionDestinations(_ batch: Batch) -> [Int: Int] {
        var found: [Int: Int] = [:]
        for (path, destination) in reloadDestinations(batch) where path.isSection {
            found[path.section] = destination.section
        }
        return found
    }

    private static func reloadDestinations(_ batch: Batch) -> [(UpdatePath, UpdatePath)] {
        let issued = CollectionViewUpdate.issuedLists(batch)
        guard !issued.reloads.isEmpty else { return [] }
        let shifts = ReloadShifts(deletes: issued.deletes.descending(), inserts: issued.inserts.ascending())
        return issued.reloads.compactMap { reload in
            guard let halves = try? CollectionViewUpdate.split(reload, shifts: shifts) else { return nil }
            return (reload.path, halves.insert.path)
        }
    }
}

// ListView: the reference model of a list view; applies one batch to what it displays, exactly as
// UIKit's performBatchUpdates does (the rule book, Sources/ListModel/RULES.md).

/// The reference model of a list view (the module ListModel's entry point).
/// Written to be obviously right first; its hot paths are indexed (see
/// `apply`'s complexity).
public enum ListView {
    /// Applies `batch` to a view that displays `displayed`, with the data
    /// source returning `data` after the batch.
    ///
    /// Returns what the view displays afterwards (RULES.md §2): moved and
    /// untouched cells keep the identity and content they displayed,
    /// inserted and reloaded cells (and inserted or reloaded sections, all
    /// their items included) show what `data` holds at their final position.
    /// Counts are checked against `data`, as UIKit asks the data source.
    ///
    ///     // a b c, with b changed to b' and moved to the end:
    ///     let old = Snapshot.flat([a, b, c]), new = Snapshot.flat([a, c, b'])
    ///     ListView.apply(Batch([.moveItem(from: ItemPath(0, 1), to: ItemPath(0, 2))]),
    ///                     to: old, data: new)   // .success([a, c, b]): b is stale
    ///
    /// When UIKit would throw, returns the rejection UIKit raises, checked
    /// in the order of UICollectionView's own batch validator
    /// (`-_endItemAnimations`; RULES.md §3.1 numbers its steps):
    ///
    /// 1. steps 2–4, `CollectionViewUpdate.init`: the operations sorted into
    ///    deletes (descending), inserts (ascending) and moves; every reload
    ///    split into a delete at its old index path and an insert at that
    ///    path adjusted by the batch's deletes and inserts
    ///    (`delete-and-reload`, `delete-and-reload-section`);
    /// 2. step 5a, `validateDeletes`: delete bounds, item deletes inside a
    ///    deleted section dropped, moves out of deleted places
    ///    (`delete-section-out-of-range`, `delete-item-out-of-range`,
    ///    `delete-and-move-section`, `move-out-of-deleted-section`, `delete-and-move`);
    /// 3. step 5b, `validateInserts`: insert bounds, item inserts inside an
    ///    inserted section dropped, moves into inserted places
    ///    (`insert-section-out-of-range`, `insert-item-out-of-range`,
    ///    `insert-and-move-section`, `move-into-inserted-section`, `insert-and-move`);
    /// 4. step 5c, `validateMoves`: move bounds, exact duplicates dropped,
    ///    partial ones rejected (`move-*-out-of-range`, `moves-from-one-place`,
    ///    `moves-to-one-place`);
    /// 5. step 9, `checkCounts`: `section-count`, then `item-count` per new
    ///    section, through UIKit's section map (`UpdateSectionMap`);
    /// 6. step 10, the update's maps (`UpdateSectionMap`, `UpdateItemMap`):
    ///    `section-map-out-of-bounds`, `negative-section`,
    ///    `item-map-move-out-of-bounds`, `item-map-insert-out-of-bounds`,
    ///    then every cell's new place and every insert looked up
    ///    (`global-index-out-of-range`), and every cell animated once
    ///    (`two-animations-for-one-item`);
    /// 7. what the validator lets through but the view cannot apply (§3.2,
    ///    both profiles): `duplicate-operation`, `no-op-section-move-with-item-moved-out`;
    /// 8. under `strict` and `tableview`, the portable subset (§3.3), in order:
    ///    `duplicate-move`, `reload-section-count-changes`,
    ///    `item-operation-in-changed-section`, `item-change-in-moved-section`,
    ///    `reload-not-in-place`.
    ///
    /// So `strict` rejects everything `uikit` rejects, with the same words,
    /// and accepts a subset of what `uikit` accepts, with the same result.
    /// `tableview` (RULES.md §3.4) runs the same steps in UITableView's
    /// words (`row`, `table view`; a message no UITableView log shows says
    /// so after UICollectionView's words), counts a repeated item insert
    /// once, and rejects the portable subset too: where no source says what
    /// UITableView does, it takes the stricter reading.
    /// A message that names an operation the engine did not send (a half of
    /// a reload) says where it came from, in parentheses after UIKit's words.
    /// Messages spell an index path `S-I`, e.g.
    /// `attempt to delete and reload the same index path (0-1)`.
    ///
    /// Never traps: any index (negative, huge, duplicated) either is in range
    /// or becomes a rejection; duplicated identifiers in the snapshots do not
    /// matter (the model works on positions).
    ///
    /// - Complexity: O(*s*·*k* + *n* + *k* log *k*) for *k* operations, *s*
    ///   sections and *n* items: no step compares every pair of operations
    ///   (the reload split and the move checks are indexed:
    ///   `ReloadShifts`, `MovePartners`), and a rule that looks at one
    ///   section at a time walks the operations once per section. The
    ///   model is written to be obviously right first; where UIKit's own
    ///   loops are quadratic, the model's indexed form is tested against
    ///   them (`ReloadShiftsTests`).
    public static func apply(
        _ batch: Batch, to displayed: Snapshot, data: Snapshot, profile: Profile = .strict
    ) -> Result<Snapshot, Rejection> {
        let context = BatchContext(batch: batch, displayed: displayed, data: data, words: profile.words)
        let applied: CollectionViewUpdate.AppliedBatch, inserts: [UpdateItem]
        do {
            // UITableView counts a repeated insert once (RULES.md §3.4).
            (applied, inserts) = try validated(profile == .tableview ? context.mergingRepeatedItemInserts() : context)
        } catch {
            return .failure(error)
        }
        if let rejection = context.checkDuplicateOperations() ?? context.checkNoOpSectionMoveWithItemMovedOut() {
            return .failure(rejection)
        }
        if profile != .uikit {
            // The issued batch's section map. It reads only the section
            // deletes, inserts and first move from each source, and the
            // validator's steps drop only item operations and exact duplicate
            // moves: unless a section reload was split, it is the map of the
            // batch the view applies, which step 9 built.
            let map = context.batch.reloadedSections.isEmpty ? applied.map : SectionMap(context)
            if let rejection = portableSubsetRejection(context, map, inserts: inserts) { return .failure(rejection) }
        }
        // The batch the view applies, with its section map (built once).
        return .success(applied.context.applied(applied.map))
    }

    /// UICollectionView's validator, step by step (RULES.md §3.1): the
    /// batch the view applies once every step passed (with its section
    /// map, built once, for applying it and for the strict checks) and the inserts as
    /// step 4 merged them (reload halves included, none dropped yet), or
    /// the rejection it raises.
    private static func validated(_ context: BatchContext) throws(Rejection)
        -> (applied: CollectionViewUpdate.AppliedBatch, inserts: [UpdateItem]) {
        var update = try CollectionViewUpdate(context.batch.batch)
        let inserts = update.inserts
        try update.validateDeletes(context)
        try update.validateInserts(context)
        try update.validateMoves(context)
        let sections = UpdateSectionMap(update, context)
        let applied = try update.checkCounts(context, sections: sections)
        do throws(Rejection) {
            if let assertion = sections.assertion { throw assertion }
            let items = try UpdateItemMap(update, context)
            try items.checkGlobalIndexes(context, inserts: inserts)
        } catch {
            // UICollectionView's own maps (step 10): no UITableView log
            // shows these assertions (RULES.md §3.4).
            throw Rejection(error.rule, context.words.unsourced(error.message))
        }
        return (applied, inserts)
    }

    /// What `strict` rejects on top of UICollectionView (RULES.md §3.3): the
    /// first rejection of its checks, in order; `map` is the issued batch's
    /// section map, `inserts` the update's as step 4 merged them.
    private static func portableSubsetRejection(_ context: BatchContext, _ map: SectionMap, inserts: [UpdateItem]) -> Rejection? {
        context.checkDuplicateMoves()
            ?? context.checkReloadSectionCountChanges(map)
            ?? context.checkItemOperationInChangedSection(map)
            ?? context.checkItemChangeInMovedSection()
            ?? context.checkReloadNotInPlace(map, inserts: inserts)
    }
}

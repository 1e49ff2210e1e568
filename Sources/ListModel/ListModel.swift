// ListModel: applies one batch to what a list view displays, exactly as
// UIKit's performBatchUpdates does (the rule book, Sources/ListModel/RULES.md).

/// The reference list model. Written for obviousness, not speed.
public enum ListModel {
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
    ///     ListModel.apply(Batch([.moveItem(from: ItemPath(0, 1), to: ItemPath(0, 2))]),
    ///                     to: old, data: new)   // .success([a, c, b]): b is stale
    ///
    /// When UIKit would throw, returns the first rejection in this fixed
    /// order (inside one check, operations are read in the order issued):
    ///
    /// 1. `delete-section-out-of-range` (section deletes and section reloads)
    /// 2. `move-section-source-out-of-range`
    /// 3. `insert-section-out-of-range`
    /// 4. `move-section-destination-out-of-range`
    /// 5. `duplicate-operation` on sections
    /// 6. `delete-and-reload-section`
    /// 7. `delete-and-move-section`
    /// 8. `insert-and-move-section`
    /// 9. `section-count`
    /// 10. `delete-item-out-of-range` (item deletes and item reloads)
    /// 11. `move-item-source-out-of-range`
    /// 12. `insert-item-out-of-range`
    /// 13. `move-item-destination-out-of-range`
    /// 14. `duplicate-operation` on items
    /// 15. `delete-and-reload`
    /// 16. `delete-and-move`
    /// 17. `insert-and-move`
    /// 18. `reload-moved-item`
    /// 19. `move-into-inserted-section`
    /// 20. `move-out-of-deleted-section`
    /// 21. `no-op-section-move-with-item-moved-out`
    /// 22. the **[open]** rules. `strict` checks, in order,
    ///     `reloaded-section-moves`, `reload-section-count-changes`,
    ///     `item-operation-in-changed-section`, `item-change-in-moved-section`,
    ///     `reload-not-in-place`. `uikit` rewrites the batch instead
    ///     (drops item operations aimed at inserted, deleted or reloaded
    ///     sections; turns each reload that does not stay in place into a
    ///     delete at its old index path plus an insert at the same index path
    ///     number) and, if that changed anything, checks 10–21 again on the
    ///     rewritten batch.
    /// 23. `item-count`
    ///
    /// A batch that breaks no open rule gets the same answer from both
    /// profiles. Messages spell an index path `S-I` inside parentheses,
    /// e.g. `attempt to delete and reload the same index path (0-1)`.
    ///
    /// Never traps: any index (negative, huge, duplicated) either is in range
    /// or becomes a rejection; duplicated identifiers in the snapshots do not
    /// matter (the model works on positions).
    ///
    /// - Complexity: O(*k*² + *k*·*n*) for *k* operations and *n* items;
    ///   the model is written to be obviously right, not fast.
    public static func apply(
        _ batch: Batch, to displayed: Snapshot, data: Snapshot, profile: Profile = .strict
    ) -> Result<Snapshot, Rejection> {
        var context = BatchContext(batch: batch, displayed: displayed, data: data)

        // Steps 1–9: sections.
        if let rejection = firstRejection(sectionChecks, context) { return .failure(rejection) }
        let map = SectionMap(context)

        // Steps 10–21: items, the firm rules.
        if let rejection = firstRejection(itemChecks, context, map) { return .failure(rejection) }

        // Step 22: the open rules.
        switch profile {
        case .strict:
            if let rejection = firstRejection(strictOpenChecks, context, map) { return .failure(rejection) }
        case .uikit:
            let lenient = context.lenientBatch(map)
            if lenient != context.batch.batch {
                context.batch = BatchLists(lenient)
                if let rejection = firstRejection(itemChecks, context, map) { return .failure(rejection) }
            }
        }

        // Step 23: item counts.
        if let rejection = context.checkItemCounts(map) { return .failure(rejection) }
        return .success(context.applied(map))
    }

    // The checks of each step, in order. They are made once (not per call):
    // a closure that captured the context would cost an allocation each.

    /// Steps 1–9 of `apply`'s checking order.
    private static let sectionChecks: [@Sendable (BatchContext) -> Rejection?] = [
        { $0.checkDeleteSectionBounds() },
        { $0.checkMoveSectionSourceBounds() },
        { $0.checkInsertSectionBounds() },
        { $0.checkMoveSectionDestinationBounds() },
        { $0.checkDuplicateSectionOperations() },
        { $0.checkDeleteAndReloadSection() },
        { $0.checkDeleteAndMoveSection() },
        { $0.checkInsertAndMoveSection() },
        { $0.checkSectionCount() },
    ]

    /// Steps 10–21 of `apply`'s checking order.
    private static let itemChecks: [@Sendable (BatchContext, SectionMap) -> Rejection?] = [
        { context, _ in context.checkDeleteItemBounds() },
        { context, _ in context.checkMoveItemSourceBounds() },
        { context, _ in context.checkInsertItemBounds() },
        { context, _ in context.checkMoveItemDestinationBounds() },
        { context, _ in context.checkDuplicateItemOperations() },
        { context, _ in context.checkDeleteAndReload() },
        { context, _ in context.checkDeleteAndMove() },
        { context, _ in context.checkInsertAndMove() },
        { context, _ in context.checkReloadMovedItem() },
        { context, map in context.checkMoveIntoInsertedSection(map) },
        { context, _ in context.checkMoveOutOfDeletedSection() },
        { context, _ in context.checkNoOpSectionMoveWithItemMovedOut() },
    ]

    /// Step 22 under `strict`: the open rules.
    private static let strictOpenChecks: [@Sendable (BatchContext, SectionMap) -> Rejection?] = [
        { context, _ in context.checkReloadedSectionMoves() },
        { context, map in context.checkReloadSectionCountChanges(map) },
        { context, map in context.checkItemOperationInChangedSection(map) },
        { context, _ in context.checkItemChangeInMovedSection() },
        { context, map in context.checkReloadNotInPlace(map) },
    ]

    private static func firstRejection(
        _ checks: [@Sendable (BatchContext) -> Rejection?], _ context: BatchContext
    ) -> Rejection? {
        for check in checks {
            if let rejection = check(context) { return rejection }
        }
        return nil
    }

    private static func firstRejection(
        _ checks: [@Sendable (BatchContext, SectionMap) -> Rejection?], _ context: BatchContext, _ map: SectionMap
    ) -> Rejection? {
        for check in checks {
            if let rejection = check(context, map) { return rejection }
        }
        return nil
    }
}

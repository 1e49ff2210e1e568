// Rule: the stable names of the rules the model enforces (RULES.md §3).

/// One rule of RULES.md §3, with a stable kebab-case name for reports.
///
/// The cases are listed in the order `ListModel.apply` checks them (see its
/// doc comment). A rule marked **[open]** in the rule book has `isOpen == true`:
/// the `strict` profile rejects it, the `uikit` profile applies its lenient
/// reading instead.
public enum Rule: String, CaseIterable, Sendable {
    // §3 Bounds, sections.
    /// A section delete (or a section reload) names a section that is not there before the update.
    case deleteSectionOutOfRange = "delete-section-out-of-range"
    /// A section move starts from a section that is not there before the update.
    case moveSectionSourceOutOfRange = "move-section-source-out-of-range"
    /// A section insert names a section that is not there after the update.
    case insertSectionOutOfRange = "insert-section-out-of-range"
    /// A section move ends in a section that is not there after the update.
    case moveSectionDestinationOutOfRange = "move-section-destination-out-of-range"
    // §3 Conflicts, sections.
    /// The same operation twice: a section or an index path deleted, inserted
    /// or reloaded twice, two moves from one source or to one destination.
    case duplicateOperation = "duplicate-operation"
    /// A section both deleted and reloaded.
    case deleteAndReloadSection = "delete-and-reload-section"
    /// A section both deleted and moved away.
    case deleteAndMoveSection = "delete-and-move-section"
    /// A section both inserted and moved to.
    case insertAndMoveSection = "insert-and-move-section"
    // §3 Counts, sections.
    /// Sections after ≠ sections before + inserted − deleted.
    case sectionCount = "section-count"
    // §3 Bounds, items.
    /// An item delete (or an item reload) names an index path that is not there before the update.
    case deleteItemOutOfRange = "delete-item-out-of-range"
    /// An item move starts from an index path that is not there before the update.
    case moveItemSourceOutOfRange = "move-item-source-out-of-range"
    /// An item insert names an index path that is not there after the update.
    case insertItemOutOfRange = "insert-item-out-of-range"
    /// An item move ends at an index path that is not there after the update.
    case moveItemDestinationOutOfRange = "move-item-destination-out-of-range"
    // §3 Conflicts, items.
    /// An index path both deleted and reloaded.
    case deleteAndReload = "delete-and-reload"
    /// An index path both deleted and moved away.
    case deleteAndMove = "delete-and-move"
    /// An index path both inserted and moved to.
    case insertAndMove = "insert-and-move"
    /// An item both reloaded and moved.
    case reloadMovedItem = "reload-moved-item"
    /// An item moved into a section inserted (or reloaded) in the same batch.
    case moveIntoInsertedSection = "move-into-inserted-section"
    /// An item moved out of a section deleted (or reloaded) in the same batch.
    case moveOutOfDeletedSection = "move-out-of-deleted-section"
    /// A section moved onto itself while one of its items moves to another section.
    case noOpSectionMoveWithItemMovedOut = "no-op-section-move-with-item-moved-out"
    // §3 Known-unsafe combinations, [open].
    /// **[open]** A reloaded section that also moves.
    case reloadedSectionMoves = "reloaded-section-moves"
    /// **[open]** A reloaded section whose item count changes.
    case reloadSectionCountChanges = "reload-section-count-changes"
    /// **[open]** An item delete, insert or reload aimed at a section inserted,
    /// deleted or reloaded in the same batch.
    case itemOperationInChangedSection = "item-operation-in-changed-section"
    /// **[open]** A section move together with item inserts, deletes or moves inside it.
    case itemChangeInMovedSection = "item-change-in-moved-section"
    /// **[open]** A reloaded item that does not stay at the same index path.
    case reloadNotInPlace = "reload-not-in-place"
    // §3 Counts, items.
    /// Items after ≠ items before + inserted − deleted + moved in − moved out,
    /// for a section that existed before the update.
    case itemCount = "item-count"

    /// Whether the rule book marks this rule **[open]**: the `strict` profile
    /// rejects it and the `uikit` profile applies its lenient reading.
    public var isOpen: Bool {
        switch self {
        case .reloadedSectionMoves, .reloadSectionCountChanges, .itemOperationInChangedSection,
             .itemChangeInMovedSection, .reloadNotInPlace:
            return true
        default:
            return false
        }
    }
}

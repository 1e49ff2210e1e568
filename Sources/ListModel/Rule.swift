// Rule: the stable names of the rules the model enforces (RULES.md §3).

/// One rule of RULES.md §3, with a stable kebab-case name for reports.
///
/// The first group is UICollectionView's own validator (§3.1), in the
/// order its steps raise them; then what it lets through but cannot apply
/// (§3.2); then the portable subset that only `strict` rejects (§3.3,
/// `isOpen == true`).
public enum Rule: String, CaseIterable, Sendable {
    // §3.1 step 3: the reload split.
    /// An index path both deleted and reloaded.
    case deleteAndReload = "delete-and-reload"
    /// A section both deleted and reloaded.
    case deleteAndReloadSection = "delete-and-reload-section"
    // §3.1 step 5a: deletes.
    /// A section delete (or a section reload) names a section that is not there before the update.
    case deleteSectionOutOfRange = "delete-section-out-of-range"
    /// A section both deleted (or reloaded) and moved away.
    case deleteAndMoveSection = "delete-and-move-section"
    /// An item moved out of a section deleted (or reloaded) in the same batch.
    case moveOutOfDeletedSection = "move-out-of-deleted-section"
    /// An item delete (or an item reload) names an index path that is not there before the update.
    case deleteItemOutOfRange = "delete-item-out-of-range"
    /// An index path both deleted (or reloaded) and moved away.
    case deleteAndMove = "delete-and-move"
    // §3.1 step 5b: inserts.
    /// A section insert (or a reloaded section's insert half) names a section that is not there after the update.
    case insertSectionOutOfRange = "insert-section-out-of-range"
    /// A section both inserted (or a reload's insert half) and moved to.
    case insertAndMoveSection = "insert-and-move-section"
    /// An item moved into a section inserted (or reloaded) in the same batch.
    case moveIntoInsertedSection = "move-into-inserted-section"
    /// An item insert (or a reload's insert half) names an index path that is not there after the update.
    case insertItemOutOfRange = "insert-item-out-of-range"
    /// An index path both inserted (or a reload's insert half) and moved to.
    case insertAndMove = "insert-and-move"
    // §3.1 step 5c: moves.
    /// A section move starts from a section that is not there before the update.
    case moveSectionSourceOutOfRange = "move-section-source-out-of-range"
    /// A section move ends in a section that is not there after the update.
    case moveSectionDestinationOutOfRange = "move-section-destination-out-of-range"
    /// An item move starts from an index path that is not there before the update.
    case moveItemSourceOutOfRange = "move-item-source-out-of-range"
    /// An item move ends at an index path that is not there after the update.
    case moveItemDestinationOutOfRange = "move-item-destination-out-of-range"
    /// Two moves from one place to two places.
    case movesFromOnePlace = "moves-from-one-place"
    /// Two moves from two places to one place.
    case movesToOnePlace = "moves-to-one-place"
    // §3.1 step 9: counts.
    /// Sections after ≠ sections before + inserted − deleted.
    case sectionCount = "section-count"
    /// Items after ≠ items before + inserted − deleted + moved in − moved out,
    /// for a section after the update that has an old section.
    case itemCount = "item-count"
    // §3.1 step 10: the update's section and item maps, after the counts.
    /// The section map runs out of old sections to give the new ones
    /// (`out of bounds access to _oldSectionMap`).
    case sectionMapOutOfBounds = "section-map-out-of-bounds"
    /// An insert pushes an item of the item map past the items after the
    /// update (`row is out of bounds of newGlobalItemCount`).
    case itemMapInsertOutOfBounds = "item-map-insert-out-of-bounds"
    /// A move puts an item of the item map past the items after the update
    /// (`newGlobalRowForDestination is out of bounds of newGlobalItemCount`).
    case itemMapMoveOutOfBounds = "item-map-move-out-of-bounds"
    /// A negative section, which UIKit's signed bounds checks let through (a
    /// reload's insert half shifted below zero): an item operation in it
    /// asks, during the bounds checks, for the items in it (`request for
    /// number of items in section S when there are only N sections in the
    /// collection view`); a section operation on it is refused by the
    /// section map's index set (`*** -[NSMutableIndexSet addIndexesInRange:]: …`).
    case negativeSection = "negative-section"
    /// An item the item map places past the items after the update, or an
    /// item insert with no place after it (a negative item), which the view
    /// then looks up (`request for index path for global index I when there
    /// are only N items in the collection view`).
    case globalIndexOutOfRange = "global-index-out-of-range"
    /// Two cells the item map sends to one place after the update
    /// (`attempt to create two animations for new global item index I`).
    case twoAnimationsForOneItem = "two-animations-for-one-item"
    // §3.2: accepted by the validator, undefined after it.
    /// The same section or index path deleted, inserted or reloaded twice.
    case duplicateOperation = "duplicate-operation"
    /// A section moved onto itself while one of its items moves to another section.
    case noOpSectionMoveWithItemMovedOut = "no-op-section-move-with-item-moved-out"
    // §3.3: the portable subset, strict only.
    /// The same move twice (UICollectionView drops the copy).
    case duplicateMove = "duplicate-move"
    /// A reloaded section whose item count changes.
    case reloadSectionCountChanges = "reload-section-count-changes"
    /// An item delete, insert or reload aimed at a section inserted,
    /// deleted or reloaded in the same batch.
    case itemOperationInChangedSection = "item-operation-in-changed-section"
    /// A section move together with item inserts, deletes or moves inside it.
    case itemChangeInMovedSection = "item-change-in-moved-section"
    /// A reloaded item that does not stay at its index path, or whose fresh
    /// cell UICollectionView inserts elsewhere.
    case reloadNotInPlace = "reload-not-in-place"

    /// Whether only the `strict` profile rejects this rule (RULES.md §3.3,
    /// the portable subset); `uikit` accepts such a batch as
    /// UICollectionView does.
    public var isOpen: Bool {
        switch self {
        case .duplicateMove, .reloadSectionCountChanges, .itemOperationInChangedSection,
             .itemChangeInMovedSection, .reloadNotInPlace:
            return true
        default:
            return false
        }
    }
}

// ViewWords: the words a list view's exceptions use for its items and for itself
// (RULES.md §3.1, and §3.4 for UITableView's).

/// How a list view's exception messages name an item and the view.
///
/// UICollectionView says `item` and `collection view`; UITableView says
/// `row` and `table view` (RULES.md §3.4, from its crash logs). A message
/// whose UITableView wording no log shows is given in UICollectionView's
/// words with `unsourcedNote` after it (`unsourced(_:)`), so a user never
/// takes the model's guess for UITableView's words.
public struct ViewWords: Hashable, Sendable {
    /// `item` or `row`.
    public let item: String
    /// `items` or `rows`.
    public let items: String
    /// `an item` or `a row`.
    public let anItem: String
    /// `collection view` or `table view`.
    public let view: String
    /// The note after a message no log of this view shows (empty for UICollectionView).
    public let unsourcedNote: String

    /// UICollectionView's words.
    public static let collectionView = ViewWords(item: "item", items: "items", anItem: "an item", view: "collection view", unsourcedNote: "")
    /// UITableView's words (RULES.md §3.4).
    public static let tableView = ViewWords(
        item: "row", items: "rows", anItem: "a row", view: "table view",
        unsourcedNote: " (UICollectionView's words: no UITableView log with this check's message is known; the tableview profile rejects the batch as UICollectionView does, the stricter reading)")

    /// `message`, a UICollectionView message no log of this view shows,
    /// followed by `unsourcedNote`.
    func unsourced(_ message: String) -> String { message + unsourcedNote }
}

extension Profile {
    /// The words this profile's messages use: UITableView's under
    /// `tableview`, UICollectionView's under `uikit` and `strict`.
    public var words: ViewWords { self == .tableview ? .tableView : .collectionView }
}

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
    /// Whether these are UITableView's words. The words are made when a
    /// message is written: a batch's context carries one byte, not five
    /// strings to retain and release on every copy.
    private let isTableView: Bool

    /// `item` or `row`.
    public var item: String { isTableView ? "row" : "item" }
    /// `items` or `rows`.
    public var items: String { isTableView ? "rows" : "items" }
    /// `an item` or `a row`.
    public var anItem: String { isTableView ? "a row" : "an item" }
    /// `collection view` or `table view`.
    public var view: String { isTableView ? "table view" : "collection view" }
    /// The note after a message no log of this view shows (empty for UICollectionView).
    public var unsourcedNote: String {
        isTableView ? " (UICollectionView's words: no UITableView log with this check's message is known; the tableview profile "
            + "rejects the batch as UICollectionView does, the stricter reading)" : ""
    }

    /// UICollectionView's words.
    public static var collectionView: ViewWords { ViewWords(isTableView: false) }
    /// UITableView's words (RULES.md §3.4).
    public static var tableView: ViewWords { ViewWords(isTableView: true) }

    /// `message`, a UICollectionView message no log of this view shows,
    /// followed by `unsourcedNote`.
    func unsourced(_ message: String) -> String { message + unsourcedNote }
}

extension Profile {
    /// The words this profile's messages use: UITableView's under
    /// `tableview`, UICollectionView's under `uikit` and `strict`.
    public var words: ViewWords { self == .tableview ? .tableView : .collectionView }
}

// Profile: which list view the model is (RULES.md, the opening and §3).

/// Which list view the model is.
///
/// `uikit` is UICollectionView as its batch validator runs (RULES.md §3.1,
/// §3.2). `tableview` is UITableView: the same steps, in UITableView's
/// words (`row`, `table view`), and where no source says what UITableView
/// does, the stricter reading (§3.4). `strict` (the default) is the
/// portable subset: everything `uikit` and `tableview` reject, plus what an
/// older iOS or a second reading of the sources does differently (§3.3). A
/// batch `strict` accepts, `uikit` and `tableview` accept with the same
/// result.
public enum Profile: String, CaseIterable, Sendable {
    /// The portable subset (the default): what every list view and iOS version accepts.
    case strict
    /// UICollectionView as its batch validator runs.
    case uikit
    /// UITableView: UICollectionView's steps where UITableView shares them,
    /// its own words, and the stricter reading where no source decides.
    case tableview
}

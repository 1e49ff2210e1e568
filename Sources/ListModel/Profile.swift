// Profile: which list view the model is (RULES.md, the opening and §3).

/// Which list view the model is.
///
/// `uikit` is UICollectionView as its batch validator runs (RULES.md §3.1,
/// §3.2). `strict` (the default) is the portable subset: everything `uikit`
/// rejects, in the same words, plus what another list view, an older iOS or
/// a second reading of the sources does differently (§3.3). A batch `strict`
/// accepts, `uikit` accepts with the same result.
public enum Profile: String, CaseIterable, Sendable {
    /// The portable subset (the default): what every list view and iOS version accepts.
    case strict
    /// UICollectionView as its batch validator runs.
    case uikit
}

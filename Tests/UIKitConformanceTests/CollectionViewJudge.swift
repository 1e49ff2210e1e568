// CollectionViewJudge: one case's batch applied to a real UICollectionView.
#if canImport(UIKit)
import DiffHarness
import ListModel
import ObjCExceptionCatcher
import UIKit

/// A cell that remembers the content string it was configured with.
final class ContentCell: UICollectionViewCell {
    /// The reuse identifier it is registered under.
    static let reuseIdentifier = "content"
    /// The item's content string (`a`, `b'`) when the data source configured it.
    var content = ""
}

/// A `UICollectionView` with a flow layout and a data source that serves a
/// snapshot: a section per section, a cell per item, configured with the
/// item's content string.
@MainActor
final class CollectionViewJudge: NSObject, UICollectionViewDataSource {
    /// What the data source returns.
    var data: Snapshot
    /// The view.
    let view: UICollectionView

    /// A view showing `old` in `window`, laid out: every cell configured
    /// from `old` (`reloadData()`, `layoutIfNeeded()`).
    init(showing old: Snapshot, in window: RunnerWindow) {
        data = old
        // UICollectionViewFlowLayout: small cells, so that every cell of a
        // case (ConformanceSample.maxItems a snapshot) is on screen.
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 16)
        layout.minimumInteritemSpacing = 2
        layout.minimumLineSpacing = 2
        layout.sectionInset = UIEdgeInsets(top: 2, left: 0, bottom: 2, right: 0)
        view = UICollectionView(frame: window.window.bounds, collectionViewLayout: layout)
        super.init()
        view.register(ContentCell.self, forCellWithReuseIdentifier: ContentCell.reuseIdentifier)
        view.isPrefetchingEnabled = false
        view.dataSource = self
        window.container.addSubview(view)
        view.reloadData()
        view.layoutIfNeeded()
    }

    /// UIKit's verdict on `c`: `performBatchUpdates(_:completion:)` with the
    /// data source switched to `c.data` inside the updates block, as apps
    /// do, and the batch's operations issued in order; then the content of
    /// each cell the view shows at each of its index paths
    /// (`numberOfSections`, `numberOfItems(inSection:)`, `cellForItem(at:)`),
    /// or the exception it raised. The view leaves the window afterwards.
    static func verdict(_ c: ConformanceCase, in window: RunnerWindow) -> UIKitVerdict {
        let judge = CollectionViewJudge(showing: c.old, in: window)
        defer { judge.view.removeFromSuperview() }
        let exception = DCCatchException {
            UIView.performWithoutAnimation {
                judge.view.performBatchUpdates({
                    judge.data = c.data
                    judge.issue(c.batch)
                }, completion: nil)
                judge.view.layoutIfNeeded()
            }
        }
        if let exception {
            return .rejected(name: exception.name.rawValue, reason: exception.reason ?? "")
        }
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.05))
        judge.view.layoutIfNeeded()
        return .accepted(judge.shownCells())
    }

    /// Each operation with UICollectionView's own call, one call an operation.
    private func issue(_ batch: Batch) {
        for operation in batch.operations {
            switch operation {
            case .deleteSection(let s): view.deleteSections(IndexSet(integer: s))
            case .insertSection(let s): view.insertSections(IndexSet(integer: s))
            case .reloadSection(let s): view.reloadSections(IndexSet(integer: s))
            case .moveSection(let from, let to): view.moveSection(from, toSection: to)
            case .deleteItem(let p): view.deleteItems(at: [uikitIndexPath(p)])
            case .insertItem(let p): view.insertItems(at: [uikitIndexPath(p)])
            case .reloadItem(let p): view.reloadItems(at: [uikitIndexPath(p)])
            case .moveItem(let from, let to): view.moveItem(at: uikitIndexPath(from), to: uikitIndexPath(to))
            }
        }
    }

    /// The content string of the cell at each index path the view has.
    private func shownCells() -> [[String?]] {
        (0..<view.numberOfSections).map { section in
            (0..<view.numberOfItems(inSection: section)).map { item in
                (view.cellForItem(at: IndexPath(item: item, section: section)) as? ContentCell)?.content
            }
        }
    }

    // UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        data.sections.count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        data.sections.indices.contains(section) ? data.sections[section].items.count : 0
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ContentCell.reuseIdentifier, for: indexPath)
        (cell as? ContentCell)?.content = contentString(at: indexPath, of: data)
        return cell
    }
}

/// `IndexPath(item:section:)` of an item path.
func uikitIndexPath(_ p: ItemPath) -> IndexPath {
    IndexPath(item: p.item, section: p.section)
}

/// The content string of the item at `indexPath` of `data` (`!` for a path
/// the data does not hold, which a data source is never asked for).
func contentString(at indexPath: IndexPath, of data: Snapshot) -> String {
    guard data.sections.indices.contains(indexPath.section),
          data.sections[indexPath.section].items.indices.contains(indexPath.item) else { return "!" }
    return data.sections[indexPath.section].items[indexPath.item].description
}
#endif

// TableViewJudge: the same batch applied to a real UITableView, compared with the model's `tableview` profile.
#if canImport(UIKit)
import DiffHarness
import ListModel
import ObjCExceptionCatcher
import UIKit

/// A row that remembers the content string it was configured with.
final class ContentRow: UITableViewCell {
    /// The reuse identifier it is registered under.
    static let reuseIdentifier = "content"
    /// The item's content string when the data source configured it.
    var content = ""
}

/// A plain `UITableView` with fixed row heights, no headers or footers, and
/// a data source that serves a snapshot: a section per section, a row per item.
@MainActor
final class TableViewJudge: NSObject, UITableViewDataSource {
    /// What the data source returns.
    var data: Snapshot
    /// The view.
    let view: UITableView

    /// A table showing `old` in `window`, laid out (`reloadData()`, `layoutIfNeeded()`).
    init(showing old: Snapshot, in window: RunnerWindow) {
        data = old
        view = UITableView(frame: window.window.bounds, style: .plain)
        super.init()
        // Fixed, small rows and no section headers or footers: every row of
        // a case is on screen, and no height is estimated.
        view.rowHeight = 16
        view.estimatedRowHeight = 0
        view.sectionHeaderHeight = 0
        view.sectionFooterHeight = 0
        view.estimatedSectionHeaderHeight = 0
        view.estimatedSectionFooterHeight = 0
        view.sectionHeaderTopPadding = 0
        view.isPrefetchingEnabled = false
        view.register(ContentRow.self, forCellReuseIdentifier: ContentRow.reuseIdentifier)
        view.dataSource = self
        window.container.addSubview(view)
        view.reloadData()
        view.layoutIfNeeded()
    }

    /// UITableView's verdict on `c`, as `CollectionViewJudge.verdict` gets
    /// UICollectionView's: `performBatchUpdates(_:completion:)` (iOS 11)
    /// with the data switched inside, the rows each row path shows
    /// afterwards (`numberOfSections`, `numberOfRows(inSection:)`,
    /// `cellForRow(at:)`), or the exception, with UITableView's own words.
    static func verdict(_ c: ConformanceCase, in window: RunnerWindow) -> UIKitVerdict {
        let judge = TableViewJudge(showing: c.old, in: window)
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
        return .accepted(judge.shownRows())
    }

    /// Each operation with UITableView's own call (no row animation).
    private func issue(_ batch: Batch) {
        for operation in batch.operations {
            switch operation {
            case .deleteSection(let s): view.deleteSections(IndexSet(integer: s), with: .none)
            case .insertSection(let s): view.insertSections(IndexSet(integer: s), with: .none)
            case .reloadSection(let s): view.reloadSections(IndexSet(integer: s), with: .none)
            case .moveSection(let from, let to): view.moveSection(from, toSection: to)
            case .deleteItem(let p): view.deleteRows(at: [rowPath(p)], with: .none)
            case .insertItem(let p): view.insertRows(at: [rowPath(p)], with: .none)
            case .reloadItem(let p): view.reloadRows(at: [rowPath(p)], with: .none)
            case .moveItem(let from, let to): view.moveRow(at: rowPath(from), to: rowPath(to))
            }
        }
    }

    /// The content string of the row at each row path the table has.
    private func shownRows() -> [[String?]] {
        (0..<view.numberOfSections).map { section in
            (0..<view.numberOfRows(inSection: section)).map { row in
                (view.cellForRow(at: IndexPath(row: row, section: section)) as? ContentRow)?.content
            }
        }
    }

    // UITableViewDataSource

    func numberOfSections(in tableView: UITableView) -> Int {
        data.sections.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        data.sections.indices.contains(section) ? data.sections[section].items.count : 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ContentRow.reuseIdentifier, for: indexPath)
        (cell as? ContentRow)?.content = contentString(at: indexPath, of: data)
        return cell
    }
}

/// `IndexPath(row:section:)` of an item path.
func rowPath(_ p: ItemPath) -> IndexPath {
    IndexPath(row: p.item, section: p.section)
}
#endif

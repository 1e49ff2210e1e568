// snippet: precheck
import ListModel

/// Checks a batch as UICollectionView will, before it does. `before`: the
/// item counts the view shows; `after`: the counts the data source returns
/// once the update block has run. Returns UIKit's rejection, after handing
/// `report` the message and a case that reproduces it; nil when UIKit will
/// accept the batch.
func precheck(before: [Int], after: [Int], batch: Batch,
              report: (String) -> Void = { print($0) }) -> Rejection? {
    let check = CountCheck(before: before, after: after, batch: batch)
    guard let rejection = check.rejection else { return nil }
    report("performBatchUpdates will throw: \(rejection.message)\n"
           + "attach this case to the bug report (diffcheck show/repro read it):\n"
           + check.caseText)
    return rejection
}
// end snippet

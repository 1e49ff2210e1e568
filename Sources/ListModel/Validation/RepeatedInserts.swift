// RepeatedInserts: UITableView counts an index path inserted more than once as one
// insert (RULES.md §3.4).

extension BatchContext {
    /// The context with each repeated item insert (the same index path
    /// inserted again) left out, the first kept: what UITableView counts.
    ///
    /// AccordionSwift issue 6 logs four inserts of one row as
    /// `(1 inserted, 0 deleted)`; UICollectionView's validator counts each
    /// copy (§3.2). The `tableview` profile validates this context, and
    /// still rejects the repeat (`duplicate-operation`) when nothing else
    /// fails. Returns `self` when no insert repeats.
    ///
    /// - Complexity: O(*k*) for *k* operations.
    func mergingRepeatedItemInserts() -> BatchContext {
        var seen = Set<ItemPath>(), hasRepeat = false
        let kept = batch.batch.operations.filter { operation in
            guard case .insertItem(let p) = operation else { return true }
            if seen.insert(p).inserted { return true }
            hasRepeat = true
            return false
        }
        guard hasRepeat else { return self }
        return BatchContext(batch: Batch(kept), displayed: displayed, data: data, words: words)
    }
}

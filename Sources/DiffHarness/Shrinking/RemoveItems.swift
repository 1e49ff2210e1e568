// Case shrink pass: remove items from either side.
import ListModel

extension CaseShrinker {
    /// Removes items, counting old's items, then new's (section by section),
    /// in runs from half of them down to one. Unlike removing an identity,
    /// this takes an item from one side only (an item inserted or deleted,
    /// or one of a pair that stops being a pair). Every kept candidate has
    /// fewer items.
    func removeItems() {
        removeRuns(count: { totalItems(old, new) }) { run in
            pairWithoutItems(old: old, new: new, where: run.contains)
        }
    }
}

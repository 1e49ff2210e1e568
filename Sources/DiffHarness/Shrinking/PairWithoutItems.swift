// PairWithoutItems: an old/new pair without some of its items, counted
// across both sides — the edit two shrink passes share.
import ListModel

/// `old` and `new` without the items whose positions satisfy `isRemoved`,
/// counting old's items first, then new's, section by section, in order.
/// Sections stay, even when they lose every item.
package func pairWithoutItems(old: Snapshot, new: Snapshot, where isRemoved: (Int) -> Bool) -> (old: Snapshot, new: Snapshot) {
    var position = 0
    func without(_ snapshot: Snapshot) -> Snapshot {
        var result = snapshot
        for s in result.sections.indices {
            result.sections[s].items = result.sections[s].items.filter { _ in
                defer { position += 1 }
                return !isRemoved(position)
            }
        }
        return result
    }
    let smallerOld = without(old)
    return (smallerOld, without(new))
}

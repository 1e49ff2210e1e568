// Case shrink pass: put each section's items in order.
import ListModel

extension CaseShrinker {
    /// Sorts the items of each section (old's sections, then new's) by
    /// first appearance, so `new: c a b` becomes `new: a b c` when the
    /// failure does not depend on their order (a failure about moves
    /// usually does, and keeps its order). Every kept candidate has the
    /// same items and a smaller shape.
    func sortItems() {
        for isNew in [false, true] {
            var s = 0
            while s < (isNew ? new : old).sections.count && !isOutOfBudget {
                let ranks = Dictionary(
                    zip(distinctInOrder([old, new].flatMap(\.sections).flatMap(\.items).map(\.id)), 0...),
                    uniquingKeysWith: { first, _ in first })
                var pair = (old: old, new: new)
                func sort(_ snapshot: inout Snapshot) {
                    snapshot.sections[s].items = snapshot.sections[s].items.enumerated()
                        .sorted { (ranks[$0.element.id] ?? 0, $0.offset) < (ranks[$1.element.id] ?? 0, $1.offset) }
                        .map(\.element)
                }
                if isNew { sort(&pair.new) } else { sort(&pair.old) }
                if pair != (old, new) { consider(pair.old, pair.new) }
                s += 1
            }
        }
    }
}

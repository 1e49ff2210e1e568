// Case shrink pass: give an identity the name of an earlier one.
import ListModel

extension CaseShrinker {
    /// Replaces every occurrence of an item identity with an earlier item
    /// identity (in order of first appearance, old then new; the earliest
    /// first, among the first eight), on both sides: `old: a b`, `new: c`
    /// can become `old: a b`, `new: a` when the failure only needs new to
    /// hold something. Renaming alone keeps identities apart; this joins
    /// two, which may pair an inserted item or make a duplicate, so the
    /// candidate is kept only when it still fails. Every kept candidate has
    /// the same items and fewer distinct identities (a smaller shape).
    func mergeIdentities() {
        var index = 1
        while !isOutOfBudget {
            let ids = distinctInOrder([old, new].flatMap(\.sections).flatMap(\.items).map(\.id))
            guard index < ids.count else { return }
            let merged = ids[index]
            for target in ids[..<min(index, 8)] where !isOutOfBudget {
                func renamed(_ snapshot: Snapshot) -> Snapshot {
                    var result = snapshot
                    for s in result.sections.indices {
                        for i in result.sections[s].items.indices where result.sections[s].items[i].id == merged {
                            result.sections[s].items[i].id = target
                        }
                    }
                    return result
                }
                if consider(renamed(old), renamed(new)) { break }
            }
            // After a merge the identity at `index` is the next one: try it there.
            if ids == distinctInOrder([old, new].flatMap(\.sections).flatMap(\.items).map(\.id)) { index += 1 }
        }
    }
}

// Case shrink pass: remove identities from both sides.
import ListModel

extension CaseShrinker {
    /// Removes identities from old and new at once: every item of an item
    /// identity, then every section of a section identity (with its items),
    /// in runs of identities (in order of first appearance) from half of
    /// them down to one. A failure that needs matched items keeps them
    /// matched: removing `b` from `old: a b c`, `new: c b a` leaves
    /// `old: a c`, `new: c a`. Every kept candidate has fewer items, or as
    /// many and fewer sections.
    func removeIdentities() {
        func itemIdentities() -> [String] {
            distinctInOrder([old, new].flatMap(\.sections).flatMap(\.items).map(\.id))
        }
        removeRuns(count: { itemIdentities().count }) { run in
            let removed = Set(itemIdentities()[run])
            func without(_ snapshot: Snapshot) -> Snapshot {
                var result = snapshot
                for s in result.sections.indices { result.sections[s].items.removeAll { removed.contains($0.id) } }
                return result
            }
            return (without(old), without(new))
        }
        func sectionIdentities() -> [String] {
            distinctInOrder([old, new].flatMap(\.sections).map(\.id)).filter { $0 != Snapshot.implicitSectionID }
        }
        removeRuns(count: { sectionIdentities().count }) { run in
            let removed = Set(sectionIdentities()[run])
            func without(_ snapshot: Snapshot) -> Snapshot {
                Snapshot(sections: snapshot.sections.filter { !removed.contains($0.id) })
            }
            return (without(old), without(new))
        }
    }
}

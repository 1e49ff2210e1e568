// Case shrink pass: remove sections from either side.
import ListModel

extension CaseShrinker {
    /// Removes sections with their items, counting old's sections, then
    /// new's, in runs from half of them down to one. Unlike removing a
    /// section identity, this takes a section from one side only (a section
    /// inserted or deleted). Every kept candidate has fewer sections, and
    /// no more items.
    func removeSections() {
        removeRuns(count: { old.sections.count + new.sections.count }) { run in
            let oldCount = old.sections.count
            func without(_ snapshot: Snapshot, from first: Int) -> Snapshot {
                Snapshot(sections: snapshot.sections.indices.filter { !run.contains(first + $0) }.map { snapshot.sections[$0] })
            }
            return (without(old, from: 0), without(new, from: oldCount))
        }
    }
}

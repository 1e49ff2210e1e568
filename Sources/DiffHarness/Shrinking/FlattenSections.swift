// Case shrink pass: make both sides flat.
import ListModel

extension CaseShrinker {
    /// Replaces each side with one section of the implicit identity holding
    /// all its items in order (`old: [A: a] [B: b]` becomes `old: a b`),
    /// when the failure does not need sections. Flat is the simpler shape
    /// at the same number of items.
    func flattenSections() {
        guard !(old.isFlat && new.isFlat) else { return }
        func flat(_ snapshot: Snapshot) -> Snapshot {
            .flat(snapshot.sections.flatMap(\.items))
        }
        consider(flat(old), flat(new))
    }
}

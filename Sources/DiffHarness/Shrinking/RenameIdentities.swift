// Case shrink pass: rename identities to the smallest names.
import ListModel

extension CaseShrinker {
    /// Renames every identity by first appearance (old, then new): items
    /// `a`, `b`, …, sections `A`, `B`, … (the implicit section `_` keeps
    /// its name), as the generator names them. Kept when the renamed pair
    /// still fails: an engine may depend on names (by hashing or sorting
    /// them).
    func renameIdentities() {
        let sections = [old, new].flatMap(\.sections)
        var sectionNames: [String: String] = [:]
        for id in distinctInOrder(sections.map(\.id)) where id != Snapshot.implicitSectionID {
            sectionNames[id] = PairGenerator.Names.sectionName(sectionNames.count)
        }
        var itemNames: [String: String] = [:]
        for id in distinctInOrder(sections.flatMap(\.items).map(\.id)) {
            itemNames[id] = PairGenerator.Names.itemName(itemNames.count)
        }
        func renamed(_ snapshot: Snapshot) -> Snapshot {
            var result = snapshot
            for s in result.sections.indices {
                result.sections[s].id = sectionNames[result.sections[s].id] ?? result.sections[s].id
                for i in result.sections[s].items.indices {
                    result.sections[s].items[i].id = itemNames[result.sections[s].items[i].id] ?? result.sections[s].items[i].id
                }
            }
            return result
        }
        consider(renamed(old), renamed(new))
    }
}

// Placement: where every cell ends, and what it shows (RULES.md §2).

extension BatchContext {
    /// Where the items of old section `s` that stay in it end, in final
    /// section `t`: one entry per old item, `nil` for an item deleted or
    /// moved out (§2.2).
    ///
    /// Inserted items and items moving in take their final indexes; the
    /// items that stay (untouched and reloaded) keep their relative order and
    /// take the remaining indexes, ascending. The indexes are not bounded by
    /// the section's count, so the answer exists even for a batch whose
    /// counts are wrong.
    ///
    /// - Complexity: O(*n* + *k*·*m*) for *n* items and *k* operations, *m*
    ///   the largest final index used; plain arrays, no cleverness.
    func survivingItemPlacement(oldSection s: Int, finalSection t: Int) -> [Int?] {
        guard let count = itemsBefore(s) else { return [] }
        let removed = Set(batch.deletedItems.filter { $0.section == s }.map(\.item)
            + batch.movedItems.filter { $0.from.section == s }.map(\.from.item))
        let incoming = Set(batch.insertedItems.filter { $0.section == t }.map(\.item)
            + batch.movedItems.filter { $0.to.section == t }.map(\.to.item))
        var placement: [Int?] = Array(repeating: nil, count: count)
        var next = 0
        // Invariant: `next` is the smallest final index not yet given and not incoming.
        for i in 0..<count where !removed.contains(i) {
            while incoming.contains(next) { next += 1 }
            placement[i] = next
            next += 1
        }
        return placement
    }

    /// What the view displays after a batch that passed every check (§2).
    ///
    /// Inserted and reloaded sections show `data` at their final index, all
    /// their items included. Every other section keeps the identity and
    /// content it displayed; inside it, inserted and reloaded items show
    /// `data` at their final index path, moved and untouched items keep the
    /// identity and content they displayed (§2.3: a move does not refresh a
    /// cell).
    ///
    /// Never traps: a slot the batch leaves unexplained (only possible for a
    /// batch that skipped the checks) shows `data`.
    func applied(_ map: SectionMap) -> Snapshot {
        let reloadedSections = Set(batch.reloadedSections)
        var sections: [Section] = []
        for (t, target) in data.sections.enumerated() {
            guard let s = map.oldIndex(ofFinal: t), !reloadedSections.contains(s), s < displayed.sections.count else {
                sections.append(target)
                continue
            }
            let old = displayed.sections[s]
            var items: [Item?] = Array(repeating: nil, count: target.items.count)
            func place(_ item: Item?, at j: Int) {
                if j >= 0 && j < items.count { items[j] = item }
            }
            for p in batch.insertedItems where p.section == t {
                place(dataItem(at: p), at: p.item)
            }
            for move in batch.movedItems where move.to.section == t {
                place(displayedItem(at: move.from), at: move.to.item)
            }
            let reloaded = Set(batch.reloadedItems.filter { $0.section == s }.map(\.item))
            for (i, j) in survivingItemPlacement(oldSection: s, finalSection: t).enumerated() {
                guard let j else { continue }
                place(reloaded.contains(i) ? dataItem(at: ItemPath(t, j)) : old.items[i], at: j)
            }
            let filled = items.enumerated().map { j, item in item ?? target.items[j] }
            sections.append(Section(id: old.id, content: old.content, items: filled))
        }
        return Snapshot(sections: sections)
    }
}

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
    /// - Complexity: O(*n* + *k*) for *n* items and *k* operations: flag
    ///   arrays of the section's count plus its incoming operations.
    func survivingItemPlacement(oldSection s: Int, finalSection t: Int) -> [Int?] {
        guard let count = itemsBefore(s) else { return [] }
        // Every item stays (0 for now) but those deleted or moved out (nil).
        var placement: [Int?] = Array(filled: 0, count: count)
        for p in batch.deletedItems where p.section == s && p.item >= 0 && p.item < count { placement[p.item] = nil }
        for move in batch.movedItems where move.from.section == s && move.from.item >= 0 && move.from.item < count {
            placement[move.from.item] = nil
        }
        // `next` passes at most `count` placed items and the incoming indexes
        // below it, so an incoming index at or past `count` + their number is
        // never reached.
        let incomingCount = batch.insertedItems.lazy.filter { $0.section == t }.count
            + batch.movedItems.lazy.filter { $0.to.section == t }.count
        var incoming = Array(filled: false, count: count + incomingCount)
        for p in batch.insertedItems where p.section == t && p.item >= 0 && p.item < incoming.count { incoming[p.item] = true }
        for move in batch.movedItems where move.to.section == t && move.to.item >= 0 && move.to.item < incoming.count {
            incoming[move.to.item] = true
        }
        var next = 0
        // Invariant: `next` is the smallest final index not yet given and not incoming.
        for i in 0..<count where placement[i] != nil {
            while next < incoming.count && incoming[next] { next += 1 }
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
        var sections: [Section] = []
        if !data.sections.isEmpty { sections.reserveCapacity(data.sections.count) }
        for (t, target) in data.sections.enumerated() {
            guard let s = map.oldIndex(ofFinal: t), !batch.reloadedSections.contains(s), s < displayed.sections.count else {
                sections.append(target)
                continue
            }
            let old = displayed.sections[s]
            // A section no item operation touches, of the same length: every item stays in place.
            let isUntouched = !batch.insertedItems.contains { $0.section == t }
                && !batch.movedItems.contains { $0.to.section == t || $0.from.section == s }
                && !batch.deletedItems.contains { $0.section == s }
                && !batch.reloadedItems.contains { $0.section == s }
            if isUntouched && old.items.count == target.items.count {
                sections.append(old)
                continue
            }
            // A slot no operation explains (or explains with no item) shows `data`.
            var items = target.items
            func place(_ item: Item?, at j: Int) {
                if j >= 0 && j < items.count { items[j] = item ?? target.items[j] }
            }
            for p in batch.insertedItems where p.section == t {
                place(dataItem(at: p), at: p.item)
            }
            for move in batch.movedItems where move.to.section == t {
                place(displayedItem(at: move.from), at: move.to.item)
            }
            // The old items of this section that are reloaded.
            var isReloaded: [Bool] = []
            for p in batch.reloadedItems where p.section == s && p.item >= 0 && p.item < old.items.count {
                if isReloaded.isEmpty { isReloaded = Array(filled: false, count: old.items.count) }
                isReloaded[p.item] = true
            }
            for (i, j) in survivingItemPlacement(oldSection: s, finalSection: t).enumerated() {
                guard let j else { continue }
                place(!isReloaded.isEmpty && isReloaded[i] ? dataItem(at: ItemPath(t, j)) : old.items[i], at: j)
            }
            sections.append(Section(id: old.id, content: old.content, items: items))
        }
        return Snapshot(sections: sections)
    }
}

// CellTracer: which old cell each cell a list view shows after a sequence
// of batches came from, for `CaseDrawing`'s stale-cell notes.

import ListModel

/// Follows each old cell through a sequence of batches by letting the model
/// apply them to a view whose cells are tagged with trace keys.
///
/// The model works on positions, never on identities, so tagging the cells
/// changes nothing in what it accepts or where it puts them. A moved or
/// untouched cell keeps its key; an inserted or reloaded cell shows the
/// (tagged) data of its stage, a fresh key. A fresh cell at the index path a
/// reload named inherits the reloaded cell's trace.
struct CellTracer {
    typealias ItemTrace = Trace<ItemPath>
    typealias SectionTrace = Trace<Int>
    /// Where a shown cell (or section) came from and what happened to it.
    struct Trace<Origin> {
        /// The old item's path (or the old section's index); `nil` when inserted.
        var origin: Origin?
        var isMoved = false
        var isReloaded = false
    }

    /// What the view shows, each section and item id a trace key.
    var shown: Snapshot
    var items: [String: ItemTrace] = [:]
    var sections: [String: SectionTrace] = [:]

    init(old: Snapshot) {
        var tagged: [Section] = []
        for (s, section) in old.sections.enumerated() {
            let sectionKey = "old-\(s)"
            sections[sectionKey] = SectionTrace(origin: s)
            var keys: [Item] = []
            for i in section.items.indices {
                let key = "old-\(s).\(i)"
                items[key] = ItemTrace(origin: ItemPath(s, i))
                keys.append(Item(id: key))
            }
            tagged.append(Section(id: sectionKey, items: keys))
        }
        shown = Snapshot(sections: tagged)
    }

    /// Applies one stage's batch; `false` when the model rejects it.
    mutating func apply(_ batch: Batch, data: Snapshot, stage: Int, profile: Profile) -> Bool {
        let fresh = Snapshot(sections: data.sections.enumerated().map { t, section in
            Section(id: "stage\(stage)-\(t)", items: section.items.indices.map { Item(id: "stage\(stage)-\(t).\($0)") })
        })
        guard case .success(let next) = ListView.apply(batch, to: shown, data: fresh, profile: profile) else { return false }

        for move in batch.movedItems {
            if let key = CellTracer.item(at: move.from, in: shown) { items[key]?.isMoved = true }
        }
        for move in batch.movedSections where shown.sections.indices.contains(move.from) {
            sections[shown.sections[move.from].id]?.isMoved = true
        }
        // A reloaded cell's fresh copy lands where UICollectionView puts the
        // reload's insert half: its old index path shifted by the batch's
        // deletes and inserts (Sources/ListModel/RULES.md §3.1 step 3).
        let itemDestinations = ListView.reloadedItemDestinations(batch)
        let sectionDestinations = ListView.reloadedSectionDestinations(batch)
        for path in batch.reloadedItems {
            inherit(from: CellTracer.item(at: path, in: shown), to: CellTracer.item(at: itemDestinations[path] ?? path, in: next))
        }
        for s in batch.reloadedSections {
            let t = sectionDestinations[s] ?? s
            guard shown.sections.indices.contains(s) && next.sections.indices.contains(t) else { continue }
            let from = shown.sections[s].id, to = next.sections[t].id
            if sections[to] == nil, var trace = sections[from] {
                trace.isReloaded = true
                sections[to] = trace
            }
            for i in shown.sections[s].items.indices {
                inherit(from: CellTracer.item(at: ItemPath(s, i), in: shown), to: CellTracer.item(at: ItemPath(s, i), in: next))
            }
        }
        for section in next.sections {
            if sections[section.id] == nil { sections[section.id] = SectionTrace(origin: nil) }
            for item in section.items where items[item.id] == nil { items[item.id] = ItemTrace(origin: nil) }
        }
        shown = next
        return true
    }

    private mutating func inherit(from key: String?, to freshKey: String?) {
        guard let key, let freshKey, items[freshKey] == nil, var trace = items[key] else { return }
        trace.isReloaded = true
        items[freshKey] = trace
    }

    private static func item(at path: ItemPath, in snapshot: Snapshot) -> String? {
        guard snapshot.sections.indices.contains(path.section),
              snapshot.sections[path.section].items.indices.contains(path.item) else { return nil }
        return snapshot.sections[path.section].items[path.item].id
    }
}

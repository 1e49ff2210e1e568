// NearestBatch: the valid batch closest to a logged one, for the logged counts.
import ListModel

/// The batch with the fewest changed operations that the view accepts for
/// the logged counts — what the app should have issued if the counts are
/// right and the batch is wrong (RULES.md §3 Counts).
///
/// Sections first: a section count short by *k* drops *k* section inserts
/// (the last issued first), then deletes the last sections the batch leaves
/// alone; a count over by *k* drops section deletes, then inserts sections
/// at the end. Then, when no section is inserted, deleted or moved, each
/// section's items the same way: fewer items than the batch says drops
/// inserts into it, then deletes its last untouched items; more drops its
/// deletes, then inserts at its end. The result is checked with the model
/// (`uikit`, or the profile given: `tableview` for a UITableView's log); nil when it is still rejected (a conflict, not a count, is then
/// wrong: no count-only repair is near).
///
/// - Complexity: O(*k* + *s* + the items added) for *k* operations and *s*
///   sections, then the model's check on the counts (the triage bounds them
///   with `TriageCase.sizeBound`). Sums of logged counts saturate, never trap.
public enum NearestBatch {
    /// The nearest batch the view accepts for the counts `before` and `after`, starting from `updates`; nil when none is near.
    public static func find(before: [Int], after: [Int], updates: Batch, profile: Profile = .uikit) -> Batch? {
        var ops = updates.operations
        // Sections.
        let sectionGap = after.count - (before.count + updates.insertedSections.count - updates.deletedSections.count)
        if sectionGap != 0 {
            var droppable: [Int] = [], used = Set<Int>()
            for (i, op) in ops.enumerated() {
                switch op {
                case .insertSection(let s):
                    if sectionGap < 0 { droppable.append(i) } else { used.insert(s) }
                case .deleteSection(let s):
                    if sectionGap > 0 { droppable.append(i) } else { used.insert(s) }
                case .reloadSection(let s): if sectionGap < 0 { used.insert(s) }
                case .moveSection(let from, let to): used.insert(sectionGap < 0 ? from : to)
                default: break
                }
            }
            var dropped = Set<Int>(), added: [Operation] = []
            close(sectionGap, droppable: droppable, used: used, count: sectionGap < 0 ? before.count : after.count,
                  dropped: &dropped, added: &added, make: { sectionGap < 0 ? .deleteSection($0) : .insertSection($0) })
            ops = ops.indices.filter { !dropped.contains($0) }.map { ops[$0] } + added
        }
        // Items, when sections keep their places.
        let hasSectionOperations = ops.contains {
            switch $0 {
            case .deleteSection, .insertSection, .moveSection: return true
            default: return false
            }
        }
        if !hasSectionOperations && before.count == after.count {
            let changes = Batch(ops).itemChangePerSection
            var inserts: [Int: [Int]] = [:], deletes: [Int: [Int]] = [:]
            var usedOld: [Int: Set<Int>] = [:], usedNew: [Int: Set<Int>] = [:]
            for (i, op) in ops.enumerated() {
                switch op {
                case .insertItem(let p): inserts[p.section, default: []].append(i); usedNew[p.section, default: []].insert(p.item)
                case .deleteItem(let p): deletes[p.section, default: []].append(i); usedOld[p.section, default: []].insert(p.item)
                case .reloadItem(let p): usedOld[p.section, default: []].insert(p.item)
                case .moveItem(let from, let to): usedOld[from.section, default: []].insert(from.item); usedNew[to.section, default: []].insert(to.item)
                default: break
                }
            }
            var dropped = Set<Int>(), added: [Operation] = []
            for s in before.indices {
                let gap = after[s].saturatingSubtracting(before[s]).saturatingSubtracting(changes[s] ?? 0)
                guard gap != 0 else { continue }
                close(gap, droppable: (gap < 0 ? inserts[s] : deletes[s]) ?? [], used: (gap < 0 ? usedOld[s] : usedNew[s]) ?? [],
                      count: gap < 0 ? before[s] : after[s], dropped: &dropped, added: &added,
                      make: { gap < 0 ? .deleteItem(ItemPath(s, $0)) : .insertItem(ItemPath(s, $0)) })
            }
            ops = ops.indices.filter { !dropped.contains($0) }.map { ops[$0] } + added
        }
        let nearest = Batch(ops)
        return CountCheck(before: before, after: after, batch: nearest, profile: profile).isAccepted ? nearest : nil
    }

    /// Closes a gap of `gap` (after − what the batch says): drops the
    /// operations at `droppable` (indexes into the batch, in order; the last
    /// first), then for what remains adds `make(index)` at the highest indexes
    /// below `count` that are not `used` (deletes at free old indexes for a
    /// negative gap, inserts at free new indexes for a positive one).
    private static func close(
        _ gap: Int, droppable: [Int], used: Set<Int>, count: Int,
        dropped: inout Set<Int>, added: inout [Operation], make: (Int) -> Operation
    ) {
        var remaining = gap.magnitude
        for i in droppable.reversed() where remaining > 0 {
            dropped.insert(i)
            remaining -= 1
        }
        var index = count - 1
        while remaining > 0, index >= 0 {
            if !used.contains(index) {
                added.append(make(index))
                remaining -= 1
            }
            index -= 1
        }
    }
}

extension Batch {
    /// How many items each section gains by the batch's item operations
    /// (inserts and moves in, minus deletes and moves out), by section
    /// index; a section the item operations leave alone is absent.
    ///
    /// - Complexity: O(*k*) for *k* operations.
    var itemChangePerSection: [Int: Int] {
        var changes: [Int: Int] = [:]
        for op in operations {
            switch op {
            case .insertItem(let p): changes[p.section, default: 0] += 1
            case .deleteItem(let p): changes[p.section, default: 0] -= 1
            case .moveItem(let from, let to) where from.section != to.section:
                changes[to.section, default: 0] += 1
                changes[from.section, default: 0] -= 1
            default: break
            }
        }
        return changes
    }
}

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
/// (`uikit`); nil when it is still rejected (a conflict, not a count, is then
/// wrong: no count-only repair is near).
public enum NearestBatch {
    public static func find(before: [Int], after: [Int], updates: Batch) -> Batch? {
        var ops = updates.operations
        // Sections.
        let sectionGap = after.count - (before.count + updates.insertedSections.count - updates.deletedSections.count)
        repair(&ops, gap: sectionGap,
               isRemovable: { if case .insertSection = $0 { return true } else { return false } },
               isAddRemovable: { if case .deleteSection = $0 { return true } else { return false } },
               free: { ops in freeSections(ops, count: before.count, isOld: true) },
               freeAdd: { ops in freeSections(ops, count: after.count, isOld: false) },
               delete: { .deleteSection($0) }, insert: { .insertSection($0) })
        // Items, when sections keep their places.
        let hasSectionOperations = ops.contains {
            switch $0 {
            case .deleteSection, .insertSection, .moveSection: return true
            default: return false
            }
        }
        if !hasSectionOperations && before.count == after.count {
            for s in before.indices {
                let batch = Batch(ops)
                let change = batch.insertedItems.filter { $0.section == s }.count
                    - batch.deletedItems.filter { $0.section == s }.count
                    + batch.movedItems.filter { $0.to.section == s && $0.from.section != s }.count
                    - batch.movedItems.filter { $0.from.section == s && $0.to.section != s }.count
                let gap = (after[s] - before[s]) - change
                repair(&ops, gap: gap,
                       isRemovable: { if case .insertItem(let p) = $0 { return p.section == s } else { return false } },
                       isAddRemovable: { if case .deleteItem(let p) = $0 { return p.section == s } else { return false } },
                       free: { ops in freeItems(ops, section: s, count: before[s], isOld: true) },
                       freeAdd: { ops in freeItems(ops, section: s, count: after[s], isOld: false) },
                       delete: { .deleteItem(ItemPath(s, $0)) }, insert: { .insertItem(ItemPath(s, $0)) })
            }
        }
        let nearest = Batch(ops)
        return CountCheck(before: before, after: after, batch: nearest).isAccepted ? nearest : nil
    }

    /// Closes a gap of `gap` (after − what the batch says): a negative gap
    /// drops operations matching `isRemovable` (last first), then adds
    /// `delete`s at the highest free old indexes; a positive one drops
    /// `isAddRemovable` ones, then adds `insert`s at the highest free new indexes.
    private static func repair(
        _ ops: inout [Operation], gap: Int,
        isRemovable: (Operation) -> Bool, isAddRemovable: (Operation) -> Bool,
        free: ([Operation]) -> [Int], freeAdd: ([Operation]) -> [Int],
        delete: (Int) -> Operation, insert: (Int) -> Operation
    ) {
        var remaining = abs(gap)
        guard remaining > 0 else { return }
        let drops = gap < 0 ? isRemovable : isAddRemovable
        while remaining > 0, let last = ops.lastIndex(where: drops) {
            ops.remove(at: last)
            remaining -= 1
        }
        let indexes = gap < 0 ? free(ops) : freeAdd(ops)
        for index in indexes.prefix(remaining) { ops.append(gap < 0 ? delete(index) : insert(index)) }
    }

    /// Section indexes below `count` that no operation names, highest first
    /// (old indexes: deletes, reloads, move sources; new: inserts, move destinations).
    private static func freeSections(_ ops: [Operation], count: Int, isOld: Bool) -> [Int] {
        var used = Set<Int>()
        for op in ops {
            switch op {
            case .deleteSection(let s), .reloadSection(let s): if isOld { used.insert(s) }
            case .insertSection(let s): if !isOld { used.insert(s) }
            case .moveSection(let from, let to): used.insert(isOld ? from : to)
            default: break
            }
        }
        return (0..<count).reversed().filter { !used.contains($0) }
    }

    /// Item indexes of section `s` below `count` that no operation names, highest first.
    private static func freeItems(_ ops: [Operation], section s: Int, count: Int, isOld: Bool) -> [Int] {
        var used = Set<Int>()
        for op in ops {
            switch op {
            case .deleteItem(let p), .reloadItem(let p): if isOld && p.section == s { used.insert(p.item) }
            case .insertItem(let p): if !isOld && p.section == s { used.insert(p.item) }
            case .moveItem(let from, let to):
                let p = isOld ? from : to
                if p.section == s { used.insert(p.item) }
            default: break
            }
        }
        return (0..<count).reversed().filter { !used.contains($0) }
    }
}

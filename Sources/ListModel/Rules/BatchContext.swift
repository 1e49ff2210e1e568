// BatchContext: one batch seen against what the view displays before it and
// what the data source returns after it. Every rule reads from it.

/// A batch with the two states it is checked against (RULES.md §1).
///
/// Deletes, reloads and move sources index `displayed` (the state before the
/// batch); inserts and move destinations index `data` (the state after it,
/// as the data source reports it). Every lookup is safe: an index that is
/// not there answers `nil`, never traps.
struct BatchContext {
    var batch: BatchLists
    var displayed: Snapshot
    var data: Snapshot

    init(batch: Batch, displayed: Snapshot, data: Snapshot) {
        self.batch = BatchLists(batch)
        self.displayed = displayed
        self.data = data
    }

    var sectionsBefore: Int { displayed.sections.count }
    var sectionsAfter: Int { data.sections.count }

    /// The number of items in section `s` before the update, or `nil` if there is no such section.
    func itemsBefore(_ s: Int) -> Int? {
        s >= 0 && s < displayed.sections.count ? displayed.sections[s].items.count : nil
    }

    /// The number of items in section `t` after the update, or `nil` if there is no such section.
    func itemsAfter(_ t: Int) -> Int? {
        t >= 0 && t < data.sections.count ? data.sections[t].items.count : nil
    }

    /// The item displayed at `p` before the update, if there is one.
    func displayedItem(at p: ItemPath) -> Item? {
        guard let n = itemsBefore(p.section), p.item >= 0, p.item < n else { return nil }
        return displayed.sections[p.section].items[p.item]
    }

    /// The item the data source holds at `p` after the update, if there is one.
    func dataItem(at p: ItemPath) -> Item? {
        guard let n = itemsAfter(p.section), p.item >= 0, p.item < n else { return nil }
        return data.sections[p.section].items[p.item]
    }

}

/// A batch with its operations listed by kind once (the same lists as
/// `Batch`'s properties), so the rules do not filter the operations again
/// at every check.
struct BatchLists {
    let batch: Batch
    let deletedSections: [Int]
    let insertedSections: [Int]
    let reloadedSections: [Int]
    let movedSections: [(from: Int, to: Int)]
    let deletedItems: [ItemPath]
    let insertedItems: [ItemPath]
    let reloadedItems: [ItemPath]
    let movedItems: [(from: ItemPath, to: ItemPath)]

    init(_ batch: Batch) {
        self.batch = batch
        deletedSections = batch.deletedSections
        insertedSections = batch.insertedSections
        reloadedSections = batch.reloadedSections
        movedSections = batch.movedSections
        deletedItems = batch.deletedItems
        insertedItems = batch.insertedItems
        reloadedItems = batch.reloadedItems
        movedItems = batch.movedItems
    }

    var operations: [Operation] { batch.operations }
}

/// Where each section goes (RULES.md §2.1): deleted and moved-away sections
/// leave, inserted and moved-in sections take their final indexes, and the
/// untouched (and reloaded) sections fill the remaining indexes in their old
/// relative order.
///
/// Built only from a batch whose section operations passed the section
/// checks, but never traps on any batch.
struct SectionMap {
    /// The final index of each old section, `nil` if it is deleted.
    var finalIndex: [Int?]
    /// The old index of each final section, `nil` if it is inserted.
    var oldIndex: [Int?]

    init(_ context: BatchContext) {
        let batch = context.batch
        let deleted = Set(batch.deletedSections)
        let inserted = Set(batch.insertedSections)
        var moves: [Int: Int] = [:]
        for move in batch.movedSections where moves[move.from] == nil { moves[move.from] = move.to }
        let taken = inserted.union(moves.values)
        let free = (0..<max(context.sectionsAfter, 0)).filter { !taken.contains($0) }
        let staying = (0..<context.sectionsBefore).filter { !deleted.contains($0) && moves[$0] == nil }

        finalIndex = Array(repeating: nil, count: context.sectionsBefore)
        oldIndex = Array(repeating: nil, count: context.sectionsAfter)
        // Untouched sections keep their relative order: the k-th one takes the k-th free index.
        for (k, s) in staying.enumerated() where k < free.count {
            finalIndex[s] = free[k]
        }
        for (from, to) in moves where from >= 0 && from < finalIndex.count {
            finalIndex[from] = to
        }
        for (s, t) in finalIndex.enumerated() {
            if let t, t >= 0, t < oldIndex.count { oldIndex[t] = s }
        }
    }

    func finalIndex(ofOld s: Int) -> Int? {
        s >= 0 && s < finalIndex.count ? finalIndex[s] : nil
    }

    func oldIndex(ofFinal t: Int) -> Int? {
        t >= 0 && t < oldIndex.count ? oldIndex[t] : nil
    }
}

/// The ways a rule names an operation in a message: the case-format spelling
/// (`delete 0.1`, `move section 1 2`).
extension Operation {
    var caseSpelling: String {
        switch self {
        case .deleteSection(let s): return "delete section \(s)"
        case .insertSection(let s): return "insert section \(s)"
        case .reloadSection(let s): return "reload section \(s)"
        case .moveSection(let s, let t): return "move section \(s) \(t)"
        case .deleteItem(let p): return "delete \(p)"
        case .insertItem(let p): return "insert \(p)"
        case .reloadItem(let p): return "reload \(p)"
        case .moveItem(let p, let q): return "move \(p) \(q)"
        }
    }
}

/// The first element of `values` that occurs earlier in `values` too.
func firstDuplicate<T: Hashable>(in values: [T]) -> T? {
    // A short list (most batches) is searched directly: no set to build.
    if values.count <= 8 {
        for index in values.indices where values[..<index].contains(values[index]) { return values[index] }
        return nil
    }
    var seen = Set<T>()
    for value in values {
        if seen.contains(value) { return value }
        seen.insert(value)
    }
    return nil
}

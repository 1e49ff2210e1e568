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
    /// The words of the view's messages (RULES.md §3.4).
    var words: ViewWords

    init(batch: Batch, displayed: Snapshot, data: Snapshot, words: ViewWords = .collectionView) {
        self.batch = BatchLists(batch)
        self.displayed = displayed
        self.data = data
        self.words = words
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
///
/// A class of constants: a context (and what holds one) is copied as one
/// reference, not as nine arrays.
final class BatchLists {
    let batch: Batch
    let deletedSections: [Int]
    let insertedSections: [Int]
    let reloadedSections: [Int]
    let movedSections: [(from: Int, to: Int)]
    let deletedItems: [ItemPath]
    let insertedItems: [ItemPath]
    let reloadedItems: [ItemPath]
    let movedItems: [(from: ItemPath, to: ItemPath)]

    /// The lists of `batch`, in one pass over its operations (each list in
    /// issue order, as `Batch`'s properties give it).
    init(_ batch: Batch) {
        self.batch = batch
        var deletedSections: [Int] = [], insertedSections: [Int] = [], reloadedSections: [Int] = []
        var movedSections: [(from: Int, to: Int)] = []
        var deletedItems: [ItemPath] = [], insertedItems: [ItemPath] = [], reloadedItems: [ItemPath] = []
        var movedItems: [(from: ItemPath, to: ItemPath)] = []
        for op in batch.operations {
            switch op {
            case .deleteSection(let s): deletedSections.append(s)
            case .insertSection(let s): insertedSections.append(s)
            case .reloadSection(let s): reloadedSections.append(s)
            case .moveSection(let s, let t): movedSections.append((s, t))
            case .deleteItem(let p): deletedItems.append(p)
            case .insertItem(let p): insertedItems.append(p)
            case .reloadItem(let p): reloadedItems.append(p)
            case .moveItem(let p, let q): movedItems.append((p, q))
            }
        }
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.reloadedSections = reloadedSections
        self.movedSections = movedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.reloadedItems = reloadedItems
        self.movedItems = movedItems
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
        let before = context.sectionsBefore, after = context.sectionsAfter
        // No section deleted, inserted or moved: the k-th old section is the k-th final one.
        if batch.deletedSections.isEmpty && batch.insertedSections.isEmpty && batch.movedSections.isEmpty {
            finalIndex = (0..<before).map { $0 < after ? $0 : nil }
            oldIndex = (0..<after).map { $0 < before ? $0 : nil }
            return
        }
        // The first move from each source (a later one from the same source does not count).
        var moves: [Int: Int] = [:]
        for move in batch.movedSections where moves[move.from] == nil { moves[move.from] = move.to }
        // Old sections that leave (deleted or moved away), final indexes that are taken
        // (inserted or moved to); an index outside the states names no section here.
        var leaves = Array(filled: false, count: before)
        var taken = Array(filled: false, count: after)
        for s in batch.deletedSections where s >= 0 && s < before { leaves[s] = true }
        for t in batch.insertedSections where t >= 0 && t < after { taken[t] = true }
        for (from, to) in moves {
            if from >= 0 && from < before { leaves[from] = true }
            if to >= 0 && to < after { taken[to] = true }
        }

        finalIndex = Array(filled: nil, count: before)
        oldIndex = Array(filled: nil, count: after)
        // Untouched sections keep their relative order: the k-th one takes the k-th free index.
        var free = 0
        for s in 0..<before where !leaves[s] {
            while free < after && taken[free] { free += 1 }
            if free == after { break }
            finalIndex[s] = free
            free += 1
        }
        for (from, to) in moves where from >= 0 && from < before {
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

/// The first element of `values` that occurs earlier in `values` too: the
/// one at the smallest position that repeats an earlier one.
///
/// A short list (most batches) is searched directly. A longer one is
/// sorted by value, then position (no hashing): equal values end up next
/// to each other in position order, so every element after the first of
/// its run repeats an earlier one, and the answer is the one of them at
/// the smallest position.
///
/// - Complexity: O(*n* log *n*).
func firstDuplicate<T: Comparable>(in values: [T]) -> T? {
    if values.count <= 8 {
        for index in values.indices where values[..<index].contains(values[index]) { return values[index] }
        return nil
    }
    var order = Array(values.indices)
    order.sort { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
    var first = Int.max
    for k in 1..<order.count where order[k] < first && values[order[k]] == values[order[k - 1]] {
        first = order[k]
    }
    return first == Int.max ? nil : values[first]
}

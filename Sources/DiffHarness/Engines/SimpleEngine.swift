// SimpleEngine: a plain, correct two-stage engine, and the seeded flaws that
// make it the harness's mutants.
//
// The engine pairs identities in order (k-th old occurrence with k-th new),
// then issues
//   stage 1 (only when something changed content): reloads of updated items
//     and sections at their old index paths, nothing else, so every reload
//     stays in place;
//   stage 2: section deletes, inserts and moves (a moved section whose items
//     change is deleted and re-inserted instead), then item deletes, inserts
//     and moves (only items outside a longest kept-in-order run move).
// It is written for obviousness: it is the baseline the mutants distort, and
// itself a second engine the harness must never flag.
import ListModel

/// A realistic bug, each taken from the known failures of real diff libraries.
public enum Flaw: String, CaseIterable, Sendable {
    /// Updates issued as reloads at the item's *new* index path, in the same
    /// batch as the moves (early Differ/DeepDiff-style output).
    case reloadAtNewIndex = "reload-new-index"
    /// Moves written as sequential remove/insert steps, each index relative to
    /// the list as the previous steps left it (an array-edit script, not a batch).
    case sequentialMoves = "sequential-moves"
    /// Move sources given in the coordinates left after the deletes, not in
    /// the old state.
    case moveSourceAfterDeletes = "move-source-after-deletes"
    /// An updated item that also moves is not reloaded: the moved cell keeps
    /// its old content.
    case staleMovedUpdate = "stale-moved-update"
    /// Duplicated identities resolved last-wins through a dictionary: every
    /// old occurrence pairs with the last new occurrence.
    case lastWins = "last-wins"
    /// Item changes issued inside a section that also moves.
    case changesInMovedSection = "changes-in-moved-section"
    /// An item whose section is deleted is moved out of it instead of being
    /// deleted and re-inserted.
    case moveOutOfDeletedSection = "move-out-of-deleted-section"
    /// An insert at the end of a section is issued one past the end.
    case offByOneAtEnd = "off-by-one-at-end"
    /// Every item whose index changed is moved (IGListKit-style), far more
    /// moves than needed.
    case allShiftedMove = "all-shifted-move"
    /// A section whose own content changed is never reloaded.
    case sectionUpdateSkipped = "section-update-skipped"
    /// Identities indexed with `Dictionary(uniqueKeysWithValues:)`, which
    /// traps on a duplicated identity (the process dies: only worker
    /// processes survive it).
    case duplicateKeyTrap = "duplicate-key-trap"

    /// The bug in a few words, for `diffcheck engines`.
    public var bug: String {
        switch self {
        case .reloadAtNewIndex: return "updates reloaded at the new index path, in the batch with the moves"
        case .sequentialMoves: return "moves written as sequential remove/insert steps"
        case .moveSourceAfterDeletes: return "move sources counted after the deletes"
        case .staleMovedUpdate: return "an updated item that moves is not reloaded"
        case .lastWins: return "duplicated identities resolved last-wins"
        case .changesInMovedSection: return "item changes inside a section that also moves"
        case .moveOutOfDeletedSection: return "an item moved out of a deleted section"
        case .offByOneAtEnd: return "an insert at the end of a section is one past the end"
        case .allShiftedMove: return "every shifted item is moved (far more moves than needed)"
        case .sectionUpdateSkipped: return "a section whose content changed is never reloaded"
        case .duplicateKeyTrap: return "traps on a duplicated identity (Dictionary(uniqueKeysWithValues:))"
        }
    }

    /// The engine name, as `--engine` takes it.
    public var engineName: String { "mutant:" + rawValue }
}

/// The plain two-stage engine, optionally with one seeded flaw.
public struct SimpleEngine: DiffEngine {
    /// The seeded bug, or nil for the plain engine.
    public let flaw: Flaw?

    /// The plain engine (`simple`), or the mutant with `flaw`.
    public init(flaw: Flaw? = nil) {
        self.flaw = flaw
    }

    public var name: String { flaw?.engineName ?? "simple" }
    public var isFlatOnly: Bool { false }
    public var claims: Set<PropertyName> { Set(PropertyName.allCases) }
    public var summary: String {
        guard let flaw else { return "a plain two-stage engine (reload stage, then structure): the mutants' baseline" }
        return "seeded bug: " + flaw.bug
    }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        if flaw == .duplicateKeyTrap {
            let ids = old.sections.flatMap { $0.items.map(\.id) }
            let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            precondition(index.count == ids.count)
        }
        var plan = Plan(old: old, new: new, flaw: flaw)
        return .stages(plan.stages())
    }
}

/// The working state of one `SimpleEngine.diff` call.
private struct Plan {
    let old: Snapshot
    let new: Snapshot
    let flaw: Flaw?
    var newSectionOfOld: [Int?]
    var oldSectionOfNew: [Int?]
    /// Partner of each old item (new path), and of each new item (old path).
    var newPathOfOld: [ItemPath: ItemPath] = [:]
    var oldPathOfNew: [ItemPath: ItemPath] = [:]
    /// Old sections deleted and re-inserted instead of moved.
    var replaced: Set<Int> = []
    var movedSections: Set<Int> = []

    init(old: Snapshot, new: Snapshot, flaw: Flaw?) {
        self.old = old
        self.new = new
        self.flaw = flaw
        (newSectionOfOld, oldSectionOfNew) = Matching.pairInOrder(old.sections.map(\.id), new.sections.map(\.id))
        let oldPaths = old.sections.indices.flatMap { s in old.sections[s].items.indices.map { ItemPath(s, $0) } }
        let newPaths = new.sections.indices.flatMap { s in new.sections[s].items.indices.map { ItemPath(s, $0) } }
        let oldIDs = oldPaths.map { old.sections[$0.section].items[$0.item].id }
        let newIDs = newPaths.map { new.sections[$0.section].items[$0.item].id }
        if flaw == .lastWins {
            var last: [String: Int] = [:]
            for (index, id) in newIDs.enumerated() { last[id] = index }
            for (index, id) in oldIDs.enumerated() {
                guard let partner = last[id] else { continue }
                newPathOfOld[oldPaths[index]] = newPaths[partner]
                oldPathOfNew[newPaths[partner]] = oldPaths[index]
            }
        } else {
            let (forward, _) = Matching.pairInOrder(oldIDs, newIDs)
            for (index, partner) in forward.enumerated() {
                guard let partner else { continue }
                newPathOfOld[oldPaths[index]] = newPaths[partner]
                oldPathOfNew[newPaths[partner]] = oldPaths[index]
            }
        }
    }

    func oldItem(_ p: ItemPath) -> Item { old.sections[p.section].items[p.item] }
    func newItem(_ p: ItemPath) -> Item { new.sections[p.section].items[p.item] }

    /// Whether an old section survives in place of (or moved to) a new one.
    func isKept(oldSection s: Int) -> Bool { newSectionOfOld[s] != nil && !replaced.contains(s) }
    func isKept(newSection s: Int) -> Bool { oldSectionOfNew[s].map { isKept(oldSection: $0) } ?? false }

    /// The old items of section `s` that stay in its partner, with their new item indexes.
    func staying(_ s: Int) -> [(old: Int, new: Int)] {
        old.sections[s].items.indices.compactMap { i in
            guard let to = newPathOfOld[ItemPath(s, i)], to.section == newSectionOfOld[s] else { return nil }
            return (i, to.item)
        }
    }

    /// Whether any item of old section `s` (matched to `n`) is inserted, deleted or moved.
    func hasItemChanges(oldSection s: Int, newSection n: Int) -> Bool {
        let stay = staying(s)
        return stay.count != old.sections[s].items.count || stay.count != new.sections[n].items.count
            || LabelSet.longestKeptInOrder(stay.map(\.new)).count != stay.count
    }

    mutating func stages() -> [Stage] {
        let order = newSectionOfOld.compactMap { $0 }
        let kept = Set(LabelSet.longestKeptInOrder(order))
        for (s, n) in newSectionOfOld.enumerated() {
            guard let n, !kept.contains(n) else { continue }
            if hasItemChanges(oldSection: s, newSection: n) && flaw != .changesInMovedSection {
                replaced.insert(s)
            } else {
                movedSections.insert(s)
            }
        }
        var stages: [Stage] = []
        if let reloads = reloadStage() { stages.append(reloads) }
        stages.append(Stage(batch: structureBatch()))
        return stages
    }

    /// Stage 1: reloads in place, and the data after them (old structure, new contents).
    func reloadStage() -> Stage? {
        guard flaw != .reloadAtNewIndex else { return nil }
        var operations: [Operation] = []
        var data = old
        for (s, n) in newSectionOfOld.enumerated() {
            guard let n, isKept(oldSection: s) else { continue }
            let isSectionUpdated = old.sections[s].content != new.sections[n].content && flaw != .sectionUpdateSkipped
            var isItemUpdated = false
            for i in old.sections[s].items.indices {
                guard let to = newPathOfOld[ItemPath(s, i)] else { continue }
                let after = newItem(to)
                guard after.content != oldItem(ItemPath(s, i)).content else { continue }
                if flaw == .staleMovedUpdate && isMoved(from: ItemPath(s, i), to: to) { continue }
                data.sections[s].items[i].content = after.content
                isItemUpdated = true
                if !isSectionUpdated { operations.append(.reloadItem(ItemPath(s, i))) }
            }
            if isSectionUpdated {
                data.sections[s].content = new.sections[n].content
                operations.append(.reloadSection(s))
            } else if !isItemUpdated {
                continue
            }
        }
        return operations.isEmpty ? nil : Stage(batch: Batch(operations), data: data)
    }

    /// Whether moving the item at `from` to `to` crosses sections that carry
    /// the same number in the old and the new state (old section 1 to a
    /// different new section 1). UIKit counts a move for its sections only
    /// when the numbers differ (RULES.md, Step 9), so such an item is deleted
    /// and inserted instead.
    func isUncountedMove(from: ItemPath, to: ItemPath) -> Bool {
        from.section == to.section && newSectionOfOld[from.section] != to.section
    }

    func isMoved(from: ItemPath, to: ItemPath) -> Bool {
        if newSectionOfOld[from.section] != to.section { return true }
        let stay = staying(from.section)
        let kept = Set(LabelSet.longestKeptInOrder(stay.map(\.new)))
        return !kept.contains(to.item)
    }

    /// Stage 2: sections, then items.
    func structureBatch() -> Batch {
        var operations: [Operation] = []
        for s in old.sections.indices where !isKept(oldSection: s) { operations.append(.deleteSection(s)) }
        for n in new.sections.indices where !isKept(newSection: n) { operations.append(.insertSection(n)) }
        for s in movedSections.sorted() { operations.append(.moveSection(from: s, to: newSectionOfOld[s]!)) }

        var deletedBefore: [ItemPath: Int] = [:]   // for move-source-after-deletes
        for s in old.sections.indices where isKept(oldSection: s) {
            var deletes = 0
            for i in old.sections[s].items.indices {
                let from = ItemPath(s, i)
                deletedBefore[from] = deletes
                let partner = newPathOfOld[from]
                let keepsPartner = partner.map { isKept(newSection: $0.section) && !isUncountedMove(from: from, to: $0) } ?? false
                if !keepsPartner {
                    operations.append(.deleteItem(from))
                    deletes += 1
                }
            }
        }
        var moves: [(from: ItemPath, to: ItemPath)] = []
        for s in old.sections.indices where isKept(oldSection: s) {
            let stay = staying(s)
            let kept = Set(LabelSet.longestKeptInOrder(stay.map(\.new)))
            for i in old.sections[s].items.indices {
                let from = ItemPath(s, i)
                guard let to = newPathOfOld[from], isKept(newSection: to.section), !isUncountedMove(from: from, to: to) else { continue }
                let isSameSection = newSectionOfOld[s] == to.section
                if flaw == .allShiftedMove ? (from.item != to.item || !isSameSection) : (!isSameSection || !kept.contains(to.item)) {
                    moves.append((from, to))
                }
            }
        }
        if flaw == .moveOutOfDeletedSection {
            for s in old.sections.indices where !isKept(oldSection: s) {
                for i in old.sections[s].items.indices {
                    if let to = newPathOfOld[ItemPath(s, i)], isKept(newSection: to.section) {
                        moves.append((ItemPath(s, i), to))
                    }
                }
            }
        }
        if flaw == .sequentialMoves { moves = sequential(moves) }
        for move in moves {
            var from = move.from
            if flaw == .moveSourceAfterDeletes { from.item -= deletedBefore[from] ?? 0 }
            operations.append(.moveItem(from: from, to: move.to))
        }
        for n in new.sections.indices where isKept(newSection: n) {
            for j in new.sections[n].items.indices {
                let to = ItemPath(n, j)
                let source = oldPathOfNew[to]
                let isMovedIn = source.map { (isKept(oldSection: $0.section) && !isUncountedMove(from: $0, to: to)) || flaw == .moveOutOfDeletedSection } ?? false
                if !isMovedIn {
                    var at = to
                    if flaw == .offByOneAtEnd && j == new.sections[n].items.count - 1 { at.item += 1 }
                    operations.append(.insertItem(at))
                }
            }
        }
        if flaw == .reloadAtNewIndex {
            for (from, to) in newPathOfOld.sorted(by: { $0.key < $1.key })
            where isKept(oldSection: from.section) && isKept(newSection: to.section) && oldItem(from).content != newItem(to).content {
                operations.append(.reloadItem(to))
            }
        }
        return Batch(operations)
    }

    /// Rewrites simultaneous moves as a sequential script: each move's source
    /// is the item's index after the previous moves were applied one by one.
    func sequential(_ moves: [(from: ItemPath, to: ItemPath)]) -> [(from: ItemPath, to: ItemPath)] {
        var lists: [Int: [ItemPath]] = [:]   // section -> current order of old paths
        for s in old.sections.indices { lists[s] = old.sections[s].items.indices.map { ItemPath(s, $0) } }
        var script: [(from: ItemPath, to: ItemPath)] = []
        for move in moves.sorted(by: { $0.to < $1.to }) {
            let s = move.from.section
            guard let index = lists[s]?.firstIndex(of: move.from) else { continue }
            script.append((ItemPath(s, index), move.to))
            lists[s]?.remove(at: index)
            if move.to.section == s {
                let at = min(move.to.item, lists[s]?.count ?? 0)
                lists[s]?.insert(move.from, at: at)
            }
        }
        return script
    }
}

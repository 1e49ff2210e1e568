// Labels: what a case contains, so a campaign can say what it covered.
import ListModel

/// A feature of an old/new pair. A label that never occurs in a campaign is
/// reported as a coverage gap.
public enum Label: String, CaseIterable, Sendable, Comparable {
    case emptySnapshot = "empty-snapshot"
    case emptySection = "empty-section"
    case sectioned
    case itemInsert = "item-insert"
    case itemDelete = "item-delete"
    case itemUpdate = "item-update"
    case move
    case crossSectionMove = "cross-section-move"
    case movedAndUpdated = "moved-and-updated"
    case sectionInsert = "section-insert"
    case sectionDelete = "section-delete"
    case sectionMove = "section-move"
    case sectionUpdate = "section-update"
    case changeInMovedSection = "change-in-moved-section"
    case duplicateItems = "duplicate-items"
    case duplicateSections = "duplicate-sections"
    case unrelated
    case large
    /// A pair one sorted fetched-results section could report: flat, no
    /// repeated identity, and the unchanged objects keep their order (an
    /// object moves only when its sort key changed, RULES.md §5).
    case frcOneSection = "frc-one-section"
    /// The same for sections from a key path: sectioned, no repeats, no
    /// empty section, every section keeps its name (content), sections
    /// keep their order, and unchanged objects keep their section and order.
    case frcKeyPathSections = "frc-key-path-sections"
    /// Several fetched entities merged into one snapshot: at least two of
    /// the merged shape's entity sections (`PairGenerator.mergedEntities`).
    case frcMergedEntities = "frc-merged-entities"

    public static func < (lhs: Label, rhs: Label) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The labels of a pair, read off the pair itself (so corpus and
    /// enumerated cases are labelled the same way as generated ones).
    public static func of(old: Snapshot, new: Snapshot) -> Set<Label> {
        var labels: Set<Label> = []
        let matching = Matching(old: old, new: new)
        if old.sections.isEmpty || new.sections.isEmpty { labels.insert(.emptySnapshot) }
        if (old.sections + new.sections).contains(where: { $0.items.isEmpty }) { labels.insert(.emptySection) }
        if !old.isFlat || !new.isFlat { labels.insert(.sectioned) }
        if old.itemCount + new.itemCount >= 50 { labels.insert(.large) }
        for snapshot in [old, new] {
            let items = snapshot.sections.flatMap { $0.items.map(\.id) }
            if Set(items).count < items.count { labels.insert(.duplicateItems) }
            if Set(snapshot.sections.map(\.id)).count < snapshot.sections.count { labels.insert(.duplicateSections) }
        }
        if matching.oldSectionOfNew.contains(where: { $0 == nil }) { labels.insert(.sectionInsert) }
        if matching.newSectionOfOld.contains(where: { $0 == nil }) { labels.insert(.sectionDelete) }
        let sectionOrder = matching.newSectionOfOld.compactMap { $0 }
        if Matching.longestIncreasingLength(sectionOrder) < sectionOrder.count { labels.insert(.sectionMove) }
        for (o, n) in matching.newSectionOfOld.enumerated() {
            guard let n else { continue }
            if old.sections[o].content != new.sections[n].content { labels.insert(.sectionUpdate) }
        }
        if matching.itemPairs.count < old.itemCount { labels.insert(.itemDelete) }
        if matching.itemPairs.count < new.itemCount { labels.insert(.itemInsert) }
        if matching.itemPairs.isEmpty && old.itemCount > 0 && new.itemCount > 0 { labels.insert(.unrelated) }
        var staying: [Int: [(newItem: Int, updated: Bool)]] = [:]
        var changedSections: Set<Int> = []
        for pair in matching.itemPairs {
            let before = old.sections[pair.old.section].items[pair.old.item]
            let after = new.sections[pair.new.section].items[pair.new.item]
            let isUpdated = before.content != after.content
            if isUpdated { labels.insert(.itemUpdate) }
            if matching.newSectionOfOld[pair.old.section] == pair.new.section {
                staying[pair.old.section, default: []].append((pair.new.item, isUpdated))
            } else {
                labels.insert(.crossSectionMove)
                if isUpdated { labels.insert(.movedAndUpdated) }
                changedSections.insert(pair.old.section)
            }
        }
        labels.formUnion(fetchedResultsLabels(old: old, new: new, matching: matching))
        for (section, order) in staying {
            if Matching.longestIncreasingLength(order.map(\.newItem)) < order.count {
                labels.insert(.move)
                changedSections.insert(section)
                // Some item outside a longest kept-in-order subsequence moves;
                // any updated item that is out of place relative to its
                // neighbours counts as moved and updated.
                if order.contains(where: \.updated) { labels.insert(.movedAndUpdated) }
            }
        }
        for (o, n) in matching.newSectionOfOld.enumerated() {
            guard let n else { continue }
            if old.sections[o].items.count != new.sections[n].items.count { changedSections.insert(o) }
        }
        if labels.contains(.sectionMove) {
            let lis = Set(longestKeptInOrder(sectionOrder))
            for (o, n) in matching.newSectionOfOld.enumerated() {
                if let n, !lis.contains(n), changedSections.contains(o) { labels.insert(.changeInMovedSection) }
            }
        }
        return labels
    }

    /// The fetched-results shape labels of a pair (see each label).
    static func fetchedResultsLabels(old: Snapshot, new: Snapshot, matching: Matching) -> Set<Label> {
        let entities = Set(PairGenerator.mergedEntities.map(\.section))
        if (old.sections + new.sections).filter({ entities.contains($0.id) }).count >= 2 && !old.isFlat {
            return [.frcMergedEntities]
        }
        guard !hasDuplicates(old), !hasDuplicates(new) else { return [] }
        // Unchanged objects keep their section and their order.
        var unchangedOrder: [Int: [Int]] = [:]
        for pair in matching.itemPairs {
            let before = old.sections[pair.old.section].items[pair.old.item]
            let after = new.sections[pair.new.section].items[pair.new.item]
            guard before.content == after.content else { continue }
            guard matching.newSectionOfOld[pair.old.section] == pair.new.section else { return [] }
            unchangedOrder[pair.old.section, default: []].append(pair.new.item)
        }
        for order in unchangedOrder.values where Matching.longestIncreasingLength(order) < order.count { return [] }
        if old.isFlat && new.isFlat { return [.frcOneSection] }
        let sectionOrder = matching.newSectionOfOld.compactMap { $0 }
        guard !(old.sections + new.sections).contains(where: { $0.items.isEmpty }),
              Matching.longestIncreasingLength(sectionOrder) == sectionOrder.count,
              matching.newSectionOfOld.enumerated().allSatisfy({ o, n in n.map { old.sections[o].content == new.sections[$0].content } ?? true })
        else { return [] }
        return [.frcKeyPathSections]
    }

    /// One longest strictly increasing subsequence of `values`.
    static func longestKeptInOrder(_ values: [Int]) -> [Int] {
        var tails: [Int] = []            // indexes into values
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.append(values[cursor])
            cursor = previous[cursor]
        }
        return result.reversed()
    }
}

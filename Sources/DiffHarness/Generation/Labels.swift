// Labels: what a case contains, so a campaign can say what it covered.
import ListModel

/// A feature of an old/new pair. A label that never occurs in a campaign is
/// reported as a coverage gap.
public enum Label: String, CaseIterable, Sendable, Comparable {
    /// The old or the new snapshot has no sections.
    case emptySnapshot = "empty-snapshot"
    /// Some section of either snapshot has no items.
    case emptySection = "empty-section"
    /// Either snapshot is more than one implicit section.
    case sectioned
    /// Some item of the new snapshot has no partner in the old one.
    case itemInsert = "item-insert"
    /// Some item of the old snapshot has no partner in the new one.
    case itemDelete = "item-delete"
    /// Some paired item changes its content version.
    case itemUpdate = "item-update"
    /// Some item changes its order within a section that stays.
    case move
    /// Some item goes to another section.
    case crossSectionMove = "cross-section-move"
    /// Some item both moves and changes its content version.
    case movedAndUpdated = "moved-and-updated"
    /// Some section of the new snapshot has no partner in the old one.
    case sectionInsert = "section-insert"
    /// Some section of the old snapshot has no partner in the new one.
    case sectionDelete = "section-delete"
    /// The paired sections change their order.
    case sectionMove = "section-move"
    /// Some paired section changes its own content version.
    case sectionUpdate = "section-update"
    /// A section that moves also has items moved in or out, or a count that changes.
    case changeInMovedSection = "change-in-moved-section"
    /// Either snapshot repeats an item identity.
    case duplicateItems = "duplicate-items"
    /// Either snapshot repeats a section identity.
    case duplicateSections = "duplicate-sections"
    /// Both snapshots have items and no item of one pairs with the other.
    case unrelated
    /// The two snapshots hold at least 50 items together.
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
    /// A snapshot of at least 1,000 items (`SizeClass.thousands`).
    case thousands = "size-1k"
    /// A snapshot of at least 10,000 items (`SizeClass.tensOfThousands`).
    case tensOfThousands = "size-10k"
    /// A snapshot of at least 100,000 items (`SizeClass.hundredsOfThousands`,
    /// only with `--size`: never a coverage gap).
    case hundredsOfThousands = "size-100k"

    public static func < (lhs: Label, rhs: Label) -> Bool {
        lhs.index < rhs.index
    }

    /// Its position in `allCases` (and its bit in a `LabelSet`).
    public var index: Int {
        switch self {
        case .emptySnapshot: return 0
        case .emptySection: return 1
        case .sectioned: return 2
        case .itemInsert: return 3
        case .itemDelete: return 4
        case .itemUpdate: return 5
        case .move: return 6
        case .crossSectionMove: return 7
        case .movedAndUpdated: return 8
        case .sectionInsert: return 9
        case .sectionDelete: return 10
        case .sectionMove: return 11
        case .sectionUpdate: return 12
        case .changeInMovedSection: return 13
        case .duplicateItems: return 14
        case .duplicateSections: return 15
        case .unrelated: return 16
        case .large: return 17
        case .frcOneSection: return 18
        case .frcKeyPathSections: return 19
        case .frcMergedEntities: return 20
        case .thousands: return 21
        case .tensOfThousands: return 22
        case .hundredsOfThousands: return 23
        }
    }

    /// The labels of a pair, read off the pair itself (so corpus and
    /// enumerated cases are labelled the same way as generated ones).
    public static func of(old: Snapshot, new: Snapshot) -> Set<Label> {
        Set(LabelSet(old: old, new: new).labels)
    }
}

/// Labels as bits: what a campaign counts for every case, without hashing.
public struct LabelSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding `label` alone.
    public init(_ label: Label) { rawValue = 1 << UInt32(label.index) }

    /// The labels, in `Label.allCases` order.
    public var labels: [Label] { Label.allCases.filter { contains(LabelSet($0)) } }

    /// Adds `label` to the set.
    public mutating func insert(_ label: Label) { formUnion(LabelSet(label)) }

    /// Whether the set holds `label`.
    public func contains(_ label: Label) -> Bool { contains(LabelSet(label)) }

    /// The labels of a pair (`Label.of`).
    public init(old: Snapshot, new: Snapshot) {
        self.init(old: old, new: new, matching: Matching(old: old, new: new))
    }

    /// The labels of a pair whose matching is already built (a campaign
    /// builds one per case, for `minimal-moves` and for these).
    package init(old: Snapshot, new: Snapshot, matching: Matching) {
        self = Self.reading(old: old, new: new, matching: matching)
    }

    private static func reading(old: Snapshot, new: Snapshot, matching: Matching) -> LabelSet {
        var labels = LabelSet()
        if old.sections.isEmpty || new.sections.isEmpty { labels.insert(.emptySnapshot) }
        if old.sections.contains(where: { $0.items.isEmpty }) || new.sections.contains(where: { $0.items.isEmpty }) {
            labels.insert(.emptySection)
        }
        if !old.isFlat || !new.isFlat { labels.insert(.sectioned) }
        let oldCount = old.itemCount, newCount = new.itemCount
        if oldCount + newCount >= 50 { labels.insert(.large) }
        let longest = max(oldCount, newCount)
        if longest >= 1_000 { labels.insert(.thousands) }
        if longest >= 10_000 { labels.insert(.tensOfThousands) }
        if longest >= 100_000 { labels.insert(.hundredsOfThousands) }
        if matching.oldRepeatsItems || matching.newRepeatsItems { labels.insert(.duplicateItems) }
        if Self.hasRepeats(old.sections.lazy.map { $0.id }, count: old.sections.count)
            || Self.hasRepeats(new.sections.lazy.map { $0.id }, count: new.sections.count) {
            labels.insert(.duplicateSections)
        }
        if matching.oldSectionOfNew.contains(where: { $0 == nil }) { labels.insert(.sectionInsert) }
        if matching.newSectionOfOld.contains(where: { $0 == nil }) { labels.insert(.sectionDelete) }
        // Partners are distinct, so the matched sections keep their order
        // exactly when no partner comes before the one before it.
        if !Matching.isIncreasing(matching.newSectionOfOld) { labels.insert(.sectionMove) }
        for (o, n) in matching.newSectionOfOld.enumerated() {
            guard let n else { continue }
            if old.sections[o].content != new.sections[n].content { labels.insert(.sectionUpdate) }
        }
        if matching.itemPairs.count < oldCount { labels.insert(.itemDelete) }
        if matching.itemPairs.count < newCount { labels.insert(.itemInsert) }
        if matching.itemPairs.isEmpty && oldCount > 0 && newCount > 0 { labels.insert(.unrelated) }
        // Old sections with an item moved out or in, or a count that changes:
        // only asked of a section that moves, so only kept when one does.
        let tracksChanges = labels.contains(.sectionMove)
        var isChanged = tracksChanges ? [Bool](repeatElement(false, count: old.sections.count)) : []
        // The pairs of one old section are consecutive (`Matching.itemPairs`).
        // Of those whose item stays in its section, the new indexes are
        // distinct: some item moves exactly when one comes before the one
        // before it (a longest kept-in-order subsequence is then shorter).
        var section = -1
        var lastStaying = -1, isOutOfOrder = false, isStayingUpdated = false
        func endSection() {
            guard isOutOfOrder else { return }
            labels.insert(.move)
            if tracksChanges { isChanged[section] = true }
            // Some item outside a longest kept-in-order subsequence moves;
            // any updated item that is out of place relative to its
            // neighbours counts as moved and updated.
            if isStayingUpdated { labels.insert(.movedAndUpdated) }
        }
        for pair in matching.itemPairs {
            if pair.old.section != section {
                endSection()
                section = pair.old.section
                (lastStaying, isOutOfOrder, isStayingUpdated) = (-1, false, false)
            }
            let before = old.sections[pair.old.section].items[pair.old.item]
            let after = new.sections[pair.new.section].items[pair.new.item]
            let isUpdated = before.content != after.content
            if isUpdated { labels.insert(.itemUpdate) }
            if matching.newSectionOfOld[pair.old.section] == pair.new.section {
                if pair.new.item < lastStaying { isOutOfOrder = true }
                lastStaying = pair.new.item
                if isUpdated { isStayingUpdated = true }
            } else {
                labels.insert(.crossSectionMove)
                if isUpdated { labels.insert(.movedAndUpdated) }
                if tracksChanges { isChanged[pair.old.section] = true }
            }
        }
        endSection()
        labels.formUnion(fetchedResultsLabels(old: old, new: new, matching: matching,
                                              hasRepeats: labels.contains(.duplicateItems) || labels.contains(.duplicateSections),
                                              hasEmptySection: labels.contains(.emptySection)))
        if tracksChanges {
            for (o, n) in matching.newSectionOfOld.enumerated() {
                guard let n else { continue }
                if old.sections[o].items.count != new.sections[n].items.count { isChanged[o] = true }
            }
            let lis = Set(Self.longestKeptInOrder(matching.newSectionOfOld.compactMap { $0 }))
            for (o, n) in matching.newSectionOfOld.enumerated() {
                if let n, !lis.contains(n), isChanged[o] { labels.insert(.changeInMovedSection) }
            }
        }
        return labels
    }

    /// The fetched-results shape labels of a pair (see each label).
    static func fetchedResultsLabels(old: Snapshot, new: Snapshot, matching: Matching, hasRepeats: Bool,
                                     hasEmptySection: Bool) -> LabelSet {
        let isEntity = { (section: Section) in entitySections.contains(section.id) }
        if !old.isFlat && old.sections.count(where: isEntity) + new.sections.count(where: isEntity) >= 2 {
            return [LabelSet(.frcMergedEntities)]
        }
        guard !hasRepeats else { return [] }
        // Unchanged objects keep their section and their order: the pairs of
        // one old section are consecutive, and the new indexes of its
        // unchanged objects are distinct, so they keep their order exactly
        // when each comes after the one before it.
        var section = -1, lastUnchanged = -1
        for pair in matching.itemPairs {
            if pair.old.section != section {
                section = pair.old.section
                lastUnchanged = -1
            }
            let before = old.sections[pair.old.section].items[pair.old.item]
            let after = new.sections[pair.new.section].items[pair.new.item]
            guard before.content == after.content else { continue }
            guard matching.newSectionOfOld[pair.old.section] == pair.new.section, pair.new.item > lastUnchanged else { return [] }
            lastUnchanged = pair.new.item
        }
        if old.isFlat && new.isFlat { return LabelSet(.frcOneSection) }
        guard !hasEmptySection,
              Matching.isIncreasing(matching.newSectionOfOld),
              matching.newSectionOfOld.enumerated().allSatisfy({ o, n in n.map { old.sections[o].content == new.sections[$0].content } ?? true })
        else { return [] }
        return LabelSet(.frcKeyPathSections)
    }

    /// The sections of the merged-entities shape (three: compared in place, not hashed).
    private static let entitySections = PairGenerator.mergedEntities.map(\.section)

    /// Whether some identity occurs twice among `count` identities.
    static func hasRepeats<C: Collection<String>>(_ ids: C, count: Int) -> Bool {
        guard count > 1 else { return false }
        // A few identities (most cases' sections) are compared in place: no set to build.
        if count <= 8 {
            var position = ids.startIndex
            while position != ids.endIndex {
                if ids[..<position].contains(ids[position]) { return true }
                ids.formIndex(after: &position)
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: count)
        for id in ids where !seen.insert(id).inserted { return true }
        return false
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

// Matching: which old sections and items are the same identity as which new
// ones, independently of any engine.
//
// Occurrences pair in order: the k-th old occurrence of an identity with its
// k-th new occurrence (items in reading order across all sections).
// Surplus occurrences are unmatched. This is the harness's own reading, used
// for the minimal-moves bound and for labels; it shares no code with the core.
// A campaign builds it once per case: the checker's `minimal-moves` and the
// case's labels read the same one.
//
// Its arrays of one value are built from `repeatElement`, which allocates
// through code specialized for the element; `Array(repeating:count:)`
// allocates through an unspecialized entry point that looks the storage's
// type up at run time, about 600 instructions a call.
import ListModel

/// (Public for the benchmark's move minimum, `longestIncreasingLength`; the
/// rest is the harness's own.)
public struct Matching {
    /// For each old section, the index of its matched new section.
    package var newSectionOfOld: [Int?]
    /// For each new section, the index of its matched old section.
    package var oldSectionOfNew: [Int?]
    /// Matched items: old path and new path, in the old snapshot's reading
    /// order (so the pairs of one old section are consecutive).
    package var itemPairs: [(old: ItemPath, new: ItemPath)]
    /// Whether the old snapshot repeats an item identity.
    package var oldRepeatsItems: Bool
    /// Whether the new snapshot repeats an item identity.
    package var newRepeatsItems: Bool

    package init(old: Snapshot, new: Snapshot) {
        if old.sections.count * new.sections.count <= 64 {
            // Few sections (most cases): compared in place, no list of identities built.
            (newSectionOfOld, oldSectionOfNew) = Matching.pairInOrderByScanning(old.sections, new.sections, identity: \.id)
        } else {
            (newSectionOfOld, oldSectionOfNew) = Matching.pairInOrderByHashing(
                old.sections.map { $0.id }, new.sections.map { $0.id })
        }
        let oldCount = old.itemCount, newCount = new.itemCount
        if oldCount + newCount <= Matching.scanningLimit {
            itemPairs = Matching.itemPairsByScanning(old: old, new: new, pairs: min(oldCount, newCount))
            oldRepeatsItems = Matching.repeatsItemByScanning(old)
            newRepeatsItems = Matching.repeatsItemByScanning(new)
            return
        }
        // Partner of each old item, by its position in reading order.
        let partner: [ItemPath?]
        (partner, oldRepeatsItems, newRepeatsItems) = Matching.itemPartnersByHashing(
            old: old, new: new, oldCount: oldCount, newCount: newCount)
        var pairs: [(old: ItemPath, new: ItemPath)] = []
        pairs.reserveCapacity(min(oldCount, newCount))
        var position = 0
        for (s, section) in old.sections.enumerated() {
            for i in section.items.indices {
                if let newPath = partner[position] { pairs.append((ItemPath(s, i), newPath)) }
                position += 1
            }
        }
        itemPairs = pairs
    }

    /// Pairs of snapshots with at most this many items in all are paired
    /// by comparing identities directly, without a hash table.
    static let scanningLimit = 32

    /// The matched items of short snapshots, in the old snapshot's reading
    /// order (at most `pairs` of them): the k-th old occurrence of an
    /// identity is matched with its k-th new occurrence (the pairing in
    /// which each new item takes the first old item of its identity not
    /// yet taken), written straight into the pairs, without a partner list.
    static func itemPairsByScanning(old: Snapshot, new: Snapshot, pairs count: Int) -> [(old: ItemPath, new: ItemPath)] {
        var pairs: [(old: ItemPath, new: ItemPath)] = []
        guard count > 0 else { return pairs }
        pairs.reserveCapacity(count)
        for (s, section) in old.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                // Which occurrence of its identity the item is (0: the first).
                var occurrence = section.items[..<i].count { $0.id == item.id }
                for earlier in old.sections[..<s] { occurrence += earlier.items.count { $0.id == item.id } }
                search: for (t, newSection) in new.sections.enumerated() {
                    for (j, newItem) in newSection.items.enumerated() where newItem.id == item.id {
                        if occurrence == 0 {
                            pairs.append((ItemPath(s, i), ItemPath(t, j)))
                            break search
                        }
                        occurrence -= 1
                    }
                }
            }
        }
        return pairs
    }

    /// Whether a short snapshot repeats an item identity: each item is
    /// compared with the items before it.
    static func repeatsItemByScanning(_ snapshot: Snapshot) -> Bool {
        for (s, section) in snapshot.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if section.items[..<i].contains(where: { $0.id == item.id }) { return true }
                for earlier in snapshot.sections[..<s] where earlier.items.contains(where: { $0.id == item.id }) { return true }
            }
        }
        return false
    }

    /// The items' pairing with one hash-table lookup per item: each
    /// identity gets a code; `untaken` holds, by code, the first old
    /// occurrence not yet taken (-1: none), and `nextSame` chains each old
    /// occurrence to the next one of its identity. A code met twice on
    /// one side is a repeated identity.
    static func itemPartnersByHashing(old: Snapshot, new: Snapshot, oldCount: Int, newCount: Int)
        -> (partner: [ItemPath?], oldRepeats: Bool, newRepeats: Bool) {
        var codes = IdentityCodes(capacity: oldCount + newCount)
        var untaken: [Int] = []
        untaken.reserveCapacity(oldCount)
        var nextSame = [Int](repeatElement(-1, count: oldCount))
        var oldRepeats = false
        // Backwards, so each identity's chain starts at its first occurrence.
        var position = oldCount
        for section in old.sections.reversed() {
            for item in section.items.reversed() {
                position -= 1
                let (code, isNew) = codes.code(of: item.id)
                if isNew {
                    untaken.append(position)
                } else {
                    oldRepeats = true
                    nextSame[position] = untaken[code]
                    untaken[code] = position
                }
            }
        }
        var isInNew = [Bool](repeatElement(false, count: untaken.count))
        var newRepeats = false
        var partner = [ItemPath?](repeatElement(nil, count: oldCount))
        for (t, section) in new.sections.enumerated() {
            for (j, item) in section.items.enumerated() {
                let (code, isNew) = codes.code(of: item.id)
                if isNew {
                    untaken.append(-1)
                    isInNew.append(true)
                    continue
                }
                if isInNew[code] { newRepeats = true }
                isInNew[code] = true
                let first = untaken[code]
                guard first >= 0 else { continue }
                partner[first] = ItemPath(t, j)
                untaken[code] = nextSame[first]
            }
        }
        return (partner, oldRepeats, newRepeats)
    }

    /// Pairs the k-th occurrence of each identity in `old` with its k-th
    /// occurrence in `new`.
    static func pairInOrder(_ old: [String], _ new: [String]) -> ([Int?], [Int?]) {
        old.count * new.count <= 64 ? pairInOrderByScanning(old, new) : pairInOrderByHashing(old, new)
    }

    /// `pairInOrder` with one hash table, for long lists: each identity
    /// maps to its first old occurrence not yet taken, and `nextSame` chains
    /// each old occurrence to the next one of the same identity.
    static func pairInOrderByHashing(_ old: [String], _ new: [String]) -> ([Int?], [Int?]) {
        var untaken: [String: Int] = [:]
        untaken.reserveCapacity(old.count)
        var nextSame = [Int](repeatElement(-1, count: old.count))
        // Backwards, so each identity ends at its first occurrence.
        for index in old.indices.reversed() {
            if let later = untaken.updateValue(index, forKey: old[index]) { nextSame[index] = later }
        }
        var forward = [Int?](repeatElement(nil, count: old.count))
        var backward = [Int?](repeatElement(nil, count: new.count))
        for (index, id) in new.enumerated() {
            // One lookup: the entry found is the one updated.
            guard let entry = untaken.index(forKey: id) else { continue }
            let partner = untaken.values[entry]
            guard partner >= 0 else { continue }
            forward[partner] = index
            backward[index] = partner
            untaken.values[entry] = nextSame[partner]
        }
        return (forward, backward)
    }

    /// `pairInOrder` for short lists, without hash tables: the k-th new
    /// occurrence of an identity takes the first old occurrence not yet
    /// taken, which is its k-th old occurrence.
    static func pairInOrderByScanning(_ old: [String], _ new: [String]) -> ([Int?], [Int?]) {
        pairInOrderByScanning(old, new, identity: { $0 })
    }

    /// `pairInOrderByScanning` on elements of which `identity` reads the
    /// identity in place (sections: no list of identities is built).
    static func pairInOrderByScanning<Element>(_ old: [Element], _ new: [Element], identity: (Element) -> String)
        -> ([Int?], [Int?]) {
        var forward = [Int?](repeatElement(nil, count: old.count))
        var backward = [Int?](repeatElement(nil, count: new.count))
        for (index, element) in new.enumerated() {
            let id = identity(element)
            if let partner = old.indices.first(where: { forward[$0] == nil && identity(old[$0]) == id }) {
                forward[partner] = index
                backward[index] = partner
            }
        }
        return (forward, backward)
    }

    /// The length of a longest strictly increasing subsequence (patience sorting).
    /// - Complexity: O(n log n); O(n), and no allocation, when `values` is
    ///   already increasing (most orders a case keeps).
    public static func longestIncreasingLength(_ values: [Int]) -> Int {
        if values.indices.dropFirst().allSatisfy({ values[$0 - 1] < values[$0] }) { return values.count }
        var links: [Int]?
        return patience(values, links: &links).count
    }

    /// The positions in `values` of one longest strictly increasing
    /// subsequence (patience sorting with back links): the harness's one
    /// copy (the core and the model keep their own, so that the oracle
    /// never shares the core's code).
    ///
    ///     Matching.longestIncreasingMembers([2, 0, 1, 3])   // [1, 2, 3]
    ///
    /// - Complexity: O(*n* log *n*).
    public static func longestIncreasingMembers(_ values: [Int]) -> [Int] {
        var links: [Int]? = Array(repeating: -1, count: values.count)
        var run: [Int] = []
        var cursor = patience(values, links: &links).last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = links![cursor]
        }
        return run.reversed()
    }

    /// Patience sorting of `values`: the positions ending a longest run of
    /// each length so far, the last one ending a longest run; with `links`,
    /// each position's predecessor in its run (-1 for none) is recorded.
    private static func patience(_ values: [Int], links: inout [Int]?) -> [Int] {
        var tails: [Int] = []
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if links != nil { links![position] = low > 0 ? tails[low - 1] : -1 }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        return tails
    }

    /// The fewest moves any engine needs (rule: per matched section pair, its
    /// matched items minus a longest subsequence kept in order; plus every
    /// matched item that changes section; plus matched sections minus a
    /// longest subsequence kept in order).
    var minimalMoveCount: Int {
        sectionMoveCount + itemMoveCount
    }

    /// Whether the partners that are not nil increase (each after the one
    /// before it). Partners are distinct, so this is exactly whether a
    /// longest subsequence kept in order is all of them.
    static func isIncreasing(_ partners: [Int?]) -> Bool {
        var last = -1
        for case let partner? in partners {
            if partner <= last { return false }
            last = partner
        }
        return true
    }

    /// Matched sections minus a longest subsequence kept in order.
    private var sectionMoveCount: Int {
        // Kept in order (most cases): no list of the order to build.
        if Matching.isIncreasing(newSectionOfOld) { return 0 }
        let matchedSectionOrder = newSectionOfOld.compactMap { $0 }
        return matchedSectionOrder.count - Matching.longestIncreasingLength(matchedSectionOrder)
    }

    /// Per matched section pair, its matched items minus a longest
    /// subsequence kept in order, plus every matched item that changes section.
    private var itemMoveCount: Int {
        // Every item that stays in its section keeps its order (most cases):
        // the moves are the items that change section, with no list to build.
        var changesSection = 0
        var section = -1, last = -1
        var isInOrder = true
        for pair in itemPairs {
            if pair.old.section != section { section = pair.old.section; last = -1 }
            if newSectionOfOld[pair.old.section] == pair.new.section {
                if pair.new.item <= last { isInOrder = false; break }
                last = pair.new.item
            } else {
                changesSection += 1
            }
        }
        if isInOrder { return changesSection }
        var moves = 0
        // The pairs of one old section are consecutive: `staying` holds the
        // new item indexes of the current section's items that stay in it.
        var staying: [Int] = []
        section = -1
        for pair in itemPairs {
            if pair.old.section != section {
                moves += staying.count - Matching.longestIncreasingLength(staying)
                staying.removeAll(keepingCapacity: true)
                section = pair.old.section
            }
            if newSectionOfOld[pair.old.section] == pair.new.section {
                staying.append(pair.new.item)
            } else {
                moves += 1
            }
        }
        return moves + staying.count - Matching.longestIncreasingLength(staying)
    }
}

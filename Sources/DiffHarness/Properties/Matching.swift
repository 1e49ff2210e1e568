// Matching: which old sections and items are the same identity as which new
// ones, independently of any engine.
//
// Occurrences pair in order: the k-th old occurrence of an identity with its
// k-th new occurrence (items in reading order across all sections).
// Surplus occurrences are unmatched. This is the harness's own reading, used
// for the minimal-moves bound and for labels; it shares no code with the core.
import ListModel

/// (Public for the benchmark's move minimum, `longestIncreasingLength`; the
/// rest is the harness's own.)
public struct Matching {
    /// For each old section, the index of its matched new section.
    var newSectionOfOld: [Int?]
    /// For each new section, the index of its matched old section.
    var oldSectionOfNew: [Int?]
    /// Matched items: old path and new path.
    var itemPairs: [(old: ItemPath, new: ItemPath)]

    init(old: Snapshot, new: Snapshot) {
        (newSectionOfOld, oldSectionOfNew) = Matching.pairInOrder(
            old.sections.map { $0.id }, new.sections.map { $0.id })
        let (oldPaths, oldIDs) = Matching.items(of: old)
        let (newPaths, newIDs) = Matching.items(of: new)
        let (forward, _) = Matching.pairInOrder(oldIDs, newIDs)
        var pairs: [(old: ItemPath, new: ItemPath)] = []
        pairs.reserveCapacity(min(oldIDs.count, newIDs.count))
        for (index, partner) in forward.enumerated() {
            if let partner { pairs.append((oldPaths[index], newPaths[partner])) }
        }
        itemPairs = pairs
    }

    /// Every item's path and identity, in reading order.
    static func items(of snapshot: Snapshot) -> (paths: [ItemPath], ids: [String]) {
        var paths: [ItemPath] = [], ids: [String] = []
        let count = snapshot.itemCount
        paths.reserveCapacity(count)
        ids.reserveCapacity(count)
        for (s, section) in snapshot.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                paths.append(ItemPath(s, i))
                ids.append(item.id)
            }
        }
        return (paths, ids)
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
        var nextSame = [Int](repeating: -1, count: old.count)
        // Backwards, so each identity ends at its first occurrence.
        for index in old.indices.reversed() {
            if let later = untaken.updateValue(index, forKey: old[index]) { nextSame[index] = later }
        }
        var forward = [Int?](repeating: nil, count: old.count)
        var backward = [Int?](repeating: nil, count: new.count)
        for (index, id) in new.enumerated() {
            guard let partner = untaken[id], partner >= 0 else { continue }
            forward[partner] = index
            backward[index] = partner
            untaken[id] = nextSame[partner]
        }
        return (forward, backward)
    }

    /// `pairInOrder` for short lists, without hash tables: the k-th new
    /// occurrence of an identity takes the first old occurrence not yet
    /// taken, which is its k-th old occurrence.
    static func pairInOrderByScanning(_ old: [String], _ new: [String]) -> ([Int?], [Int?]) {
        var forward = [Int?](repeating: nil, count: old.count)
        var backward = [Int?](repeating: nil, count: new.count)
        for (index, id) in new.enumerated() {
            if let partner = old.indices.first(where: { forward[$0] == nil && old[$0] == id }) {
                forward[partner] = index
                backward[index] = partner
            }
        }
        return (forward, backward)
    }

    /// The length of a longest strictly increasing subsequence (patience sorting).
    /// - Complexity: O(n log n).
    public static func longestIncreasingLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tails[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// The fewest moves any engine needs (rule: per matched section pair, its
    /// matched items minus a longest subsequence kept in order; plus every
    /// matched item that changes section; plus matched sections minus a
    /// longest subsequence kept in order).
    var minimalMoveCount: Int {
        let matchedSectionOrder = newSectionOfOld.compactMap { $0 }
        var moves = matchedSectionOrder.count - Matching.longestIncreasingLength(matchedSectionOrder)
        var staying: [Int: [Int]] = [:]   // old section -> new item indexes, in old order
        for pair in itemPairs {
            if newSectionOfOld[pair.old.section] == pair.new.section {
                staying[pair.old.section, default: []].append(pair.new.item)
            } else {
                moves += 1
            }
        }
        for (_, order) in staying {
            moves += order.count - Matching.longestIncreasingLength(order)
        }
        return moves
    }
}

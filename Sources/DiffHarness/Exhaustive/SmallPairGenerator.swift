// SmallPairGenerator: every small old/new pair, each once up to renaming.
//
// The generator draws, in this order: the total number of items (old + new),
// the shape (section count and item count of each section, old then new),
// the section identities, the item identities, and the new content versions.
// Identities are drawn as a restricted growth string (each one is an earlier
// identity or the next fresh one), which names identities by first
// appearance: two pairs that differ only by renaming get the same draws, so
// no pair is produced twice. Old contents are version 0; new contents are
// drawn from `0..<contentVersions`, which captures "changed or not".
//
// Driven by `ChoiceTreeWalk`, the walk visits every pair within the bound
// ordered by total item count first, so its first failure is a smallest
// counterexample.
import ListModel

/// The limits of the exhaustive enumeration.
public struct ExhaustiveBound: Hashable, Sendable, CustomStringConvertible {
    /// One section per snapshot, with the implicit identifier.
    public var isFlat: Bool
    /// The most items, old and new together.
    public var maxTotalItems: Int
    /// The most sections in one snapshot (ignored when flat).
    public var maxSections: Int
    /// The most items in one section.
    public var maxItemsPerSection: Int
    /// How many content versions a new item or section may have (2: same or changed).
    public var contentVersions: Int
    /// Whether identities may repeat within a snapshot.
    public var allowsDuplicates: Bool

    /// A bound with these limits; `maxSections` is 1 when `isFlat`, `contentVersions` at least 1.
    public init(isFlat: Bool, maxTotalItems: Int, maxSections: Int = 1, maxItemsPerSection: Int,
                contentVersions: Int = 2, allowsDuplicates: Bool = true) {
        self.isFlat = isFlat
        self.maxTotalItems = maxTotalItems
        self.maxSections = isFlat ? 1 : maxSections
        self.maxItemsPerSection = maxItemsPerSection
        self.contentVersions = max(contentVersions, 1)
        self.allowsDuplicates = allowsDuplicates
    }

    /// Flat lists of up to 5 items each, at most 6 items in all, 2 content versions.
    public static let flat = ExhaustiveBound(isFlat: true, maxTotalItems: 6, maxItemsPerSection: 5)
    /// Up to 2 sections of up to 2 items, at most 4 items in all (127,219
    /// pairs; 3 sections with 4 items would be 16 million).
    public static let sectioned = ExhaustiveBound(isFlat: false, maxTotalItems: 4, maxSections: 2, maxItemsPerSection: 2)

    public var description: String {
        isFlat
            ? "flat lists of up to \(quantity(maxItemsPerSection, "item")), \(maxTotalItems) in all, \(quantity(contentVersions, "content version"))"
            : "up to \(quantity(maxSections, "section")) of up to \(quantity(maxItemsPerSection, "item")), \(quantity(maxTotalItems, "item")) in all, \(quantity(contentVersions, "content version"))"
    }
}

extension ExhaustiveBound {
    /// How many pairs the walk of this bound visits, counted without
    /// walking: for each shape (section counts, and item counts per
    /// section), the namings of its sections and of its items (Bell numbers
    /// of restricted growth strings, or the partial matchings of old with
    /// new when identities may not repeat) times the content versions of
    /// the new items and sections. A Double: a bound past 2⁵³ pairs is
    /// counted approximately, and one past `Double.greatestFiniteMagnitude`
    /// is infinite.
    public var pairCount: Double {
        let sectionCounts = isFlat ? [1] : Array(0...max(maxSections, 0))
        let total = max(maxTotalItems, 0)
        let versions = Double(contentVersions)
        var count = 0.0
        for old in sectionCounts {
            for new in sectionCounts {
                let sectionNamings = isFlat ? 1 : namings(old, new)
                let oldItems = ExhaustiveBound.compositions(parts: old, largest: maxItemsPerSection, upTo: total)
                let newItems = ExhaustiveBound.compositions(parts: new, largest: maxItemsPerSection, upTo: total)
                for p in oldItems.indices where oldItems[p] > 0 {
                    for q in newItems.indices where newItems[q] > 0 && p + q <= total {
                        let changes = q + (isFlat ? 0 : new)
                        let contents = (0..<changes).reduce(1.0) { product, _ in product * versions }
                        count += oldItems[p] * newItems[q] * sectionNamings * namings(p, q) * contents
                    }
                }
            }
        }
        return count
    }

    /// The namings of `old` and `new` things by first appearance: the Bell
    /// number of `old + new`, or (identities unique within a side) the
    /// partial matchings of the old with the new.
    private func namings(_ old: Int, _ new: Int) -> Double {
        if allowsDuplicates { return ExhaustiveBound.bell(old + new) }
        var sum = 0.0, term = 1.0
        // term(k) = C(old, k) · C(new, k) · k!
        for k in 0...min(old, new) {
            if k > 0 { term *= Double(old - k + 1) * Double(new - k + 1) / Double(k) }
            sum += term
        }
        return sum
    }

    /// The Bell number of `n` (the set partitions of n things), by the Bell triangle.
    static func bell(_ n: Int) -> Double {
        var row: [Double] = [1]
        for _ in 0..<max(n, 0) {
            var next = [row[row.count - 1]]
            for value in row { next.append(next[next.count - 1] + value) }
            row = next
        }
        return row[0]
    }

    /// For each sum s in 0...upTo, the ways `parts` counts of 0...largest add up to s.
    static func compositions(parts: Int, largest: Int, upTo: Int) -> [Double] {
        var ways = [1.0] + Array(repeating: 0.0, count: upTo)
        for _ in 0..<parts {
            var next = Array(repeating: 0.0, count: upTo + 1)
            for sum in 0...upTo {
                for count in 0...min(max(largest, 0), sum) { next[sum] += ways[sum - count] }
            }
            ways = next
        }
        return ways
    }
}

/// Draws one small pair within an `ExhaustiveBound`, or nil for a draw
/// sequence that does not describe a pair within the bound (skipped).
public struct SmallPairGenerator: Sendable {
    /// The limits of the pairs it draws.
    public var bound: ExhaustiveBound

    /// A generator of the pairs within `bound`.
    public init(bound: ExhaustiveBound) {
        self.bound = bound
    }

    /// The pair the choices describe, or nil when they describe none within the bound.
    public func generate(_ c: inout Choices) -> (old: Snapshot, new: Snapshot)? {
        // Every array is made at its final size: this runs once per pair of
        // an exhaustive walk.
        let total = c.draw(upTo: bound.maxTotalItems)
        var counts: [Int] = []   // item counts per section, old then new
        counts.reserveCapacity(2 * bound.maxSections)
        var oldSectionCount = 0
        var remaining = total
        for side in 0..<2 {
            let sectionCount = bound.isFlat ? 1 : c.draw(upTo: bound.maxSections)
            if side == 0 { oldSectionCount = sectionCount }
            for _ in 0..<sectionCount {
                let count = c.draw(upTo: min(bound.maxItemsPerSection, remaining))
                counts.append(count)
                remaining -= count
            }
        }
        guard remaining == 0 else { return nil }
        let sectionNames = bound.isFlat ? [] : restrictedGrowth(&c, count: counts.count)
        let itemNames = restrictedGrowth(&c, count: total)
        var nextItem = 0
        func snapshot(_ sides: Range<Int>, isNew: Bool) -> Snapshot {
            var sections: [Section] = []
            sections.reserveCapacity(sides.count)
            for index in sides {
                let id = bound.isFlat ? Snapshot.implicitSectionID : PairGenerator.Names.sectionName(sectionNames[index])
                let content = isNew && !bound.isFlat ? c.draw(upTo: bound.contentVersions - 1) : 0
                var items: [Item] = []
                items.reserveCapacity(counts[index])
                for _ in 0..<counts[index] {
                    let name = PairGenerator.Names.itemName(itemNames[nextItem])
                    nextItem += 1
                    items.append(Item(id: name, content: isNew ? c.draw(upTo: bound.contentVersions - 1) : 0))
                }
                sections.append(Section(id: id, content: content, items: items))
            }
            return Snapshot(sections: sections)
        }
        let old = snapshot(0..<oldSectionCount, isNew: false)
        let new = snapshot(oldSectionCount..<counts.count, isNew: true)
        if !bound.allowsDuplicates && (hasDuplicates(old) || hasDuplicates(new)) { return nil }
        return (old, new)
    }

    /// `count` names as a restricted growth string: each is 0...(largest so far + 1).
    func restrictedGrowth(_ c: inout Choices, count: Int) -> [Int] {
        var names: [Int] = []
        names.reserveCapacity(count)
        var largest = -1
        for _ in 0..<count {
            let name = c.draw(upTo: largest + 1)
            largest = max(largest, name)
            names.append(name)
        }
        return names
    }
}

/// Walks every pair within a bound, smallest first.
public struct ExhaustiveEnumeration {
    /// The generator whose choice tree the walk visits.
    public let generator: SmallPairGenerator

    /// A walk of every pair within `bound`.
    public init(bound: ExhaustiveBound) {
        generator = SmallPairGenerator(bound: bound)
    }

    /// Calls `visit` with each distinct pair (and its choices) in order of
    /// total size; stops early when `visit` returns false. Returns how many
    /// pairs were visited.
    @discardableResult
    public func forEach(_ visit: (Snapshot, Snapshot, [Int]) -> Bool) -> Int {
        forEach(totalItems: nil, visit)
    }

    /// Like `forEach`, but only the pairs with exactly `totalItems` items
    /// (the total is the first choice, so they form one subtree).
    @discardableResult
    public func forEach(totalItems: Int?, _ visit: (Snapshot, Snapshot, [Int]) -> Bool) -> Int {
        if let totalItems, totalItems > generator.bound.maxTotalItems { return 0 }
        var walk = totalItems.map { ChoiceTreeWalk(prefix: $0 == 0 ? [] : [$0]) } ?? ChoiceTreeWalk()
        var visited = 0
        while true {
            var choices = Choices(walk.source)
            let pair = generator.generate(&choices)
            // The total is the first choice: past its subtree, stop.
            if let totalItems, (choices.recorded.first ?? 0) != totalItems { return visited }
            if let pair {
                visited += 1
                if !visit(pair.old, pair.new, choices.recorded) { return visited }
            }
            guard walk.advance(values: choices.recorded, bounds: choices.bounds) else { return visited }
        }
    }
}

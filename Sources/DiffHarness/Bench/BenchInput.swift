// BenchInput: the benchmark's inputs, made from a fixed seed — flat lists of
// UUID-identified elements (as in DifferenceKit's published benchmark) and
// one sectioned list.
import Foundation
import ListDiff

/// A benchmark element: a UUID identity and a content version.
struct BenchItem: Diffable, Sendable {
    var id: UUID
    var content: Int
    var diffIdentifier: UUID { id }
    func isContentEqual(to other: BenchItem) -> Bool { content == other.content }
}

/// A benchmark section: a UUID identity, a content version and its items.
struct BenchSection: DiffableSection, Sendable {
    var id: UUID
    var content: Int
    var elements: [BenchItem]
    var diffIdentifier: UUID { id }
    func isContentEqual(to other: BenchSection) -> Bool { content == other.content }
}

/// One benchmark input: an old and a new snapshot, flat or sectioned.
struct BenchInput: Sendable {
    enum Shape: Sendable {
        case flat(old: [BenchItem], new: [BenchItem])
        case sectioned(old: [BenchSection], new: [BenchSection])
    }
    var name: String
    var shape: Shape

    var elementCount: Int {
        switch shape {
        case .flat(let old, _): return old.count
        case .sectioned(let old, _): return old.reduce(0) { $0 + $1.elements.count }
        }
    }

    /// The inputs, full size or (`isQuick`) about a tenth of it.
    static func all(seed: UInt64, isQuick: Bool) -> [BenchInput] {
        var random = SplitMix64(seed: seed)
        let scale = isQuick ? 10 : 1
        func n(_ value: Int) -> String { grouped(value / scale) }
        let sections = 100 / (isQuick ? 2 : 1), perSection = 1_000 / (isQuick ? 5 : 1)
        return [
            edited("\(n(5_000)): \(n(1_000)) deleted, \(n(1_000)) inserted, \(n(200)) shuffled", count: 5_000 / scale,
                   deleted: 1_000 / scale, inserted: 1_000 / scale, shuffled: 200 / scale, updated: 0, &random),
            edited("\(n(100_000)): \(n(10_000)) deleted, \(n(10_000)) inserted, \(n(2_000)) shuffled", count: 100_000 / scale,
                   deleted: 10_000 / scale, inserted: 10_000 / scale, shuffled: 2_000 / scale, updated: 0, &random),
            shuffled("\(n(10_000)) fully shuffled", count: 10_000 / scale, &random),
            reversed("\(n(10_000)) reversed", count: 10_000 / scale, &random),
            sectioned("\(sections) sections x \(grouped(perSection)) items: cross-section and section moves",
                      sections: sections, items: perSection, &random),
            edited("\(n(1_000_000)): 1% changed", count: 1_000_000 / scale,
                   deleted: 2_500 / scale, inserted: 2_500 / scale, shuffled: 2_500 / scale, updated: 2_500 / scale, &random),
        ]
    }

    /// `12,345`.
    static func grouped(_ value: Int) -> String {
        var digits = String(value), result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }

    static func uuid(_ random: inout SplitMix64) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let high = random.next(), low = random.next()
        withUnsafeMutableBytes(of: &bytes) {
            $0.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            $0.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    static func items(_ count: Int, _ random: inout SplitMix64) -> [BenchItem] {
        (0..<count).map { _ in BenchItem(id: uuid(&random), content: 0) }
    }

    /// `count` distinct indexes out of `0..<total`.
    static func pick(_ count: Int, of total: Int, _ random: inout SplitMix64) -> [Int] {
        var chosen = Set<Int>()
        while chosen.count < min(count, total) { chosen.insert(random.value(upTo: total - 1)) }
        return chosen.sorted()
    }

    /// `old` with `deleted` elements removed, `shuffled` moved to random
    /// places, `inserted` new ones at random places and `updated` given a
    /// new content version. Positions are sort keys, so building is
    /// O(n log n).
    static func edit(
        _ old: [BenchItem], deleted: Int, inserted: Int, shuffled: Int, updated: Int, _ random: inout SplitMix64
    ) -> [BenchItem] {
        let chosen = pick(deleted + shuffled + updated, of: old.count, &random).shuffled(using: &random)
        let deletes = Set(chosen.prefix(deleted))
        let moves = Set(chosen.dropFirst(deleted).prefix(shuffled))
        let updates = Set(chosen.dropFirst(deleted + shuffled))
        var keyed: [(key: Double, item: BenchItem)] = []
        keyed.reserveCapacity(old.count + inserted)
        for (index, item) in old.enumerated() where !deletes.contains(index) {
            var item = item
            if updates.contains(index) { item.content += 1 }
            let key = moves.contains(index) ? Double(random.value(upTo: old.count)) + 0.5 : Double(index)
            keyed.append((key, item))
        }
        for item in items(inserted, &random) {
            keyed.append((Double(random.value(upTo: old.count)) + 0.25, item))
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.item)
    }

    static func edited(
        _ name: String, count: Int, deleted: Int, inserted: Int, shuffled: Int, updated: Int, _ random: inout SplitMix64
    ) -> BenchInput {
        let old = items(count, &random)
        let new = edit(old, deleted: deleted, inserted: inserted, shuffled: shuffled, updated: updated, &random)
        return BenchInput(name: name, shape: .flat(old: old, new: new))
    }

    static func shuffled(_ name: String, count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = items(count, &random)
        return BenchInput(name: name, shape: .flat(old: old, new: old.shuffled(using: &random)))
    }

    static func reversed(_ name: String, count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = items(count, &random)
        return BenchInput(name: name, shape: .flat(old: old, new: old.reversed()))
    }

    /// `sections` sections of `items` items; then a tenth of the sections
    /// move, 1% of the items move to another section, 0.5% are deleted,
    /// 0.5% inserted and 0.5% updated, and 5% of the sections change content.
    static func sectioned(_ name: String, sections: Int, items count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = (0..<sections).map { _ in BenchSection(id: uuid(&random), content: 0, elements: items(count, &random)) }
        // Section order: a tenth of them to random places.
        let movers = Set(pick(max(1, sections / 10), of: sections, &random))
        var order = old.indices.map { index in
            (key: movers.contains(index) ? Double(random.value(upTo: sections)) + 0.5 : Double(index), index: index)
        }
        order.sort { $0.key < $1.key }
        let total = sections * count
        let crossers = pick(total / 100, of: total, &random)
        let crossing = Set(crossers)
        var new = old
        for s in new.indices {
            if random.value(upTo: 19) == 0 { new[s].content += 1 }
            new[s].elements = edit(
                old[s].elements.enumerated().filter { !crossing.contains(s * count + $0.offset) }.map(\.element),
                deleted: count / 200, inserted: count / 200, shuffled: 0, updated: count / 200, &random)
        }
        for flat in crossers {
            let item = old[flat / count].elements[flat % count]
            var target = random.value(upTo: sections - 1)
            if target == flat / count { target = (target + 1) % sections }
            new[target].elements.insert(item, at: random.value(upTo: new[target].elements.count))
        }
        return BenchInput(name: name, shape: .sectioned(old: old, new: order.map { new[$0.index] }))
    }
}

// BenchInput: the benchmark's inputs, made from a fixed seed — flat lists of
// UUID identities (as in DifferenceKit's published benchmark), of Int
// identities and of String identities that old and new do not share, small
// lists, and sectioned lists.
import DiffHarness
import Foundation
import DiffcheckCore

/// A benchmark element: an identity and a content version.
struct BenchItem<ID: Hashable & Sendable>: Diffable, Sendable {
    var id: ID
    var content: Int
    var diffIdentifier: ID { id }
    func isContentEqual(to other: BenchItem) -> Bool { content == other.content }
}

/// A benchmark section: a UUID identity, a content version and its items.
struct BenchSection: DiffableSection, Sendable {
    var id: UUID
    var content: Int
    var elements: [BenchItem<UUID>]
    var diffIdentifier: UUID { id }
    func isContentEqual(to other: BenchSection) -> Bool { content == other.content }
}

/// One benchmark input: a name, and an old and a new snapshot held by a
/// workload that knows how to run every contender on them.
struct BenchInput: Sendable {
    var name: String
    var shape: BenchShape

    init<ID>(name: String, workload: FlatWorkload<ID>) {
        self.name = name
        shape = BenchShape(workload)
    }

    init(name: String, workload: SectionedWorkload) {
        self.name = name
        shape = .sectioned(workload)
    }

    var workload: any BenchWorkload { shape.workload }

    /// Runs `contender` `iterations` times on specialized code; the moves
    /// the last run reported.
    func run(_ contender: BenchContender, iterations: Int) -> Int? {
        shape.run(contender, iterations: iterations)
    }

    var elementCount: Int { workload.elementCount }
    var minimumMoves: Int { workload.minimumMoves }

    /// How many inputs `all` makes.
    static let count = 12

    /// The inputs, full size or (`isQuick`) about a tenth of it (the small
    /// ones keep their size); only the `only`-th (0-based) when given. Each
    /// input draws from its own generator, seeded from `seed` and its
    /// place, so one input is made without making the others: same seed,
    /// same inputs.
    static func all(seed: UInt64, isQuick: Bool, only: Int? = nil) -> [BenchInput] {
        let scale = isQuick ? 10 : 1
        func n(_ value: Int) -> String { grouped(value / scale) }
        let sections = 100 / (isQuick ? 2 : 1), perSection = 1_000 / (isQuick ? 5 : 1)
        let manySections = 10_000 / scale
        let makers: [(inout SplitMix64) -> BenchInput] = [
            { edited("\(n(5_000)): \(n(1_000)) deleted, \(n(1_000)) inserted, \(n(200)) shuffled", count: 5_000 / scale,
                   deleted: 1_000 / scale, inserted: 1_000 / scale, shuffled: 200 / scale, updated: 0, &$0) },
            { edited("\(n(100_000)): \(n(10_000)) deleted, \(n(10_000)) inserted, \(n(2_000)) shuffled", count: 100_000 / scale,
                   deleted: 10_000 / scale, inserted: 10_000 / scale, shuffled: 2_000 / scale, updated: 0, &$0) },
            { shuffled("\(n(10_000)) fully shuffled", count: 10_000 / scale, &$0) },
            { reversed("\(n(10_000)) reversed", count: 10_000 / scale, &$0) },
            { sectioned("\(sections) sections x \(grouped(perSection)) items: cross-section and section moves",
                      sections: sections, items: perSection, &$0) },
            { edited("\(n(1_000_000)): 1% changed", count: 1_000_000 / scale,
                   deleted: 2_500 / scale, inserted: 2_500 / scale, shuffled: 2_500 / scale, updated: 2_500 / scale, &$0) },
            { sectioned("\(grouped(manySections)) sections x 10 items: cross-section and section moves",
                      sections: manySections, items: 10, &$0) },
            { rotated("4: rotated by one", count: 4, &$0) },
            { edited("100: 10 deleted, 10 inserted, 5 shuffled", count: 100,
                   deleted: 10, inserted: 10, shuffled: 5, updated: 0, &$0) },
            { edited("\(n(100_000)) Int identities: 1% changed", count: 100_000 / scale,
                   deleted: 250 / scale, inserted: 250 / scale, shuffled: 250 / scale, updated: 250 / scale,
                   identity: integer, &$0) },
            { edited("\(n(1_000_000)) Int identities: 1% changed", count: 1_000_000 / scale,
                   deleted: 2_500 / scale, inserted: 2_500 / scale, shuffled: 2_500 / scale, updated: 2_500 / scale,
                   identity: integer, &$0) },
            { edited("\(n(100_000)) String identities, not shared: 10% changed", count: 100_000 / scale,
                   deleted: 2_500 / scale, inserted: 2_500 / scale, shuffled: 2_500 / scale, updated: 2_500 / scale,
                   identity: string, unshare: unshared, &$0) },
        ]
        assert(makers.count == count)
        return makers.indices.filter { only == nil || $0 == only }.map { index in
            var random = SplitMix64(seed: seed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
            return makers[index](&random)
        }
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

    // MARK: Identities

    static func uuid(_ random: inout SplitMix64) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let high = random.next(), low = random.next()
        withUnsafeMutableBytes(of: &bytes) {
            $0.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            $0.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    /// A random non-negative Int (as a database's row id would be, but
    /// scattered, so that no hash table is helped by consecutive keys).
    static func integer(_ random: inout SplitMix64) -> Int {
        Int(truncatingIfNeeded: random.next() >> 1)
    }

    /// A 36-character identity (too long for a small string: it lives on
    /// the heap, as decoded identifiers do).
    static func string(_ random: inout SplitMix64) -> String {
        uuid(&random).uuidString
    }

    /// A copy of `item` whose identity owns its own storage, as an identity
    /// decoded from another response would: equal, but not the same buffer.
    static func unshared(_ item: BenchItem<String>) -> BenchItem<String> {
        BenchItem(id: String(decoding: Array(item.id.utf8), as: UTF8.self), content: item.content)
    }

    static func items<ID>(
        _ count: Int, _ identity: (inout SplitMix64) -> ID, _ random: inout SplitMix64
    ) -> [BenchItem<ID>] {
        (0..<count).map { _ in BenchItem(id: identity(&random), content: 0) }
    }

    // MARK: Edits

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
    static func edit<ID>(
        _ old: [BenchItem<ID>], deleted: Int, inserted: Int, shuffled: Int, updated: Int,
        identity: (inout SplitMix64) -> ID, _ random: inout SplitMix64
    ) -> [BenchItem<ID>] {
        let chosen = pick(deleted + shuffled + updated, of: old.count, &random).shuffled(using: &random)
        let deletes = Set(chosen.prefix(deleted))
        let moves = Set(chosen.dropFirst(deleted).prefix(shuffled))
        let updates = Set(chosen.dropFirst(deleted + shuffled))
        var keyed: [(key: Double, item: BenchItem<ID>)] = []
        keyed.reserveCapacity(old.count + inserted)
        for (index, item) in old.enumerated() where !deletes.contains(index) {
            var item = item
            if updates.contains(index) { item.content += 1 }
            let key = moves.contains(index) ? Double(random.value(upTo: old.count)) + 0.5 : Double(index)
            keyed.append((key, item))
        }
        for item in items(inserted, identity, &random) {
            keyed.append((Double(random.value(upTo: old.count)) + 0.25, item))
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.item)
    }

    static func edited(
        _ name: String, count: Int, deleted: Int, inserted: Int, shuffled: Int, updated: Int,
        _ random: inout SplitMix64
    ) -> BenchInput {
        edited(name, count: count, deleted: deleted, inserted: inserted, shuffled: shuffled, updated: updated,
               identity: uuid, &random)
    }

    /// An edited list (see `edit`) of identities made by `identity`; each
    /// new element passes through `unshare`.
    static func edited<ID: Hashable & Sendable>(
        _ name: String, count: Int, deleted: Int, inserted: Int, shuffled: Int, updated: Int,
        identity: (inout SplitMix64) -> ID, unshare: (BenchItem<ID>) -> BenchItem<ID> = { $0 },
        _ random: inout SplitMix64
    ) -> BenchInput {
        let old = items(count, identity, &random)
        let new = edit(old, deleted: deleted, inserted: inserted, shuffled: shuffled, updated: updated,
                       identity: identity, &random).map(unshare)
        return BenchInput(name: name, workload: FlatWorkload(old: old, new: new))
    }

    static func shuffled(_ name: String, count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = items(count, uuid, &random)
        return BenchInput(name: name, workload: FlatWorkload(old: old, new: old.shuffled(using: &random)))
    }

    static func reversed(_ name: String, count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = items(count, uuid, &random)
        return BenchInput(name: name, workload: FlatWorkload(old: old, new: old.reversed()))
    }

    /// `a b c d` → `b c d a`: one move.
    static func rotated(_ name: String, count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = items(count, uuid, &random)
        return BenchInput(name: name, workload: FlatWorkload(old: old, new: Array(old.dropFirst()) + old.prefix(1)))
    }

    /// `sections` sections of `items` items; then a tenth of the sections
    /// move, 1% of the items move to another section, 0.5% are deleted,
    /// 0.5% inserted and 0.5% updated (at least one of each per section),
    /// and 5% of the sections change content.
    static func sectioned(_ name: String, sections: Int, items count: Int, _ random: inout SplitMix64) -> BenchInput {
        let old = (0..<sections).map { _ in
            BenchSection(id: uuid(&random), content: 0, elements: items(count, uuid, &random))
        }
        // Section order: a tenth of them to random places.
        let movers = Set(pick(max(1, sections / 10), of: sections, &random))
        var order = old.indices.map { index in
            (key: movers.contains(index) ? Double(random.value(upTo: sections)) + 0.5 : Double(index), index: index)
        }
        order.sort { $0.key < $1.key }
        let total = sections * count
        let crossers = pick(total / 100, of: total, &random)
        let crossing = Set(crossers)
        let edits = max(1, count / 200)
        var new = old
        for s in new.indices {
            if random.value(upTo: 19) == 0 { new[s].content += 1 }
            new[s].elements = edit(
                old[s].elements.enumerated().filter { !crossing.contains(s * count + $0.offset) }.map(\.element),
                deleted: edits, inserted: edits, shuffled: 0, updated: edits, identity: uuid, &random)
        }
        for flat in crossers {
            let item = old[flat / count].elements[flat % count]
            var target = random.value(upTo: sections - 1)
            if target == flat / count { target = (target + 1) % sections }
            new[target].elements.insert(item, at: random.value(upTo: new[target].elements.count))
        }
        return BenchInput(name: name, workload: SectionedWorkload(old: old, new: order.map { new[$0.index] }))
    }
}

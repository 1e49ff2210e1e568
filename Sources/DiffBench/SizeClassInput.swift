// SizeClassInput: the inputs of `diffcheck bench --engine`: one old/new pair
// per size class and shape, made from a fixed seed, the same for every engine.
import DiffHarness
import ListModel

/// One input of the engine bench: a size class (`SizeClass`, the classes a
/// campaign's too-slow report names), a shape (one flat list, or sectioned),
/// and its pair, with the bench's own minimum for what an answer must do.
///
/// The new snapshot is the old one edited: a twentieth of the items
/// deleted, a twentieth inserted (fresh identities), a twentieth changed
/// (content 1) and a twentieth moved to random places; a sectioned input
/// has 10 sections, a hundredth of its items moved to another section and
/// one section moved. Identities are unique, so the minimums are exact.
struct SizeClassInput: Sendable {
    /// The size class of the old snapshot's length.
    var sizeClass: SizeClass
    /// Whether the pair is one flat list.
    var isFlat: Bool
    var old: Snapshot
    var new: Snapshot

    /// The old snapshot's length in each class: one a class (`large` holds
    /// up to 200 items, `thousands` 201 to 9,999, and so on).
    static let lengths: [(SizeClass, Int)] = [
        (.large, 100), (.thousands, 1_000), (.tensOfThousands, 10_000), (.hundredsOfThousands, 100_000),
    ]

    /// Sections of a sectioned input.
    static let sectionCount = 10

    /// Old and new items together: the size the engine's pace is kept by (`EnginePace`).
    var items: Int { old.itemCount + new.itemCount }

    /// `flat` or `sectioned`.
    var shapeName: String { isFlat ? "flat" : "sectioned" }

    /// The fewest moves: `MoveMinimum` on the identities.
    var minimumMoves: Int {
        MoveMinimum.minimum(old: old.sections.map { $0.items.map(\.id) }, new: new.sections.map { $0.items.map(\.id) },
                            oldSections: old.sections.map(\.id), newSections: new.sections.map(\.id))
    }

    /// Items whose identity is in both snapshots and whose content changed:
    /// each needs a reload (or a delete and an insert).
    var changedItems: Int {
        var content: [String: Int] = [:]
        for section in old.sections { for item in section.items { content[item.id] = item.content } }
        return new.sections.reduce(0) { total, section in
            total + section.items.filter { item in content[item.id].map { $0 != item.content } ?? false }.count
        }
    }

    /// The fewest item deletes and inserts: items only in old, and items only in new.
    var minimumDeletesAndInserts: Int {
        let oldIDs = Set(old.sections.flatMap { $0.items.map(\.id) })
        let newIDs = Set(new.sections.flatMap { $0.items.map(\.id) })
        return oldIDs.subtracting(newIDs).count + newIDs.subtracting(oldIDs).count
    }

    /// Every input up to `maxItems` old items, smallest first, flat then
    /// sectioned at each size (`flatOnly`: flat ones only). Each input draws
    /// from its own generator, seeded from `seed`, its class and its shape:
    /// same seed, same inputs, whichever are made.
    static func all(seed: UInt64, maxItems: Int, flatOnly: Bool) -> [SizeClassInput] {
        var inputs: [SizeClassInput] = []
        for (sizeClass, length) in lengths where length <= maxItems {
            for isFlat in flatOnly ? [true] : [true, false] {
                var random = SplitMix64(seed: seed ^ (UInt64(sizeClass.rawValue * 2 + (isFlat ? 0 : 1) + 1) &* 0x9E37_79B9_7F4A_7C15))
                inputs.append(make(sizeClass, length: length, isFlat: isFlat, &random))
            }
        }
        return inputs
    }

    /// The old snapshot's length of the inputs by change: the largest class
    /// up to `maxItems`, at most `tens-of-thousands`.
    static func lengthByChange(maxItems: Int) -> (SizeClass, Int)? {
        lengths.filter { $0.1 <= min(maxItems, 10_000) }.max { $0.1 < $1.1 }
    }

    /// The inputs by change: one flat list of `lengthByChange` items, edited
    /// more and more (a thousandth, a hundredth, a twentieth and a fifth of
    /// its length in each of the four edits), so that the items stay and the
    /// changes grow; each from its own generator, seeded from `seed` and its
    /// edits. Empty when `maxItems` is under every class.
    static func byChange(seed: UInt64, maxItems: Int) -> [SizeClassInput] {
        guard let (sizeClass, length) = lengthByChange(maxItems: maxItems) else { return [] }
        var seen = Set<Int>()
        let edits = [length / 1_000, length / 100, length / 20, length / 5].map { max(1, $0) }.filter { seen.insert($0).inserted }
        return edits.map { count in
            var random = SplitMix64(seed: seed ^ (UInt64(count) &* 0xD1B5_4A32_D192_ED03) ^ 0xC4A4_9E2B)
            return make(sizeClass, length: length, isFlat: true, &random, edits: count)
        }
    }

    /// Deletes, inserts, content changes and moves the pair needs at least.
    var minimumChanges: Int { minimumDeletesAndInserts + changedItems + minimumMoves }

    static func make(_ sizeClass: SizeClass, length: Int, isFlat: Bool, _ random: inout SplitMix64,
                     edits editCount: Int? = nil) -> SizeClassInput {
        var next = 0
        func fresh() -> Item {
            defer { next += 1 }
            return Item(id: "i\(next)")
        }
        let sectionCount = isFlat ? 1 : sectionCount
        let oldSections = (0..<sectionCount).map { s in
            Section(id: isFlat ? Snapshot.implicitSectionID : "S\(s)",
                    items: (0..<(length * (s + 1) / sectionCount - length * s / sectionCount)).map { _ in fresh() })
        }
        var sections = oldSections
        let edits = editCount ?? max(1, length / 20)
        func randomSection() -> Int { random.value(upTo: sections.count - 1) }
        // Deletes, changes, moves within a section, then inserts.
        for _ in 0..<edits {
            let s = randomSection()
            if !sections[s].items.isEmpty { sections[s].items.remove(at: random.value(upTo: sections[s].items.count - 1)) }
        }
        for _ in 0..<edits {
            let s = randomSection()
            if !sections[s].items.isEmpty { sections[s].items[random.value(upTo: sections[s].items.count - 1)].content = 1 }
        }
        for _ in 0..<edits {
            let s = randomSection()
            guard !sections[s].items.isEmpty else { continue }
            let item = sections[s].items.remove(at: random.value(upTo: sections[s].items.count - 1))
            sections[s].items.insert(item, at: random.value(upTo: sections[s].items.count))
        }
        if !isFlat {
            for _ in 0..<max(1, length / 100) {
                let s = randomSection()
                guard !sections[s].items.isEmpty else { continue }
                let item = sections[s].items.remove(at: random.value(upTo: sections[s].items.count - 1))
                let t = (s + 1 + random.value(upTo: sections.count - 2)) % sections.count
                sections[t].items.insert(item, at: random.value(upTo: sections[t].items.count))
            }
            let moved = sections.remove(at: randomSection())
            sections.insert(moved, at: random.value(upTo: sections.count))
        }
        for _ in 0..<edits {
            let s = randomSection()
            sections[s].items.insert(fresh(), at: random.value(upTo: sections[s].items.count))
        }
        return SizeClassInput(sizeClass: sizeClass, isFlat: isFlat, old: Snapshot(sections: oldSections),
                              new: Snapshot(sections: sections))
    }
}

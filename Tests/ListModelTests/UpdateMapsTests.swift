import Testing
@testable import ListModel
import TestSupport

// UpdateMapsTests: the model's section and item maps against UIKit's loops
// as the reconstruction writes them (UXCollectionViewUpdate.m,
// `_computeSectionUpdates` and `_computeItemUpdates`), on random batches.

/// `_computeSectionUpdates`, line by line (writes outside the map skipped).
private func literalSectionMap(_ items: [UpdateItem], old oldCount: Int, new newCount: Int) -> (map: [Int], overflow: Bool) {
    var map = Array(0..<oldCount)
    var movedTo: Set<Int> = [], movedFrom: Set<Int> = [], inserted: Set<Int> = []
    var hasMoves = false
    for item in items where item.isSection {
        let s = item.path.section
        // NSMutableIndexSet's addIndex: raises for a negative section.
        if s < 0 || (item.destination?.section ?? 0) < 0 { return (map, true) }
        switch item.action {
        case .delete:
            if map.indices.contains(s) { map[s] = notFound }
            var f = s + 1
            while f < oldCount {
                if f >= 0 && map[f] != notFound { map[f] -= 1 }
                f += 1
            }
        case .insert:
            inserted.insert(s)
            for o in 0..<oldCount where map[o] != notFound && map[o] >= s && !movedTo.contains(map[o]) { map[o] += 1 }
        case .move:
            let t = item.destination!.section
            if map.indices.contains(s) { map[s] = t }
            movedTo.insert(t)
            movedFrom.insert(s)
            hasMoves = true
        }
    }
    if newCount >= 1 && hasMoves {
        var d = 0
        for t in 0..<newCount where !movedTo.contains(t) && !inserted.contains(t) {
            while d < oldCount && (map[d] == notFound || movedFrom.contains(d)) { d += 1 }
            if d >= oldCount { return (map, true) }
            map[d] = t
            d += 1
        }
    }
    return (map, false)
}

/// What `_computeItemUpdates` ends with: the map, or the name of the
/// assertion it raised.
private enum LiteralItemMap: Equatable {
    case map([Int])
    case assertion(Rule)
}

/// `_computeItemUpdates`, line by line.
private func literalItemMap(_ items: [UpdateItem], old: Snapshot, new: Snapshot) -> LiteralItemMap {
    func before(_ s: Int, _ snapshot: Snapshot) -> Int? {
        guard s >= 0, s <= snapshot.sections.count else { return nil }
        return snapshot.sections[..<s].reduce(0) { $0 + $1.items.count }
    }
    func global(_ section: Int, _ item: Int, _ snapshot: Snapshot) -> Int {
        guard section >= 0, section < snapshot.sections.count, item >= 0, item < snapshot.sections[section].items.count else { return notFound }
        return before(section, snapshot)! + item
    }
    let oldCount = old.itemCount, newCount = new.itemCount
    var map = Array(0..<oldCount)
    var movedTo: Set<Int> = [], movedFrom: Set<Int> = [], inserted: Set<Int> = []
    var hasMoves = false
    for item in items {
        let model = item.action == .insert ? new : old
        var affected: [Int] = []
        if item.isSection {
            guard let start = before(item.path.section, model), item.path.section < model.sections.count else {
                return .assertion(.negativeSection)
            }
            affected = Array(start..<(start + model.sections[item.path.section].items.count))
        } else {
            let g = global(item.path.section, item.path.item!, model)
            if g == notFound { continue }
            affected = [g]
        }
        var destination = 0
        if item.action == .move {
            let to = item.destination!
            destination = global(to.section, to.item ?? 0, new)
        }
        for g in affected {
            switch item.action {
            case .delete:
                map[g] = notFound
                for f in (g + 1)..<max(g + 1, oldCount) where map[f] != notFound { map[f] -= 1 }
            case .insert:
                for o in 0..<oldCount where map[o] != notFound && map[o] >= g && !movedTo.contains(map[o]) {
                    map[o] += 1
                    if map[o] >= newCount { return .assertion(.itemMapInsertOutOfBounds) }
                }
                inserted.insert(g)
            case .move:
                if map[g] != notFound {
                    if destination >= newCount { return .assertion(.itemMapMoveOutOfBounds) }
                    map[g] = destination
                    movedTo.insert(destination)
                    movedFrom.insert(g)
                    destination += 1
                    hasMoves = true
                }
            }
        }
    }
    if newCount != 0 && hasMoves {
        var d = 0
        fill: for t in 0..<newCount where !movedTo.contains(t) && !inserted.contains(t) {
            if d >= oldCount { break }
            while map[d] == notFound || movedFrom.contains(d) {
                d += 1
                if d == oldCount { break fill }
            }
            map[d] = t
            d += 1
        }
    }
    return .map(map)
}

/// A small random snapshot: up to 3 sections of up to 3 items.
private func randomSnapshot(_ g: inout SeededGenerator) -> Snapshot {
    Snapshot(sections: (0..<g.below(4)).map { s in
        Section(id: "S\(s)", items: (0..<g.below(4)).map { Item(id: "i\(s)\($0)") })
    })
}

/// A random batch of 1 to 5 operations, indexes from −1 to 3.
private func randomBatch(_ g: inout SeededGenerator) -> Batch {
    func index() -> Int { g.below(5) - 1 }
    return Batch((0..<(1 + g.below(5))).map { _ in
        switch g.below(8) {
        case 0: return .deleteSection(index())
        case 1: return .insertSection(index())
        case 2: return .moveSection(from: index(), to: index())
        case 3: return .reloadItem(ItemPath(index(), index()))
        case 4: return .deleteItem(ItemPath(index(), index()))
        case 5: return .insertItem(ItemPath(index(), index()))
        default: return .moveItem(from: ItemPath(index(), index()), to: ItemPath(index(), index()))
        }
    })
}

@Test func theMapsAreUIKitsLoops() throws {
    var g = SeededGenerator(seed: 29)
    var compared = 0, assertions = 0, accepted = 0
    for _ in 0..<100_000 {
        let old = randomSnapshot(&g), new = randomSnapshot(&g)
        let context = BatchContext(batch: randomBatch(&g), displayed: old, data: new)
        guard var update = try? CollectionViewUpdate(context.batch.batch),
              (try? update.validateDeletes(context)) != nil,
              (try? update.validateInserts(context)) != nil,
              (try? update.validateMoves(context)) != nil else { continue }
        let items = update.deletes + update.moves + update.inserts
        let sections = UpdateSectionMap(update, context)
        let literal = literalSectionMap(items, old: old.sections.count, new: new.sections.count)
        #expect((sections.assertion != nil) == literal.overflow, "\(context.batch.batch)")
        if !literal.overflow { #expect(sections.oldSectionMap == literal.map, "\(context.batch.batch) on \(old) → \(new)") }
        // For a batch the view applies, §2.1's section map is UIKit's.
        if case .success = ListView.apply(context.batch.batch, to: old, data: new, profile: .uikit) {
            #expect(SectionMap(context).oldIndex == sections.newSectionMap.map { $0 == notFound ? nil : $0 },
                    "\(context.batch.batch) on \(old) → \(new)")
            accepted += 1
        }
        let expected = literalItemMap(items, old: old, new: new)
        let got: LiteralItemMap
        do {
            got = .map(try UpdateItemMap(update, context).oldGlobalItemMap)
        } catch {
            got = .assertion(error.rule)
            assertions += 1
        }
        #expect(got == expected, "\(context.batch.batch) on \(old) → \(new)")
        compared += 1
    }
    // The generator reaches both sides: maps built and assertions raised.
    #expect(compared > 4_000)
    #expect(assertions > 100)
    #expect(accepted > 100)
}

/// One example of each assertion of the update's maps (RULES.md §3.1 step
/// 10), with its exact message; both profiles raise them.
let mapExamples: [Rejected] = [
    Rejected("a section map that runs out of old sections (an insert counted twice)",
             [.moveSection(from: 0, to: 1), .insertSection(2), .insertSection(2)],
             snapshot(section("A"), section("B")), snapshot(section("B"), section("A"), section("X"), section("Y")),
             .sectionMapOutOfBounds, "out of bounds access to _oldSectionMap (new section 3 finds no old section left to take its place)"),
    // The section move's destination is the first item of new section 2, which is empty: NSNotFound.
    Rejected("a section move into an empty section while its item moves out",
             [.moveSection(from: 0, to: 2), .moveItem(from: p(0, 0), to: p(1, 0))],
             snapshot(section("A", "a"), section("B"), section("C")), snapshot(section("B"), section("C", "a"), section("A")),
             .itemMapMoveOutOfBounds, "newGlobalRowForDestination is out of bounds of newGlobalItemCount (move section 0 2 moves an item to global index NSNotFound when there are 1 items after the update)"),
    // Section 2 deleted twice counts twice, so the counts agree; the insert then pushes c past the end.
    Rejected("an insert that pushes an item past the end",
             [.deleteSection(2), .deleteSection(2), .insertSection(0)],
             snapshot(section("A", "a", "b"), section("B", "c"), section("C", "d")), snapshot(section("C", "d"), section("A", "a", "b")),
             .itemMapInsertOutOfBounds, "row is out of bounds of newGlobalItemCount (insert section 0 pushes the item at global index 2 before the update past the 3 items after the update)"),
    Rejected("a section delete at -1",
             [.deleteSection(-1)],
             snapshot(section("A"), section("B")), snapshot(section("A")),
             .negativeSection, "*** -[NSMutableIndexSet addIndexesInRange:]: Range {18446744073709551615, 1} exceeds maximum index value of NSNotFound - 1 (delete section -1 names section -1)"),
    // Index path 0-1 deleted twice: c shifts down once per copy, onto a.
    Rejected("an index path deleted twice, its counts agreeing",
             [.deleteItem(p(0, 1)), .deleteItem(p(0, 1))],
             flat("a", "b", "c"), flat("a"),
             .twoAnimationsForOneItem, "attempt to create two animations for new global item index 0 (the update's item map sends the items at global indexes 0 and 2 before the update there)"),
    // Section 1 deleted twice: new section 0 is old section 2 for the counts, and a is mapped to 0 of none.
    Rejected("a section deleted twice",
             [.deleteSection(1), .deleteSection(1)],
             snapshot(section("A", "a"), section("B"), section("C")), snapshot(section("A")),
             .globalIndexOutOfRange, "request for index path for global index 0 when there are only 0 items in the collection view (the update's item map sends the item at global index 0 before the update there)"),
]

@Test(arguments: mapExamples)
func mapAssertionsRejectWithTheirMessage(_ example: Rejected) {
    for profile in Profile.allCases {
        let r = rejection(example.operations, example.old, example.new, profile)
        let expected = example.expected(under: profile)
        #expect(r?.rule == expected.rule)
        #expect(r?.message == expected.message)
    }
}

/// A bare insert the data source does not hold: the reconstruction's item
/// map raises first, iOS logs show the count message (BSImagePicker issue
/// 113), and so does the model (RULES.md §3.1 step 10).
@Test func theCountsComeBeforeTheMaps() {
    let r = rejection([.insertItem(p(0, 0))], flat("a"), flat("a"), .uikit)
    #expect(r?.rule == .itemCount)
}

/// A reload's insert half shifted to item -1 passes UIKit's signed bounds
/// checks and is skipped by the item map; the animation pass then looks up
/// its global index, NSNotFound (RULES.md §3.1 step 10).
@Test func aReloadShiftedBelowZeroIsLookedUpAsNSNotFound() {
    let r = rejection([.deleteSection(0), .deleteItem(p(0, 0)), .reloadItem(p(1, 0))],
                      snapshot(section("A"), section("B", "b")), snapshot(section("B", "b'")), .uikit)
    #expect(r?.rule == .globalIndexOutOfRange)
    #expect(r?.message == "request for index path for global index 9223372036854775807 when there are only 1 items in the collection view (the insert half of reload 1.0 is at index path (0--1), which has no global index after the update)")
}

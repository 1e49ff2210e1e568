// UpdateMaps: the section and item maps UICollectionView builds for an
// update that passed the bounds checks (RULES.md §3.1 steps 9–10): the
// reconstruction's `_computeSectionUpdates` and `_computeItemUpdates`
// (UXCollectionViewUpdate.m), and the look-up of every cell's new place
// that follows them (UXCollectionViewData.m, `indexPathForItemAtGlobalIndex:`).
//
// The maps run over the update list the validator leaves: the deletes
// (descending), the moves (ascending by source, exact duplicates dropped),
// the inserts (ascending). `NSNotFound` is `Int.max`, as in UIKit.

/// `NSNotFound`: an old section or item with no place after the update, or
/// a place with no old section or item.
let notFound = Int.max

/// The section map of an update (`_computeSectionUpdates`), with the
/// assertion it raised, if any.
struct UpdateSectionMap {
    /// For each old section, its index after the update, or `notFound`.
    var oldSectionMap: [Int]
    /// For each section after the update, the old section it comes from, or
    /// `notFound` (inserted). Where two old sections land on one new index
    /// (a section deleted twice shifts the ones after it twice), the last
    /// one wins, as UIKit writes them in ascending order.
    var newSectionMap: [Int]
    /// `out of bounds access to _oldSectionMap`: the fill ran out of old
    /// sections. UIKit raises it while it builds the map, before the
    /// counts; the model raises it after them (RULES.md §3.1 step 10).
    var assertion: Rejection?

    /// The old section of new section `t`, or `nil` if it is inserted (or
    /// out of range).
    func oldIndex(ofNew t: Int) -> Int? {
        guard t >= 0, t < newSectionMap.count, newSectionMap[t] != notFound else { return nil }
        return newSectionMap[t]
    }

    /// `_computeSectionUpdates`, step by step, over `update`'s lists.
    ///
    /// Each section delete sets its section to `notFound` and moves every
    /// later old section that is still mapped down one (once per copy: a
    /// section deleted twice shifts them twice). Each section insert moves
    /// up every mapped old section whose current value is at or after it
    /// and is not a move's destination. Each section move maps its source
    /// to its destination. Then, if the batch moved a section, the new
    /// sections that are neither moved to nor inserted take, in order, the
    /// old sections still mapped and not moved away; running out of old
    /// sections is UIKit's assertion. A negative section, which the bounds
    /// checks let through (a reload's insert half shifted below zero), is
    /// refused by the `NSMutableIndexSet` UIKit adds it to: the map stops
    /// there, with that exception.
    ///
    /// - Complexity: O(*k*·*s*) for *k* section operations and *s* sections.
    init(_ update: CollectionViewUpdate, _ context: BatchContext) {
        let oldCount = context.sectionsBefore, newCount = context.sectionsAfter
        var map = Array(0..<oldCount)
        var movedTo: Set<Int> = [], movedFrom: Set<Int> = [], inserted: Set<Int> = []
        var hasMoves = false
        var refused: Rejection?
        // Only section items change the map: none, no walk (and no list of the lists).
        let hasSectionItems = update.deletes.contains(where: \.isSection) || update.moves.contains(where: \.isSection)
            || update.inserts.contains(where: \.isSection)
        let lists = hasSectionItems ? [update.deletes, update.moves, update.inserts] : []
        walk: for item in lists.joined() where item.isSection {
            let s = item.path.section, destination = (item.destination ?? item.path).section
            // NSMutableIndexSet refuses a negative section (NSNotFound − 1 is its largest index).
            if s < 0 || destination < 0 {
                let negative = s < 0 ? s : destination
                refused = Rejection(.negativeSection,
                    "*** -[NSMutableIndexSet addIndexesInRange:]: Range {\(UInt(bitPattern: negative)), 1} exceeds maximum index value of NSNotFound - 1"
                    + " (\(UpdateItemMap.describe(item)) names section \(negative))")
                break walk
            }
            switch item.action {
            case .delete:
                if s >= 0 && s < oldCount { map[s] = notFound }
                var following = s < 0 ? 0 : s + 1
                while following < oldCount {
                    if map[following] != notFound { map[following] -= 1 }
                    following += 1
                }
            case .insert:
                for o in 0..<oldCount where map[o] != notFound && map[o] >= s && !movedTo.contains(map[o]) {
                    map[o] += 1
                }
                inserted.insert(s)
            case .move:
                if s >= 0 && s < oldCount { map[s] = destination }
                movedTo.insert(destination)
                movedFrom.insert(s)
                hasMoves = true
            }
        }
        assertion = refused
        if refused == nil && newCount >= 1 && hasMoves {
            var destination = 0
            for t in 0..<newCount where !movedTo.contains(t) && !inserted.contains(t) {
                while destination < oldCount && (map[destination] == notFound || movedFrom.contains(destination)) {
                    destination += 1
                }
                if destination >= oldCount {
                    assertion = Rejection(.sectionMapOutOfBounds,
                        "out of bounds access to _oldSectionMap (new section \(t) finds no old section left to take its place)")
                    break
                }
                map[destination] = t
                destination += 1
            }
        }
        var new = Array(filled: notFound, count: newCount)
        for (o, t) in map.enumerated() where t != notFound && t >= 0 && t < newCount { new[t] = o }
        oldSectionMap = map
        newSectionMap = new
    }
}

/// The item map of an update (`_computeItemUpdates`): for each item before
/// the update (by global index, counting across sections), its global index
/// after it, or `notFound`.
struct UpdateItemMap {
    var oldGlobalItemMap: [Int]

    /// `_computeItemUpdates` over `update`'s lists, raising its assertions
    /// and the data model's (RULES.md §3.1 step 10).
    ///
    /// Every update item names global indexes: an item operation its item's
    /// (in the state before the update for a delete or a move, after it for
    /// an insert; one that is not there, a negative item, is skipped), a
    /// section operation its section's range (a negative section never
    /// gets here: the section map refused it). Then:
    ///
    /// - a delete sets its item to `notFound` and moves every later mapped
    ///   item down one (once per copy);
    /// - a move sets each still-mapped source item to the next place from
    ///   its destination (for a section move, the destination section's
    ///   first item after the update, `notFound` when that section is
    ///   empty); a place at or past the item count after the update is
    ///   `newGlobalRowForDestination is out of bounds of newGlobalItemCount`;
    /// - an insert moves up every mapped item whose current value is at or
    ///   after it and is not a move's destination; one pushed to the item
    ///   count after the update is `row is out of bounds of newGlobalItemCount`;
    /// - if the batch moved anything, the places neither moved to nor
    ///   inserted take, in order, the old items still mapped and not moved.
    ///
    /// The deletes all come first, then the moves, then the inserts, so the
    /// model computes the same map without UIKit's loop over every item for
    /// each operation: after the deletes an item is at its index less the
    /// deletes before it; the moves touch only their own items; and under
    /// the inserts (ascending) each item's value climbs on its own, one per
    /// insert at or before its current value, until an insert lies past it
    /// or it reaches a move's destination, where UIKit stops moving it
    /// (`climb`). `UpdateMapsTests` checks this against the literal loops.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* operations.
    init(_ update: CollectionViewUpdate, _ context: BatchContext) throws(Rejection) {
        let old = context.displayed, new = context.data
        // The global index of each section's first item, in the states the
        // update's lists name (none when no list names that state).
        let oldStarts = update.deletes.isEmpty && update.moves.isEmpty ? [] : Self.sectionStarts(old)
        let newStarts = update.inserts.isEmpty && update.moves.isEmpty ? [] : Self.sectionStarts(new)
        let oldCount = oldStarts.last ?? old.itemCount, newCount = newStarts.last ?? new.itemCount

        // The deletes: each surviving item's index less the delete entries
        // before it. The map first counts the entries on each item, then
        // turns the counts into places, in place.
        var map: [Int]
        if update.deletes.isEmpty {
            map = Array(0..<oldCount)
        } else {
            map = Array(filled: 0, count: oldCount)
            for item in update.deletes {
                for g in try Self.globalIndexes(of: item, starts: oldStarts, in: old) { map[g] += 1 }
            }
            map.withUnsafeMutableBufferPointer { map in
                var running = 0
                for o in map.indices {
                    let entries = map[o]
                    map[o] = entries > 0 ? notFound : o - running
                    running += entries
                }
            }
        }

        // The moves, in order. A move's places are global indexes in the
        // states (its destination is checked against the count before it is
        // taken), so they are flags of arrays.
        var isMovedTo = update.moves.isEmpty ? [] : Array(filled: false, count: newCount)
        var isMovedFrom = update.moves.isEmpty ? [] : Array(filled: false, count: oldCount)
        var anyMoved = false
        for item in update.moves {
            let sources = try Self.globalIndexes(of: item, starts: oldStarts, in: old)
            let to = item.destination ?? item.path
            var destination = Self.globalIndex(UpdatePath(section: to.section, item: to.item ?? 0), starts: newStarts, in: new) ?? notFound
            for g in sources where map[g] != notFound {
                if destination >= newCount {
                    throw Rejection(.itemMapMoveOutOfBounds, "newGlobalRowForDestination is out of bounds of newGlobalItemCount ("
                        + Self.describe(item) + " moves an item to global index \(destination == notFound ? "NSNotFound" : String(destination)) when there are \(newCount) items after the update)")
                }
                map[g] = destination
                isMovedTo[destination] = true
                isMovedFrom[g] = true
                anyMoved = true
                destination += 1
            }
        }

        // The inserts, ascending: each mapped item climbs on its own. A
        // negative section sorts after every other insert (NSIndexPath
        // compares unsigned), so the climb's assertion comes before its own.
        var inserted: [Int] = []
        // The index in `update.inserts` of the item each entry comes from.
        var insertedBy: [Int] = []
        // (Reserving room in an empty array still builds a new buffer: only when there are inserts.)
        if !update.inserts.isEmpty {
            inserted.reserveCapacity(update.inserts.count)
            insertedBy.reserveCapacity(update.inserts.count)
        }
        var pending: Rejection?
        do {
            for (index, item) in update.inserts.enumerated() {
                for g in try Self.globalIndexes(of: item, starts: newStarts, in: new) {
                    inserted.append(g)
                    insertedBy.append(index)
                }
            }
        } catch {
            pending = error
        }
        if !inserted.isEmpty {
            let climb = InsertClimb(inserted: inserted, destinations: isMovedTo.indices.filter { isMovedTo[$0] })
            // The first insert (then the first item) that pushes an item to the count.
            var first: (insert: Int, item: Int, value: Int)?
            map.withUnsafeMutableBufferPointer { map in
                var cursor = InsertClimb.Cursor()
                for o in map.indices where map[o] != notFound {
                    let (value, steps) = climb.final(from: map[o], cursor: &cursor)
                    if steps > 0 && value >= newCount {
                        let at = max(0, newCount - 1 - map[o])
                        if first == nil || at < first!.insert { first = (at, o, value) }
                    }
                    map[o] = value
                }
            }
            if let first {
                throw Rejection(.itemMapInsertOutOfBounds, "row is out of bounds of newGlobalItemCount ("
                    + Self.describe(update.inserts[insertedBy[first.insert]]) + " pushes the item at global index \(first.item) before the update past the \(newCount) items after the update)")
            }
        }
        if let pending { throw pending }

        // The fill, when anything moved.
        if newCount != 0 && anyMoved {
            var isInserted = Array(filled: false, count: newCount)
            for g in inserted { isInserted[g] = true }
            var destination = 0
            fill: for t in 0..<newCount where !isMovedTo[t] && !isInserted[t] {
                if destination >= oldCount { break }
                while map[destination] == notFound || isMovedFrom[destination] {
                    destination += 1
                    if destination == oldCount { break fill }
                }
                map[destination] = t
                destination += 1
            }
        }
        oldGlobalItemMap = map
    }

    /// The view's look-up of every cell's place after the update
    /// (`indexPathForItemAtGlobalIndex:` on each visible cell's mapped
    /// index, UXCollectionView+BatchUpdates.m and UXCollectionViewLayout.m's
    /// `prepareForCollectionViewUpdates:`): a mapped index past the items
    /// after the update, or any when there are no sections, is the data
    /// model's assertion. The model takes every cell as visible and names
    /// the first such item by its index before the update.
    ///
    /// Then the animation pass (`_viewAnimationsForCurrentUpdate`): every
    /// insert the batch made (`inserts`: issued, and reload insert halves,
    /// before any was dropped) is looked up too, and an item insert with no
    /// place after the update (a negative item, which the signed bounds
    /// checks let through) asks for global index NSNotFound; then each
    /// surviving cell is animated to its mapped place, and two cells mapped
    /// to one place are `attempt to create two animations for new global
    /// item index I`.
    func checkGlobalIndexes(_ context: BatchContext, inserts: [UpdateItem]) throws(Rejection) {
        let newCount = context.data.itemCount
        for (o, value) in oldGlobalItemMap.enumerated() where value != notFound {
            if value >= newCount || context.sectionsAfter < 1 {
                throw Rejection(.globalIndexOutOfRange,
                    "request for index path for global index \(value) when there are only \(newCount) items in the collection view"
                    + " (the update's item map sends the item at global index \(o) before the update there)")
            }
        }
        for insert in inserts where !insert.isSection && context.dataItem(at: insert.path.itemPath) == nil {
            throw Rejection(.globalIndexOutOfRange,
                "request for index path for global index \(notFound) when there are only \(newCount) items in the collection view"
                + " (\(Self.describe(insert)) is at index path (\(insert.path.uikitDescription)), which has no global index after the update)")
        }
        // Only a place that exists has layout attributes to animate to (B:363-367).
        // For each place, the first item animated to it (`notFound`: none yet).
        var animated = Array(filled: notFound, count: max(newCount, 0))
        // The first item animated to a place taken already, and the item there.
        let twice: (first: Int, second: Int, value: Int)? = animated.withUnsafeMutableBufferPointer { animated in
            for (o, value) in oldGlobalItemMap.enumerated() where value >= 0 && value < newCount {
                if animated[value] != notFound { return (animated[value], o, value) }
                animated[value] = o
            }
            return nil
        }
        if let twice {
            throw Rejection(.twoAnimationsForOneItem,
                "attempt to create two animations for new global item index \(twice.value)"
                + " (the update's item map sends the items at global indexes \(twice.first) and \(twice.second) before the update there)")
        }
    }

    /// The global index of each section's first item, and the total at the end.
    private static func sectionStarts(_ snapshot: Snapshot) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(snapshot.sections.count + 1)
        starts.append(0)
        for section in snapshot.sections { starts.append(starts[starts.count - 1] + section.items.count) }
        return starts
    }

    /// `globalIndexForItemAtIndexPath:`: `nil` (NSNotFound) for a place that is not there.
    private static func globalIndex(_ path: UpdatePath, starts: [Int], in snapshot: Snapshot) -> Int? {
        let s = path.section
        guard s >= 0, s < snapshot.sections.count, let i = path.item, i >= 0, i < snapshot.sections[s].items.count else { return nil }
        return starts[s] + i
    }

    /// The global indexes an update item names in `snapshot`: its item's
    /// (none if it is not there), or its section's range. A section outside
    /// the snapshot is the data model's assertion (`numberOfItemsBeforeSection:`).
    private static func globalIndexes(of item: UpdateItem, starts: [Int], in snapshot: Snapshot) throws(Rejection) -> Range<Int> {
        guard item.isSection else {
            guard let g = globalIndex(item.path, starts: starts, in: snapshot) else { return 0..<0 }
            return g..<(g + 1)
        }
        let s = item.path.section
        guard s >= 0, s < snapshot.sections.count else {
            let when = item.action == .insert ? "after" : "before"
            throw Rejection(.negativeSection,
                "request for number of items before section \(s) when there are only \(snapshot.sections.count) sections in the collection view"
                + " (\(describe(item)), in the state \(when) the update)")
        }
        return starts[s]..<starts[s + 1]
    }

    /// An update item as the case format spells it, with where it came from.
    static func describe(_ item: UpdateItem) -> String {
        switch item.origin {
        case .issued(let op): return op.caseSpelling
        case .reloadDeleteHalf(let op): return "the delete half of " + op.caseSpelling
        case .reloadInsertHalf(let op): return "the insert half of " + op.caseSpelling
        }
    }
}

/// How one item's value climbs under a list of inserts in ascending order
/// (`_computeItemUpdates`' insert loop, one item at a time).
///
/// At the *i*-th insert (from 0) an item still climbing holds value
/// *v* + *i*; it climbs again if the insert is at or before that value and
/// the value is not a move's destination. So it stops at the first insert
/// with `inserted[i] − i > v` (found through the running maximum of
/// `inserted[i] − i`), or on reaching the first move destination at or
/// after *v*, whichever comes first.
struct InsertClimb {
    private let runningMaximum: [Int]
    private let destinations: [Int]

    /// `destinations`: the moves' destinations, ascending, each once.
    init(inserted: [Int], destinations: [Int]) {
        var maximum = Int.min
        runningMaximum = inserted.enumerated().map { i, g in
            maximum = max(maximum, g - i)
            return maximum
        }
        self.destinations = destinations
    }

    /// Where the previous look-up ended. Both searches look for the first
    /// element past `v` in an ascending array, so for a value at or past
    /// the previous one the answer is at or past the previous answer: items
    /// taken in order (most of them keep their order) search on from there.
    struct Cursor {
        var value = Int.min, insert = 0, destination = 0
    }

    /// The value an item at `v` ends at, and how many inserts moved it;
    /// `cursor` is the previous look-up's (`Cursor()` for the first).
    func final(from v: Int, cursor: inout Cursor) -> (value: Int, steps: Int) {
        if v < cursor.value { cursor = Cursor() }
        cursor.value = v
        cursor.insert = Self.firstIndex(in: runningMaximum, from: cursor.insert) { $0 > v }
        var steps = cursor.insert
        // The first destination at or after v stops the climb there.
        cursor.destination = Self.firstIndex(in: destinations, from: cursor.destination) { $0 >= v }
        if cursor.destination < destinations.count { steps = min(steps, destinations[cursor.destination] - v) }
        return (v + steps, steps)
    }

    /// The first index at or after `start` whose element `isPast` holds
    /// for (it holds for none before `start`, and from some index on for
    /// every one): steps that double from `start`, then a binary search.
    private static func firstIndex(in elements: [Int], from start: Int, where isPast: (Int) -> Bool) -> Int {
        // Invariant: no element in start..<low is past.
        var low = start, probe = start, step = 1
        while probe < elements.count && !isPast(elements[probe]) {
            low = probe + 1
            probe = low + step
            step *= 2
        }
        var high = min(probe, elements.count)
        while low < high {
            let mid = (low + high) / 2
            if isPast(elements[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension BatchContext {
    /// `numberOfItemsInSection:` on the state before the update, as the
    /// bounds checks ask it once the section passed their signed compare:
    /// a negative section is the data model's assertion (RULES.md §3.1).
    func itemsBeforeAsked(_ s: Int, for item: UpdateItem) throws(Rejection) -> Int {
        guard let n = itemsBefore(s) else { throw noSuchSection(s, sectionsBefore, "before", item) }
        return n
    }

    /// `numberOfItemsInSection:` on the data source after the update; see
    /// `itemsBeforeAsked`.
    func itemsAfterAsked(_ s: Int, for item: UpdateItem) throws(Rejection) -> Int {
        guard let n = itemsAfter(s) else { throw noSuchSection(s, sectionsAfter, "after", item) }
        return n
    }

    private func noSuchSection(_ s: Int, _ count: Int, _ when: String, _ item: UpdateItem) -> Rejection {
        let place = " (\(UpdateItemMap.describe(item)), in the state \(when) the update)"
        // UITableView's row data asks it, in its own words: element-ios issue 4591 (section -1) and a Sentry
        // report with -[UITableViewRowData numberOfRowsInSection:] on its stack (WordPress-iOS issue 13891); RULES.md §3.4.
        if words == .tableView { return Rejection(.negativeSection, "Requested the number of rows for section (\(s)) which is out of bounds." + place) }
        return Rejection(.negativeSection, words.unsourced(
            "request for number of items in section \(s) when there are only \(count) sections in the collection view" + place))
    }
}

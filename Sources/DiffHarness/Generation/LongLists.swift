// LongLists: the pairs of the long size classes (`SizeClass.thousands`,
// `.tensOfThousands`), thousands to tens of thousands of items.
//
// A long snapshot's length is one choice, not a "go on?" flag per item: the
// case stays a few hundred choices whatever its size, and the shrinker
// brings it down to the size its failure needs by lowering that one value
// (binary search: half the items at once, then finer). Its items are fresh
// identities in order, spread evenly over its sections, with a few repeats;
// the edits are the usual ones plus runs (a run of items updated, deleted,
// inserted or moved at once), so that a long case can also have thousands
// of changes. As everywhere, 0 is the simpler answer of every draw.
import ListModel

extension PairGenerator {
    /// A pair of a long class: an old snapshot and an edit script over it,
    /// or (`isUnrelated`) two long snapshots of different identities.
    func generateLong(_ c: inout Choices, size: SizeClass, isFlat: Bool, isUnrelated: Bool) -> (Snapshot, Snapshot) {
        var names = Names()
        let old = makeLongSnapshot(&c, size: size, isFlat: isFlat, names: &names)
        if isUnrelated {
            return (old, makeLongSnapshot(&c, size: size, isFlat: isFlat, names: &names))
        }
        let lengths = Lengths(isLarge: true, isFlat: isFlat, maxSize: options.maxSize)
        var edited = old
        while lengths.goesOn(&c, edits: true) {
            if c.rarely(3) {
                applyRunEdit(&c, to: &edited, names: &names)
            } else {
                applyRandomEdit(&c, to: &edited, lengths: lengths, names: &names)
            }
        }
        return (old, edited)
    }

    /// A snapshot of `size`'s item range (capped by `maxSize`): its length,
    /// then (unless flat) its number of sections, up to 32, and their
    /// identities; then a few items given an earlier item's identity.
    func makeLongSnapshot(_ c: inout Choices, size: SizeClass, isFlat: Bool, names: inout Names) -> Snapshot {
        let range = size.itemRange
        let count = min(options.maxSize, range.lowerBound + c.draw(upTo: range.count - 1))
        let sectionCount = isFlat ? 1 : 1 + c.draw(upTo: 31)
        var sections: [Section] = []
        sections.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            let id = isFlat ? Snapshot.implicitSectionID : sectionIdentity(&c, names: &names)
            let length = count * (s + 1) / sectionCount - count * s / sectionCount
            var items: [Item] = []
            items.reserveCapacity(length)
            for _ in 0..<length { items.append(Item(id: names.freshItem())) }
            sections.append(Section(id: id, items: items))
        }
        var snapshot = Snapshot(sections: sections)
        if options.allowsDuplicates && count > 1 {
            while c.rarely(3) {
                // The item at flat position `at` takes the identity of an earlier one.
                let at = 1 + c.draw(upTo: count - 2)
                let from = c.draw(upTo: at - 1)
                let target = snapshot.path(ofItemAt: at), source = snapshot.path(ofItemAt: from)
                snapshot.sections[target.section].items[target.item].id = snapshot.sections[source.section].items[source.item].id
            }
        }
        return snapshot
    }

    /// The kinds of run edit, simplest first.
    enum RunEdit: Int {
        case updateRun, deleteRun, insertRun, moveRun
    }

    /// One edit of a run of consecutive items in one section: its contents
    /// raised, deleted, fresh items inserted, or the run moved elsewhere in
    /// its section. A run is up to a quarter of its section (an insert, up
    /// to 1,000 items, as `maxSize` allows). An update run of thousands of
    /// items is thousands of reloads in one batch: the reference model
    /// places each in O(log n) (`ReloadShifts`), so it costs what a delete
    /// run does.
    func applyRunEdit(_ c: inout Choices, to snapshot: inout Snapshot, names: inout Names) {
        guard let edit = RunEdit(rawValue: c.draw(upTo: 3)), !snapshot.sections.isEmpty else { return }
        let s = c.draw(upTo: snapshot.sections.count - 1)
        let count = snapshot.sections[s].items.count
        if edit == .insertRun {
            let room = options.maxSize - snapshot.itemCount
            guard room > 0 else { return }
            let at = c.draw(upTo: count)
            let length = 1 + c.draw(upTo: min(room, 1_000) - 1)
            var run: [Item] = []
            run.reserveCapacity(length)
            // Fresh identities, no draw per item: a run's choices stay a few
            // however long it is (the shrinker's passes try each choice).
            for _ in 0..<length { run.append(Item(id: names.freshItem())) }
            snapshot.sections[s].items.insert(contentsOf: run, at: at)
            return
        }
        guard count > 0 else { return }
        let start = c.draw(upTo: count - 1)
        let length = 1 + c.draw(upTo: min(max(count / 4, 1), count - start) - 1)
        let run = start..<(start + length)
        switch edit {
        case .updateRun:
            for i in run { snapshot.sections[s].items[i].content += 1 }
        case .deleteRun:
            snapshot.sections[s].items.removeSubrange(run)
        case .moveRun:
            let moved = Array(snapshot.sections[s].items[run])
            snapshot.sections[s].items.removeSubrange(run)
            snapshot.sections[s].items.insert(contentsOf: moved, at: c.draw(upTo: snapshot.sections[s].items.count))
        case .insertRun:
            break
        }
    }
}

extension Snapshot {
    /// The path of the `n`-th item in reading order (`n < itemCount`).
    func path(ofItemAt n: Int) -> ItemPath {
        var n = n
        for s in sections.indices {
            if n < sections[s].items.count { return ItemPath(s, n) }
            n -= sections[s].items.count
        }
        return ItemPath(sections.count - 1, sections.last.map { $0.items.count - 1 } ?? 0)
    }
}

// UnrelatedEncoding: choices of the `unrelated` shape that make a given pair.
//
// An edited case is an old snapshot and a script of edits addressed by
// index: deleting an early choice shifts what every later edit points at,
// so the shrinker's edits of the choices can stall on a large case. Written
// as an unrelated pair instead (old and new drawn one item after the other),
// any item can be dropped from either side without disturbing the rest. The
// shrinker's delete-pair-items pass uses this to remove items from the pair
// itself and carry on from the re-encoded choices.
import ListModel

extension PairGenerator {
    /// Whether the generator's shapes include the `unrelated` one, which
    /// can write (nearly) any pair: the shrinker's delete-pair-items pass
    /// re-encodes smaller pairs through it. The fetched-results shapes do
    /// not (their pairs keep the controller's laws), so there a large
    /// failure is shrunk further by editing the case (`shrink(editsCase:)`).
    public var writesAnyPair: Bool { options.shapes != .fetchedResults }

    /// Choices that make `old` and `new` through the `unrelated` shape,
    /// identities renamed by first appearance (`a`, `b`, … and `A`, `B`, …);
    /// nil when that shape cannot make the pair: old contents other than 0,
    /// new contents above 3, changed section contents, a flat side
    /// with a sectioned one, duplicates when the options forbid them, or a
    /// side larger than `maxSize`. The result is checked by replaying it.
    public func unrelatedChoices(old: Snapshot, new: Snapshot) -> [Int]? {
        let isFlat = old.isFlat && new.isFlat
        if options.isFlatOnly && !isFlat { return nil }
        var choices: [Int] = []
        if !options.isFlatOnly { choices.append(isFlat ? 0 : 1) }
        choices.append(14)   // the shape: unrelated
        choices.append(0)    // not large
        var itemNames: [String: String] = [:], sectionNames: [String: String] = [:]
        var names = Names()
        // The names given so far, in the order the generator makes them.
        var knownItems: [String] = [], knownSections: [String] = []
        // An identity: an index into the names so far (a duplicate), or the next fresh name.
        func identity(_ id: String, renamed: inout [String: String], known: inout [String], odds: Int,
                      fresh: (inout Names) -> String) -> String? {
            if let name = renamed[id] {
                guard options.allowsDuplicates, let index = known.firstIndex(of: name) else { return nil }
                choices.append(odds)
                if known.count > 1 { choices.append(index) }
                return name
            }
            if options.allowsDuplicates && !known.isEmpty { choices.append(0) }
            let name = fresh(&names)
            renamed[id] = name
            known.append(name)
            return name
        }
        func encode(_ snapshot: Snapshot, isNew: Bool) -> Snapshot? {
            if !isFlat && snapshot.sections.contains(where: { $0.id == Snapshot.implicitSectionID }) { return nil }
            var sections: [Section] = []
            var total = 0
            for section in snapshot.sections {
                guard section.content == 0 else { return nil }
                var id = Snapshot.implicitSectionID
                if !isFlat {
                    choices.append(1)   // one more section
                    guard let name = identity(section.id, renamed: &sectionNames, known: &knownSections, odds: 15,
                                              fresh: { $0.freshSection() }) else { return nil }
                    id = name
                }
                var items: [Item] = []
                for item in section.items {
                    guard total < options.maxSize, item.content == 0 || (isNew && (1...3).contains(item.content)) else {
                        return nil
                    }
                    choices.append(1)   // one more item
                    guard let name = identity(item.id, renamed: &itemNames, known: &knownItems, odds: 7,
                                              fresh: { $0.freshItem() }) else { return nil }
                    items.append(Item(id: name, content: item.content))
                    total += 1
                }
                if total < options.maxSize { choices.append(0) }   // no more items
                sections.append(Section(id: id, items: items))
            }
            if !isFlat { choices.append(0) }   // no more sections
            return Snapshot(sections: sections)
        }
        guard let renamedOld = encode(old, isNew: false), let renamedNew = encode(new, isNew: true) else { return nil }
        // New contents (`newContentVersion`): 0, or 1 to 3 after the rare flag.
        for s in renamedNew.sections.indices {
            for i in renamedNew.sections[s].items.indices {
                let content = renamedNew.sections[s].items[i].content
                choices += content == 0 ? [0] : [3, content - 1]
            }
        }
        let replayed = replay(choices)
        guard replayed.old == renamedOld, replayed.new == renamedNew else { return nil }
        return replayed.choices
    }

    /// The pair `choices` make without the items at `positions` (counting
    /// old's items, then new's, in order), as choices of the `unrelated`
    /// shape; nil when that shape cannot make it. A new item content above 3
    /// becomes 3 (old contents are 0, so changed stays changed), and section
    /// contents become 0 (the shape has no changed sections): the shrinker
    /// keeps the candidate only if it still fails.
    public func choices(_ choices: [Int], removingItems positions: Range<Int>) -> [Int]? {
        let pair = replay(choices)
        func simplified(_ snapshot: Snapshot) -> Snapshot {
            var result = snapshot
            for s in result.sections.indices {
                for i in result.sections[s].items.indices { result.sections[s].items[i].content.clamp(to: 3) }
                result.sections[s].content = 0
            }
            return result
        }
        let smaller = pairWithoutItems(old: pair.old, new: pair.new, where: positions.contains)
        let old = simplified(smaller.old)
        let new = simplified(smaller.new)
        return unrelatedChoices(old: old, new: new)
    }
}

extension Int {
    fileprivate mutating func clamp(to largest: Int) {
        self = Swift.min(self, largest)
    }
}

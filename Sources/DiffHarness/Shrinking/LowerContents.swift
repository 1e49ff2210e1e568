// Case shrink pass: lower content versions.
import ListModel

extension CaseShrinker {
    /// Lowers content versions (sections' and items', old then new): first
    /// all the versions of one identity together, by their smallest (so
    /// `old: a'`, `new: a''` becomes `old: a`, `new: a'`: changed stays
    /// changed); then each version alone to 0, else to the smallest that
    /// still fails (a binary search). Every kept candidate has the same
    /// items and smaller contents.
    func lowerContents() {
        lowerIdentityContents()
        var index = 0
        while index < contentSlots.count && !isOutOfBudget {
            let value = content(at: contentSlots[index])
            if value > 0 && !lowerContent(at: contentSlots[index], to: 0) {
                var low = 0, high = value   // low passes (or is untried), high fails
                while high - low > 1 && !isOutOfBudget {
                    let mid = (low + high) / 2
                    if lowerContent(at: contentSlots[index], to: mid) { high = mid } else { low = mid }
                }
            }
            index += 1
        }
    }

    /// Lowers every version of an item identity, then of a section identity,
    /// by the smallest of them.
    private func lowerIdentityContents() {
        for isSection in [false, true] {
            let slots = contentSlots.filter { ($0.item == nil) == isSection }
            let ids = distinctInOrder(slots.map(identity(at:)))
            for id in ids where !isOutOfBudget {
                let own = slots.filter { identity(at: $0) == id }
                let smallest = own.map(content(at:)).min() ?? 0
                guard smallest > 0 else { continue }
                var pair = (old: old, new: new)
                for slot in own { slot.set(content(at: slot) - smallest, in: &pair) }
                consider(pair.old, pair.new)
            }
        }
    }

    private func lowerContent(at slot: ContentSlot, to value: Int) -> Bool {
        var pair = (old: old, new: new)
        slot.set(value, in: &pair)
        return consider(pair.old, pair.new)
    }

    /// Every content version of the current pair: each section's, then its
    /// items', old then new.
    private var contentSlots: [ContentSlot] {
        var slots: [ContentSlot] = []
        for (side, snapshot) in [old, new].enumerated() {
            for s in snapshot.sections.indices {
                slots.append(ContentSlot(isNew: side == 1, section: s, item: nil))
                for i in snapshot.sections[s].items.indices { slots.append(ContentSlot(isNew: side == 1, section: s, item: i)) }
            }
        }
        return slots
    }

    private func content(at slot: ContentSlot) -> Int {
        let section = (slot.isNew ? new : old).sections[slot.section]
        return slot.item.map { section.items[$0].content } ?? section.content
    }

    private func identity(at slot: ContentSlot) -> String {
        let section = (slot.isNew ? new : old).sections[slot.section]
        return slot.item.map { section.items[$0].id } ?? section.id
    }
}

/// Where a content version is: a section (`item` nil) or an item, in old or new.
struct ContentSlot {
    var isNew: Bool
    var section: Int
    var item: Int?

    func set(_ value: Int, in pair: inout (old: Snapshot, new: Snapshot)) {
        if isNew { set(value, in: &pair.new) } else { set(value, in: &pair.old) }
    }

    private func set(_ value: Int, in snapshot: inout Snapshot) {
        if let item { snapshot.sections[section].items[item].content = value } else { snapshot.sections[section].content = value }
    }
}

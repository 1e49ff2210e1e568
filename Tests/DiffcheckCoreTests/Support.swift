// Test support: the model's snapshots as the core's input, a short spelling
// for snapshots and batches, and a small strict replay (until the reference
// model's rules land, and as a second opinion after).
import DiffcheckCore
import ListModel

struct TestItem: Diffable {
    let item: Item
    var diffIdentifier: String { item.id }
    func isContentEqual(to other: TestItem) -> Bool { item.content == other.item.content }
}

struct TestSection: DiffableSection {
    let section: Section
    var diffIdentifier: String { section.id }
    var elements: [TestItem] { section.items.map(TestItem.init) }
    func isContentEqual(to other: TestSection) -> Bool { section.content == other.section.content }
}

/// `"a b' c"`: items, one `'` per content version.
func items(_ text: String) -> [Item] {
    text.split(separator: " ").map { word in
        let id = word.filter { $0 != "'" }
        return Item(id: String(id), content: word.count - id.count)
    }
}

/// `"A: a b | B': c"`: sections separated by `|`.
func snapshot(_ text: String) -> Snapshot {
    guard !text.allSatisfy({ $0 == " " }) else { return Snapshot() }
    return Snapshot(sections: text.split(separator: "|").map { part in
        let halves = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let head = items(String(halves[0]))[0]
        return Section(id: head.id, content: head.content, items: halves.count > 1 ? items(String(halves[1])) : [])
    })
}

func diff(_ old: Snapshot, _ new: Snapshot) -> ListDiff.Difference {
    ListDiff.diff(oldSections: old.sections.map(TestSection.init), newSections: new.sections.map(TestSection.init))
}

func flatDiff(_ old: String, _ new: String) -> ListDiff.Difference {
    ListDiff.diff(old: items(old).map(TestItem.init), new: items(new).map(TestItem.init))
}

/// A batch spelled `"sdel 1; sins 0; srel 2; smov 0>1; del 0.1; ins 0.2; rel 0.0; mov 0.3>0.0"`.
func spell(_ batch: ListDiff.Batch) -> String {
    var parts: [String] = []
    parts += batch.deletedSections.map { "sdel \($0)" }
    parts += batch.insertedSections.map { "sins \($0)" }
    parts += batch.reloadedSections.map { "srel \($0)" }
    parts += batch.movedSections.map { "smov \($0.from)>\($0.to)" }
    parts += batch.deletedItems.map { "del \($0)" }
    parts += batch.insertedItems.map { "ins \($0)" }
    parts += batch.reloadedItems.map { "rel \($0)" }
    parts += batch.movedItems.map { "mov \($0.from)>\($0.to)" }
    return parts.joined(separator: "; ")
}

func spell(_ difference: ListDiff.Difference) -> [String] {
    difference.stages.map { spell($0.batch) }
}

/// An intermediate snapshot built from the core's references.
func materialize(_ sections: [ListDiff.IntermediateSection], old: Snapshot, new: Snapshot) -> Snapshot {
    Snapshot(sections: sections.map { section in
        var result: Section
        switch section.source {
        case .old(let s): result = old.sections[s]
        case .new(let s): result = new.sections[s]
        }
        result.items = section.items.map { source in
            switch source {
            case .old(let p): return old.sections[p.section].items[p.item]
            case .new(let p): return new.sections[p.section].items[p.item]
            }
        }
        return result
    })
}

/// Replays the stages of `difference` from `old` with a small strict list
/// view (Sources/ListModel/RULES.md §1–§3, strict profile) and returns what
/// the view shows at the end, or the first violation.
func replay(_ difference: ListDiff.Difference, old: Snapshot, new: Snapshot) -> Result<Snapshot, StrictViolation> {
    var shown = old
    for (index, stage) in difference.stages.enumerated() {
        let data = stage.data.map { materialize($0, old: old, new: new) } ?? new
        if index == difference.stages.count - 1 && stage.data != nil {
            return .failure(StrictViolation("the last stage carries data"))
        }
        switch StrictView.apply(stage.batch, to: shown, data: data) {
        case .success(let next):
            // The view must show the data's identities after every stage.
            if next.sections.map(\.id) != data.sections.map(\.id)
                || next.sections.map({ $0.items.map(\.id) }) != data.sections.map({ $0.items.map(\.id) }) {
                return .failure(StrictViolation("stage \(index) shows other identities than its data"))
            }
            shown = next
        case .failure(let violation):
            return .failure(StrictViolation("stage \(index): \(violation.message)"))
        }
    }
    return .success(shown)
}

struct StrictViolation: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A list view with the strict profile's rules, written for obviousness.
enum StrictView {
    static func apply(_ batch: ListDiff.Batch, to shown: Snapshot, data: Snapshot) -> Result<Snapshot, StrictViolation> {
        func fail(_ text: String) -> Result<Snapshot, StrictViolation> { .failure(StrictViolation(text)) }
        let before = shown.sections.count, after = data.sections.count
        let deleted = Set(batch.deletedSections), inserted = Set(batch.insertedSections)
        let reloaded = Set(batch.reloadedSections)
        let movedFrom = Set(batch.movedSections.map(\.from)), movedTo = Set(batch.movedSections.map(\.to))
        guard deleted.count == batch.deletedSections.count, inserted.count == batch.insertedSections.count,
              movedFrom.count == batch.movedSections.count, movedTo.count == batch.movedSections.count
        else { return fail("a section is named twice") }
        guard after == before + inserted.count - deleted.count else { return fail("invalid number of sections") }
        guard deleted.union(movedFrom).union(reloaded).allSatisfy({ (0..<before).contains($0) }),
              inserted.union(movedTo).allSatisfy({ (0..<after).contains($0) })
        else { return fail("section out of range") }
        guard deleted.isDisjoint(with: movedFrom), inserted.isDisjoint(with: movedTo), deleted.isDisjoint(with: reloaded)
        else { return fail("section conflict") }
        // Where each old section goes.
        var target = [Int?](repeating: nil, count: before)
        var slots = [Int?](repeating: nil, count: after)
        for move in batch.movedSections { target[move.from] = move.to; slots[move.to] = move.from }
        var free = (0..<after).filter { slots[$0] == nil && !inserted.contains($0) }.makeIterator()
        for s in 0..<before where !deleted.contains(s) && !movedFrom.contains(s) {
            guard let t = free.next() else { return fail("invalid number of sections") }
            target[s] = t
            slots[t] = s
        }
        // Items, per old section.
        var deletes: [Int: Set<Int>] = [:], inserts: [Int: Set<Int>] = [:], reloads: [Int: Set<Int>] = [:]
        var outs: [Int: Set<Int>] = [:], ins: [Int: [Int: ItemPathKey]] = [:]
        for p in batch.deletedItems {
            guard deletes[p.section, default: []].insert(p.item).inserted else { return fail("item deleted twice") }
        }
        for p in batch.insertedItems {
            guard inserts[p.section, default: []].insert(p.item).inserted else { return fail("item inserted twice") }
        }
        for p in batch.reloadedItems {
            guard reloads[p.section, default: []].insert(p.item).inserted else { return fail("item reloaded twice") }
        }
        for m in batch.movedItems {
            guard outs[m.from.section, default: []].insert(m.from.item).inserted else { return fail("two moves from one path") }
            guard ins[m.to.section, default: [:]].updateValue(ItemPathKey(m.from), forKey: m.to.item) == nil
            else { return fail("two moves to one path") }
        }
        for (s, set) in deletes where !set.isDisjoint(with: outs[s] ?? []) { return fail("delete and move from \(s)") }
        for (s, set) in deletes where !set.isDisjoint(with: reloads[s] ?? []) { return fail("delete and reload in \(s)") }
        for (s, set) in reloads where !set.isDisjoint(with: outs[s] ?? []) { return fail("reload of a moved item in \(s)") }
        for (t, set) in inserts where !set.isDisjoint(with: Set((ins[t] ?? [:]).keys)) { return fail("insert and move to \(t)") }
        // Strict: no item operation in inserted, deleted, moved or reloaded sections.
        let oldTouched = Set(deletes.keys).union(outs.keys).union(reloads.keys)
        let newTouched = Set(inserts.keys).union(ins.keys)
        for s in oldTouched {
            guard (0..<before).contains(s) else { return fail("item section \(s) out of range") }
            if deleted.contains(s) || movedFrom.contains(s) || reloaded.contains(s) {
                return fail("item operation in deleted, moved or reloaded old section \(s)")
            }
        }
        for t in newTouched {
            guard (0..<after).contains(t), let s = slots[t] else { return fail("item operation in inserted section \(t)") }
            if movedFrom.contains(s) || reloaded.contains(s) { return fail("item operation in moved or reloaded section \(t)") }
        }
        // Strict: a reloaded section stays put and keeps its item count.
        for s in reloaded where movedFrom.contains(s) || shown.sections[s].items.count != data.sections[target[s]!].items.count {
            return fail("reloaded section \(s) moves or changes its count")
        }
        var result: [Section] = []
        for t in 0..<after {
            guard let s = slots[t] else { result.append(data.sections[t]); continue }
            if reloaded.contains(s) { result.append(data.sections[t]); continue }
            var section = shown.sections[s]
            section.content = shown.sections[s].content
            let old = section.items
            let count = data.sections[t].items.count
            let del = deletes[s] ?? [], out = outs[s] ?? [], ins_ = inserts[t] ?? [], moveIn = ins[t] ?? [:]
            guard del.union(out).allSatisfy({ (0..<old.count).contains($0) }) else { return fail("item out of range in \(s)") }
            guard ins_.union(moveIn.keys).allSatisfy({ (0..<count).contains($0) }) else { return fail("item out of range in \(t)") }
            guard count == old.count - del.count - out.count + ins_.count + moveIn.count else {
                return fail("invalid number of items in section \(s)")
            }
            var placed = [Item?](repeating: nil, count: count)
            for j in ins_ { placed[j] = data.sections[t].items[j] }
            for (j, from) in moveIn {
                guard (0..<before).contains(from.section), !deleted.contains(from.section),
                      (0..<shown.sections[from.section].items.count).contains(from.item)
                else { return fail("move from a missing path") }
                placed[j] = shown.sections[from.section].items[from.item]
            }
            // Untouched items fill the free places in order (§2.2).
            let survivors = old.indices.filter { !del.contains($0) && !out.contains($0) }
            let free = (0..<count).filter { placed[$0] == nil }
            guard survivors.count == free.count else { return fail("invalid number of items in section \(s)") }
            let finalIndex = Dictionary(uniqueKeysWithValues: zip(survivors, free))
            for (i, j) in finalIndex { placed[j] = old[i] }
            // Strict: a reloaded item keeps its index path (read literally:
            // the same section index and the same item index afterwards).
            for i in reloads[s] ?? [] {
                guard t == s, finalIndex[i] == i else {
                    return fail("reload of item \(s).\(i) that does not stay in place")
                }
                placed[i] = data.sections[t].items[i]
            }
            section.items = placed.map { $0! }
            result.append(section)
        }
        return .success(Snapshot(sections: result))
    }
}

struct ItemPathKey: Hashable {
    let section: Int, item: Int
    init(_ path: ListDiff.ItemPath) { section = path.section; item = path.item }
}

/// Where the view shows another content version than `new` holds.
func staleness(_ shown: Snapshot, _ new: Snapshot) -> [String] {
    var stale: [String] = []
    for (a, b) in zip(shown.sections, new.sections) {
        if a.content != b.content { stale.append("section \(b.id)") }
        for (x, y) in zip(a.items, b.items) where x != y { stale.append("item \(y)") }
    }
    return stale
}

// PairGenerator: old/new snapshot pairs that look like real app updates.
//
// The generator reads only from `Choices`. Every draw is arranged so that 0
// is the simpler answer: flat before sectioned, small before large, edit
// script before unrelated pair, fresh identity before duplicate, fewer
// sections, items and edits before more. That is what lets the shrinker make
// a case smaller by lowering and deleting choices.
import ListModel

/// A generated old/new pair and the choices it was made from.
public struct GeneratedPair: Hashable, Sendable {
    public var old: Snapshot
    public var new: Snapshot
    /// The choices the generator drew, in order (replaying them gives this pair).
    public var choices: [Int]
    /// The bound of each choice.
    public var bounds: [Int]
}

/// Makes snapshot pairs from a choice sequence.
public struct PairGenerator: Sendable {
    public var options: GeneratorOptions

    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Runs the generator on `source`.
    public func generate(from source: any ChoiceSource) -> GeneratedPair {
        var choices = Choices(source)
        let (old, new) = generate(&choices)
        return GeneratedPair(old: old, new: new, choices: choices.recorded, bounds: choices.bounds)
    }

    /// Replays a recorded (or edited) choice sequence.
    public func replay(_ values: [Int]) -> GeneratedPair {
        generate(from: ReplaySource(values))
    }

    func generate(_ c: inout Choices) -> (Snapshot, Snapshot) {
        let isFlat = options.isFlatOnly || !c.flip()
        let isLarge = c.rarely(19)
        let sizeCap = min(options.maxSize, isLarge ? 200 : 5)
        var names = Names()
        let old = makeSnapshot(&c, isFlat: isFlat, isLarge: isLarge, sizeCap: sizeCap, names: &names)
        let isUnrelated = c.rarely(9)
        let new: Snapshot
        if isUnrelated {
            var other = makeSnapshot(&c, isFlat: isFlat, isLarge: isLarge, sizeCap: sizeCap, names: &names)
            bumpSomeContents(&c, in: &other)
            new = other
        } else {
            var edited = old
            let editCount = c.draw(upTo: isLarge ? 40 : 5)
            for _ in 0..<editCount {
                applyRandomEdit(&c, to: &edited, isFlat: isFlat, sizeCap: sizeCap, names: &names)
            }
            new = edited
        }
        return (old, new)
    }

    /// Fresh identities in a fixed order (`a`, `b`, … for items, `A`, `B`, …
    /// for sections), and the identities used so far for duplicates.
    struct Names {
        var items: [String] = []
        var sections: [String] = []

        static func name(_ index: Int, alphabet: String) -> String {
            let letters = Array(alphabet)
            let letter = String(letters[index % letters.count])
            return index < letters.count ? letter : letter + String(index / letters.count)
        }

        mutating func freshItem() -> String {
            let id = Names.name(items.count, alphabet: "abcdefghijklmnopqrstuvwxyz")
            items.append(id)
            return id
        }

        mutating func freshSection() -> String {
            let id = Names.name(sections.count, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            sections.append(id)
            return id
        }
    }

    func itemIdentity(_ c: inout Choices, names: inout Names) -> String {
        if options.allowsDuplicates && !names.items.isEmpty && c.rarely(7) {
            return names.items[c.draw(upTo: names.items.count - 1)]
        }
        return names.freshItem()
    }

    func sectionIdentity(_ c: inout Choices, names: inout Names) -> String {
        if options.allowsDuplicates && !names.sections.isEmpty && c.rarely(15) {
            return names.sections[c.draw(upTo: names.sections.count - 1)]
        }
        return names.freshSection()
    }

    func makeSnapshot(
        _ c: inout Choices, isFlat: Bool, isLarge: Bool, sizeCap: Int, names: inout Names
    ) -> Snapshot {
        var sections: [Section] = []
        let sectionCount = isFlat ? 1 : c.draw(upTo: isLarge ? 12 : 3)
        var total = 0
        for _ in 0..<sectionCount {
            let id = isFlat ? Snapshot.implicitSectionID : sectionIdentity(&c, names: &names)
            var items: [Item] = []
            let count = c.draw(upTo: max(sizeCap - total, 0))
            for _ in 0..<count {
                items.append(Item(id: itemIdentity(&c, names: &names)))
            }
            total += count
            sections.append(Section(id: id, items: items))
        }
        return Snapshot(sections: sections)
    }

    func bumpSomeContents(_ c: inout Choices, in snapshot: inout Snapshot) {
        for s in snapshot.sections.indices {
            for i in snapshot.sections[s].items.indices where c.rarely(3) {
                snapshot.sections[s].items[i].content += 1
            }
        }
    }

    /// The kinds of edit, simplest first. Flat snapshots use the first five.
    enum Edit: Int, CaseIterable {
        case updateItem, deleteItem, insertItem, moveItem, moveAndUpdateItem
        case moveItemAcrossSections, insertSection, deleteSection, moveSection, updateSection
    }

    func applyRandomEdit(
        _ c: inout Choices, to snapshot: inout Snapshot, isFlat: Bool, sizeCap: Int, names: inout Names
    ) {
        let kinds = isFlat ? 4 : Edit.allCases.count - 1
        guard let edit = Edit(rawValue: c.draw(upTo: kinds)) else { return }
        let paths = snapshot.sections.indices.flatMap { s in snapshot.sections[s].items.indices.map { ItemPath(s, $0) } }
        func pickItem(_ c: inout Choices) -> ItemPath? {
            paths.isEmpty ? nil : paths[c.draw(upTo: paths.count - 1)]
        }
        func pickSection(_ c: inout Choices) -> Int? {
            snapshot.sections.isEmpty ? nil : c.draw(upTo: snapshot.sections.count - 1)
        }
        switch edit {
        case .updateItem:
            if let p = pickItem(&c) { snapshot.sections[p.section].items[p.item].content += 1 }
        case .deleteItem:
            if let p = pickItem(&c) { snapshot.sections[p.section].items.remove(at: p.item) }
        case .insertItem:
            guard snapshot.itemCount < sizeCap, let s = pickSection(&c) else { return }
            let at = c.draw(upTo: snapshot.sections[s].items.count)
            snapshot.sections[s].items.insert(Item(id: itemIdentity(&c, names: &names)), at: at)
        case .moveItem, .moveAndUpdateItem:
            guard let p = pickItem(&c) else { return }
            var item = snapshot.sections[p.section].items.remove(at: p.item)
            if edit == .moveAndUpdateItem { item.content += 1 }
            let at = c.draw(upTo: snapshot.sections[p.section].items.count)
            snapshot.sections[p.section].items.insert(item, at: at)
        case .moveItemAcrossSections:
            guard let p = pickItem(&c), let s = pickSection(&c) else { return }
            var item = snapshot.sections[p.section].items.remove(at: p.item)
            if c.flip() { item.content += 1 }
            let at = c.draw(upTo: snapshot.sections[s].items.count)
            snapshot.sections[s].items.insert(item, at: at)
        case .insertSection:
            let at = c.draw(upTo: snapshot.sections.count)
            var section = Section(id: sectionIdentity(&c, names: &names))
            let count = c.draw(upTo: min(2, max(sizeCap - snapshot.itemCount, 0)))
            for _ in 0..<count { section.items.append(Item(id: itemIdentity(&c, names: &names))) }
            snapshot.sections.insert(section, at: at)
        case .deleteSection:
            if let s = pickSection(&c) { snapshot.sections.remove(at: s) }
        case .moveSection:
            guard let s = pickSection(&c) else { return }
            var section = snapshot.sections.remove(at: s)
            if c.flip() { section.content += 1 }
            snapshot.sections.insert(section, at: c.draw(upTo: snapshot.sections.count))
        case .updateSection:
            if let s = pickSection(&c) { snapshot.sections[s].content += 1 }
        }
    }
}

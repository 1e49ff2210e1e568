// FetchedResultsShapes: pairs of results a fetched-results controller
// reports (RULES.md §5), in the three shapes apps build snapshots from: one
// sorted section, sections from a key path, several entities merged.
//
// Every shape keeps the controller's own law: an object moves only when its
// sort key changed, so a moved object is always a changed one (its content
// version goes up). As in `PairGenerator`, 0 is the simpler answer of every
// draw.
import ListModel

extension PairGenerator {
    /// The three fetched-results shapes (`GeneratorShapes.fetchedResults`).
    enum FetchedResultsShape {
        /// One sorted section (`Label.frcOneSection`).
        case oneSection
        /// Sections from a key path, sorted by key; a section exists while
        /// it holds objects (`Label.frcKeyPathSections`).
        case keyPathSections
        /// Several entities, each fetched on its own, merged into one
        /// snapshot, one section per entity (`Label.frcMergedEntities`).
        case mergedEntities
    }

    /// The entities of the merged shape: the section each one fills and the
    /// prefix that keeps its identifiers apart from the others'.
    static let mergedEntities: [(section: String, prefix: String)] = [("Notes", "n_"), ("Folders", "f_"), ("Tags", "t_")]

    /// A fetched-results pair: `pick` (1 to 15, the shape draw of
    /// `generate`) chooses key-path sections (1–9) or merged entities
    /// (10–15) for a sectioned case.
    func generateFetchedResults(_ c: inout Choices, isFlat: Bool, pick: Int) -> (Snapshot, Snapshot) {
        let shape: FetchedResultsShape = isFlat ? .oneSection : (pick < 10 ? .keyPathSections : .mergedEntities)
        let lengths = Lengths(isLarge: c.rarely(19), isFlat: shape == .oneSection, maxSize: options.largeCap)
        var names = Names()
        switch shape {
        case .oneSection:
            let old = Snapshot(sections: [Section(id: Snapshot.implicitSectionID,
                                                  items: objects(&c, lengths: lengths, names: &names, prefix: "", room: options.largeCap))])
            var new = old
            while lengths.goesOn(&c, edits: true) {
                editSortedSection(&c, &new.sections[0].items, names: &names, prefix: "", room: options.largeCap - new.itemCount)
            }
            return (old, new)
        case .keyPathSections:
            var sections: [Section] = []
            while lengths.sectionGoesOn(&c) {
                var objects = [Item(id: names.freshItem())]   // a key-path section exists while it holds objects
                objects += self.objects(&c, lengths: lengths, names: &names, prefix: "",
                                        room: options.largeCap - sections.reduce(1) { $0 + $1.items.count })
                sections.append(Section(id: names.freshSection(), items: objects))
            }
            let old = Snapshot(sections: sections)
            var new = old
            while lengths.goesOn(&c, edits: true) { editKeyPathSections(&c, &new, names: &names) }
            new.sections.removeAll { $0.items.isEmpty }
            return (old, new)
        case .mergedEntities:
            // Identifiers carry their entity's prefix, unless the app forgot
            // it: then two entities' objects can share an identifier, which
            // a diffable snapshot refuses with a fatal error (§6).
            let isPrefixed = !(options.allowsDuplicates && c.rarely(7))
            let count = 2 + c.draw(upTo: 1)
            var entityNames = [Names](repeating: Names(), count: count)
            var old = Snapshot()
            for e in 0..<count {
                let prefix = isPrefixed ? Self.mergedEntities[e].prefix : ""
                old.sections.append(Section(id: Self.mergedEntities[e].section,
                                            items: objects(&c, lengths: lengths, names: &entityNames[e], prefix: prefix,
                                                           room: options.largeCap - old.itemCount)))
            }
            var new = old
            while lengths.goesOn(&c, edits: true) {
                let e = c.draw(upTo: count - 1)
                editSortedSection(&c, &new.sections[e].items, names: &entityNames[e],
                                  prefix: isPrefixed ? Self.mergedEntities[e].prefix : "", room: options.largeCap - new.itemCount)
            }
            return (old, new)
        }
    }

    /// A list of fresh objects, as long as the lengths say and `room` allows.
    func objects(_ c: inout Choices, lengths: Lengths, names: inout Names, prefix: String, room: Int) -> [Item] {
        var items: [Item] = []
        while items.count < room && lengths.goesOn(&c) { items.append(Item(id: prefix + names.freshItem())) }
        return items
    }

    /// One change to a sorted section: an object updated in place, deleted,
    /// inserted, or its sort key changed (it moves and its content changes).
    func editSortedSection(_ c: inout Choices, _ items: inout [Item], names: inout Names, prefix: String, room: Int) {
        let kind = c.draw(upTo: 3)
        if kind == 2 {
            guard room > 0 else { return }
            let at = c.draw(upTo: items.count)
            items.insert(Item(id: prefix + names.freshItem(), content: newContentVersion(&c)), at: at)
            return
        }
        guard !items.isEmpty else { return }
        let i = c.draw(upTo: items.count - 1)
        switch kind {
        case 0: items[i].content += 1
        case 1: items.remove(at: i)
        default:
            var item = items.remove(at: i)
            item.content += 1   // its sort key changed
            items.insert(item, at: c.draw(upTo: items.count))
        }
    }

    /// One change to key-path sections: a change inside one section, or an
    /// object whose key changes to another section's (it moves there and
    /// changes) or to a new key (a section appears; an emptied one goes when
    /// the edits are done), or an object inserted with a new key.
    func editKeyPathSections(_ c: inout Choices, _ snapshot: inout Snapshot, names: inout Names) {
        let room = options.largeCap - snapshot.itemCount
        let kind = c.draw(upTo: 3)
        if kind == 3 || snapshot.sections.isEmpty {
            guard room > 0 else { return }
            // An object inserted with a new key: a section appears.
            let at = c.draw(upTo: snapshot.sections.count)
            snapshot.sections.insert(Section(id: names.freshSection(),
                                             items: [Item(id: names.freshItem(), content: newContentVersion(&c))]), at: at)
            return
        }
        let s = c.draw(upTo: snapshot.sections.count - 1)
        if kind == 0 {
            editSortedSection(&c, &snapshot.sections[s].items, names: &names, prefix: "", room: room)
            return
        }
        guard !snapshot.sections[s].items.isEmpty else { return }
        var item = snapshot.sections[s].items.remove(at: c.draw(upTo: snapshot.sections[s].items.count - 1))
        item.content += 1   // its key changed
        if kind == 1 {
            let t = c.draw(upTo: snapshot.sections.count - 1)
            snapshot.sections[t].items.insert(item, at: c.draw(upTo: snapshot.sections[t].items.count))
        } else {
            let at = c.draw(upTo: snapshot.sections.count)
            snapshot.sections.insert(Section(id: names.freshSection(), items: [item]), at: at)
        }
    }
}

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
    /// The old snapshot: what the view shows first.
    public var old: Snapshot
    /// The new snapshot: what the data source holds at the end.
    public var new: Snapshot
    /// The choices the generator drew, in order (replaying them gives this pair).
    public var choices: [Int]
    /// The bound of each choice.
    public var bounds: [Int]

    /// The pair `old` to `new`, made from `choices` whose bounds are `bounds`
    /// (the memberwise initializer, for the harness's other modules).
    package init(old: Snapshot, new: Snapshot, choices: [Int], bounds: [Int]) {
        self.old = old
        self.new = new
        self.choices = choices
        self.bounds = bounds
    }
}

/// Makes snapshot pairs from a choice sequence.
public struct PairGenerator: Sendable {
    /// What the generator may produce.
    public var options: GeneratorOptions

    /// A generator with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Runs the generator on `source`; a `plannedSize` (a campaign's size
    /// schedule) is the case's size class instead of a draw.
    public func generate(from source: any ChoiceSource, plannedSize: SizeClass? = nil) -> GeneratedPair {
        var choices = Choices(source, plannedSize: plannedSize)
        let (old, new) = generate(&choices)
        return GeneratedPair(old: old, new: new, choices: choices.recorded, bounds: choices.bounds)
    }

    /// The pair `generate(from:plannedSize:)` makes of `source`, without
    /// recording its choices: for a caller that only checks the pair (the
    /// fuzz target, on every input), and that can run the same source again
    /// with `generate` to get the choices when it needs them.
    public func snapshots(from source: any ChoiceSource, plannedSize: SizeClass? = nil) -> (old: Snapshot, new: Snapshot) {
        var choices = Choices(source, plannedSize: plannedSize, isRecording: false)
        return generate(&choices)
    }

    /// Replays a recorded (or edited) choice sequence.
    public func replay(_ values: [Int]) -> GeneratedPair {
        generate(from: ReplaySource(values))
    }

    /// How a pair is made: the first choices pick one of these, simplest first.
    enum Shape: Int {
        /// Old and new drawn directly, identities by first appearance
        /// (`SmallPairGenerator`): every small pair is reachable this way,
        /// which lets the shrinker try each smaller pair.
        case direct = 0
        /// An old snapshot and a random edit script over it (most cases).
        case edited
        /// Old and new drawn independently from one pool of identities.
        case unrelated
    }

    /// The largest pair the `direct` shape draws (old and new together).
    static let directBound = 8

    func generate(_ c: inout Choices) -> (Snapshot, Snapshot) {
        let isFlat = options.isFlatOnly || !c.flip()
        let pick = c.drawShape(upTo: 15)
        let shape: Shape = pick == 0 ? .direct : (pick < 14 ? .edited : .unrelated)
        if shape == .direct {
            let bound = PairGenerator.directBound(isFlat: isFlat, options: options)
            // Choices that describe no pair of the bound: an empty pair, one
            // empty section when flat (a flat-only engine applies to it).
            let empty = isFlat ? Snapshot(sections: [Section(id: Snapshot.implicitSectionID)]) : Snapshot()
            return SmallPairGenerator(bound: bound).generate(&c) ?? (empty, empty)
        }
        if options.shapes == .fetchedResults {
            return generateFetchedResults(&c, isFlat: isFlat, pick: pick)
        }
        // A large case only changes how likely lists are to go on, never the
        // bound of a choice that follows, so lowering this flag keeps the
        // rest of the case as it was.
        let size = c.drawSizeClass()
        if size.isLong {
            return generateLong(&c, size: size, isFlat: isFlat, isUnrelated: shape == .unrelated)
        }
        let lengths = Lengths(isLarge: size == .large, isFlat: isFlat,
                              maxSize: size == .large ? options.largeCap : options.maxSize)
        var names = Names()
        let old = makeSnapshot(&c, lengths: lengths, names: &names)
        if shape == .unrelated {
            var other = makeSnapshot(&c, lengths: lengths, names: &names)
            bumpSomeContents(&c, in: &other)
            return (old, other)
        }
        var edited = old
        while lengths.goesOn(&c, edits: true) {
            applyRandomEdit(&c, to: &edited, lengths: lengths, names: &names)
        }
        return (old, edited)
    }

    /// The bound of the `direct` shape for these options.
    static func directBound(isFlat: Bool, options: GeneratorOptions) -> ExhaustiveBound {
        ExhaustiveBound(isFlat: isFlat, maxTotalItems: min(directBound, options.maxSize * 2), maxSections: 3,
                        maxItemsPerSection: min(directBound, options.maxSize), allowsDuplicates: options.allowsDuplicates)
    }

    /// The bound of the `direct` shape and how to turn a `SmallPairGenerator`
    /// draw into this generator's choices (for the shrinker's smaller-pairs pass).
    /// Flat first, then (unless flat-only) sectioned. The bounds are the
    /// exhaustive enumeration's defaults (a subset of what the direct shape
    /// draws), so a shrunk case is as small as the smallest failure that
    /// `diffcheck exhaust` would find.
    public var directShapes: [(bound: ExhaustiveBound, choices: @Sendable ([Int]) -> [Int])] {
        func limited(_ bound: ExhaustiveBound) -> ExhaustiveBound {
            var bound = bound
            bound.allowsDuplicates = options.allowsDuplicates
            bound.maxItemsPerSection = min(bound.maxItemsPerSection, options.maxSize)
            return bound
        }
        let flat = options.isFlatOnly ? [0] : [0, 0]
        var shapes: [(bound: ExhaustiveBound, choices: @Sendable ([Int]) -> [Int])] = [
            (limited(.flat), { flat + $0 })
        ]
        if !options.isFlatOnly {
            shapes.append((limited(.sectioned), { [1, 0] + $0 }))
        }
        return shapes
    }

    /// How long lists get. Each element is preceded by a "go on?" choice, so
    /// deleting an element's choices (with its flag) removes just that element.
    struct Lengths {
        var isLarge: Bool
        var isFlat: Bool
        var maxSize: Int

        /// Whether a list goes on: likely for a few elements, then less so.
        func goesOn(_ c: inout Choices, edits: Bool = false) -> Bool {
            c.draw(upTo: isLarge ? (edits ? 40 : 60) : 3) != 0
        }

        func sectionGoesOn(_ c: inout Choices) -> Bool {
            c.draw(upTo: isLarge ? 12 : 2) != 0
        }
    }

    /// Fresh identities in a fixed order (`a`, `b`, … for items, `A`, `B`, …
    /// for sections), and how many of each are used so far (for duplicates:
    /// the used ones are the first `itemCount` and `sectionCount` names).
    package struct Names {
        var itemCount = 0
        var sectionCount = 0

        /// The `index`-th item identity: `a` … `z`, then `a1` … `z1`, `a2` …
        package static func itemName(_ index: Int) -> String {
            index < itemNames.count ? itemNames[index] : name(index, first: UInt8(ascii: "a"))
        }

        /// The `index`-th section identity: `A` … `Z`, then `A1` … `Z1`, `A2` …
        package static func sectionName(_ index: Int) -> String {
            index < sectionNames.count ? sectionNames[index] : name(index, first: UInt8(ascii: "A"))
        }

        /// The `index`-th name of the alphabet from `first`: its letter
        /// (`index % 26`), then `index / 26` in decimal when that is not 0,
        /// written straight into the string's bytes (a long case names
        /// tens of thousands of items).
        static func name(_ index: Int, first: UInt8) -> String {
            let letter = first + UInt8(index % 26)
            var number = index / 26
            guard number > 0 else { return String(decoding: CollectionOfOne(letter), as: UTF8.self) }
            var digits = 0
            var rest = number
            while rest > 0 { digits += 1; rest /= 10 }
            return String(unsafeUninitializedCapacity: digits + 1) { bytes in
                bytes[0] = letter
                for at in stride(from: digits, to: 0, by: -1) {
                    bytes[at] = UInt8(ascii: "0") + UInt8(number % 10)
                    number /= 10
                }
                return digits + 1
            }
        }

        // The first names, made once: naming is on the hot path of
        // enumeration and shrinking.
        static let itemNames = (0..<260).map { name($0, first: UInt8(ascii: "a")) }
        static let sectionNames = (0..<260).map { name($0, first: UInt8(ascii: "A")) }

        mutating func freshItem() -> String {
            defer { itemCount += 1 }
            return Names.itemName(itemCount)
        }

        mutating func freshSection() -> String {
            defer { sectionCount += 1 }
            return Names.sectionName(sectionCount)
        }
    }

    func itemIdentity(_ c: inout Choices, names: inout Names) -> String {
        if options.allowsDuplicates && names.itemCount > 0 && c.rarely(7) {
            return Names.itemName(c.draw(upTo: names.itemCount - 1))
        }
        return names.freshItem()
    }

    func sectionIdentity(_ c: inout Choices, names: inout Names) -> String {
        if options.allowsDuplicates && names.sectionCount > 0 && c.rarely(15) {
            return Names.sectionName(c.draw(upTo: names.sectionCount - 1))
        }
        return names.freshSection()
    }

    func makeSnapshot(_ c: inout Choices, lengths: Lengths, names: inout Names) -> Snapshot {
        var sections: [Section] = []
        var total = 0
        while lengths.isFlat ? sections.isEmpty : lengths.sectionGoesOn(&c) {
            let id = lengths.isFlat ? Snapshot.implicitSectionID : sectionIdentity(&c, names: &names)
            var items: [Item] = []
            while total < lengths.maxSize && lengths.goesOn(&c) {
                // Room for a typical section at its first item (not for an empty one).
                if items.isEmpty { items.reserveCapacity(lengths.isLarge ? 64 : 4) }
                items.append(Item(id: itemIdentity(&c, names: &names)))
                total += 1
            }
            sections.append(Section(id: id, items: items))
        }
        return Snapshot(sections: sections)
    }

    /// Gives the items of an unrelated pair's new side their content
    /// versions (`newContentVersion`, one draw per item).
    func bumpSomeContents(_ c: inout Choices, in snapshot: inout Snapshot) {
        for s in snapshot.sections.indices {
            for i in snapshot.sections[s].items.indices {
                snapshot.sections[s].items[i].content += newContentVersion(&c)
            }
        }
    }

    /// The content version of an item or section that `new` holds without
    /// taking it from `old` (inserted by an edit, or drawn for the unrelated
    /// shape): mostly 0, one time in four 1 to 3, so that a case can insert
    /// what is already at a later version (`old:` empty, `new: a''`), not
    /// only update what was there. 0 is the simplest draw, then 1: the
    /// shrinker lowers a version the failure does not need.
    func newContentVersion(_ c: inout Choices) -> Int {
        c.rarely(3) ? 1 + c.draw(upTo: 2) : 0
    }

    /// The kinds of edit, simplest first. Flat snapshots use the first five.
    enum Edit: Int, CaseIterable {
        case updateItem, deleteItem, insertItem, moveItem, moveAndUpdateItem
        case moveItemAcrossSections, insertSection, deleteSection, moveSection, updateSection
    }

    func applyRandomEdit(_ c: inout Choices, to snapshot: inout Snapshot, lengths: Lengths, names: inout Names) {
        let sizeCap = lengths.maxSize
        let kinds = lengths.isFlat ? 4 : Edit.allCases.count - 1
        guard let edit = Edit(rawValue: c.draw(upTo: kinds)) else { return }
        let itemCount = snapshot.itemCount
        // The n-th item in reading order (without listing every path: long
        // cases hold tens of thousands).
        func pickItem(_ c: inout Choices) -> ItemPath? {
            itemCount == 0 ? nil : snapshot.path(ofItemAt: c.draw(upTo: itemCount - 1))
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
            let id = itemIdentity(&c, names: &names)
            snapshot.sections[s].items.insert(Item(id: id, content: newContentVersion(&c)), at: at)
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
            var section = Section(id: sectionIdentity(&c, names: &names), content: newContentVersion(&c))
            while snapshot.itemCount + section.items.count < sizeCap && lengths.goesOn(&c) {
                let id = itemIdentity(&c, names: &names)
                section.items.append(Item(id: id, content: newContentVersion(&c)))
            }
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

// FetchedResultsController: the change stream a fetched-results controller
// reports for an old/new pair of its results (RULES.md §5), emulated
// without Core Data, and the readings of what the rule book leaves open.

/// How the emulated controller settles what no document states, or what
/// changed between SDKs. Each is a choice seen in reports; the harness
/// explores them (`reading(old:new:)` draws one from the pair, so every pair
/// has one fixed reading and a campaign over many pairs meets all sixteen).
///
/// With every flag off the controller is the iOS 10 SDK's and later's: a
/// move when an object's position changes, an update when it does not, the
/// update carrying the new index path. A swap of two objects' sort keys is
/// then one move plus one update (rdar 27957917), which the classic
/// collector replays as a move and a reload UIKit rejects (RULES.md §3.1).
public struct FetchedResultsReading: Hashable, Sendable, CustomStringConvertible {
    /// Object updates are reported after the deletes, inserts and moves
    /// (true) or before them (false). Observed both ways: an update before
    /// or after a delete of the same row. By RULES.md §1.1 a batch is a set,
    /// so the order can change which offender a rejection names, never
    /// whether a batch is accepted.
    public var reportsUpdatesLast: Bool
    /// The objects of a deleted section are reported as deleted objects as
    /// well (true), or only the section delete is reported (false). Observed
    /// both ways; a client that replays them issues item deletes inside a
    /// deleted section, outside the portable subset of RULES.md §3.3
    /// (`item-operation-in-changed-section`).
    public var reportsObjectsOfDeletedSections: Bool
    /// An updated object that keeps its index path is reported as a move
    /// with equal paths instead of an update: apps built with the Xcode 7
    /// SDK, on iOS 9 (rdar 22796598, 21888197). The usual client replays it
    /// as a move, which does not refresh the cell (RULES.md §2.3).
    public var reportsUpdatesAsEqualPathMoves: Bool
    /// An updated object that keeps its index path is reported twice, as an
    /// update and as a move with equal paths: apps built with the Xcode 7
    /// SDK, on iOS 8.4 and 9 (XLData issue 15, whose client then hit
    /// `attempt to delete and reload the same index path`). Takes precedence
    /// over `reportsUpdatesAsEqualPathMoves`.
    public var reportsUpdatesTwice: Bool

    /// A reading with each flag as given; the defaults are the iOS 10 SDK's controller.
    public init(reportsUpdatesLast: Bool = false, reportsObjectsOfDeletedSections: Bool = true,
                reportsUpdatesAsEqualPathMoves: Bool = false, reportsUpdatesTwice: Bool = false) {
        self.reportsUpdatesLast = reportsUpdatesLast
        self.reportsObjectsOfDeletedSections = reportsObjectsOfDeletedSections
        self.reportsUpdatesAsEqualPathMoves = reportsUpdatesAsEqualPathMoves
        self.reportsUpdatesTwice = reportsUpdatesTwice
    }

    /// The reading numbered `number` (its four bits), 0 to 15.
    public init(number: Int) {
        self.init(reportsUpdatesLast: number & 1 != 0, reportsObjectsOfDeletedSections: number & 2 == 0,
                  reportsUpdatesAsEqualPathMoves: number & 4 != 0, reportsUpdatesTwice: number & 8 != 0)
    }

    /// 0 to 15: the inverse of `init(number:)`.
    public var number: Int {
        (reportsUpdatesLast ? 1 : 0) + (reportsObjectsOfDeletedSections ? 0 : 2) + (reportsUpdatesAsEqualPathMoves ? 4 : 0)
            + (reportsUpdatesTwice ? 8 : 0)
    }

    /// Every reading, numbered 0 to 15.
    public static let all: [FetchedResultsReading] = (0..<16).map { FetchedResultsReading(number: $0) }

    /// The reading the emulator uses for a pair: a stable hash (FNV-1a over
    /// the identities and contents, the same on every machine and run) picks
    /// one of the eight. Same pair, same reading: the emulator is a function.
    public static func reading(old: Snapshot, new: Snapshot) -> FetchedResultsReading {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        func mix(_ text: String, _ content: Int) {
            for byte in text.utf8 { mix(byte) }
            mix(0xff)
            mix(UInt8(truncatingIfNeeded: content))
        }
        for (marker, snapshot) in [(UInt8(1), old), (UInt8(2), new)] {
            mix(marker)
            for section in snapshot.sections {
                mix(section.id, section.content)
                for item in section.items { mix(item.id, item.content) }
                mix(0xfe)
            }
        }
        // The first three flags come from the bits they always came from, so
        // the pairs drawn before the fourth flag existed keep their reading
        // when it is off.
        return FetchedResultsReading(number: Int((hash >> 29) % 8) + Int((hash >> 45) & 1) * 8)
    }

    public var description: String {
        [reportsUpdatesLast ? "updates last" : "updates first",
         reportsObjectsOfDeletedSections ? "objects of deleted sections reported" : "objects of deleted sections not reported",
         reportsUpdatesTwice ? "in-place updates as an update and an equal-path move (Xcode 7 SDK, iOS 8.4/9)"
            : reportsUpdatesAsEqualPathMoves ? "in-place updates as equal-path moves (Xcode 7 SDK, iOS 9)"
            : "in-place updates as updates (iOS 10 SDK and later)"]
            .joined(separator: ", ")
    }
}

/// A fetched-results controller, emulated: the change stream it reports
/// when its results go from `old` to `new` (RULES.md §5).
///
/// What the controller sees:
/// - **Objects** are identified by their identifier, which never repeats
///   (managed object IDs). An object whose content version changed was
///   updated.
/// - **Sections** are named by their key value: a section is its identifier
///   *and* its content version (a header whose content changed is a new
///   name). Sections are sorted by name, so they never move (§5: no section
///   moves or updates): a section whose order relative to the others changed
///   is reported as one deleted and one inserted, like a renamed section.
/// - **Moves.** Objects whose sort key did not change keep their order, so
///   in each kept section the objects that stay are those of a heaviest
///   kept-in-order run that keeps every unchanged object it can; every other
///   object that stays in the results moved (its sort key changed), and so
///   does every object that changes section (its key changed). A moved
///   object is reported as a move and nothing else, even though it changed
///   (§5).
///
/// The stream, in the order the controller calls its delegate (§5: sections
/// before objects): section deletes (old index), section inserts (new
/// index); then object deletes (old path), inserts (new path), moves (old →
/// new), with updates (old path, and the new path when it differs, §5)
/// first or last as `reading` says. An object of a deleted section that is
/// gone is reported as deleted or not, as `reading` says; one inserted into
/// an inserted section is always reported (§5 names no exception).
///
/// Returns nil when identifiers repeat on either side (an object or a
/// section name twice): no controller reports such results.
///
/// - Complexity: O((*n* + *s*) log *n*) for *n* objects and *s* sections
///   (the kept-in-order runs), plus the hashing of identifiers.
public func fetchedResultsChanges(old: Snapshot, new: Snapshot,
                                  reading: FetchedResultsReading) -> FetchedResultsStream? {
    guard hasUniqueIdentifiers(old), hasUniqueIdentifiers(new) else { return nil }
    // Sections by name (identifier and content version).
    func name(_ section: Section) -> SectionName { SectionName(id: section.id, content: section.content) }
    var newSectionNamed: [SectionName: Int] = [:]
    for (n, section) in new.sections.enumerated() { newSectionNamed[name(section)] = n }
    let matchedSections = old.sections.indices.compactMap { s in newSectionNamed[name(old.sections[s])].map { (s, $0) } }
    let keptSectionRun = heaviestKeptInOrder(matchedSections.map { (order: $0.1, weight: 1) })
    var partnerOfOld: [Int: Int] = [:], partnerOfNew: [Int: Int] = [:]
    for index in keptSectionRun {
        let (s, n) = matchedSections[index]
        partnerOfOld[s] = n
        partnerOfNew[n] = s
    }
    var changes: [FetchedResultsChange] = []
    changes += old.sections.indices.filter { partnerOfOld[$0] == nil }.map { .deleteSection(at: $0) }
    changes += new.sections.indices.filter { partnerOfNew[$0] == nil }.map { .insertSection(at: $0) }

    // Objects.
    var newPathOf: [String: ItemPath] = [:]
    for (n, section) in new.sections.enumerated() {
        for (j, item) in section.items.enumerated() { newPathOf[item.id] = ItemPath(n, j) }
    }
    var oldIDs: Set<String> = []
    var staying: Set<ItemPath> = []   // old paths of the objects that did not move
    for (s, section) in old.sections.enumerated() {
        for item in section.items { oldIDs.insert(item.id) }
        guard let n = partnerOfOld[s] else { continue }
        let candidates = section.items.indices.compactMap { i -> (old: Int, new: Int, isChanged: Bool)? in
            guard let to = newPathOf[section.items[i].id], to.section == n else { return nil }
            return (i, to.item, new.sections[n].items[to.item].content != section.items[i].content)
        }
        // An unchanged object outweighs all changed ones together: every
        // unchanged object that can stay in order does.
        let run = heaviestKeptInOrder(candidates.map { (order: $0.new, weight: $0.isChanged ? 1 : candidates.count + 1) })
        for index in run { staying.insert(ItemPath(s, candidates[index].old)) }
    }
    var structural: [FetchedResultsChange] = [], moves: [FetchedResultsChange] = [], updates: [FetchedResultsChange] = []
    for (s, section) in old.sections.enumerated() {
        for (i, item) in section.items.enumerated() {
            let from = ItemPath(s, i)
            guard let to = newPathOf[item.id] else {
                if partnerOfOld[s] != nil || reading.reportsObjectsOfDeletedSections {
                    structural.append(.deleteObject(at: from))
                }
                continue
            }
            let isChanged = new.sections[to.section].items[to.item].content != item.content
            if !staying.contains(from) {
                moves.append(.moveObject(from: from, to: to))
            } else if isChanged {
                if from == to && reading.reportsUpdatesTwice {
                    updates.append(.updateObject(at: from, newPath: nil))
                    moves.append(.moveObject(from: from, to: to))
                } else if from == to && reading.reportsUpdatesAsEqualPathMoves {
                    moves.append(.moveObject(from: from, to: to))
                } else {
                    updates.append(.updateObject(at: from, newPath: from == to ? nil : to))
                }
            }
        }
    }
    for (n, section) in new.sections.enumerated() {
        for (j, item) in section.items.enumerated() where !oldIDs.contains(item.id) {
            structural.append(.insertObject(at: ItemPath(n, j)))
        }
    }
    let objectChanges = structural + moves
    changes += reading.reportsUpdatesLast ? objectChanges + updates : updates + objectChanges
    return FetchedResultsStream(changes)
}

/// A section as the controller knows it: by name (§5).
private struct SectionName: Hashable {
    var id: String
    var content: Int
}

/// Whether no item identifier and no section identifier repeats.
private func hasUniqueIdentifiers(_ snapshot: Snapshot) -> Bool {
    let items = snapshot.sections.flatMap { $0.items.map(\.id) }
    let sections = snapshot.sections.map(\.id)
    return Set(items).count == items.count && Set(sections).count == sections.count
}

/// The indexes of a heaviest subsequence of `elements` whose `order` values
/// (non-negative) strictly increase, ascending; among equally heavy ones,
/// each element's predecessor is the earliest best one.
///
/// A Fenwick tree over the orders holds, for each prefix of orders, the
/// heaviest run ending there. Invariant of the loop: `best[i]` is the weight
/// of the heaviest increasing run ending at `i`, `previous[i]` its
/// predecessor, and the tree holds every element before `i`.
///
/// - Complexity: O(*n* log *m*) for *n* elements and orders below *m*.
func heaviestKeptInOrder(_ elements: [(order: Int, weight: Int)]) -> [Int] {
    let size = (elements.map(\.order).max() ?? -1) + 1
    var tree = [(weight: Int, index: Int)](repeating: (0, -1), count: size + 1)
    var best = [Int](repeating: 0, count: elements.count)
    var previous = [Int](repeating: -1, count: elements.count)
    for i in elements.indices {
        var top = (weight: 0, index: -1)
        var q = elements[i].order   // orders 0..<order sit at positions 1...order
        while q > 0 {
            if tree[q].weight > top.weight || (tree[q].weight == top.weight && tree[q].index >= 0 && tree[q].index < top.index) {
                top = tree[q]
            }
            q -= q & -q
        }
        best[i] = top.weight + elements[i].weight
        previous[i] = top.index
        var u = elements[i].order + 1
        while u <= size {
            if best[i] > tree[u].weight { tree[u] = (best[i], i) }
            u += u & -u
        }
    }
    guard var cursor = best.indices.max(by: { best[$0] < best[$1] || (best[$0] == best[$1] && $0 > $1) }) else { return [] }
    var run: [Int] = []
    while cursor >= 0 {
        run.append(cursor)
        cursor = previous[cursor]
    }
    return run.reversed()
}

// InsertValidation: the inserts checked against the state after the batch
// (RULES.md §3.1, the reconstruction's step 5b).

extension CollectionViewUpdate {
    /// Step 5b: walks the inserts in ascending order, each against what the
    /// data source returns after the batch.
    ///
    /// - A section insert must name a section that exists after the update;
    ///   it then drops every item insert inside that section (silently; a
    ///   reload's insert half included), and no move may end in it: the
    ///   same section (`attempt to perform an insert and a move to the same section (S)`)
    ///   or an item inside it (`cannot move an item into a newly inserted section (S)`).
    /// - An item insert must name an existing section and item after the
    ///   update, and no move may end at the same index path
    ///   (`attempt to perform an insert and a move to the same index path (P)`).
    ///
    /// Ascending order puts a section's items before the section, so an
    /// item insert inside an inserted section is bounds-checked, and checked
    /// against the moves, before it is dropped.
    ///
    /// The reconstruction checks moves only inside its section branch; iOS
    /// crash reports show the item form firing (a reload's insert half on a
    /// move's destination), so the model checks item inserts too.
    ///
    /// - Complexity: O((*i* + *m*) log *m*) for *i* inserts and *m* moves
    /// (the moves are sorted once by destination).
    mutating func validateInserts(_ context: BatchContext) throws(Rejection) {
        guard !inserts.isEmpty else { return }
        // The moves' destinations, sorted (no hashing): the first move into
        // a section, and a move to an index path, are binary searches.
        let destinations = MoveDestinations(moves)
        var insertedSections: Set<Int> = []
        for insert in inserts {
            let s = insert.path.section
            if insert.isSection {
                // Signed, as UIKit compares: a negative section passes (RULES.md §3.1).
                if s >= context.sectionsAfter {
                    throw Rejection(.insertSectionOutOfRange, insert.naming(
                        "attempt to insert section \(s) but there are only \(context.sectionsAfter) sections after the update"))
                }
                // Its item inserts sorted before it (ascending): checked already, dropped below.
                insertedSections.insert(s)
                if let move = destinations.firstMove(intoSection: s) {
                    if move.destination == insert.path {
                        throw Rejection(.insertAndMoveSection, insert.naming(
                            "attempt to perform an insert and a move to the same section (\(s))"))
                    }
                    throw Rejection(.moveIntoInsertedSection, insert.naming(
                        "cannot move \(context.words.anItem) into a newly inserted section (\(s))"))
                }
            } else {
                let i = insert.path.item ?? 0
                if s >= context.sectionsAfter {
                    // UITableView's words: a Sentry report of iOS 17.4 and an iOS 11 log (RULES.md §3.4).
                    throw Rejection(.insertItemOutOfRange, insert.naming(
                        "attempt to insert \(context.words.item) \(i) into section \(s), but there are only \(context.sectionsAfter) sections after the update"))
                }
                let n = try context.itemsAfterAsked(s, for: insert)
                if i >= n {
                    throw Rejection(.insertItemOutOfRange, insert.naming(
                        "attempt to insert \(context.words.item) \(i) into section \(s), but there are only \(n) \(context.words.items) in section \(s) after the update"))
                }
                if destinations.contains(insert.path) {
                    throw Rejection(.insertAndMove, insert.naming(
                        "attempt to perform an insert and a move to the same index path (\(insert.path.uikitDescription))"))
                }
            }
        }
        if !insertedSections.isEmpty {
            inserts.removeAll { !$0.isSection && insertedSections.contains($0.path.section) }
        }
    }
}

/// The destinations of a list of moves, sorted, for `validateInserts`'
/// two questions: the first move (in the list's order) into a section, and
/// whether a move ends at an index path.
struct MoveDestinations {
    /// A destination's place in the sort: its section and item as
    /// NSIndexPath orders them (unsigned, a section's NSNotFound item last),
    /// then whether it is an item (1) or the section (0), then the move's
    /// position in the list.
    private typealias Key = (section: UInt, item: UInt, kind: Int, move: Int)

    private let moves: [UpdateItem]
    private let keys: [Key]

    /// - Complexity: O(*m* log *m*).
    init(_ moves: [UpdateItem]) {
        self.moves = moves
        var keys: [Key] = []
        if !moves.isEmpty { keys.reserveCapacity(moves.count) }
        for (index, move) in moves.enumerated() {
            guard let to = move.destination else { continue }
            keys.append(Self.key(to, move: index))
        }
        keys.sort { $0 < $1 }
        self.keys = keys
    }

    private static func key(_ path: UpdatePath, move: Int) -> Key {
        (UInt(bitPattern: path.section), UInt(bitPattern: path.item ?? Int.max), path.isSection ? 0 : 1, move)
    }

    /// The position of the first key at or after `key` (moves from 0).
    private func lowerBound(_ key: Key) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether a move ends at `path`.
    func contains(_ path: UpdatePath) -> Bool {
        let key = Self.key(path, move: 0)
        let k = lowerBound(key)
        return k < keys.count && keys[k].section == key.section && keys[k].item == key.item && keys[k].kind == key.kind
    }

    /// The first move, in the list's order, whose destination is in
    /// section `section` (the section itself or one of its items).
    func firstMove(intoSection section: Int) -> UpdateItem? {
        let s = UInt(bitPattern: section)
        var k = lowerBound((s, 0, 0, 0))
        var first = Int.max
        while k < keys.count && keys[k].section == s {
            first = min(first, keys[k].move)
            k += 1
        }
        return first == Int.max ? nil : moves[first]
    }
}

// CollectionViewUpdate: a batch as UICollectionView's validator works on it,
// through the steps of `-_endItemAnimations` (RULES.md §3.1).

/// The update lists of one batch, as UICollectionView builds, checks and
/// trims them before it applies the batch.
///
/// Every step is a method of its own, in the validator's order:
/// `init` (steps 2–4: the lists, sorted, and every reload split),
/// `validateDeletes` (step 5a), `validateInserts` (step 5b), `validateMoves`
/// (step 5c), then the counts (step 9, `checkCounts`). A step either throws
/// the rejection UIKit would raise, or trims the lists as UIKit does
/// (item deletes inside deleted sections, item inserts inside inserted
/// sections, exact duplicate moves).
struct CollectionViewUpdate {
    /// Deletes, sections and items, in descending index-path order.
    var deletes: [UpdateItem]
    /// Inserts, sections and items, in ascending index-path order.
    var inserts: [UpdateItem]
    /// Moves, sections and items, in ascending order of their source.
    var moves: [UpdateItem]

    /// Steps 2–4: the batch's operations sorted into UIKit's lists, with
    /// every reload split into a delete at its old index path and an insert
    /// at that path adjusted by the batch's deletes and inserts
    /// (`ReloadSplit.swift`).
    ///
    /// Throws `attempt to delete and reload the same index path (P)` for a
    /// reload that is also deleted.
    init(_ batch: Batch) throws(Rejection) {
        var (deletes, inserts, reloads, moves) = Self.issuedLists(batch)
        deletes.sortDescending()
        inserts.sortAscending()
        if !reloads.isEmpty {
            let shifts = ReloadShifts(deletes: deletes, inserts: inserts)
            reloads.sortAscending()
            for reload in reloads {
                let halves = try Self.split(reload, shifts: shifts)
                deletes.append(halves.delete)
                inserts.append(halves.insert)
            }
            deletes.sortDescending()
            inserts.sortAscending()
        }
        moves.sortAscending()
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
    }

    /// Step 2's raw material: the batch's operations as update items, by
    /// kind, in issue order. A reload is kept whole (its `path` is its old
    /// place) for `split` to divide.
    static func issuedLists(_ batch: Batch)
        -> (deletes: [UpdateItem], inserts: [UpdateItem], reloads: [UpdateItem], moves: [UpdateItem]) {
        var deletes: [UpdateItem] = [], inserts: [UpdateItem] = [], reloads: [UpdateItem] = [], moves: [UpdateItem] = []
        // Each list allocated once, at its size (a reload's list leaves room for its halves).
        var counts = (deletes: 0, inserts: 0, reloads: 0, moves: 0)
        for op in batch.operations {
            switch op {
            case .deleteSection, .deleteItem: counts.deletes += 1
            case .insertSection, .insertItem: counts.inserts += 1
            case .reloadSection, .reloadItem: counts.reloads += 1
            case .moveSection, .moveItem: counts.moves += 1
            }
        }
        // (Reserving room in an empty array still builds a new buffer: only for a list that has items.)
        if counts.deletes + counts.reloads > 0 { deletes.reserveCapacity(counts.deletes + counts.reloads) }
        if counts.inserts + counts.reloads > 0 { inserts.reserveCapacity(counts.inserts + counts.reloads) }
        if counts.reloads > 0 { reloads.reserveCapacity(counts.reloads) }
        if counts.moves > 0 { moves.reserveCapacity(counts.moves) }
        for (order, op) in batch.operations.enumerated() {
            let origin = UpdateOrigin.issued(op)
            switch op {
            case .deleteSection(let s):
                deletes.append(UpdateItem(action: .delete, path: UpdatePath(section: s), origin: origin, order: order))
            case .deleteItem(let p):
                deletes.append(UpdateItem(action: .delete, path: UpdatePath(p), origin: origin, order: order))
            case .insertSection(let s):
                inserts.append(UpdateItem(action: .insert, path: UpdatePath(section: s), origin: origin, order: order))
            case .insertItem(let p):
                inserts.append(UpdateItem(action: .insert, path: UpdatePath(p), origin: origin, order: order))
            case .reloadSection(let s):
                reloads.append(UpdateItem(action: .delete, path: UpdatePath(section: s), origin: origin, order: order))
            case .reloadItem(let p):
                reloads.append(UpdateItem(action: .delete, path: UpdatePath(p), origin: origin, order: order))
            case .moveSection(let s, let t):
                moves.append(UpdateItem(action: .move, path: UpdatePath(section: s),
                                        destination: UpdatePath(section: t), origin: origin, order: order))
            case .moveItem(let p, let q):
                moves.append(UpdateItem(action: .move, path: UpdatePath(p), destination: UpdatePath(q),
                                        origin: origin, order: order))
            }
        }
        return (deletes, inserts, reloads, moves)
    }

    /// The batch the view applies once every step passed: the trimmed
    /// deletes, inserts and moves, reloads split (RULES.md §2).
    var appliedBatch: Batch {
        var kept: [UpdateItem] = []
        kept.reserveCapacity(deletes.count + moves.count + inserts.count)
        kept += deletes
        kept += moves
        kept += inserts
        kept.sort { $0.order < $1.order }
        return Batch(kept.map(\.operation))
    }
}

extension UpdatePath {
    init(section: Int) { self.init(section: section, item: nil) }
    init(_ p: ItemPath) { self.init(section: p.section, item: p.item) }
}

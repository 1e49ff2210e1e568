// CountValidation: the numbers of sections and items after the batch must be
// what the batch says (RULES.md §3.1, the reconstruction's step 9).
//
// UIKit asks the data source for the counts after the update, so "after" is
// always `data`.

extension CollectionViewUpdate {
    /// Step 9: the section count, then each section's item count.
    ///
    /// - Sections after = sections before + inserted − deleted, a reload
    ///   counting once as each (its two halves).
    /// - For each section after the update that has an old section (through
    ///   UIKit's own section map, `sections`, which for a batch without
    ///   repeated section operations is §2.1's; inserted sections, a
    ///   reloaded one's insert half included, have none): items after = items before + inserted
    ///   (into the new section) + moved in (to the new section) − deleted
    ///   (from the old section) − moved out (of the old section). A move is
    ///   counted only when its source and destination *section numbers*
    ///   differ: UIKit compares the old number with the new one, so an item
    ///   moved from old section 0 to new section 0 is not counted even when
    ///   those are different sections. Reload halves count as the inserts
    ///   and deletes they are. S in the message is the new section index.
    ///
    /// Returns the batch the view applies (`appliedBatch`) as a context with
    /// its section map (built once, for applying it and for the strict
    /// checks); the counts are checked through `sections`.
    func checkCounts(_ context: BatchContext, sections: UpdateSectionMap) throws(Rejection) -> AppliedBatch {
        let w = context.words
        let sectionDeletes = deletes.lazy.filter(\.isSection).count
        let sectionInserts = inserts.lazy.filter(\.isSection).count
        let expectedSections = context.sectionsBefore + sectionInserts - sectionDeletes
        if expectedSections != context.sectionsAfter {
            throw Rejection(.sectionCount, Self.noting(deletes.filter(\.isSection) + inserts.filter(\.isSection),
                "Invalid update: invalid number of sections.  The number of sections contained in the \(w.view) after the update (\(context.sectionsAfter)) must be equal to the number of sections contained in the \(w.view) before the update (\(context.sectionsBefore)), plus or minus the number of sections inserted or deleted (\(sectionInserts) inserted, \(sectionDeletes) deleted)."))
        }
        // Per section index: the item inserts into and moves into new
        // section t, the item deletes from and moves out of old section s
        // (one array for both states); an index outside them is never asked.
        var counts = Array(filled: SectionCounts(), count: max(context.sectionsBefore, context.sectionsAfter))
        func isNew(_ t: Int) -> Bool { t >= 0 && t < context.sectionsAfter }
        func isOld(_ s: Int) -> Bool { s >= 0 && s < context.sectionsBefore }
        for move in moves where !move.isSection {
            let from = move.path.section, to = (move.destination ?? move.path).section
            if from != to {
                if isOld(from) { counts[from].movedOut += 1 }
                if isNew(to) { counts[to].movedIn += 1 }
            }
        }
        for insert in inserts where !insert.isSection && isNew(insert.path.section) { counts[insert.path.section].inserted += 1 }
        for delete in deletes where !delete.isSection && isOld(delete.path.section) { counts[delete.path.section].deleted += 1 }
        for t in 0..<context.sectionsAfter {
            guard let s = sections.oldIndex(ofNew: t), let before = context.itemsBefore(s), let after = context.itemsAfter(t) else { continue }
            let inserted = counts[t].inserted, deleted = counts[s].deleted
            let movedInto = counts[t].movedIn, movedOutOf = counts[s].movedOut
            if after == before + inserted + movedInto - deleted - movedOutOf { continue }
            let counted = deletes.filter { !$0.isSection && $0.path.section == s } + inserts.filter { !$0.isSection && $0.path.section == t }
            // Moves between two different sections whose numbers are equal,
            // into new section t or out of old section s: UIKit left them out.
            let uncounted = moves.filter { move in
                guard !move.isSection, let to = move.destination?.section, to == move.path.section else { return false }
                return (to == t || to == s) && sections.oldIndex(ofNew: to) != to
            }
            throw Rejection(.itemCount, Self.noting(counted, uncounted: uncounted,
                "Invalid update: invalid number of \(w.items) in section \(t).  The number of \(w.items) contained in an existing section after the update (\(after)) must be equal to the number of \(w.items) contained in that section before the update (\(before)), plus or minus the number of \(w.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(w.items) moved into or out of that section (\(movedInto) moved in, \(movedOutOf) moved out)."))
        }
        // The issued batch when nothing was split or dropped: its context is built already.
        let applied = isIssuedBatch(context) ? context : BatchContext(batch: appliedBatch, displayed: context.displayed, data: context.data, words: context.words)
        return AppliedBatch(context: applied, map: SectionMap(applied))
    }

    /// Whether the view applies `context`'s batch as issued: no reload was
    /// split and no operation dropped, so `appliedBatch` (every kept item
    /// in issue order) is the issued batch, operation for operation.
    private func isIssuedBatch(_ context: BatchContext) -> Bool {
        let lists = context.batch
        return lists.reloadedSections.isEmpty && lists.reloadedItems.isEmpty
            && deletes.count + inserts.count + moves.count == lists.operations.count
    }

    /// Step 9's tallies for one section index: `inserted` and `movedIn`
    /// of the new section there, `deleted` and `movedOut` of the old one.
    private struct SectionCounts {
        var inserted = 0, movedIn = 0, deleted = 0, movedOut = 0
    }

    /// The batch the view applies once every step passed, as a context
    /// (against the same states) with its section map.
    struct AppliedBatch {
        var context: BatchContext
        var map: SectionMap
    }

    /// `message`, followed by the reloads whose halves it counted, if any:
    /// a count the engine cannot see in its own batch says where it came from.
    private static func noting(_ counted: [UpdateItem], uncounted: [UpdateItem] = [], _ message: String) -> String {
        var notes: [String] = []
        if let reloads = reloadHalves(counted) { notes.append("the counts include the delete and insert halves of " + reloads) }
        if !uncounted.isEmpty {
            let named = uncounted.prefix(3).map { "move \($0.path.itemPath) \(($0.destination ?? $0.path).itemPath)" }.joined(separator: ", ")
                + (uncounted.count > 3 ? " and \(uncounted.count - 3) more" : "")
            let number = uncounted[0].path.section
            notes.append("the counts leave out \(named): UIKit counts a move into or out of a section only when its old and new section numbers differ, "
                         + "and old section \(number) and new section \(number) are different sections here, so the move is counted in neither; RULES.md §3.1 step 9")
        }
        return notes.isEmpty ? message : message + " (" + notes.joined(separator: "; ") + ")"
    }

    /// The reloads whose halves are among `counted`, in order, as the case
    /// format spells them; `nil` when none is.
    private static func reloadHalves(_ counted: [UpdateItem]) -> String? {
        var reloads: [String] = [], named: Set<String> = []
        for item in counted {
            switch item.origin {
            case .reloadDeleteHalf(let op), .reloadInsertHalf(let op):
                if named.insert(op.caseSpelling).inserted { reloads.append(op.caseSpelling) }
            case .issued:
                continue
            }
        }
        return reloads.isEmpty ? nil : reloads.joined(separator: ", ")
    }
}

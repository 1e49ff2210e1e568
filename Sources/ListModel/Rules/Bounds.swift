// Bounds: every index a batch names must exist in the state it indexes
// (RULES.md §1.2–1.3 and §3 Bounds).
//
// Index paths inside messages are spelled `S-I` (UIKit prints
// `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}`; the model keeps the path).

extension BatchContext {
    // MARK: Sections

    /// §3 Bounds: `attempt to delete section S, but there are only N sections before the update`.
    /// A reload out of range is reported as a delete out of range.
    func checkDeleteSectionBounds() -> Rejection? {
        for op in batch.operations {
            let s: Int
            switch op {
            case .deleteSection(let x), .reloadSection(let x): s = x
            default: continue
            }
            if s < 0 || s >= sectionsBefore {
                return Rejection(.deleteSectionOutOfRange,
                    "attempt to delete section \(s), but there are only \(sectionsBefore) sections before the update")
            }
        }
        return nil
    }

    /// §3 Bounds (no UIKit message in the rule book; worded like the delete):
    /// `attempt to move section S, but there are only N sections before the update`.
    func checkMoveSectionSourceBounds() -> Rejection? {
        for move in batch.movedSections where move.from < 0 || move.from >= sectionsBefore {
            return Rejection(.moveSectionSourceOutOfRange,
                "attempt to move section \(move.from), but there are only \(sectionsBefore) sections before the update")
        }
        return nil
    }

    /// §3 Bounds: `attempt to insert section S but there are only N sections after the update`.
    func checkInsertSectionBounds() -> Rejection? {
        for s in batch.insertedSections where s < 0 || s >= sectionsAfter {
            return Rejection(.insertSectionOutOfRange,
                "attempt to insert section \(s) but there are only \(sectionsAfter) sections after the update")
        }
        return nil
    }

    /// §3 Bounds (no UIKit message in the rule book; worded like the insert):
    /// `attempt to move section S to section T, but there are only N sections after the update`.
    func checkMoveSectionDestinationBounds() -> Rejection? {
        for move in batch.movedSections where move.to < 0 || move.to >= sectionsAfter {
            return Rejection(.moveSectionDestinationOutOfRange,
                "attempt to move section \(move.from) to section \(move.to), but there are only \(sectionsAfter) sections after the update")
        }
        return nil
    }

    // MARK: Items

    /// §3 Bounds: `attempt to delete item I from section S which only contains N items before the update`;
    /// when the section itself is missing: `attempt to delete item I from section S, but there are only N sections before the update`.
    /// A reload out of range is reported as a delete out of range.
    func checkDeleteItemBounds() -> Rejection? {
        for op in batch.operations {
            let p: ItemPath
            switch op {
            case .deleteItem(let x), .reloadItem(let x): p = x
            default: continue
            }
            guard let n = itemsBefore(p.section) else {
                return Rejection(.deleteItemOutOfRange,
                    "attempt to delete item \(p.item) from section \(p.section), but there are only \(sectionsBefore) sections before the update")
            }
            if p.item < 0 || p.item >= n {
                return Rejection(.deleteItemOutOfRange,
                    "attempt to delete item \(p.item) from section \(p.section) which only contains \(n) items before the update")
            }
        }
        return nil
    }

    /// §3 Bounds: `attempt to move index path (P) that does not exist - there are only N items in section S before the update`;
    /// when the section itself is missing: `... - there are only N sections before the update`.
    func checkMoveItemSourceBounds() -> Rejection? {
        for move in batch.movedItems {
            let p = move.from
            guard let n = itemsBefore(p.section) else {
                return Rejection(.moveItemSourceOutOfRange,
                    "attempt to move index path (\(p.uikitDescription)) that does not exist - there are only \(sectionsBefore) sections before the update")
            }
            if p.item < 0 || p.item >= n {
                return Rejection(.moveItemSourceOutOfRange,
                    "attempt to move index path (\(p.uikitDescription)) that does not exist - there are only \(n) items in section \(p.section) before the update")
            }
        }
        return nil
    }

    /// §3 Bounds: `attempt to insert item I into section S, but there are only N items in section S after the update`;
    /// when the section itself is missing: `attempt to insert item I into section S, but there are only N sections after the update`.
    func checkInsertItemBounds() -> Rejection? {
        for p in batch.insertedItems {
            guard let n = itemsAfter(p.section) else {
                return Rejection(.insertItemOutOfRange,
                    "attempt to insert item \(p.item) into section \(p.section), but there are only \(sectionsAfter) sections after the update")
            }
            if p.item < 0 || p.item >= n {
                return Rejection(.insertItemOutOfRange,
                    "attempt to insert item \(p.item) into section \(p.section), but there are only \(n) items in section \(p.section) after the update")
            }
        }
        return nil
    }

    /// §3 Bounds: `attempt to move index path (P) to index path (Q) that does not exist - there are only N items in section S after the update`;
    /// when the section itself is missing: `... - there are only N sections after the update`.
    func checkMoveItemDestinationBounds() -> Rejection? {
        for move in batch.movedItems {
            let p = move.from, q = move.to
            guard let n = itemsAfter(q.section) else {
                return Rejection(.moveItemDestinationOutOfRange,
                    "attempt to move index path (\(p.uikitDescription)) to index path (\(q.uikitDescription)) that does not exist - there are only \(sectionsAfter) sections after the update")
            }
            if q.item < 0 || q.item >= n {
                return Rejection(.moveItemDestinationOutOfRange,
                    "attempt to move index path (\(p.uikitDescription)) to index path (\(q.uikitDescription)) that does not exist - there are only \(n) items in section \(q.section) after the update")
            }
        }
        return nil
    }
}

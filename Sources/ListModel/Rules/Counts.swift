// Counts: the numbers of sections and items after the batch must be what the
// batch says (RULES.md §3 Counts). UIKit asks the data source for the
// counts after the update, so "after" is always `data`.

extension BatchContext {
    /// §3 Counts: sections after = sections before + inserted − deleted.
    /// Reloads and moves do not change the count.
    func checkSectionCount() -> Rejection? {
        let inserted = batch.insertedSections.count
        let deleted = batch.deletedSections.count
        if sectionsAfter == sectionsBefore + inserted - deleted { return nil }
        return Rejection(.sectionCount,
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(sectionsAfter)) must be equal to the number of sections contained in the collection view before the update (\(sectionsBefore)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted).")
    }

    /// §3 Counts: for each section that existed before and survives (neither
    /// deleted nor reloaded), items after = items before + inserted − deleted
    /// + moved in − moved out. A move inside the section counts once in and
    /// once out; reloads do not count.
    ///
    /// Sections are checked in old order; S in the message is the section's
    /// old index (the index the app's crash log names when sections do not
    /// move; UIKit's choice for moved sections is unknown).
    func checkItemCounts(_ map: SectionMap) -> Rejection? {
        for s in 0..<sectionsBefore where !isDeletedOrReloaded(oldSection: s) {
            guard let t = map.finalIndex(ofOld: s), let after = itemsAfter(t), let before = itemsBefore(s) else { continue }
            let inserted = batch.insertedItems.filter { $0.section == t }.count
            let deleted = batch.deletedItems.filter { $0.section == s }.count
            let movedIn = batch.movedItems.filter { $0.to.section == t }.count
            let movedOut = batch.movedItems.filter { $0.from.section == s }.count
            if after == before + inserted - deleted + movedIn - movedOut { continue }
            return Rejection(.itemCount,
                "Invalid update: invalid number of items in section \(s).  The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
        }
        return nil
    }
}

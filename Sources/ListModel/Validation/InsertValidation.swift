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
    /// - Complexity: O(*i* + *m*) for *i* inserts and *m* moves (the moves
    /// are indexed once by destination).
    mutating func validateInserts(_ context: BatchContext) throws(Rejection) {
        // The first move (in the moves' order) into each section, and every move destination.
        var firstMoveIntoSection: [Int: UpdateItem] = [:]
        var moveDestinations: Set<UpdatePath> = []
        for move in moves {
            guard let to = move.destination else { continue }
            if firstMoveIntoSection[to.section] == nil { firstMoveIntoSection[to.section] = move }
            moveDestinations.insert(to)
        }
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
                if let move = firstMoveIntoSection[s] {
                    if move.destination == insert.path {
                        throw Rejection(.insertAndMoveSection, insert.naming(
                            "attempt to perform an insert and a move to the same section (\(s))"))
                    }
                    throw Rejection(.moveIntoInsertedSection, insert.naming(
                        "cannot move an item into a newly inserted section (\(s))"))
                }
            } else {
                let i = insert.path.item ?? 0
                if s >= context.sectionsAfter {
                    throw Rejection(.insertItemOutOfRange, insert.naming(
                        "attempt to insert item \(i) into section \(s), but there are only \(context.sectionsAfter) sections after the update"))
                }
                let n = try context.itemsAfterAsked(s, for: insert)
                if i >= n {
                    throw Rejection(.insertItemOutOfRange, insert.naming(
                        "attempt to insert item \(i) into section \(s), but there are only \(n) items in section \(s) after the update"))
                }
                if moveDestinations.contains(insert.path) {
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

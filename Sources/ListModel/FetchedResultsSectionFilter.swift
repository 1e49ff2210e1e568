// FetchedResultsSectionFilter: the collector variant that drops object
// changes inside inserted or deleted sections (RULES.md §3, §5).

extension FetchedResultsStream {
    /// The stream as a widely shipped collector keeps it: it remembers the
    /// sections inserted and deleted, and drops every object change inside
    /// them, since an item operation aimed at a section inserted or deleted
    /// in the same batch is outside the portable subset, RULES.md §3.3
    /// (`item-operation-in-changed-section`) and a move out of a deleted
    /// section or into an inserted one is rejected (§3.1 steps 5a–5b).
    ///
    /// Only the part of a change inside such a section is dropped: a move
    /// out of a deleted section keeps its insert at the new index path, a
    /// move into an inserted section keeps its delete at the old index path,
    /// and a move between two such sections goes entirely. An update keeps
    /// its old index path (an inserted section has no old objects).
    ///
    /// - Complexity: O(*n* + *s*) for *n* changes and *s* section changes.
    public func droppingObjectChangesInChangedSections() -> FetchedResultsStream {
        var inserted: Set<Int> = [], deleted: Set<Int> = []
        for change in changes {
            if case .insertSection(let s) = change { inserted.insert(s) }
            if case .deleteSection(let s) = change { deleted.insert(s) }
        }
        return FetchedResultsStream(changes.compactMap { change in
            switch change {
            case .insertSection, .deleteSection:
                return change
            case .insertObject(let to):
                return inserted.contains(to.section) ? nil : change
            case .deleteObject(let from), .updateObject(let from, _):
                return deleted.contains(from.section) ? nil : change
            case .moveObject(let from, let to):
                switch (deleted.contains(from.section), inserted.contains(to.section)) {
                case (false, false): return change
                case (true, false): return .insertObject(at: to)
                case (false, true): return .deleteObject(at: from)
                case (true, true): return nil
                }
            }
        })
    }
}

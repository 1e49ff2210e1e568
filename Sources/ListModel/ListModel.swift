// ListModel: applies one batch to what a list view displays, exactly as
// UIKit's performBatchUpdates does (rule book ../shared/reference/batch-semantics.md).

/// The reference list model. Written for obviousness, not speed.
public enum ListModel {
    /// Applies `batch` to a view that displays `displayed`, with the data
    /// source returning `data` after the batch.
    ///
    /// Returns what the view displays afterwards: moved and untouched cells
    /// keep the content they displayed, inserted and reloaded cells show the
    /// content `data` holds at their final index path. Returns the first
    /// rejection found, in the documented checking order, when UIKit would
    /// throw.
    public static func apply(
        _ batch: Batch, to displayed: Snapshot, data: Snapshot, profile: Profile = .strict
    ) -> Result<Snapshot, Rejection> {
        // Placeholder until the rules land (issue 2): the count check only.
        if displayed.sections.count != data.sections.count || batch.isEmpty == false {
            return .failure(Rejection(.sectionCount, "not implemented"))
        }
        return .success(data)
    }
}

/// Stable names of the rules the model enforces.
public enum Rule: String, CaseIterable, Sendable {
    case sectionCount = "section-count"
}

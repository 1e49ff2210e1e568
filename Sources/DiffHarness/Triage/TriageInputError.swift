// TriageInputError: a text `diffcheck triage` cannot read as a UIKit batch crash.

/// Why a text is not a batch-update exception the triage reads. Its
/// description says what was expected, for the user to fix the paste.
public enum TriageInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No batch-update exception message in the text at all.
    case noException
    /// The iOS 16.4 header without the counts or updates that follow it
    /// (`part` names the missing line).
    case incompleteBatch(part: String)
    /// An update in `Updates = [ … ]` the reader does not know.
    case unknownUpdate(String)
    /// A count list that is not numbers (`Data source … = { … }`).
    case unreadableCounts(String)

    public var description: String {
        switch self {
        case .noException:
            return """
            expected a UIKit batch-update exception (NSInternalInconsistencyException), e.g. \
            "Invalid batch updates detected: …", "Invalid update: invalid number of items in section S. …", \
            "Invalid update: invalid number of sections. …", "attempt to delete item I from section S …", \
            "attempt to insert item I into section S …", "attempt to delete section S …", \
            "attempt to insert section S …", "attempt to perform an insert and a move to the same index path (…)", \
            "attempt to perform a delete and a move from the same index path (…)", \
            "attempt to delete and reload the same index path (…)", "attempt to move index path (…) …", \
            "attempt to move item at index path … to both … and …", "attempt to move both item at index path … and … to …", "cannot move an item from a deleted section (S)" \
            or "cannot move an item into a newly inserted section (S)", but found none
            """
        case .incompleteBatch(let part):
            return "expected the whole iOS 16.4 exception after \"Invalid batch updates detected\", but found no \(part)"
        case .unknownUpdate(let text):
            return "expected updates like \"Delete item (0 - 1)\", \"Insert item (0 - 1)\", \"Reload item (0 - 1)\", \"Move item (0 - 1) to (0 - 2)\", \"Delete section 0\", \"Insert section 0\", \"Reload section 0\" or \"Move section 0 to 1\", but found \"\(text)\""
        case .unreadableCounts(let text):
            return "expected item counts like \"{ 2 sections with item counts: [3, 4] }\", but found \"\(text)\""
        }
    }
}

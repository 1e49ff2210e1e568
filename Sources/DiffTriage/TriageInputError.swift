// TriageInputError: a text `diffcheck triage` cannot read as a UIKit batch crash.

/// Why a text is not a batch-update exception the triage reads. Its
/// description says what was expected, for the user to fix the paste, and
/// echoes at most `excerptLength` characters of what was found; `position`
/// says where that text starts in the log.
public enum TriageInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No batch-update exception message in the text at all.
    case noException
    /// The start of a batch-update exception's message (`found`, in the
    /// log's words, bounded) without the rest the reader needs: the log
    /// cuts it off (or changes it) before its end. `name` says which
    /// message it is (`the item-count exception`), `missing` what its rest
    /// gives (`its counts (…)`); `at` is where it starts.
    case cutOffMessage(String, name: String, missing: String, at: TextPosition)
    /// No exception message, but a frame of UIKit's batch-update check in
    /// the log's stack (`frame`, bounded): a stack pasted without its
    /// reason. `throwing` says which exception that frame throws, when its
    /// name says; `at` is where the frame stands.
    case reasonMissing(frame: String, throwing: String?, at: TextPosition)
    /// The iOS 16.4 header without the counts or updates that follow it
    /// (`part` names the missing line; `at` is where the header starts).
    case incompleteBatch(part: String, at: TextPosition)
    /// An update in `Updates = [ … ]` the reader does not know (its text, bounded).
    case unknownUpdate(String, at: TextPosition)
    /// A count list that is not numbers (`Data source … = { … }`; its text, bounded).
    case unreadableCounts(String, at: TextPosition)
    /// A number too large for an `Int` (its digits, bounded): a log that
    /// was mangled, since no list view holds that many.
    case numberTooLarge(String, at: TextPosition)
    /// The logged numbers need a case of at least `needed` items, sections
    /// and operations in all, over `bound` (`TriageCase.sizeBound`);
    /// `at` is where the message starts, when known.
    case caseTooLarge(needed: Int, bound: Int, at: TextPosition?)

    /// Where the whole reason is found, for a log that lacks it.
    static let pasteTheReason = "Paste the exception's whole reason: the line after \"Fatal Exception: NSInternalInconsistencyException\" "
        + "(Crashlytics), the \"reason: '…'\" of \"*** Terminating app due to uncaught exception\" (Xcode's console), "
        + "or the crash report's \"Application Specific Information\""

    /// The most characters of the log an error echoes.
    public static let excerptLength = 200

    /// `text`, or its first `excerptLength` characters and `…`.
    static func excerpt(_ text: some StringProtocol) -> String {
        let head = text.prefix(excerptLength)
        return head.endIndex == text.endIndex ? String(text) : String(head) + "…"
    }

    /// Where the text the error is about starts in the log (nil: no place).
    public var position: TextPosition? {
        switch self {
        case .noException: return nil
        case .cutOffMessage(_, _, _, let at), .reasonMissing(_, _, let at): return at
        case .incompleteBatch(_, let at), .unknownUpdate(_, let at), .unreadableCounts(_, let at), .numberTooLarge(_, let at):
            return at
        case .caseTooLarge(_, _, let at): return at
        }
    }

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
        case .cutOffMessage(let found, let name, let missing, _):
            return "found the start of \(name), \"\(found)\", but not \(missing): the log cuts the message off before its end. "
                + Self.pasteTheReason
        case .reasonMissing(let frame, let throwing, _):
            return "found no exception message, only UIKit's batch-update check in the stack, \(frame), which throws "
                + (throwing ?? "UIKit's batch-update exceptions (the frame does not say which)")
                + ": the exception's reason is missing. " + Self.pasteTheReason
        case .incompleteBatch(let part, _):
            return "expected the whole iOS 16.4 exception after \"Invalid batch updates detected\", but found no \(part)"
        case .unknownUpdate(let text, _):
            return "expected updates like \"Delete item (0 - 1)\", \"Insert item (0 - 1)\", \"Reload item (0 - 1)\", \"Move item (0 - 1) to (0 - 2)\", \"Delete section 0\", \"Insert section 0\", \"Reload section 0\" or \"Move section 0 to 1\", but found \"\(text)\""
        case .unreadableCounts(let text, _):
            return "expected item counts like \"{ 2 sections with item counts: [3, 4] }\", but found \"\(text)\""
        case .numberTooLarge(let digits, _):
            return "expected a count or an index up to \(Int.max), but found \(digits)"
        case .caseTooLarge(let needed, let bound, _):
            let amount = needed == Int.max ? "\(Int.max) or more" : "at least \(needed)"
            return "the logged numbers need a case of \(amount) items, sections and operations, but triage builds at most \(bound) in all"
                + " (placeholder snapshots sized from a log's counts are bounded: the log's numbers are larger than any list view shows, or mangled)"
        }
    }
}

// EngineText: a text an engine wrote (its refusal's reason, its failure's,
// its declared name), bounded before diffcheck keeps it.
//
// An engine may answer `{"error": "…"}` with tens of megabytes: under the
// answer-line limit, but nothing a report, a saved case or a worker's
// message should carry. Its first `limit` characters are kept, and how much
// there was; every later step (printing, saving, grouping refusals by
// reason) then costs the same whatever the engine wrote, so none of
// diffcheck's own time is spent on it against the engine's deadline.

/// The bound on one text an engine supplies.
public enum EngineText {
    /// The most characters of an engine's text kept.
    public static let limit = 2000

    /// `text`, or its first `limit` characters and how long it was:
    /// `xxx… (the engine's text is 40000000 bytes; the first 2000 characters are kept)`.
    public static func bounded(_ text: String) -> String {
        // UTF-8 bytes bound the characters: a short text is kept without counting them.
        guard text.utf8.count > limit, let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        return text[..<end] + "… (the engine's text is \(text.utf8.count) bytes; the first \(limit) characters are kept)"
    }
}

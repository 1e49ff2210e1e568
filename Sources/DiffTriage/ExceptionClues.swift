// ExceptionClues: what a log holds of a batch-update exception when it holds
// no whole message the reader knows. Two shapes are common in bug reports:
// the start of a message cut off (a crash reporter's one-line field, an
// issue title, a line pasted in part: `reason: 'Invalid update: invalid
// number of items in section 0`), and a stack pasted without its reason,
// whose frames are UIKit's batch-update check
// (`-[UICollectionView _endItemAnimationsWithInvalidationContext:…]`).
// Either is worth saying: what was recognised, and what is missing.

/// The clues `ExceptionReader` falls back on when a log holds no whole message.
enum ExceptionClues {
    /// Why `flat`, which holds no whole message the reader knows, is not
    /// triaged: the first message start there (`cutOffMessage`), else
    /// UIKit's batch-update check in its stack (`reasonMissing`), else
    /// `noException`.
    ///
    /// - Complexity: O(*n*) for a text of *n* characters, a pass per message and frame known.
    static func error(in flat: ExceptionText) -> TriageInputError {
        cutOffMessage(in: flat) ?? reasonMissing(in: flat) ?? .noException
    }

    /// The first start of a known message in `flat` (none of which matches
    /// whole there, or the reader would have read it), up to where it ends:
    /// the end of its line, a closing quote, or the excerpt's length.
    static func cutOffMessage(in flat: ExceptionText) -> TriageInputError? {
        let text = flat.text
        var first: (range: Range<String.Index>, pattern: ExceptionReader.Pattern)?
        for pattern in ExceptionReader.patterns {
            var from = text.startIndex
            while let lead = text.firstUTF8Range(of: pattern.lead, from: from), first.map({ lead.lowerBound < $0.range.lowerBound }) ?? true {
                from = lead.upperBound
                // `cannot move ` starts much prose: only `cannot move an item` (or a row) is the message.
                if pattern.lead == "cannot move ", !(text[lead.upperBound...].hasPrefix("an item") || text[lead.upperBound...].hasPrefix("a item")) {
                    continue
                }
                first = (lead, pattern)
                break
            }
        }
        guard let (lead, pattern) = first else { return nil }
        // The end of the raw line the message's first words end on: a mail
        // client may have wrapped them over two lines, which `text` joins.
        var end = flat.lineEnd(from: text.unicodeScalars.index(before: lead.upperBound))
        if let quote = text[lead.upperBound..<end].firstIndex(where: { $0 == "'" || $0 == "\"" }) { end = quote }
        let found = flat.logged(lead.lowerBound..<end)
        return .cutOffMessage(TriageInputError.excerpt(found), name: pattern.name, missing: pattern.rest,
                              at: flat.position(of: lead.lowerBound))
    }

    /// A frame of UIKit's batch-update check, and the message it throws
    /// when its name says (nil: any of them).
    static let checkFrames: [(symbol: String, throwing: String?)] = [
        ("_Bug_Detected_In_Client_Of_UICollectionView_Invalid_Number_Of_Items_In_Section",
         "the item-count exception, \"Invalid update: invalid number of items in section S. …\""),
        ("_Bug_Detected_In_Client_Of_UICollectionView_Invalid_Batch_Updates",
         "iOS 16.4's whole-batch exception, \"Invalid batch updates detected: …\""),
        ("_Bug_Detected_In_Client_Of_UITableView_Invalid_Number_Of_Rows_In_Section",
         "the row-count exception, \"Invalid update: invalid number of rows in section S. …\""),
        ("_endItemAnimationsWithInvalidationContext", nil),   // UICollectionView's end of a batch
        ("_endCellAnimationsWithContext", nil),               // UITableView's
    ]

    /// The most telling frame of UIKit's batch-update check in `flat`
    /// (the first of `checkFrames` it holds), as written from its `-[`
    /// to its `]`.
    static func reasonMissing(in flat: ExceptionText) -> TriageInputError? {
        let text = flat.text
        for frame in checkFrames {
            guard let symbol = text.firstUTF8Range(of: frame.symbol, from: text.startIndex) else { continue }
            // The frame's `-[Class ` before the symbol, within a class name's length.
            var start = symbol.lowerBound
            var back = symbol.lowerBound
            for _ in 0..<80 where back > text.startIndex {
                let previous = text.index(before: back)
                if text[previous] == "[", previous > text.startIndex, text[text.index(before: previous)] == "-" {
                    start = text.index(before: previous)
                    break
                }
                back = previous
            }
            let after = text[symbol.upperBound...].prefix(TriageInputError.excerptLength)
            let end = after.firstIndex(of: "]").map { text.index(after: $0) } ?? symbol.upperBound
            return .reasonMissing(frame: TriageInputError.excerpt(text[start..<end]), throwing: frame.throwing,
                                  at: flat.position(of: start))
        }
        return nil
    }
}

// OneLineText: a text of any characters written on one line of a case file,
// and read back to the same text.
//
//     # the engine failed: {"error": "line one\nexpect: fail no-crash"}
//     finding: no-crash: the engine failed: line one\nexpect: fail no-crash
//
// The texts of a case come from people and from engines: an engine's error,
// a message quoted from its stderr, the name it declares, a command line.
// Whatever they hold, each is one line of the case, so no text can add a
// directive (`expect: fail no-crash` above is part of a message, not a
// line). The printer writes these escapes and the parser reads them back:
//
//     \n        a line feed
//     \r        a carriage return
//     \\        a backslash, where one alone would start an escape
//               (before `\`, `n`, `r` or `u`)
//     \u{HEX}   a character that would end the line or hide in it: a
//               control character but the tab (NUL, DEL, NEL, …), U+2028
//               and U+2029; a first character that would join the space
//               before it (a combining mark); and where the field would
//               lose it, a space at either end (a field is trimmed), `#`
//               (a field a comment can follow), any space and a last `:`
//               (`engine:`, one word)
//
// Any other backslash is itself: `C:\Users` reads as written, and a text
// written by hand reads the same unless it holds one of the escapes.

/// Writes a text on one line of a case file and reads it back.
public enum OneLineText {
    /// What the line around a text keeps of it.
    public enum Field: Sendable {
        /// A comment: everything after `# `.
        case comment
        /// A text that runs to the end of the line, `#` included, trimmed at
        /// either end: `finding:`'s message, `engine-command:`.
        case toLineEnd
        /// A text a comment may follow, trimmed at either end: `expect: error TEXT`.
        case beforeComment
        /// One word: `engine: NAME`.
        case word
    }

    /// `text` as one line of `field`, escaped where it must be.
    public static func written(_ text: String, in field: Field) -> String {
        let characters = Array(text)
        var scalars: [(scalar: Unicode.Scalar, isEdge: Bool)] = []
        for (index, character) in characters.enumerated() {
            // A field is trimmed by characters (a space and the mark on it are one).
            let isEdge = (index == 0 || index == characters.count - 1) && character.isWhitespace
            for (place, scalar) in character.unicodeScalars.enumerated() {
                scalars.append((scalar, isEdge && place == 0))
            }
        }
        var forms: [String] = []
        forms.reserveCapacity(scalars.count)
        for (index, (scalar, isEdge)) in scalars.enumerated() {
            switch scalar {
            case "\n": forms.append("\\n")
            case "\r": forms.append("\\r")
            case "\\": forms.append("\\") // decided below, once the next one's form is known
            default:
                let joinsTheSpaceBefore = index == 0 && (" " + String(scalar)).count == 1
                let isLast = index == scalars.count - 1
                forms.append(mustEscape(scalar, in: field, isTrimmedEdge: isEdge, isLast: isLast) || joinsTheSpaceBefore
                             ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar))
            }
        }
        // A backslash is doubled only where the next written character would make it an escape.
        for index in forms.indices.reversed() where scalars[index].scalar == "\\" {
            if index + 1 < forms.count, let next = forms[index + 1].unicodeScalars.first, startsEscape(next) {
                forms[index] = "\\\\"
            }
        }
        return forms.joined()
    }

    /// The text `written` stands for: its escapes read back. `read(written(t, in: f))` is `t` for every text and field.
    public static func read(_ written: String) -> String {
        guard written.unicodeScalars.contains("\\") else { return written }
        let scalars = Array(written.unicodeScalars)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                text.append(scalar)
                index += 1
                continue
            }
            switch scalars[index + 1] {
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "\\": text.append("\\")
            case "u":
                if let (escaped, end) = hexEscape(scalars, at: index + 2) {
                    text.append(escaped)
                    index = end
                    continue
                }
                text.append("\\")
                index += 1
                continue
            default:
                text.append("\\")
                index += 1
                continue
            }
            index += 2
        }
        return String(text)
    }

    /// Whether a backslash before `scalar` starts an escape.
    private static func startsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\\" || scalar == "n" || scalar == "r" || scalar == "u"
    }

    /// Whether `scalar` is written `\u{HEX}` in `field`.
    /// `isLast`: whether it ends the text (`engine: external:` is the older form of an engine and its command).
    private static func mustEscape(_ scalar: Unicode.Scalar, in field: Field, isTrimmedEdge: Bool, isLast: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: return scalar != "\t" || field == .word || (isTrimmedEdge && field != .comment)
        case .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        switch field {
        case .comment: return false
        case .toLineEnd: return isTrimmedEdge
        case .beforeComment: return isTrimmedEdge || scalar == "#"
        case .word: return scalar.properties.isWhitespace || scalar == "#" || (scalar == ":" && isLast)
        }
    }

    /// `{HEX}` at `start` (1 to 6 hex digits naming a scalar): the scalar and the index after `}`.
    private static func hexEscape(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        guard start < scalars.count, scalars[start] == "{" else { return nil }
        var value: UInt32 = 0
        var index = start + 1
        while index < scalars.count, index - start <= 6, let digit = hexDigit(scalars[index]) {
            value = value * 16 + digit
            index += 1
        }
        guard index > start + 1, index < scalars.count, scalars[index] == "}", let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, index + 1)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 48
        case "a"..."f": return scalar.value - 87
        case "A"..."F": return scalar.value - 55
        default: return nil
        }
    }
}

// WrittenJSON: a JSON line as it was written, read for what
// JSONSerialization's values lose: a key written twice in one object (its
// dictionary keeps the last), and the text of a value (`1.0` comes back as
// the number 1).
//
//     {"stages": [{"deleteSections": [1.0], "deleteSections": [2]}]}
//     firstRepeatedKey  → ("stages[0]", "deleteSections")
//     text(at: "stages[0].deleteSections[0]")  → "1.0"
//
// A place is written as `SnapshotJSON`'s messages name one: the keys from
// the top object joined with `.`, each list index in brackets. Both
// functions read any bytes without trapping; on text that is not JSON they
// answer nil.

enum WrittenJSON {
    /// The first key (in reading order) written a second time in the same
    /// object, with the place of that object ("" for the top one).
    static func firstRepeatedKey(_ bytes: [UInt8]) -> (place: String, key: String)? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            var path: [Component] = []
            var found: (place: String, key: String)?
            _ = reader.skipValue(path: &path, depth: 0) { objectPath, key in
                found = (place(objectPath), key)
            }
            return found
        }
    }

    /// The text of the value at `place` as it was written (cut to `limit`
    /// characters); nil when there is no value there. `root` is the name
    /// the messages give the top value (`snapshot`), if any.
    static func text(at place: String, in bytes: [UInt8], root: String = "", limit: Int = 80) -> String? {
        guard place.hasPrefix(root), let target = components(of: String(place.dropFirst(root.count))) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            var reader = Reader(bytes: buffer)
            guard let range = reader.find(target[...]) else { return nil }
            let text = String(decoding: buffer[range], as: UTF8.self)
            return text.count > limit ? String(text.prefix(limit)) + "…" : text
        }
    }

    /// One step into a JSON value: a key of an object, or an index of a list.
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// A place as messages write it.
    static func place(_ path: [Component]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let n): text += "[\(n)]"
            }
        }
        return text
    }

    /// The components of a place (`stages[0].deleteSections`); nil when it is not one.
    static func components(of place: String) -> [Component]? {
        var result: [Component] = []
        var rest = Substring(place)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let n = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return nil }
                result.append(.index(n))
                rest = rest[rest.index(after: close)...]
                continue
            }
            if rest.first == "." {
                guard !result.isEmpty else { return nil }
                rest = rest.dropFirst()
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            guard end > rest.startIndex else { return nil }
            result.append(.key(String(rest[..<end])))
            rest = rest[end...]
        }
        return result
    }

    /// Reads JSON bytes; every read checks its bounds.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Deeper than this is not read (a stack of brackets is no answer).
        static let maximumDepth = 512

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// Skips one value; calls `repeated` at a key written twice in one
        /// object (the first only, then stops). False on text that is not JSON.
        mutating func skipValue(path: inout [Component], depth: Int,
                                repeated: ([Component], String) -> Void) -> Bool {
            guard depth < Reader.maximumDepth else { return false }
            skipSpace()
            switch current {
            case UInt8(ascii: "{")?:
                index += 1
                var keys: Set<String> = []
                skipSpace()
                if current == UInt8(ascii: "}") { index += 1; return true }
                while true {
                    skipSpace()
                    guard let key = string() else { return false }
                    if !keys.insert(key).inserted {
                        repeated(path, key)
                        return false
                    }
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { return false }
                    index += 1
                    path.append(.key(key))
                    let isRead = skipValue(path: &path, depth: depth + 1, repeated: repeated)
                    path.removeLast()
                    guard isRead else { return false }
                    skipSpace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    guard current == UInt8(ascii: "}") else { return false }
                    index += 1
                    return true
                }
            case UInt8(ascii: "[")?:
                index += 1
                skipSpace()
                if current == UInt8(ascii: "]") { index += 1; return true }
                var n = 0
                while true {
                    path.append(.index(n))
                    let isRead = skipValue(path: &path, depth: depth + 1, repeated: repeated)
                    path.removeLast()
                    guard isRead else { return false }
                    n += 1
                    skipSpace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    guard current == UInt8(ascii: "]") else { return false }
                    index += 1
                    return true
                }
            case UInt8(ascii: "\"")?:
                return string() != nil
            case nil:
                return false
            default:
                // A number, true, false or null: the bytes up to the next delimiter.
                let start = index
                while let byte = current, !Reader.isDelimiter(byte) { index += 1 }
                return index > start
            }
        }

        /// The byte range of the value at `target` (from here); nil when there is none.
        mutating func find(_ target: ArraySlice<Component>) -> Range<Int>? {
            skipSpace()
            guard let step = target.first else {
                let start = index
                var path: [Component] = []
                guard skipValue(path: &path, depth: 0, repeated: { _, _ in }) else { return nil }
                return start..<index
            }
            var ignored: [Component] = []
            switch (current, step) {
            case (UInt8(ascii: "{")?, .key(let wanted)):
                index += 1
                skipSpace()
                if current == UInt8(ascii: "}") { return nil }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { return nil }
                    index += 1
                    if key == wanted { return find(target.dropFirst()) }
                    guard skipValue(path: &ignored, depth: 1, repeated: { _, _ in }) else { return nil }
                    skipSpace()
                    guard current == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            case (UInt8(ascii: "[")?, .index(let wanted)):
                index += 1
                var n = 0
                while true {
                    skipSpace()
                    if current == UInt8(ascii: "]") { return nil }
                    if n == wanted { return find(target.dropFirst()) }
                    guard skipValue(path: &ignored, depth: 1, repeated: { _, _ in }) else { return nil }
                    n += 1
                    skipSpace()
                    guard current == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            default:
                return nil
            }
        }

        /// A string's value, escapes decoded (`"\u0061"` is the key `a`); nil when it is not one.
        mutating func string() -> String? {
            guard current == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var plainStart = index
            func flushPlain(upTo end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[plainStart..<end], as: UTF8.self).unicodeScalars)
            }
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    flushPlain(upTo: index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flushPlain(upTo: index)
                    index += 1
                    guard let escaped = current else { return nil }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "u"):
                        guard let unit = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(unit), current == UInt8(ascii: "\\"),
                           index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            guard let low = hex4() else { return nil }
                            let isPair = (0xDC00..<0xE000).contains(low)
                            let value = isPair ? 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                        } else {
                            scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                        }
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    default: scalars.append(Unicode.Scalar(escaped))
                    }
                    plainStart = index
                default:
                    index += 1
                }
            }
            return nil
        }

        /// Four hexadecimal digits, as a number.
        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = bytes[index].hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}

private extension UInt8 {
    /// The value of an ASCII hexadecimal digit.
    var hexDigitValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(self - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(self - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

// SnapshotJSONEncoding: the one writer of the wire format, straight into a
// byte buffer the caller may reuse, with the one escaper of its strings.
//
//     appendRequest  {"old": SNAPSHOT, "new": SNAPSHOT}
//     appendAnswer   {"stages": [BATCH, ...]} / {"error": "why"} / {"failure": "why", "hang": true}
//     appendQuoted   "a \"b\"\n" — `"`, `\`, and the control characters escaped
//
// A separator is a comma and a space, a key is followed by a colon and a
// space; nothing else is written between values.
import ListModel

extension SnapshotJSON {
    /// Appends a request line, without its line break, to `bytes`: the same
    /// text as `request(old:new:)`, written straight into a buffer the
    /// caller reuses (no string per request).
    public static func appendRequest(old: Snapshot, new: Snapshot, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"old": "#.utf8)
        append(old, to: &bytes)
        bytes.append(contentsOf: #", "new": "#.utf8)
        append(new, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends an answer line, without its line break, as `answer(_:)` spells it.
    public static func appendAnswer(_ output: EngineOutput, to bytes: inout [UInt8]) {
        switch output {
        case .refusal(let why):
            bytes.append(contentsOf: #"{"error": "#.utf8)
            appendQuoted(why, to: &bytes)
        case .failure(let failure):
            bytes.append(contentsOf: #"{"failure": "#.utf8)
            appendQuoted(failure.reason, to: &bytes)
            if failure.isHang { bytes.append(contentsOf: #", "hang": true"#.utf8) }
        case .stages(let stages):
            bytes.append(contentsOf: #"{"stages": ["#.utf8)
            for (index, stage) in stages.enumerated() {
                if index > 0 { bytes.append(contentsOf: separator) }
                append(stage.batch, data: index == stages.count - 1 ? nil : stage.data, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private static let idKey = Array(#"{"id": "#.utf8)
    private static let contentKey = Array(#", "content": "#.utf8)
    private static let itemsKey = Array(#", "items": ["#.utf8)
    private static let separator = Array(", ".utf8)

    /// Appends a snapshot as `encode(_:)` spells it.
    static func append(_ snapshot: Snapshot, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (s, section) in snapshot.sections.enumerated() {
            if s > 0 { bytes.append(contentsOf: separator) }
            appendIdentity(section.id, section.content, to: &bytes)
            bytes.append(contentsOf: itemsKey)
            for (i, item) in section.items.enumerated() {
                if i > 0 { bytes.append(contentsOf: separator) }
                appendIdentity(item.id, item.content, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(contentsOf: "]}".utf8)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `{"id": ID, "content": N` (the object left open).
    private static func appendIdentity(_ id: String, _ content: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: idKey)
        appendQuoted(id, to: &bytes)
        bytes.append(contentsOf: contentKey)
        appendDecimal(content, to: &bytes)
    }

    /// Appends a batch as a BATCH object: each kind of operation that it
    /// has, in the order of the keys, then `data` when given.
    static func append(_ batch: Batch, data: Snapshot?, to bytes: inout [UInt8]) {
        var isFirst = true
        func key(_ name: StaticString) {
            bytes.append(contentsOf: isFirst ? #"{""#.utf8 : #", ""#.utf8)
            isFirst = false
            bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            bytes.append(contentsOf: #"": "#.utf8)
        }
        func list<T>(_ name: StaticString, _ values: [T], _ write: (T, inout [UInt8]) -> Void) {
            guard !values.isEmpty else { return }
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (n, value) in values.enumerated() {
                if n > 0 { bytes.append(contentsOf: separator) }
                write(value, &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        list("deleteSections", batch.deletedSections, appendDecimal)
        list("insertSections", batch.insertedSections, appendDecimal)
        list("reloadSections", batch.reloadedSections, appendDecimal)
        list("moveSections", batch.movedSections) { appendPair($0.from, $0.to, to: &$1) }
        list("deleteItems", batch.deletedItems) { appendPair($0.section, $0.item, to: &$1) }
        list("insertItems", batch.insertedItems) { appendPair($0.section, $0.item, to: &$1) }
        list("reloadItems", batch.reloadedItems) { appendPair($0.section, $0.item, to: &$1) }
        list("moveItems", batch.movedItems) { move, bytes in
            bytes.append(UInt8(ascii: "["))
            appendPair(move.from.section, move.from.item, to: &bytes)
            bytes.append(contentsOf: separator)
            appendPair(move.to.section, move.to.item, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        if let data {
            key("data")
            append(data, to: &bytes)
        }
        if isFirst { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `[a, b]`.
    private static func appendPair(_ a: Int, _ b: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        appendDecimal(a, to: &bytes)
        bytes.append(contentsOf: separator)
        appendDecimal(b, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a JSON string literal: its UTF-8 bytes, with `"`
    /// and `\` escaped, `\n`, `\r` and `\t` for those, and `\u00XX` for the
    /// other control characters (every byte of a multi-byte scalar is 0x80
    /// or more, so escaping byte by byte is escaping scalar by scalar).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most identifiers need no escape: their bytes go in at once.
        let isPlain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if isPlain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 15))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer in decimal, as `String(value)` spells it.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var magnitude = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}

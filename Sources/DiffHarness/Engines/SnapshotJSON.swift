// SnapshotJSON: the JSON spelling of snapshots, batches and engine answers
// that external engines speak (one JSON value a line).
//
//     SNAPSHOT  [{"id": "A", "content": 0, "items": [{"id": "a", "content": 0}]}]
//     BATCH     {"deleteSections": [0], "insertSections": [1], "reloadSections": [2],
//                "moveSections": [[0, 1]], "deleteItems": [[0, 1]], "insertItems": [[0, 1]],
//                "reloadItems": [[0, 1]], "moveItems": [[[0, 1], [1, 0]]], "data": SNAPSHOT}
//     request   {"old": SNAPSHOT, "new": SNAPSHOT}
//     answer    {"stages": [BATCH, ...]}   or   {"error": "why"}
//               or {"failure": "why"} (the engine failed: a no-crash failure;
//               `"hang": true` when it was a timeout — diffcheck's own
//               engine processes answer this way)
//
// Every key of a BATCH is optional; `data` is required on every stage but
// the last (and ignored on the last, whose data is the new snapshot).
// `content` may be left out (it means 0). Indexes and content versions are
// non-negative integers: floats, booleans, strings and negative numbers are
// refused, as are unknown keys and a key written twice in one object, with
// a message that names where and quotes the value as the line writes it
// (`WrittenJSON`).
import Foundation
import ListModel

/// Why a JSON value is not the snapshot, batch or answer it should be.
public struct SnapshotJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming where.
    public var message: String
    /// Where a value of the wrong kind is, and what was expected there, when
    /// that is what is wrong: `quotingWrittenValue(in:)` words the message
    /// again with the value as the line writes it.
    var wrongValue: WrongValue?

    /// A value of the wrong kind at `place` (`stages[0].deleteSections[0]`).
    struct WrongValue: Hashable, Sendable {
        var place: String
        var expected: String
    }

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// This error, its wrong value (if any) quoted as `bytes` write it
    /// (`1.0`, where the decoded value reads `1`); `root` is the name the
    /// place gives the top value.
    func quotingWrittenValue(in bytes: [UInt8], root: String = "") -> SnapshotJSONError {
        guard let wrongValue, let written = WrittenJSON.text(at: wrongValue.place, in: bytes, root: root) else { return self }
        var quoted = SnapshotJSONError("\(wrongValue.place): expected \(wrongValue.expected) but found \(written)")
        quoted.wrongValue = wrongValue
        return quoted
    }
}

/// Encodes and decodes the JSON that external engines read and write.
public enum SnapshotJSON {
    // MARK: Encoding

    /// A request line (without its line break): `{"old": SNAPSHOT, "new": SNAPSHOT}`.
    public static func request(old: Snapshot, new: Snapshot) -> String {
        var bytes: [UInt8] = []
        appendRequest(old: old, new: new, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

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

    private static let idKey = Array(#"{"id": "#.utf8)
    private static let contentKey = Array(#", "content": "#.utf8)
    private static let itemsKey = Array(#", "items": ["#.utf8)
    private static let separator = Array(", ".utf8)

    /// Appends a snapshot as `encode(_:)` spells it.
    static func append(_ snapshot: Snapshot, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (s, section) in snapshot.sections.enumerated() {
            if s > 0 { bytes.append(contentsOf: separator) }
            bytes.append(contentsOf: idKey)
            appendQuoted(section.id, to: &bytes)
            bytes.append(contentsOf: contentKey)
            appendDecimal(section.content, to: &bytes)
            bytes.append(contentsOf: itemsKey)
            for (i, item) in section.items.enumerated() {
                if i > 0 { bytes.append(contentsOf: separator) }
                bytes.append(contentsOf: idKey)
                appendQuoted(item.id, to: &bytes)
                bytes.append(contentsOf: contentKey)
                appendDecimal(item.content, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(contentsOf: "]}".utf8)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `quoted(text)`: the UTF-8 bytes of `text` with the same
    /// escapes (every byte of a multi-byte scalar is 0x80 or more, so
    /// escaping byte by byte is escaping scalar by scalar).
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
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 15)])
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

    /// A snapshot as JSON on one line.
    public static func encode(_ snapshot: Snapshot) -> String {
        var bytes: [UInt8] = []
        append(snapshot, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An answer line (without its line break): `{"stages": [BATCH, ...]}`,
    /// each stage but the last with its `data`, or `{"error": "why"}`.
    /// `answer(fromJSON:)` reads it back to the same output, except that a
    /// batch's operations come back grouped by kind, in the order of the keys.
    public static func answer(_ output: EngineOutput) -> String {
        switch output {
        case .refusal(let why):
            return "{\"error\": \(quoted(why))}"
        case .failure(let failure):
            return "{\"failure\": \(quoted(failure.reason))" + (failure.isHang ? ", \"hang\": true}" : "}")
        case .stages(let stages):
            return "{\"stages\": [" + stages.enumerated().map { index, stage in
                encode(stage.batch, data: index == stages.count - 1 ? nil : stage.data)
            }.joined(separator: ", ") + "]}"
        }
    }

    /// A batch as a BATCH object, with `data` when given.
    static func encode(_ batch: Batch, data: Snapshot?) -> String {
        func path(_ p: ItemPath) -> String { "[\(p.section), \(p.item)]" }
        var fields: [String] = []
        func add(_ key: String, _ values: [String]) {
            if !values.isEmpty { fields.append("\"\(key)\": [" + values.joined(separator: ", ") + "]") }
        }
        add("deleteSections", batch.deletedSections.map(String.init))
        add("insertSections", batch.insertedSections.map(String.init))
        add("reloadSections", batch.reloadedSections.map(String.init))
        add("moveSections", batch.movedSections.map { "[\($0.from), \($0.to)]" })
        add("deleteItems", batch.deletedItems.map(path))
        add("insertItems", batch.insertedItems.map(path))
        add("reloadItems", batch.reloadedItems.map(path))
        add("moveItems", batch.movedItems.map { "[\(path($0.from)), \(path($0.to))]" })
        if let data { fields.append("\"data\": " + encode(data)) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Decoding

    /// Reads a request line: `{"old": SNAPSHOT, "new": SNAPSHOT}`.
    public static func request(fromJSON bytes: [UInt8]) -> Result<(old: Snapshot, new: Snapshot), SnapshotJSONError> {
        if let request = AnswerFastPath.request(bytes) { return .success(request) }
        return requestThroughFoundation(fromJSON: bytes)
    }

    /// `request(fromJSON:)` without its fast path.
    static func requestThroughFoundation(fromJSON bytes: [UInt8]) -> Result<(old: Snapshot, new: Snapshot), SnapshotJSONError> {
        if let repeated = WrittenJSON.firstRepeatedKey(bytes) {
            return .failure(repeatedKeyError(repeated, in: "request"))
        }
        return json(bytes).flatMap { value in
            guard let object = value as? [String: Any] else { return failure("request", "a JSON object", value) }
            if let unknown = object.keys.sorted().first(where: { $0 != "old" && $0 != "new" }) {
                return .failure(SnapshotJSONError("request: unknown key \"\(unknown)\""))
            }
            guard let oldValue = object["old"], let newValue = object["new"] else {
                return .failure(SnapshotJSONError("request needs \"old\" and \"new\""))
            }
            return snapshot(oldValue, at: "old").flatMap { old in snapshot(newValue, at: "new").map { (old, $0) } }
        }.mapError { $0.quotingWrittenValue(in: bytes) }
    }

    /// Reads a snapshot from JSON text.
    public static func snapshot(fromJSON text: String) -> Result<Snapshot, SnapshotJSONError> {
        let bytes = Array(text.utf8)
        return json(bytes).flatMap { snapshot($0, at: "snapshot") }.mapError { $0.quotingWrittenValue(in: bytes, root: "snapshot") }
    }

    /// Reads a batch (and its `data`, if given) from JSON text.
    public static func stage(fromJSON text: String) -> Result<Stage, SnapshotJSONError> {
        let bytes = Array(text.utf8)
        return json(bytes).flatMap { stage($0, at: "stage", isLast: false, needsData: false) }
            .mapError { $0.quotingWrittenValue(in: bytes, root: "stage") }
    }

    /// Reads an engine's answer line: `{"stages": [...]}` or `{"error": "why"}`.
    ///
    /// Text that is not JSON fails with `engine answered garbage: ` and the
    /// first 200 characters; JSON of the wrong shape names the place.
    public static func answer(fromJSON bytes: [UInt8]) -> Result<EngineOutput, SnapshotJSONError> {
        if let output = AnswerFastPath.answer(bytes) { return .success(output) }
        return answerThroughFoundation(fromJSON: bytes)
    }

    /// `answer(fromJSON:)` without its fast path: JSONSerialization, then
    /// the shape checks that name the place of a mistake.
    static func answerThroughFoundation(fromJSON bytes: [UInt8]) -> Result<EngineOutput, SnapshotJSONError> {
        let value: Any
        switch json(bytes) {
        case .success(let v): value = v
        case .failure:
            let text = String(decoding: bytes, as: UTF8.self)
            let shown = text.count > 200 ? String(text.prefix(200)) + "…" : text
            return .failure(SnapshotJSONError("engine answered garbage: " + shown))
        }
        guard let object = value as? [String: Any] else {
            return .failure(SnapshotJSONError("engine answer is not a JSON object: \(describe(value))"))
        }
        // JSONSerialization keeps the last of a key written twice: the line is read again for it.
        if let repeated = WrittenJSON.firstRepeatedKey(bytes) {
            return .failure(repeatedKeyError(repeated, in: "engine answer"))
        }
        if let failure = object["failure"] {
            guard let reason = failure as? String else {
                return .failure(SnapshotJSONError("engine answer's \"failure\" is not a string: \(describe(failure))"))
            }
            guard object["stages"] == nil && object["error"] == nil else {
                return .failure(SnapshotJSONError("engine answer has a \"failure\" key with a \"stages\" or \"error\" key"))
            }
            return .success(.failure(EngineFailure(reason, isHang: object["hang"] as? Bool == true)))
        }
        switch (object["stages"], object["error"]) {
        case (nil, nil):
            return .failure(SnapshotJSONError("engine answer has no \"stages\" or \"error\" key"))
        case (.some, .some):
            return .failure(SnapshotJSONError("engine answer has both a \"stages\" and an \"error\" key"))
        case (nil, .some(let why)):
            guard let why = why as? String else {
                return .failure(SnapshotJSONError("engine answer's \"error\" is not a string: \(describe(why))"))
            }
            return .success(.refusal(why))
        case (.some(let stages), nil):
            guard let list = stages as? [Any] else {
                return .failure(SnapshotJSONError("engine answer's \"stages\" is not a list: \(describe(stages))"))
            }
            var decoded: [Stage] = []
            for (index, value) in list.enumerated() {
                let isLast = index == list.count - 1
                switch stage(value, at: "stages[\(index)]", isLast: isLast, needsData: !isLast) {
                case .success(let s): decoded.append(s)
                case .failure(let error):
                    return .failure(SnapshotJSONError("engine answer is malformed: " + error.quotingWrittenValue(in: bytes).message))
                }
            }
            return .success(.stages(decoded))
        }
    }

    /// A key written twice in one object of a line: JSON allows it, but
    /// which value is meant is anyone's guess, so the protocol does not.
    private static func repeatedKeyError(_ repeated: (place: String, key: String), in what: String) -> SnapshotJSONError {
        let object = repeated.place.isEmpty ? "" : " in \(repeated.place)"
        return SnapshotJSONError("\(what) breaks the protocol: the key \"\(repeated.key)\" is written twice\(object) "
                                 + "(each key of an object once)")
    }

    private static func json(_ bytes: [UInt8]) -> Result<Any, SnapshotJSONError> {
        do {
            return .success(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
        } catch {
            return .failure(SnapshotJSONError("not JSON: \(error.localizedDescription)"))
        }
    }

    private static let batchKeys = [
        "deleteSections", "insertSections", "reloadSections", "moveSections",
        "deleteItems", "insertItems", "reloadItems", "moveItems", "data",
    ]

    private static func stage(_ value: Any, at place: String, isLast: Bool, needsData: Bool) -> Result<Stage, SnapshotJSONError> {
        guard let object = value as? [String: Any] else {
            return failure(place, "a batch object", value)
        }
        if let unknown = object.keys.sorted().first(where: { !batchKeys.contains($0) }) {
            return .failure(SnapshotJSONError("\(place): unknown key \"\(unknown)\" (expected one of \(batchKeys.joined(separator: ", ")))"))
        }
        var batch = Batch()
        do throws(SnapshotJSONError) {
            for s in try indexes(object["deleteSections"], at: place + ".deleteSections") { batch.operations.append(.deleteSection(s)) }
            for s in try indexes(object["insertSections"], at: place + ".insertSections") { batch.operations.append(.insertSection(s)) }
            for s in try indexes(object["reloadSections"], at: place + ".reloadSections") { batch.operations.append(.reloadSection(s)) }
            for p in try pairs(object["moveSections"], at: place + ".moveSections", what: "[from, to] pairs") {
                batch.operations.append(.moveSection(from: p.0, to: p.1))
            }
            for p in try paths(object["deleteItems"], at: place + ".deleteItems") { batch.operations.append(.deleteItem(p)) }
            for p in try paths(object["insertItems"], at: place + ".insertItems") { batch.operations.append(.insertItem(p)) }
            for p in try paths(object["reloadItems"], at: place + ".reloadItems") { batch.operations.append(.reloadItem(p)) }
            for m in try moves(object["moveItems"], at: place + ".moveItems") { batch.operations.append(.moveItem(from: m.0, to: m.1)) }
        } catch {
            return .failure(error)
        }
        guard let data = object["data"] else {
            if needsData {
                return .failure(SnapshotJSONError("\(place) has no \"data\" (every stage but the last needs the data source's snapshot)"))
            }
            return .success(Stage(batch: batch))
        }
        if isLast { return .success(Stage(batch: batch)) }
        return snapshot(data, at: place + ".data").map { Stage(batch: batch, data: $0) }
    }

    private static func snapshot(_ value: Any, at place: String) -> Result<Snapshot, SnapshotJSONError> {
        guard let list = value as? [Any] else { return failure(place, "a list of sections", value) }
        var sections: [Section] = []
        for (s, sectionValue) in list.enumerated() {
            let here = "\(place)[\(s)]"
            guard let object = sectionValue as? [String: Any] else { return failure(here, "a section object", sectionValue) }
            let header: (id: String, content: Int)
            switch identity(object, at: here, allowedKeys: ["id", "content", "items"]) {
            case .success(let h): header = h
            case .failure(let error): return .failure(error)
            }
            guard let itemsValue = object["items"] else {
                return .failure(SnapshotJSONError("\(here) has no \"items\""))
            }
            guard let items = itemsValue as? [Any] else { return failure(here + ".items", "a list of items", itemsValue) }
            var section = Section(id: header.id, content: header.content)
            for (i, itemValue) in items.enumerated() {
                let itemPlace = "\(here).items[\(i)]"
                guard let item = itemValue as? [String: Any] else { return failure(itemPlace, "an item object", itemValue) }
                switch identity(item, at: itemPlace, allowedKeys: ["id", "content"]) {
                case .success(let h): section.items.append(Item(id: h.id, content: h.content))
                case .failure(let error): return .failure(error)
                }
            }
            sections.append(section)
        }
        return .success(Snapshot(sections: sections))
    }

    /// `"id"` (a string) and `"content"` (a non-negative integer, 0 if absent).
    private static func identity(_ object: [String: Any], at place: String, allowedKeys: [String]) -> Result<(id: String, content: Int), SnapshotJSONError> {
        if let unknown = object.keys.sorted().first(where: { !allowedKeys.contains($0) }) {
            return .failure(SnapshotJSONError("\(place): unknown key \"\(unknown)\""))
        }
        guard let idValue = object["id"] else { return .failure(SnapshotJSONError("\(place) has no \"id\"")) }
        guard let id = idValue as? String else { return failure(place + ".id", "a string", idValue) }
        guard let contentValue = object["content"] else { return .success((id, 0)) }
        guard let content = integer(contentValue) else {
            return failure(place + ".content", "a non-negative integer", contentValue)
        }
        return .success((id, content))
    }

    private static func indexes(_ value: Any?, at place: String) throws(SnapshotJSONError) -> [Int] {
        guard let value else { return [] }
        guard let list = value as? [Any] else { throw error(place, "a list of non-negative integers", value) }
        var result: [Int] = []
        for (n, element) in list.enumerated() {
            guard let index = integer(element) else { throw error("\(place)[\(n)]", "a non-negative integer", element) }
            result.append(index)
        }
        return result
    }

    private static func pairs(_ value: Any?, at place: String, what: String) throws(SnapshotJSONError) -> [(Int, Int)] {
        guard let value else { return [] }
        guard let list = value as? [Any] else { throw error(place, "a list of \(what)", value) }
        var result: [(Int, Int)] = []
        for (n, element) in list.enumerated() {
            guard let pair = element as? [Any], pair.count == 2, let a = integer(pair[0]), let b = integer(pair[1]) else {
                throw error("\(place)[\(n)]", "a pair of non-negative integers", element)
            }
            result.append((a, b))
        }
        return result
    }

    private static func paths(_ value: Any?, at place: String) throws(SnapshotJSONError) -> [ItemPath] {
        try pairs(value, at: place, what: "[section, item] pairs").map { ItemPath($0.0, $0.1) }
    }

    private static func moves(_ value: Any?, at place: String) throws(SnapshotJSONError) -> [(ItemPath, ItemPath)] {
        guard let value else { return [] }
        guard let list = value as? [Any] else { throw error(place, "a list of [[s, i], [s, i]] moves", value) }
        var result: [(ItemPath, ItemPath)] = []
        for (n, element) in list.enumerated() {
            guard let move = element as? [Any], move.count == 2 else {
                throw error("\(place)[\(n)]", "a move [[s, i], [s, i]]", element)
            }
            let ends = try pairs(move, at: "\(place)[\(n)]", what: "[section, item] pairs")
            result.append((ItemPath(ends[0].0, ends[0].1), ItemPath(ends[1].0, ends[1].1)))
        }
        return result
    }

    /// A JSON integer ≥ 0 that fits in an `Int`; not a float, a boolean or a string.
    private static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !(value is NSDecimalNumber) else { return nil }
        // JSONSerialization gives booleans type "c" and floats "d" or "f".
        guard ["s", "i", "l", "q", "C", "S", "I", "L", "Q"].contains(String(cString: number.objCType)) else { return nil }
        guard let int = value as? Int, int >= 0 else { return nil }
        return int
    }

    private static func error(_ place: String, _ expected: String, _ found: Any) -> SnapshotJSONError {
        var error = SnapshotJSONError("\(place): expected \(expected) but found \(describe(found))")
        error.wrongValue = SnapshotJSONError.WrongValue(place: place, expected: expected)
        return error
    }

    private static func failure<T>(_ place: String, _ expected: String, _ found: Any) -> Result<T, SnapshotJSONError> {
        .failure(error(place, expected, found))
    }

    /// A short JSON-like rendering of a decoded value, for messages.
    private static func describe(_ value: Any) -> String {
        let text: String
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = "\(value)"
        }
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}

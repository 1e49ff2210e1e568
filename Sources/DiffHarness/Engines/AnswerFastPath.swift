// AnswerFastPath: reads a plain, well-formed engine answer straight from its
// bytes, without Foundation; anything unusual is left to SnapshotJSON's
// full reader.
//
// Decoding with JSONSerialization dominates the harness's own time per
// request; this reader takes only the common shape: an
// object with `stages` (batches of non-negative integers, `data` snapshots
// on every stage but the last), `error` or `failure` (and `hang`), strings
// without escapes, integers of at most 18 digits. On anything else — an
// unknown or repeated key, an escape, a float, a negative number, a missing
// `data`, malformed JSON — it gives up (nil), and `SnapshotJSON.answer`
// reads the line the slow way, with its messages. When it does answer, it is
// what the slow way answers.
//
// Requests (what a served or isolated engine reads) take the same path,
// which builds no dictionary per section or item.
import ListModel

enum AnswerFastPath {
    /// The answer in `bytes`, or nil when the slow reader must decide.
    static func answer(_ bytes: [UInt8]) -> EngineOutput? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0), reader.isAtEnd else { return nil }
            return output(value)
        }
    }

    /// The request in `bytes` (`{"old": SNAPSHOT, "new": SNAPSHOT}`, as
    /// `SnapshotJSON.appendRequest` writes it), or nil when the slow reader
    /// must decide.
    static func request(_ bytes: [UInt8]) -> (old: Snapshot, new: Snapshot)? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0), reader.isAtEnd,
                  case .object(let fields) = value, fields.count == 2 else { return nil }
            var old: Snapshot?, new: Snapshot?
            for field in fields {
                switch field.key {
                case "old": old = snapshot(field.value)
                case "new": new = snapshot(field.value)
                default: return nil
                }
            }
            guard let old, let new else { return nil }
            return (old, new)
        }
    }

    /// A decoded JSON value of the shapes the fast path takes.
    indirect enum Value {
        case integer(Int)
        case string(String)
        case boolean(Bool)
        case list([Value])
        /// Keys in order; a repeated key is refused while reading.
        case object([(key: String, value: Value)])
    }

    // MARK: Interpreting

    private static func output(_ value: Value) -> EngineOutput? {
        guard case .object(let fields) = value else { return nil }
        var stages: Value?, error: Value?, failure: Value?, hang: Value?
        for field in fields {
            switch field.key {
            case "stages": stages = field.value
            case "error": error = field.value
            case "failure": failure = field.value
            case "hang": hang = field.value
            default: return nil
            }
        }
        if let failure {
            guard stages == nil, error == nil, case .string(let reason) = failure else { return nil }
            var isHang = false
            if let hang {
                guard case .boolean(let flag) = hang else { return nil }
                isHang = flag
            }
            return .failure(EngineFailure(reason, isHang: isHang))
        }
        guard hang == nil else { return nil }
        switch (stages, error) {
        case (nil, .string(let why)?):
            return .refusal(why)
        case (.list(let list)?, nil):
            var decoded: [Stage] = []
            decoded.reserveCapacity(list.count)
            for (index, value) in list.enumerated() {
                guard let stage = stage(value, isLast: index == list.count - 1) else { return nil }
                decoded.append(stage)
            }
            return .stages(decoded)
        default:
            return nil
        }
    }

    private static let batchKeys: Set<String> = [
        "deleteSections", "insertSections", "reloadSections", "moveSections",
        "deleteItems", "insertItems", "reloadItems", "moveItems", "data",
    ]

    /// A stage; `data` is required on every stage but the last, and left to
    /// the slow reader on the last (which ignores it, whatever it holds).
    private static func stage(_ value: Value, isLast: Bool) -> Stage? {
        guard case .object(let fields) = value else { return nil }
        if fields.contains(where: { !batchKeys.contains($0.key) }) { return nil }
        // At most nine fields: a look along them beats building a dictionary.
        func field(_ key: String) -> Value? { fields.first { $0.key == key }?.value }
        var batch = Batch()
        // In the slow reader's order: by kind, each kind in the order given.
        if let v = field("deleteSections") { guard let list = integers(v) else { return nil }; for s in list { batch.operations.append(.deleteSection(s)) } }
        if let v = field("insertSections") { guard let list = integers(v) else { return nil }; for s in list { batch.operations.append(.insertSection(s)) } }
        if let v = field("reloadSections") { guard let list = integers(v) else { return nil }; for s in list { batch.operations.append(.reloadSection(s)) } }
        if let v = field("moveSections") { guard let list = pairs(v) else { return nil }; for p in list { batch.operations.append(.moveSection(from: p.0, to: p.1)) } }
        if let v = field("deleteItems") { guard let list = pairs(v) else { return nil }; for p in list { batch.operations.append(.deleteItem(ItemPath(p.0, p.1))) } }
        if let v = field("insertItems") { guard let list = pairs(v) else { return nil }; for p in list { batch.operations.append(.insertItem(ItemPath(p.0, p.1))) } }
        if let v = field("reloadItems") { guard let list = pairs(v) else { return nil }; for p in list { batch.operations.append(.reloadItem(ItemPath(p.0, p.1))) } }
        if let v = field("moveItems") {
            guard case .list(let moves) = v else { return nil }
            for move in moves {
                guard let ends = pairs(move), ends.count == 2 else { return nil }
                batch.operations.append(.moveItem(from: ItemPath(ends[0].0, ends[0].1), to: ItemPath(ends[1].0, ends[1].1)))
            }
        }
        guard let data = field("data") else { return isLast ? Stage(batch: batch) : nil }
        guard !isLast, let snapshot = snapshot(data) else { return nil }
        return Stage(batch: batch, data: snapshot)
    }

    private static func integers(_ value: Value) -> [Int]? {
        guard case .list(let list) = value else { return nil }
        var result: [Int] = []
        result.reserveCapacity(list.count)
        for element in list {
            guard case .integer(let n) = element else { return nil }
            result.append(n)
        }
        return result
    }

    private static func pairs(_ value: Value) -> [(Int, Int)]? {
        guard case .list(let list) = value else { return nil }
        var result: [(Int, Int)] = []
        result.reserveCapacity(list.count)
        for element in list {
            guard case .list(let pair) = element, pair.count == 2,
                  case .integer(let a) = pair[0], case .integer(let b) = pair[1] else { return nil }
            result.append((a, b))
        }
        return result
    }

    private static func snapshot(_ value: Value) -> Snapshot? {
        guard case .list(let list) = value else { return nil }
        var sections: [Section] = []
        sections.reserveCapacity(list.count)
        for sectionValue in list {
            guard case .object(let fields) = sectionValue else { return nil }
            var id: String?, content = 0, items: [Value]?
            for field in fields {
                switch (field.key, field.value) {
                case ("id", .string(let text)): id = text
                case ("content", .integer(let n)): content = n
                case ("items", .list(let list)): items = list
                default: return nil
                }
            }
            guard let id, let items else { return nil }
            var section = Section(id: id, content: content)
            section.items.reserveCapacity(items.count)
            for itemValue in items {
                guard case .object(let itemFields) = itemValue else { return nil }
                var itemID: String?, itemContent = 0
                for field in itemFields {
                    switch (field.key, field.value) {
                    case ("id", .string(let text)): itemID = text
                    case ("content", .integer(let n)): itemContent = n
                    default: return nil
                    }
                }
                guard let itemID else { return nil }
                section.items.append(Item(id: itemID, content: itemContent))
            }
            sections.append(section)
        }
        return Snapshot(sections: sections)
    }

    // MARK: Reading

    /// A JSON reader over bytes that gives up (nil) on anything outside the
    /// fast path's shapes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        /// Deeper than any answer's shape: the slow reader handles the rest.
        static let maximumDepth = 16

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool {
            mutating get {
                skipSpace()
                return at == bytes.count
            }
        }

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x09, 0x0A, 0x0D: at += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> Value? {
            guard depth < Reader.maximumDepth else { return nil }
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return list(depth: depth)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
            case UInt8(ascii: "t"): return word("true", .boolean(true))
            case UInt8(ascii: "f"): return word("false", .boolean(false))
            default: return nil
            }
        }

        private mutating func word(_ text: StaticString, _ value: Value) -> Value? {
            let count = text.utf8CodeUnitCount
            guard at + count <= bytes.count else { return nil }
            for n in 0..<count where bytes[at + n] != text.utf8Start[n] { return nil }
            at += count
            return value
        }

        private mutating func integer() -> Value? {
            let start = at
            var n = 0
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
                // 18 digits always fit in an Int; a longer number is for the slow reader.
                if at - start == 18 { return nil }
                n = n * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                at += 1
            }
            // No leading zeros, no fraction or exponent: those are for the slow reader.
            if at - start > 1 && bytes[start] == UInt8(ascii: "0") { return nil }
            if at < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[at]) { return nil }
            return .integer(n)
        }

        /// A string without escapes or control characters, in valid UTF-8.
        mutating func string() -> String? {
            at += 1
            let start = at
            while at < bytes.count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    let text = validatedUTF8(UnsafeBufferPointer(rebasing: bytes[start..<at]))
                    at += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                at += 1
            }
            return nil
        }

        private mutating func list(depth: Int) -> Value? {
            at += 1
            var elements: [Value] = []
            skipSpace()
            if at < bytes.count && bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .list(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                } else if bytes[at] == UInt8(ascii: "]") {
                    at += 1
                    return .list(elements)
                } else {
                    return nil
                }
            }
        }

        private mutating func object(depth: Int) -> Value? {
            at += 1
            var fields: [(key: String, value: Value)] = []
            skipSpace()
            if at < bytes.count && bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(fields)
            }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                if fields.contains(where: { $0.key == key }) { return nil }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let element = value(depth: depth + 1) else { return nil }
                fields.append((key, element))
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                } else if bytes[at] == UInt8(ascii: "}") {
                    at += 1
                    return .object(fields)
                } else {
                    return nil
                }
            }
        }
    }
}

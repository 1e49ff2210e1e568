// SnapshotJSONDecoding: requests, answers, snapshots and stages out of a
// `JSONLine`, each check in a fixed order, each refusal naming the place
// (`stages[0].deleteSections[2]`) and quoting the value as it was written.
//
//     not JSON              engine answered garbage at line 1, column 9: {"stages"
//     a key written twice   engine answer breaks the protocol: the key "id" is written twice in stages[0].data[0] (…)
//     the wrong shape       engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1.0
//
// An answer's keys other than `stages`, `error`, `failure` and `hang` are
// ignored; anywhere else an unknown key is refused (the first as the line
// writes it is named). A batch's operations are read by kind, in the order of
// the keys (`deleteSections` … `moveItems`), each kind in the order given.
import ListModel

extension SnapshotJSON {
    /// Reads an answer line (`answer(fromJSON:)`).
    static func decodeAnswer(_ bytes: [UInt8]) throws(SnapshotJSONError) -> EngineOutput {
        let line: JSONLine
        do {
            line = try JSONLine(bytes)
        } catch {
            let text = String(decoding: bytes, as: UTF8.self)
            let shown = text.count > 200 ? String(text.prefix(200)) + "…" : text
            let position = JSONLine.position(of: error.offset, in: bytes)
            throw SnapshotJSONError("engine answered garbage at line \(position.line), column \(position.column): " + shown, at: position)
        }
        let reader = WireReader(line: line, root: "")
        guard line.kind(0) == .object else {
            throw reader.error("engine answer is not a JSON object: \(line.written(0))", at: 0)
        }
        try reader.refuseRepeatedKey(in: "engine answer")
        let stages = line.value("stages", in: 0), refusal = line.value("error", in: 0)
        if let failure = line.value("failure", in: 0) {
            guard let reason = line.string(failure) else {
                throw reader.error("engine answer's \"failure\" is not a string: \(line.written(failure))", at: failure)
            }
            guard stages == nil && refusal == nil else {
                throw reader.error("engine answer has a \"failure\" key with a \"stages\" or \"error\" key", at: 0)
            }
            let isHang = line.value("hang", in: 0).flatMap(line.boolean) == true
            return .failure(EngineFailure(EngineText.bounded(reason), isHang: isHang))
        }
        switch (stages, refusal) {
        case (nil, nil):
            throw reader.error("engine answer has no \"stages\" or \"error\" key: \(line.written(0))", at: 0)
        case (.some, .some):
            throw reader.error("engine answer has both a \"stages\" and an \"error\" key", at: 0)
        case (nil, .some(let why)):
            guard let why = line.string(why) else {
                throw reader.error("engine answer's \"error\" is not a string: \(line.written(why))", at: why)
            }
            return .refusal(EngineText.bounded(why))
        case (.some(let list), nil):
            guard line.kind(list) == .list else {
                throw reader.error("engine answer's \"stages\" is not a list: \(line.written(list))", at: list)
            }
            let count = line.count(list)
            var decoded: [Stage] = []
            decoded.reserveCapacity(count)
            var node = list + 1
            do throws(SnapshotJSONError) {
                for index in 0..<count {
                    let isLast = index == count - 1
                    decoded.append(try reader.stage(node, isLast: isLast, needsData: !isLast))
                    node = line.next(node)
                }
            } catch {
                var malformed = error
                malformed.message = "engine answer is malformed: " + error.message
                throw malformed
            }
            return .stages(decoded)
        }
    }

    /// Reads a request line (`request(fromJSON:)`).
    static func decodeRequest(_ bytes: [UInt8]) throws(SnapshotJSONError) -> (old: Snapshot, new: Snapshot) {
        let reader = try WireReader(bytes, root: "")
        let line = reader.line
        try reader.refuseRepeatedKey(in: "request")
        guard line.kind(0) == .object else {
            throw reader.error("request: expected a JSON object but found \(line.written(0))", at: 0)
        }
        try reader.refuseUnknownKeys(in: 0, named: "request", allowed: ["old", "new"])
        guard let old = line.value("old", in: 0), let new = line.value("new", in: 0) else {
            throw reader.error("request needs \"old\" and \"new\"", at: 0)
        }
        return (try reader.snapshot(old), try reader.snapshot(new))
    }

    /// Reads a snapshot (`snapshot(fromJSON:)`).
    static func decodeSnapshot(_ bytes: [UInt8]) throws(SnapshotJSONError) -> Snapshot {
        let reader = try WireReader(bytes, root: "snapshot")
        try reader.refuseRepeatedKey(in: "snapshot")
        return try reader.snapshot(0)
    }

    /// Reads a stage (`stage(fromJSON:)`): its `data` is read when given.
    static func decodeStage(_ bytes: [UInt8]) throws(SnapshotJSONError) -> Stage {
        let reader = try WireReader(bytes, root: "stage")
        try reader.refuseRepeatedKey(in: "stage")
        return try reader.stage(0, isLast: false, needsData: false)
    }
}

/// The shapes of the wire format, read from a `JSONLine`; `root` is the
/// name places give the top value (`snapshot`), if any.
struct WireReader {
    let line: JSONLine
    let root: String

    init(line: JSONLine, root: String) {
        self.line = line
        self.root = root
    }

    /// Reads `bytes`; text that is not JSON is refused with its line and column.
    init(_ bytes: [UInt8], root: String) throws(SnapshotJSONError) {
        do {
            self.init(line: try JSONLine(bytes), root: root)
        } catch {
            let position = JSONLine.position(of: error.offset, in: bytes)
            throw SnapshotJSONError("not JSON at line \(position.line), column \(position.column): \(error.problem)", at: position)
        }
    }

    // MARK: Refusals

    /// An error saying `message`, at where `node` starts.
    func error(_ message: String, at node: Int) -> SnapshotJSONError {
        SnapshotJSONError(message, at: line.position(of: node))
    }

    /// A value of the wrong kind at `node`, quoted as it was written.
    func wrong(_ node: Int, expected: String) -> SnapshotJSONError {
        error("\(line.place(of: node, root: root)): expected \(expected) but found \(line.written(node))", at: node)
    }

    /// A key written twice in one object: JSON allows it, but which value is
    /// meant is anyone's guess, so the protocol does not.
    func refuseRepeatedKey(in what: String) throws(SnapshotJSONError) {
        guard let repeated = line.repeatedKey else { return }
        let place = line.place(of: repeated.object, root: root)
        let object = place.isEmpty ? "" : " in \(place)"
        throw error("\(what) breaks the protocol: the key \"\(line.string(repeated.key) ?? "")\" is written twice\(object) "
                    + "(each key of an object once)", at: repeated.key)
    }

    /// Refuses a key of the object at `node` not in `allowed`, naming the
    /// first such key as the line writes it (the one a reader of the line
    /// meets first), and the object by `name` or else by its place; the
    /// known keys follow when `listing` is given. Every unknown key of the
    /// protocol (request, snapshot, batch, declaration) is refused here.
    func refuseUnknownKeys(in node: Int, named name: String? = nil, allowed: [StaticString], listing: String? = nil) throws(SnapshotJSONError) {
        var field = node + 1
        for _ in 0..<line.count(node) {
            if !allowed.contains(where: { line.isString(field, $0) }) {
                let expected = listing.map { " (expected one of \($0))" } ?? ""
                throw error("\(name ?? line.place(of: node, root: root)): unknown key \"\(line.string(field) ?? "")\"\(expected)", at: field)
            }
            field = line.next(field + 1)
        }
    }

    // MARK: Stages

    private static let batchKeys: [StaticString] = [
        "deleteSections", "insertSections", "reloadSections", "moveSections",
        "deleteItems", "insertItems", "reloadItems", "moveItems", "data",
    ]
    private static let batchKeyList = batchKeys.map(\.description).joined(separator: ", ")

    /// The stage at `node`; `data` is read on every stage but the last,
    /// and required when `needsData`.
    func stage(_ node: Int, isLast: Bool, needsData: Bool) throws(SnapshotJSONError) -> Stage {
        guard line.kind(node) == .object else { throw wrong(node, expected: "a batch object") }
        // The value of each batch key, in the order of `batchKeys` (0: not given).
        var deleteSections = 0, insertSections = 0, reloadSections = 0, moveSections = 0
        var deleteItems = 0, insertItems = 0, reloadItems = 0, moveItems = 0, data = 0
        var field = node + 1
        for _ in 0..<line.count(node) {
            let value = field + 1
            if line.isString(field, "deleteSections") { deleteSections = value }
            else if line.isString(field, "insertSections") { insertSections = value }
            else if line.isString(field, "reloadSections") { reloadSections = value }
            else if line.isString(field, "moveSections") { moveSections = value }
            else if line.isString(field, "deleteItems") { deleteItems = value }
            else if line.isString(field, "insertItems") { insertItems = value }
            else if line.isString(field, "reloadItems") { reloadItems = value }
            else if line.isString(field, "moveItems") { moveItems = value }
            else if line.isString(field, "data") { data = value }
            else { try refuseUnknownKeys(in: node, allowed: WireReader.batchKeys, listing: WireReader.batchKeyList) }
            field = line.next(value)
        }
        var batch = Batch()
        if deleteSections > 0 { try indexes(deleteSections) { batch.operations.append(.deleteSection($0)) } }
        if insertSections > 0 { try indexes(insertSections) { batch.operations.append(.insertSection($0)) } }
        if reloadSections > 0 { try indexes(reloadSections) { batch.operations.append(.reloadSection($0)) } }
        if moveSections > 0 {
            try pairs(moveSections, what: "[from, to] pairs") { batch.operations.append(.moveSection(from: $0, to: $1)) }
        }
        if deleteItems > 0 { try pairs(deleteItems, what: "[section, item] pairs") { batch.operations.append(.deleteItem(ItemPath($0, $1))) } }
        if insertItems > 0 { try pairs(insertItems, what: "[section, item] pairs") { batch.operations.append(.insertItem(ItemPath($0, $1))) } }
        if reloadItems > 0 { try pairs(reloadItems, what: "[section, item] pairs") { batch.operations.append(.reloadItem(ItemPath($0, $1))) } }
        if moveItems > 0 { try moves(moveItems) { batch.operations.append(.moveItem(from: $0, to: $1)) } }
        guard data > 0 else {
            if needsData {
                let place = line.place(of: node, root: root)
                throw error("\(place) has no \"data\" (every stage but the last needs the data source's snapshot)", at: node)
            }
            return Stage(batch: batch)
        }
        if isLast { return Stage(batch: batch) }
        return Stage(batch: batch, data: try snapshot(data))
    }

    /// Each non-negative integer of the list at `node`, in order.
    private func indexes(_ node: Int, _ each: (Int) -> Void) throws(SnapshotJSONError) {
        guard line.kind(node) == .list else { throw wrong(node, expected: "a list of non-negative integers") }
        var element = node + 1
        for _ in 0..<line.count(node) {
            guard let index = line.integer(element) else { throw wrong(element, expected: "a non-negative integer") }
            each(index)
            element = line.next(element)
        }
    }

    /// The pair of non-negative integers at `node`, if it is one.
    private func pair(_ node: Int) -> (Int, Int)? {
        guard line.kind(node) == .list, line.count(node) == 2,
              let a = line.integer(node + 1), let b = line.integer(line.next(node + 1)) else { return nil }
        return (a, b)
    }

    /// Each pair of the list at `node` (`what` names the pairs), in order.
    private func pairs(_ node: Int, what: String, _ each: (Int, Int) -> Void) throws(SnapshotJSONError) {
        guard line.kind(node) == .list else { throw wrong(node, expected: "a list of \(what)") }
        var element = node + 1
        for _ in 0..<line.count(node) {
            guard let pair = pair(element) else { throw wrong(element, expected: "a pair of non-negative integers") }
            each(pair.0, pair.1)
            element = line.next(element)
        }
    }

    /// Each move `[[s, i], [s, i]]` of the list at `node`, in order.
    private func moves(_ node: Int, _ each: (ItemPath, ItemPath) -> Void) throws(SnapshotJSONError) {
        guard line.kind(node) == .list else { throw wrong(node, expected: "a list of [[s, i], [s, i]] moves") }
        var element = node + 1
        for _ in 0..<line.count(node) {
            guard line.kind(element) == .list, line.count(element) == 2 else {
                throw wrong(element, expected: "a move [[s, i], [s, i]]")
            }
            let to = line.next(element + 1)
            guard let from = pair(element + 1) else { throw wrong(element + 1, expected: "a pair of non-negative integers") }
            guard let destination = pair(to) else { throw wrong(to, expected: "a pair of non-negative integers") }
            each(ItemPath(from.0, from.1), ItemPath(destination.0, destination.1))
            element = line.next(element)
        }
    }

    // MARK: Snapshots

    /// The snapshot at `node`.
    func snapshot(_ node: Int) throws(SnapshotJSONError) -> Snapshot {
        guard line.kind(node) == .list else { throw wrong(node, expected: "a list of sections") }
        var sections: [Section] = []
        sections.reserveCapacity(line.count(node))
        var sectionNode = node + 1
        for _ in 0..<line.count(node) {
            guard line.kind(sectionNode) == .object else { throw wrong(sectionNode, expected: "a section object") }
            var id = 0, content = 0, items = 0
            var field = sectionNode + 1
            for _ in 0..<line.count(sectionNode) {
                if line.isString(field, "id") { id = field + 1 }
                else if line.isString(field, "content") { content = field + 1 }
                else if line.isString(field, "items") { items = field + 1 }
                else { try refuseUnknownKeys(in: sectionNode, allowed: ["id", "content", "items"]) }
                field = line.next(field + 1)
            }
            let header = try identity(sectionNode, id: id, content: content)
            guard items > 0 else { throw error("\(line.place(of: sectionNode, root: root)) has no \"items\"", at: sectionNode) }
            guard line.kind(items) == .list else { throw wrong(items, expected: "a list of items") }
            var section = Section(id: header.id, content: header.content)
            section.items.reserveCapacity(line.count(items))
            var itemNode = items + 1
            for _ in 0..<line.count(items) {
                guard line.kind(itemNode) == .object else { throw wrong(itemNode, expected: "an item object") }
                var itemID = 0, itemContent = 0
                var field = itemNode + 1
                for _ in 0..<line.count(itemNode) {
                    if line.isString(field, "id") { itemID = field + 1 }
                    else if line.isString(field, "content") { itemContent = field + 1 }
                    else { try refuseUnknownKeys(in: itemNode, allowed: ["id", "content"]) }
                    field = line.next(field + 1)
                }
                let item = try identity(itemNode, id: itemID, content: itemContent)
                section.items.append(Item(id: item.id, content: item.content))
                itemNode = line.next(itemNode)
            }
            sections.append(section)
            sectionNode = line.next(sectionNode)
        }
        return Snapshot(sections: sections)
    }

    /// `"id"` (a string) and `"content"` (a non-negative integer, 0 if
    /// absent) of the object at `node`, from their value nodes (0: absent).
    private func identity(_ node: Int, id: Int, content: Int) throws(SnapshotJSONError) -> (id: String, content: Int) {
        guard id > 0 else { throw error("\(line.place(of: node, root: root)) has no \"id\"", at: node) }
        guard let text = line.string(id) else { throw wrong(id, expected: "a string") }
        guard content > 0 else { return (text, 0) }
        guard let version = line.integer(content) else { throw wrong(content, expected: "a non-negative integer") }
        return (text, version)
    }
}

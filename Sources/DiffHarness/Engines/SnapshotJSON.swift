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
// a message that names where and quotes the value as the line writes it.
//
// The wire format lives in this folder: `SnapshotJSONEncoding` writes it
// (with the one escaper, `appendQuoted`), `JSONLine` reads any line of it
// (with the line and column of what is wrong), `SnapshotJSONDecoding` turns
// what was read into requests, answers, snapshots and stages, and
// `EngineDeclaration` reads and writes an engine's first line.
import ListModel

/// Why a JSON value is not the snapshot, batch or answer it should be.
public struct SnapshotJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming where.
    public var message: String
    /// The line of the text where the mistake is (from 1), when known.
    public var line: Int?
    /// The column of the text where the mistake is (from 1, in Unicode
    /// scalars), when known.
    public var column: Int?

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// An error saying `message`, at a line and column of the text.
    init(_ message: String, at position: (line: Int, column: Int)) {
        self.message = message
        line = position.line
        column = position.column
    }

    public var description: String { message }
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
        var bytes: [UInt8] = []
        appendAnswer(output, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Decoding

    /// Reads a request line: `{"old": SNAPSHOT, "new": SNAPSHOT}`.
    public static func request(fromJSON bytes: [UInt8]) -> Result<(old: Snapshot, new: Snapshot), SnapshotJSONError> {
        Result { () throws(SnapshotJSONError) in try decodeRequest(bytes) }
    }

    /// Reads a snapshot from JSON text.
    public static func snapshot(fromJSON text: String) -> Result<Snapshot, SnapshotJSONError> {
        Result { () throws(SnapshotJSONError) in try decodeSnapshot(Array(text.utf8)) }
    }

    /// Reads a batch (and its `data`, if given) from JSON text.
    public static func stage(fromJSON text: String) -> Result<Stage, SnapshotJSONError> {
        Result { () throws(SnapshotJSONError) in try decodeStage(Array(text.utf8)) }
    }

    /// Reads an engine's answer line: `{"stages": [...]}` or `{"error": "why"}`.
    ///
    /// Text that is not JSON fails with `engine answered garbage at line L,
    /// column C: ` and the first 200 characters; JSON of the wrong shape
    /// names the place.
    public static func answer(fromJSON bytes: [UInt8]) -> Result<EngineOutput, SnapshotJSONError> {
        Result { () throws(SnapshotJSONError) in try decodeAnswer(bytes) }
    }
}

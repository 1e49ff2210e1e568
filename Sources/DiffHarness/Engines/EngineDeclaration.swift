// EngineDeclaration: what an external engine may say of itself on the first
// line it writes, before any answer.
//
//     {"engine": {"name": "my-engine", "flatOnly": true,
//                 "claims": ["valid", "reaches-target"], "refuses": ["duplicates"]}}
//
// Every key is optional. `claims` narrows the properties checked (`no-crash`
// and `deterministic` are always checked); `flatOnly` is `--flat`;
// `"refuses": ["duplicates"]` says the engine answers `{"error": …}` to an
// input that repeats an identity, which is `--no-duplicates`. An engine that
// sends no declaration is checked as before: every property an external
// engine can claim, on every shape. `serveEngine(_:)` sends one from the
// `DiffEngine` it serves.

/// What an engine declares about itself: its name, whether it is flat-only,
/// the properties it claims, and the inputs it refuses.
public struct EngineDeclaration: Hashable, Sendable {
    /// The engine's own name (reports show it beside the command).
    public var name: String?
    /// Whether it handles one-section snapshots only (`--flat`).
    public var isFlatOnly: Bool
    /// The properties it claims; nil when it did not say (every property an
    /// external engine can claim).
    public var claims: Set<PropertyName>?
    /// Whether it refuses inputs that repeat an identity.
    public var refusesDuplicates: Bool

    /// A declaration with these fields; the defaults declare nothing.
    public init(name: String? = nil, isFlatOnly: Bool = false, claims: Set<PropertyName>? = nil, refusesDuplicates: Bool = false) {
        self.name = name
        self.isFlatOnly = isFlatOnly
        self.claims = claims
        self.refusesDuplicates = refusesDuplicates
    }

    /// The declaration of an engine in this process.
    public init(of engine: any DiffEngine) {
        self.init(name: engine.name, isFlatOnly: engine.isFlatOnly, claims: engine.claims,
                  refusesDuplicates: engine.refusesDuplicates)
    }

    /// The declaration line, without its line break.
    public var json: String {
        var fields: [String] = []
        if let name { fields.append("\"name\": " + SnapshotJSON.quoted(name)) }
        fields.append("\"flatOnly\": \(isFlatOnly)")
        if let claims {
            fields.append("\"claims\": [" + claims.sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]")
        }
        if refusesDuplicates { fields.append("\"refuses\": [\"duplicates\"]") }
        return "{\"engine\": {" + fields.joined(separator: ", ") + "}}"
    }

    /// Whether `line` is a declaration (an object whose first key is
    /// `"engine"`), well formed or not: such a line is never an answer.
    public static func isDeclaration(_ line: [UInt8]) -> Bool {
        var index = 0
        func skipSpace() { while index < line.count, [32, 9, 13].contains(line[index]) { index += 1 } }
        skipSpace()
        guard index < line.count, line[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        let key = Array(#""engine""#.utf8)
        return line.count - index >= key.count && Array(line[index..<index + key.count]) == key
    }

    /// Reads a declaration line; the error names what is wrong with it.
    public static func parse(_ line: [UInt8]) -> Result<EngineDeclaration, SnapshotJSONError> {
        Result { () throws(SnapshotJSONError) in try read(line) }
    }

    /// The keys a declaration may have, and as an unknown key's refusal lists them.
    private static let keys: [StaticString] = ["name", "flatOnly", "claims", "refuses"]
    private static let keyList = keys.map(\.description).joined(separator: ", ")

    private static func read(_ bytes: [UInt8]) throws(SnapshotJSONError) -> EngineDeclaration {
        let notADeclaration = "the engine's declaration is not {\"engine\": {…}}"
        let line: JSONLine
        do {
            line = try JSONLine(bytes)
        } catch {
            throw SnapshotJSONError(notADeclaration, at: JSONLine.position(of: error.offset, in: bytes))
        }
        let reader = WireReader(line: line, root: "")
        guard line.kind(0) == .object, line.count(0) == 1, let fields = line.value("engine", in: 0), line.kind(fields) == .object else {
            throw reader.error(notADeclaration, at: 0)
        }
        try reader.refuseRepeatedKey(in: "the engine's declaration")
        var declaration = EngineDeclaration()
        var field = fields + 1
        for _ in 0..<line.count(fields) {
            let value = field + 1
            if line.isString(field, "name") {
                guard let name = line.string(value) else { throw reader.error("declaration: \"name\" is not a string", at: value) }
                declaration.name = EngineText.bounded(name)
            } else if line.isString(field, "flatOnly") {
                guard let flag = line.boolean(value) else { throw reader.error("declaration: \"flatOnly\" is not true or false", at: value) }
                declaration.isFlatOnly = flag
            } else if line.isString(field, "claims") {
                guard let names = strings(value, in: line) else {
                    throw reader.error("declaration: \"claims\" is not a list of property names", at: value)
                }
                var claims: Set<PropertyName> = []
                for name in names {
                    guard let property = PropertyName(rawValue: name) else {
                        let known = PropertyName.allCases.map(\.rawValue).joined(separator: ", ")
                        throw reader.error("declaration: unknown property \"\(name)\" in \"claims\" (known: \(known))", at: value)
                    }
                    claims.insert(property)
                }
                declaration.claims = claims
            } else if line.isString(field, "refuses") {
                guard let names = strings(value, in: line), names.allSatisfy({ $0 == "duplicates" }) else {
                    throw reader.error("declaration: \"refuses\" may only list \"duplicates\"", at: value)
                }
                declaration.refusesDuplicates = !names.isEmpty
            } else {
                try reader.refuseUnknownKeys(in: fields, named: "declaration", allowed: keys, listing: keyList)
            }
            field = line.next(value)
        }
        return declaration
    }

    /// The strings of the list at `node`; nil when it is not a list of strings.
    private static func strings(_ node: Int, in line: JSONLine) -> [String]? {
        guard line.kind(node) == .list else { return nil }
        var result: [String] = []
        var element = node + 1
        for _ in 0..<line.count(node) {
            guard let text = line.string(element) else { return nil }
            result.append(text)
            element = line.next(element)
        }
        return result
    }
}

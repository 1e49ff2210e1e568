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
import Foundation

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
        guard let value = try? JSONSerialization.jsonObject(with: Data(line)),
              let object = value as? [String: Any], let fields = object["engine"] as? [String: Any], object.count == 1 else {
            return .failure(SnapshotJSONError("the engine's declaration is not {\"engine\": {…}}"))
        }
        var declaration = EngineDeclaration()
        for (key, field) in fields {
            switch key {
            case "name":
                guard let name = field as? String else { return .failure(SnapshotJSONError("declaration: \"name\" is not a string")) }
                declaration.name = name
            case "flatOnly":
                // JSONSerialization gives booleans type "c" (integers are never "c" in its output).
                guard let flag = field as? NSNumber, String(cString: flag.objCType) == "c" else {
                    return .failure(SnapshotJSONError("declaration: \"flatOnly\" is not true or false"))
                }
                declaration.isFlatOnly = flag.boolValue
            case "claims":
                guard let names = field as? [String] else {
                    return .failure(SnapshotJSONError("declaration: \"claims\" is not a list of property names"))
                }
                var claims: Set<PropertyName> = []
                for name in names {
                    guard let property = PropertyName(rawValue: name) else {
                        let known = PropertyName.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(SnapshotJSONError("declaration: unknown property \"\(name)\" in \"claims\" (known: \(known))"))
                    }
                    claims.insert(property)
                }
                declaration.claims = claims
            case "refuses":
                guard let names = field as? [String], names.allSatisfy({ $0 == "duplicates" }) else {
                    return .failure(SnapshotJSONError("declaration: \"refuses\" may only list \"duplicates\""))
                }
                declaration.refusesDuplicates = !names.isEmpty
            default:
                return .failure(SnapshotJSONError("declaration: unknown key \"\(key)\" (known: name, flatOnly, claims, refuses)"))
            }
        }
        return .success(declaration)
    }
}

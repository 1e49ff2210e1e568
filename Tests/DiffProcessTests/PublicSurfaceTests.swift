// DiffProcess's public declarations are the ones a user of `serveEngine`,
// `ExternalEngine` and `Supervisor` needs; the rest is `package` access, for
// the command and the tests. The list is pinned here, so that a new public
// declaration is a decision (this test changes with it), never an accident.
import Foundation
import Testing

/// The repository's root, from this file's place in it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The public declarations of the Swift files under `base`, each as
/// `FILE: DECLARATION`: the file's path within the folder and the
/// declaration's line up to its body or value, spaces collapsed, files in
/// sorted order and lines in file order. A declaration is a line whose
/// modifiers before its keyword include `public` or `open`.
func publicDeclarations(under base: URL) throws -> [String] {
    let paths = (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()
    var found: [String] = []
    for path in paths {
        let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//"),
                  let match = trimmed.firstMatch(of: /^(?:@\w+(?:\([^)]*\))? |nonisolated\(unsafe\) |\w+\(set\) |static |final |mutating |override |convenience )*(?:public|open) (.*)$/)
            else { continue }
            var declaration = String(match.output.1)
            declaration = beforeBodyOrValue(declaration)
            declaration = declaration.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            found.append("\(path): \(declaration)")
        }
    }
    return found
}

/// `declaration` up to its body (` {`) or its value (` = `) outside parentheses:
/// a default argument stays, a stored property's value goes.
private func beforeBodyOrValue(_ declaration: String) -> String {
    var depth = 0
    var kept = ""
    for character in declaration {
        if character == "(" || character == "[" { depth += 1 }
        if character == ")" || character == "]" { depth -= 1 }
        if depth == 0, character == "{" || character == "=", kept.hasSuffix(" ") { return String(kept.dropLast()) }
        kept.append(character)
    }
    return kept
}

@Suite("DiffProcess's public surface")
struct PublicSurfaceTests {
    /// Every public declaration of DiffProcess, as `publicDeclarations` lists them.
    static let pinned = """
        CampaignOptions.swift: struct CampaignOptions: Sendable, Equatable
        CampaignOptions.swift: var engineName
        CampaignOptions.swift: var engineCommand: String?
        CampaignOptions.swift: var timeout
        CampaignOptions.swift: var hangTimeout
        CampaignOptions.swift: var seed: UInt64
        CampaignOptions.swift: var profile
        CampaignOptions.swift: var generator
        CampaignOptions.swift: var claims: Set<PropertyName>?
        CampaignOptions.swift: init(engineName: String = "core", engineCommand: String? = nil, timeout: Double = 10, seed: UInt64 = 1,
        CampaignOptions.swift: struct CampaignError: Error, CustomStringConvertible, Sendable
        CampaignOptions.swift: var description: String
        ExternalEngine.swift: final class ExternalEngine: DiffEngine, @unchecked Sendable
        ExternalEngine.swift: let name
        ExternalEngine.swift: let command: String
        ExternalEngine.swift: let timeout: Double
        ExternalEngine.swift: let hangTimeout: Double
        ExternalEngine.swift: static let defaultHangTimeout
        ExternalEngine.swift: let isFlatOnly: Bool
        ExternalEngine.swift: let claims: Set<PropertyName>
        ExternalEngine.swift: var summary: String
        ExternalEngine.swift: init(command: String, timeout: Double = 10, isFlatOnly: Bool = false, claims: Set<PropertyName>? = nil,
        ExternalEngine.swift: func diff(old: Snapshot, new: Snapshot) -> EngineOutput
        ExternalEngine.swift: func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput]
        ExternalEngine.swift: func close()
        Pool/WorkerProcess.swift: func ownExecutable() -> URL
        Runs/Supervisor.swift: struct Supervisor
        Runs/Supervisor.swift: init(options: CampaignOptions, jobs: Int, maxCases: Int, maxTime: Double?, findings: String,
        Runs/Supervisor.swift: func run() throws -> RandomPartReport
        ServeEngine.swift: func serveEngine(_ engine: any DiffEngine) -> Never
        """

    @Test func diffProcessDeclaresPubliclyOnlyWhatIsPinned() throws {
        let found = try publicDeclarations(under: root.appendingPathComponent("Sources/DiffProcess"))
        let pinned = Self.pinned.split(separator: "\n").map(String.init)
        #expect(found.count < 60, "DiffProcess has \(found.count) public declarations; the module's budget is under 60")
        let added = found.filter { !pinned.contains($0) }
        let removed = pinned.filter { !found.contains($0) }
        #expect(added.isEmpty && removed.isEmpty,
                "public declarations changed: added \(added), removed \(removed); a new one is a decision: pin it here")
    }

    @Test func theScanFindsEachKindOfDeclarationAndSkipsPackageAndComments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("surface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            public struct A: Sendable {
                public var b = 1
                package var c = 2
                // public var d = 3
                public private(set) var e: Int
                public static func f(_ x: Int = 0) -> Int { x }
                nonisolated(unsafe) public static var g: Int?
            }
            @discardableResult public func h() -> Int { 0 }
            """.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let found = try publicDeclarations(under: folder)
        #expect(found == ["A.swift: struct A: Sendable", "A.swift: var b", "A.swift: private(set) var e: Int",
                          "A.swift: static func f(_ x: Int = 0) -> Int", "A.swift: static var g: Int?", "A.swift: func h() -> Int"])
    }
}

import Foundation
import Testing

// The in-process modules (DiffcheckCore, ListModel, DiffTriage, DiffHarness) build for iOS,
// where a process cannot start another one: they must never reference a
// process API. This guard runs on Linux, so an iOS build cannot break
// unnoticed here. The process layer is DiffProcess (and the command).

/// The in-process modules' source folders.
private let inProcessModules = ["DiffcheckCore", "ListModel", "DiffTriage", "DiffHarness"]

private var sourcesFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
}

@Suite struct ProcessFreeTests {
    @Test func theInProcessModulesReferenceNoProcessAPI() throws {
        var scanned = 0
        var found: [ProcessReference] = []
        for module in inProcessModules {
            let folder = sourcesFolder.appendingPathComponent(module)
            let files = try ProcessAPIScanner.swiftFiles(in: folder)
            #expect(!files.isEmpty, "no Swift files under \(folder.path)")
            scanned += files.count
            for file in files { found += try ProcessAPIScanner.references(inFile: file) }
        }
        #expect(scanned >= 80, "only \(scanned) files scanned: is the Sources folder where the guard looks?")
        #expect(found.isEmpty, "process APIs in the in-process modules:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func theGuardFailsOnAPlantedSpawnCall() throws {
        // A copy of a real in-process file with a spawn planted in it.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffcheck-guard-\(UUID().uuidString)/DiffHarness/Engines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent()) }
        let original = sourcesFolder.appendingPathComponent("DiffHarness/Engines/CoreEngine.swift")
        let text = try String(contentsOf: original, encoding: .utf8)
        #expect(try ProcessAPIScanner.references(inFile: original).isEmpty)
        let planted = text + """

            func launch(_ path: String) -> pid_t {
                var pid: pid_t = 0
                posix_spawn(&pid, path, nil, nil, nil, nil)
                return pid
            }

            """
        let file = folder.appendingPathComponent("CoreEngine.swift")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        let found = try ProcessAPIScanner.swiftFiles(in: folder.deletingLastPathComponent())
            .flatMap { try ProcessAPIScanner.references(inFile: $0) }
        let plantedLine = text.split(separator: "\n", omittingEmptySubsequences: false).count + 3
        #expect(found.map(\.token) == ["posix_spawn"])
        #expect(found.first?.line == plantedLine)
        #expect(found.first?.description.hasPrefix(file.path + ":\(plantedLine): ") == true)
    }

    @Test(arguments: [
        ("let child = Process()", "Process"),
        ("task.executableURL = URL(fileURLWithPath: \"/bin/sh\"); try Foundation.Process.run(url, arguments: [])", "Process"),
        ("_ = kill(pid, SIGKILL)", "kill"),
        ("let pid = fork()", "fork"),
        ("waitpid(pid, &status, 0)", "waitpid"),
        ("execv(path, argv)", "execv"),
        ("let file = popen(\"ls\", \"r\")", "popen"),
        ("_ = system(\"rm -rf x\")", "system"),
        ("setpgid(0, 0)", "setpgid"),
        ("let text = try String(contentsOfFile: \"/proc/self/status\")", "/proc"),
        ("posix_spawnattr_init(&attributes)", "posix_spawnattr_init"),
    ])
    func everyProcessAPIIsFound(line: String, token: String) {
        #expect(ProcessAPIScanner.references(in: "let a = 1\n" + line + "\n", file: "x.swift").map(\.token) == [token])
    }

    @Test func commentsAndLookalikesAreNotReferences() {
        let text = """
            /// Runs in this process: never kills, forks or spawns (see ChildProcess and /proc in DiffProcess).
            // Process groups live elsewhere; posix_spawn too.
            /* a block comment about waitpid(2)
               and Process */
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let unique = getpid()
            func processed(_ killCount: Int) -> Int { killCount }
            let engine = DiffableEngine(system: .ios15); if engine.system == .ios13 { print(engine.system) }
            let url = "https://example.com/processes"
            """
        #expect(ProcessAPIScanner.references(in: text, file: "x.swift").isEmpty)
    }
}

/// A process API named in Swift source, outside comments.
struct ProcessReference: CustomStringConvertible {
    var file: String
    var line: Int
    var token: String
    var text: String
    var description: String { "\(file):\(line): \(token): \(text.trimmingCharacters(in: .whitespaces))" }
}

/// Finds process APIs in Swift source: spawning, forking, exec, signals to
/// other processes, waiting for children, Foundation's `Process`, procfs.
enum ProcessAPIScanner {
    /// Functions that are a process API when called (`kill(`, `Foundation.kill(`).
    static let calls: Set<String> = [
        "fork", "vfork", "execv", "execve", "execvp", "execl", "execlp", "execle", "kill", "killpg",
        "waitpid", "wait4", "waitid", "setpgid", "setsid", "popen", "system",
    ]
    /// Names that are a process API wherever they appear as a whole word.
    static let names: Set<String> = ["Process", "NSTask"]

    /// Every `.swift` file under `folder`, sorted.
    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func references(inFile file: URL) throws -> [ProcessReference] {
        references(in: try String(contentsOf: file, encoding: .utf8), file: file.path)
    }

    /// The process APIs `text` names outside its comments, line by line.
    static func references(in text: String, file: String) -> [ProcessReference] {
        var found: [ProcessReference] = []
        var isInBlockComment = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = strippingComments(String(rawLine), isInBlockComment: &isInBlockComment)
            for (token, isCalled) in tokens(of: code)
            where (isCalled && calls.contains(token)) || names.contains(token) || token.hasPrefix("posix_spawn") {
                found.append(ProcessReference(file: file, line: index + 1, token: token, text: String(rawLine)))
            }
            if code.contains("/proc/") || code.hasSuffix("/proc") || code.contains("\"/proc\"") {
                found.append(ProcessReference(file: file, line: index + 1, token: "/proc", text: String(rawLine)))
            }
        }
        return found
    }

    /// The line without `//` comments and `/* */` comments (which may span lines).
    /// A `//` inside a string literal is kept.
    static func strippingComments(_ line: String, isInBlockComment: inout Bool) -> String {
        var kept = ""
        var isInString = false
        var index = line.startIndex
        while index < line.endIndex {
            let rest = line[index...]
            if isInBlockComment {
                if rest.hasPrefix("*/") {
                    isInBlockComment = false
                    index = line.index(index, offsetBy: 2)
                } else {
                    index = line.index(after: index)
                }
                continue
            }
            if isInString {
                if rest.hasPrefix("\\") && line.index(after: index) < line.endIndex {
                    kept += rest.prefix(2)
                    index = line.index(index, offsetBy: 2)
                    continue
                }
                if rest.hasPrefix("\"") { isInString = false }
            } else if rest.hasPrefix("//") {
                break
            } else if rest.hasPrefix("/*") {
                isInBlockComment = true
                index = line.index(index, offsetBy: 2)
                continue
            } else if rest.hasPrefix("\"") {
                isInString = true
            }
            kept.append(line[index])
            index = line.index(after: index)
        }
        return kept
    }

    /// The identifiers of a line of code, each with whether a `(` follows it.
    static func tokens(of code: String) -> [(token: String, isCalled: Bool)] {
        func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var found: [(String, Bool)] = []
        var index = code.startIndex
        while index < code.endIndex {
            guard isIdentifier(code[index]) else { index = code.index(after: index); continue }
            let end = code[index...].firstIndex { !isIdentifier($0) } ?? code.endIndex
            let token = String(code[index..<end])
            let next = code[end...].first { $0 != " " }
            if !token.first!.isNumber { found.append((token, next == "(")) }
            index = end
        }
        return found
    }
}

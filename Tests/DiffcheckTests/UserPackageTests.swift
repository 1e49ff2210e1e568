// The recipe of DiffHarness's article "Checking an engine from its tests"
// is what `.ci/user-package` builds as a package of its own: the script
// writes the article's blocks as printed (`--write DIR`), README.md shows
// no other text for a file of the recipe, and the recipe holds together as
// a package: the targets it names are defined, it says the platforms
// diffcheck needs, what it excludes exists, and the engine is public for
// the modules that use it. `.ci/run` builds and runs it.
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The package `.ci/user-package --write` makes, file by file (relative path → text).
private func writtenPackage() throws -> [String: String] {
    // (A script without the option would build the whole package instead, for minutes.)
    let script = try String(contentsOf: root.appendingPathComponent(".ci/user-package"), encoding: .utf8)
    try #require(script.contains("\"--write\""), ".ci/user-package cannot write the package alone")
    let folder = try temporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", root.appendingPathComponent(".ci/user-package").path, "--write", folder.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = folder.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        files[relative] = try String(contentsOfFile: path, encoding: .utf8)
    }
    return files
}

/// The article that holds the recipe.
private let article = "Sources/DiffHarness/DiffHarness.docc/CheckingAnEngineFromItsTests.md"

/// The ```swift blocks of the Markdown file at `path` (from the root) whose
/// first two lines name the file `file` of the recipe (`// Package.swift`).
private func blocks(naming file: String, in path: String) throws -> [String] {
    let markdown = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return markdown.components(separatedBy: "```swift\n").dropFirst()
        .compactMap { $0.components(separatedBy: "```\n").first }
        .filter { $0.split(separator: "\n").prefix(2).contains("// " + file) }
}

@Suite struct UserPackageTests {
    @Test func theScriptBuildsTheArticlesBlocksAsPrinted() throws {
        let files = try writtenPackage()
        #expect(Set(files.keys) == ["Package.swift", "Sources/MyEngine/MyEngine.swift", "Sources/serve-my-engine/main.swift",
                                    "Tests/MyEngineTests/MyEngineTests.swift", "Tests/MyEngineTests/diffcheck-regressions/.keep"])
        for (path, text) in files where path.hasSuffix(".swift") {
            #expect(text.split(separator: "\n").prefix(2).contains("// " + path), "\(path) does not say its path")
            #expect(try blocks(naming: path, in: article) == [text], "\(path) is not the one block of \(article) naming it:\n\(text)")
            // The front page may show a file of the recipe, but only as the article prints it.
            for shown in try blocks(naming: path, in: "README.md") {
                #expect(shown == text, "README.md shows \(path) otherwise than the article:\n\(shown)")
            }
        }
    }

    @Test func theRecipesPackageDefinesWhatItNamesAndTheFoldersItExcludes() throws {
        let files = try writtenPackage()
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.hasPrefix("// swift-tools-version:"))
        // diffcheck needs macOS 13 (ContinuousClock, Duration): SwiftPM's default, 10.13, does not build against it.
        #expect(manifest.contains("platforms: [.macOS(.v13)"), "\(manifest)")
        let defined = Set(matches(of: #"\.(?:target|testTarget|executableTarget)\(name: "([^"]+)""#, in: manifest))
        let named = matches(of: #"dependencies: \[((?:"[^"]+", )*)"#, in: manifest)
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) } }
            .filter { !$0.isEmpty }
        #expect(!named.isEmpty)
        for target in named { #expect(defined.contains(target), "the recipe depends on \(target), which it never defines") }
        // An exclude of a folder that does not exist makes SwiftPM warn (`Invalid Exclude`): the recipe makes it.
        for folder in matches(of: #"exclude: \["([^"]+)"\]"#, in: manifest) {
            #expect(files.keys.contains { $0.hasPrefix("Tests/MyEngineTests/\(folder)/") }, "\(folder) is excluded but not made")
        }
    }

    @Test func theEngineIsPublicForTheModulesThatUseIt() throws {
        let files = try writtenPackage()
        let engine = try #require(files["Sources/MyEngine/MyEngine.swift"])
        #expect(engine.contains("\npublic struct MyEngine: DiffEngine {\n"))
        #expect(engine.contains("\n    public init() {}\n"), "another module cannot make it without a public init")
        for line in engine.split(separator: "\n") where line.hasPrefix("    ") && !line.hasPrefix("     ") {
            let member = line.trimmingCharacters(in: .whitespaces)
            for keyword in ["let ", "var ", "func ", "init("] where member.hasPrefix(keyword) {
                Issue.record("not public: \(member)")
            }
        }
        for user in ["Tests/MyEngineTests/MyEngineTests.swift", "Sources/serve-my-engine/main.swift"] {
            #expect(files[user]?.contains("\nimport MyEngine\n") == true, "\(user) does not import the engine's module")
        }
    }

    /// SwiftPM names a path dependency after its folder unless the manifest
    /// names it: the recipe's `package: "diffcheck"` must resolve with the
    /// clone in a folder of another name (its path changed to that folder).
    @Test func theRecipeFindsDiffcheckInAFolderOfAnotherName() throws {
        let files = try writtenPackage()
        let manifest = try #require(files["Package.swift"])
        let folder = try temporaryDirectory()
        let user = folder.appendingPathComponent("user")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("my-fork"), withDestinationURL: root)
        let moved = manifest.replacingOccurrences(of: #"path: "../diffcheck")"#, with: #"path: "../my-fork")"#)
        #expect(moved != manifest, "the recipe's manifest has no path \"../diffcheck\":\n\(manifest)")
        try moved.write(to: user.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for (path, text) in files where path != "Package.swift" {
            let url = user.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "describe"]
        process.currentDirectoryURL = user
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "SwiftPM does not resolve the recipe with diffcheck in ../my-fork: \(said)")
    }

    /// diffcheck's own tests compile the engine as printed (its snippet
    /// region), and the test file as printed but for `import MyEngine`
    /// (the engine is in the same module there).
    @Test func diffchecksOwnTestsCompileTheRecipe() throws {
        let files = try writtenPackage()
        let here = root.appendingPathComponent("Tests/DiffHarnessTests/Snippets")
        let engine = try String(contentsOf: here.appendingPathComponent("CheckEngineExample.swift"), encoding: .utf8)
        let test = try String(contentsOf: here.appendingPathComponent("CheckEngineExampleTests.swift"), encoding: .utf8)
        #expect(engine == "// snippet: check-engine-engine\n" + (files["Sources/MyEngine/MyEngine.swift"] ?? "") + "// end snippet\n")
        #expect(test == files["Tests/MyEngineTests/MyEngineTests.swift"]?.replacingOccurrences(of: "import MyEngine\n", with: ""))
    }
}

/// The first capture group of each match of `pattern` in `text`.
private func matches(of pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: range).compactMap { match in
        Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
}

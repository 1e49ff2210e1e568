// Docs are code: every ```swift block of README.md and of every article of
// the DocC catalogs (Sources/*/*.docc) is the text of a snippet region in a
// file that is compiled: a Swift file of a test target (compiled by
// `swift test`) or a file `.ci/` builds (`.ci/user-package` writes its
// package from its heredocs, each a region written without its marker
// lines). A region is
//
//     // snippet: NAME
//     …the lines the documentation shows…
//     // end snippet
//
// (`// end snippet: NAME` closes NAME, for regions that overlap; plain
// `// end snippet` closes the innermost). A line that ends with
// `// snippet: hide` is compiled but not shown: a function around top-level
// statements, a return. `// snippet: hide in NAME` hides the line in NAME
// only; other regions show it without the marker. Each region must be shown
// somewhere, so that a snippet left behind by an edit of the docs fails too.
import Foundation
import Testing

/// The repository's root folder.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A ```swift block of a Markdown file.
struct DocumentationBlock: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line)" }

    /// The ```swift blocks of `markdown`, each without its fence's
    /// indentation (a block inside a list item is indented).
    static func blocks(in markdown: String, file: String) -> [DocumentationBlock] {
        var blocks: [DocumentationBlock] = []
        var open: (line: Int, indent: String, lines: [String])?
        for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let indent = String(text.prefix { $0 == " " })
            if var block = open {
                if trimmed == "```" && indent == block.indent {
                    blocks.append(DocumentationBlock(file: file, line: block.line,
                                                     text: block.lines.map { $0 + "\n" }.joined()))
                    open = nil
                } else {
                    block.lines.append(text.hasPrefix(block.indent) ? String(text.dropFirst(block.indent.count)) : trimmed)
                    open = block
                }
            } else if trimmed == "```swift" {
                open = (offset + 1, indent, [])
            }
        }
        return blocks
    }
}

/// A snippet region of a compiled file.
struct SnippetRegion: CustomStringConvertible {
    var name: String
    var file: String
    var line: Int
    var text: String
    var description: String { "\(name) (\(file):\(line))" }

    enum ReadError: Error, CustomStringConvertible {
        case unclosed(String, file: String, line: Int)
        case strayEnd(file: String, line: Int)
        var description: String {
            switch self {
            case .unclosed(let name, let file, let line): return "\(file):\(line): snippet \(name) is never closed"
            case .strayEnd(let file, let line): return "\(file):\(line): `// end snippet` with no open snippet of that name"
            }
        }
    }

    static let start = "// snippet: "
    static let end = "// end snippet"
    static let hide = "// snippet: hide"

    /// The regions of `source`.
    static func regions(in source: String, file: String) throws -> [SnippetRegion] {
        var done: [SnippetRegion] = []
        var open: [(name: String, line: Int, lines: [String])] = []
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == end || trimmed.hasPrefix(end + ": ") {
                let name = trimmed == end ? open.last?.name : String(trimmed.dropFirst(end.count + 2))
                guard let index = open.lastIndex(where: { $0.name == name }) else {
                    throw ReadError.strayEnd(file: file, line: offset + 1)
                }
                let region = open.remove(at: index)
                done.append(SnippetRegion(name: region.name, file: file, line: region.line,
                                          text: region.lines.map { $0 + "\n" }.joined()))
                continue
            }
            if trimmed.hasPrefix(start) && !trimmed.hasPrefix(hide) {
                open.append((String(trimmed.dropFirst(start.count)), offset + 1, []))
                continue
            }
            // A trailing `// snippet: hide` or `// snippet: hide in A, B`.
            var shown = text
            var hiddenIn: Set<String>?   // nil: shown everywhere; empty: hidden everywhere
            if let marker = text.range(of: hide, options: .backwards) {
                let rest = text[marker.upperBound...].trimmingCharacters(in: .whitespaces)
                if rest.isEmpty {
                    hiddenIn = []
                } else if rest.hasPrefix("in ") {
                    hiddenIn = Set(rest.dropFirst(3).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                }
                if hiddenIn != nil {
                    shown = String(text[..<marker.lowerBound])
                    while shown.last == " " { shown.removeLast() }
                }
            }
            for index in open.indices {
                if let hiddenIn, hiddenIn.isEmpty || hiddenIn.contains(open[index].name) { continue }
                open[index].lines.append(shown)
            }
        }
        if let unclosed = open.first { throw ReadError.unclosed(unclosed.name, file: file, line: unclosed.line) }
        return done
    }
}

enum DocumentationFiles {
    /// README.md and every Markdown file of every catalog, as paths from the root.
    static func markdown() throws -> [String] {
        var paths = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(module)
            for catalog in (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
            where catalog.hasSuffix(".docc") {
                paths += files(under: "Sources/\(module)/\(catalog)").filter { $0.hasSuffix(".md") }
            }
        }
        return paths
    }

    /// The catalogs' Markdown files only.
    static func catalogMarkdown() throws -> [String] { try markdown().filter { $0 != "README.md" } }

    /// The files snippets may live in: the test targets' Swift files and `.ci/`.
    static func compiled() -> [String] {
        files(under: "Tests").filter { $0.hasSuffix(".swift") } + files(under: ".ci")
    }

    /// Every regular file under `folder` (a path from the root), sorted.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + relative
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

@Suite struct DocumentationSnippetTests {
    static func blocks() throws -> [DocumentationBlock] {
        try DocumentationFiles.markdown().flatMap { DocumentationBlock.blocks(in: try DocumentationFiles.read($0), file: $0) }
    }

    static func regions() throws -> [SnippetRegion] {
        try DocumentationFiles.compiled().flatMap { path -> [SnippetRegion] in
            guard let text = try? DocumentationFiles.read(path), text.contains(SnippetRegion.start) else { return [] }
            return try SnippetRegion.regions(in: text, file: path)
        }
    }

    @Test func everySwiftBlockOfTheDocumentationIsCompiled() throws {
        let regions = try Self.regions()
        let texts = Set(regions.map(\.text))
        let blocks = try Self.blocks()
        #expect(blocks.count >= 10, "only \(blocks.count) swift blocks found: are the catalogs where the test looks?")
        for block in blocks where !texts.contains(block.text) {
            Issue.record("""
                \(block): this swift block is not the text of any snippet region; put it in a compiled file \
                between `// snippet: NAME` and `// end snippet` (Tests/*/Snippets/). It begins:
                \(block.text.split(separator: "\n").prefix(3).joined(separator: "\n"))
                """)
        }
    }

    @Test func everySnippetIsShownAndNamedOnce() throws {
        let regions = try Self.regions()
        let shown = Set(try Self.blocks().map(\.text))
        for region in regions where !shown.contains(region.text) {
            Issue.record("snippet \(region) is in no swift block of README.md or the catalogs: update the documentation or remove it")
        }
        let names = Dictionary(grouping: regions, by: \.name).filter { $0.value.count > 1 }
        #expect(names.isEmpty, "snippet names used twice: \(names.keys.sorted())")
    }

    @Test func regionsReadAsDocumented() throws {
        // `##` stands for `//`, so that this file holds no region itself.
        let source = """
            import Foundation
            ## snippet: outer
            func wrapper() { ## snippet: hide
            let x = 1
            ## snippet: inner
            print(x) ## snippet: hide in outer
            ## end snippet: inner
            } ## snippet: hide
            ## end snippet
            """.replacingOccurrences(of: "##", with: "//")
        let regions = try SnippetRegion.regions(in: source, file: "example.swift")
        #expect(regions.map(\.name) == ["inner", "outer"])
        #expect(regions.first { $0.name == "outer" }?.text == "let x = 1\n")
        #expect(regions.first { $0.name == "inner" }?.text == "print(x)\n")
        #expect(throws: SnippetRegion.ReadError.self) { try SnippetRegion.regions(in: SnippetRegion.start + "open\nx\n", file: "f") }

        let markdown = "text\n\n- item\n\n  ```swift\n  let a = 1\n\n  let b = 2\n  ```\n\n```swift\nx\n```\n"
        let blocks = DocumentationBlock.blocks(in: markdown, file: "f.md")
        #expect(blocks.map(\.text) == ["let a = 1\n\nlet b = 2\n", "x\n"])
        #expect(blocks.map(\.line) == [5, 11])
    }
}

/// The words of lab notes, which the user documentation must not hold:
/// how a measurement went in some session is what git history is for.
private var labNotes: Regex<AnyRegexOutput> {
    try! Regex("this round|last session|this session|issue #[0-9]|round [0-9]").ignoresCase()
}

@Suite struct DocumentationWordsTests {
    static func hits(_ path: String) throws -> [String] {
        let words = labNotes
        return try DocumentationFiles.read(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains(words) }
            .map { "\(path):\($0.offset + 1): \($0.element.prefix(100))" }
    }

    @Test func theCatalogsHoldNoLabNotes() throws {
        let files = try DocumentationFiles.catalogMarkdown()
        #expect(files.count >= 15, "only \(files.count) catalog files found")
        let hits = try files.flatMap(Self.hits)
        #expect(hits.isEmpty, "lab notes in the documentation:\n\(hits.joined(separator: "\n"))")
    }

    @Test func theFuzzAndCorpusReadmesHoldNoLabNotes() throws {
        let hits = try Self.hits("Fuzz/README.md") + Self.hits("Corpus/README.md")
        #expect(hits.isEmpty, "lab notes in the fuzzing documentation:\n\(hits.joined(separator: "\n"))")
    }

    @Test func theReadmeHoldsNoLabNotes() throws {
        let hits = try Self.hits("README.md")
        let lines = try DocumentationFiles.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        // The front page: a few screens, what is, no history (issue 28).
        #expect(lines < 300, "README.md has \(lines) lines: keep it a front page, the rest goes in the DocC catalogs")
        #expect(hits.isEmpty, "lab notes in README.md:\n\(hits.joined(separator: "\n"))")
    }
}

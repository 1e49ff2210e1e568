// The ten-minute tour, run as printed: the Python engine of the README's
// step 1, written from the README's own block, checked by the README's own
// command, prints what the README shows, and what the DocC article
// "Checking an engine in another language" shows for the same run; the
// article's `repro` and `show` of its finding print what it shows too
// (timings and paths aside; a "…" line stands for lines left out, a
// trailing "…" for the rest of a line).
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The article that tells the tour in DocC.
private let article = "Sources/DiffProcess/DiffProcess.docc/CheckingAnEngineInAnotherLanguage.md"

/// A file of the repository, as text.
private func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// A line with its timings, rates, shrink counts and diffcheck's own path made alike.
private func normalized(_ line: Substring) -> String {
    var text = String(line)
    for (pattern, replacement) in [(#"[0-9.]+ s \([0-9]+ [a-z]+/s\)"#, "T"),
                                   (#"\(shrunk in [0-9]+ calls, [0-9.]+ s\)"#, "(shrunk in N calls, T)"),
                                   (#"^reproduce: \S*diffcheck "#, "reproduce: diffcheck ")] {
        text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
    }
    return text
}

/// The first of the `shown` lines that `output` does not print where the
/// documentation shows it, or nil. Blank lines aside, each shown line is
/// the next printed one; a "…" line skips any number of printed lines, and
/// a line ending in "…" stands for every line that starts with the rest.
private func firstMismatch(shown: [String], output: String) -> String? {
    let printed = output.split(separator: "\n").map(normalized)
    var position = 0
    var isSkipping = false
    for line in shown.map({ normalized($0[...]) }) where !line.isEmpty {
        if line == "…" { isSkipping = true; continue }
        let prefix = line.hasSuffix("…") ? String(line.dropLast()) : nil
        func matches(_ printedLine: String) -> Bool { prefix.map { printedLine.hasPrefix($0) } ?? (printedLine == line) }
        let found = isSkipping ? printed[position...].firstIndex(where: matches)
                               : (position < printed.count && matches(printed[position]) ? position : nil)
        guard let found else { return line }
        position = found + 1
        isSkipping = false
    }
    return nil
}

/// The article's ```text blocks that show a command (`$ diffcheck …`): the
/// command, and the lines shown after it.
private func shownRuns(in markdown: String) -> [(command: String, shown: [String])] {
    markdown.components(separatedBy: "```text\n").dropFirst().compactMap { block in
        let lines = (block.components(separatedBy: "```\n").first ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let first = lines.first, first.hasPrefix("$ diffcheck ") else { return nil }
        return (String(first.dropFirst(2)), Array(lines.dropFirst()))
    }
}

@Test func theTourChecksThePythonEngineAsTheReadmeAndTheArticleShow() throws {
    let readme = try text("README.md")
    // Step 1's Python block and the indented run that follows it.
    let python = try #require(readme.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```\n").first)
    let afterBlock = try #require(readme.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```\n").dropFirst().first)
    let shown = afterBlock.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { !$0.hasPrefix("    $ ") }.prefix { $0.hasPrefix("    ") || $0.isEmpty }.map { String($0.dropFirst(4)) }
    let command = try #require(shown.first.map { String($0.dropFirst(2)) })
    #expect(command == "diffcheck check --engine-cmd 'python3 engine.py' --flat --cases 2000")
    let directory = try temporaryDirectory()
    try python.write(to: directory.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
    let run = try shell(command, in: directory)
    #expect(run.status == 1)
    if let missing = firstMismatch(shown: Array(shown.dropFirst()), output: run.output) {
        Issue.record("README.md shows a line the run does not print there: \(missing)\n\(run.output)")
    }

    // The article: the same engine and the same check, then its finding replayed and drawn.
    let markdown = try text(article)
    #expect(markdown.contains("```python\n" + python + "```\n"), "the article's engine is not the README's")
    let runs = shownRuns(in: markdown)
    #expect(runs.map { $0.command.split(separator: " ").prefix(2).joined(separator: " ") } == ["diffcheck check", "diffcheck repro", "diffcheck show"])
    for (shownCommand, lines) in runs {
        let output = shownCommand == command ? run.output : try shell(shownCommand, in: directory).output
        if let missing = firstMismatch(shown: lines, output: output) {
            Issue.record("\(article) shows a line `\(shownCommand)` does not print there: \(missing)\n\(output)")
        }
    }
    // The first finding is shown whole, from its `# smallest failure:` line to its `reproduce:` line.
    let printed = run.output.split(separator: "\n").map(normalized)
    let first = try #require(printed.firstIndex { $0.hasPrefix("# smallest failure: ") })
    let end = try #require(printed[first...].firstIndex { $0.hasPrefix("reproduce: ") })
    let checkBlock = try #require(runs.first?.shown.map { normalized($0[...]) }.filter { !$0.isEmpty })
    let start = try #require(checkBlock.firstIndex(of: printed[first]), "the article does not show \(printed[first])")
    #expect(Array(checkBlock[start...].prefix(end - first + 1)) == Array(printed[first...end]), "the article's first finding is not shown whole")
}

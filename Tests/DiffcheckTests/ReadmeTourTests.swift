// The README's ten-minute tour, run as printed: the Python engine of step 1,
// written from the README's own block, checked by the README's own command,
// prints what the README shows (timings and paths aside; "…" stands for
// lines left out, or the rest of a line).
import Foundation
import Testing

/// The README's text.
private func readme() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
}

/// A line with its timings, rates and diffcheck's own path made alike.
private func normalized(_ line: Substring) -> String {
    var text = String(line)
    for (pattern, replacement) in [(#"[0-9.]+ s \([0-9]+ [a-z]+/s\)"#, "T"),
                                   (#"^reproduce: \S*diffcheck "#, "reproduce: diffcheck ")] {
        text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
    }
    return text
}

@Test func theTourChecksThePythonEngineAsTheReadmeShows() throws {
    let text = try readme()
    // Step 1's Python block and the indented run that follows it.
    let python = try #require(text.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```\n").first)
    let afterBlock = try #require(text.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```\n").dropFirst().first)
    let shown = afterBlock.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { !$0.hasPrefix("    $ ") }.prefix { $0.hasPrefix("    ") || $0.isEmpty }.map { $0.dropFirst(4) }
    let command = try #require(shown.first.map { String($0.dropFirst(2)) })
    #expect(command == "diffcheck check --engine-cmd 'python3 engine.py' --flat --cases 2000")
    let directory = try temporaryDirectory()
    try python.write(to: directory.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
    let run = try shell(command, in: directory)
    #expect(run.status == 1)
    let actual = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(normalized)
    // Every shown line is printed, in order; "…" skips lines, a trailing "…" the rest of one.
    var position = 0
    for line in shown.dropFirst().map(normalized) where !line.isEmpty && line != "…" {
        let prefix = line.hasSuffix("…") ? String(line.dropLast()) : line
        guard let found = actual[position...].firstIndex(where: { line.hasSuffix("…") ? $0.hasPrefix(prefix) : $0 == line }) else {
            Issue.record("the README shows a line the run does not print (in that order): \(line)\n\(run.output)")
            return
        }
        position = found + 1
    }
}

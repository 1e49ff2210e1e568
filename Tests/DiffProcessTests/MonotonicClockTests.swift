// The runner's deadlines and elapsed times are read on a monotonic clock
// (ContinuousClock, DispatchTime, the worker clocks), never on `Date()`: a
// step of the system clock (NTP, a suspended VM) would make every worker
// look hung at once, or a campaign's --time end early or never.
import Foundation
import Testing

/// The DiffProcess module's source folder.
private let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/DiffProcess").standardizedFileURL

@Test func noTimeInTheRunnerIsReadOnTheWallClock() throws {
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20, "no sources under \(sources.path)")
    var found: [String] = []
    for file in files {
        let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("Date()") {
            found.append("\(file):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
    }
    #expect(found.isEmpty, "the wall clock read in DiffProcess:\n\(found.joined(separator: "\n"))")
}

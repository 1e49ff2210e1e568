// Every test that runs beside busy loops (`withBusyLoops`) is named in
// .ci/tests-under-load, the list CI's step "the time verdicts under load"
// runs with DIFFCHECK_TEST_BUSY_LOOPS=4: a time test left off it would be
// checked on a quiet machine only, which is a bug.
import Foundation
import Testing

/// The repository's root, from this file's place in it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// For each `withBusyLoops(` call in `text`: the test function it is in and
/// the suites declared before it (the names a `--filter` can match). A call
/// in a helper function (no test) stands for the helper's own calls in the
/// file, each with the names around it.
func namesAroundBusyLoops(in text: String) -> [(line: Int, test: String?, suites: [String])] {
    let lines = text.components(separatedBy: "\n")
    func around(_ called: String, depth: Int) -> [(line: Int, test: String?, suites: [String])] {
        var found: [(line: Int, test: String?, suites: [String])] = []
        for (index, line) in lines.enumerated() where line.contains(called + "(") && !line.contains("func " + called) {
            var test: String?
            var helper: String?
            var suites: [String] = []
            for back in stride(from: index, through: 0, by: -1) {
                let earlier = lines[back]
                let isTest = earlier.contains("@Test") || (back > 0 && lines[back - 1].contains("@Test"))
                if test == nil, helper == nil, let name = earlier.firstMatch(of: /func (\w+)/)?.output.1 {
                    if isTest { test = String(name) } else { helper = String(name) }
                }
                if earlier.contains("@Suite"), let name = earlier.firstMatch(of: /struct (\w+)/)?.output.1 { suites.append(String(name)) }
            }
            if let helper, depth < 2 {
                found += around(helper, depth: depth + 1)
            } else {
                found.append((index + 1, test, suites))
            }
        }
        return found
    }
    return around("withBusyLoops", depth: 0)
}

@Test func everyTestBesideBusyLoopsIsInCIsListOfTestsUnderLoad() throws {
    let list = try String(contentsOf: root.appendingPathComponent(".ci/tests-under-load"), encoding: .utf8)
    let listed = Set(list.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    let tests = root.appendingPathComponent("Tests")
    let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("TestSupport/") && !$0.hasSuffix("/TestsUnderLoadListTests.swift") }
    var calls = 0
    for file in files {
        let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
        for call in namesAroundBusyLoops(in: text) {
            calls += 1
            let names = (call.test.map { [$0] } ?? []) + call.suites
            #expect(names.contains { listed.contains($0) },
                    "Tests/\(file):\(call.line) runs beside busy loops in \(names), none of which .ci/tests-under-load names")
        }
    }
    #expect(calls >= 9, "the scan found \(calls) calls of withBusyLoops")
    // Every name on the list still names a test or a suite.
    for name in listed {
        let isThere = try files.contains { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8).contains(name) }
        #expect(isThere, ".ci/tests-under-load names \(name), which no test is")
    }
}

/// The scan itself: a call in a test of a suite names both; a call in a
/// free test names the test; a helper's call stands for its callers.
@Test func theScanNamesTheTestAndSuitesAroundACall() {
    let text = """
        @Suite struct Loaded {
            private func helper() { withBusyLoops(4) { } }
            @Test func two() { helper() }
            @Test func one() {
                withBusyLoops(4) { }
            }
        }
        @Test func free() { withBusyLoops(4) { } }
        """
    let found = namesAroundBusyLoops(in: text)
    #expect(found.map(\.test) == ["two", "one", "free"])
    #expect(found.map(\.suites) == [["Loaded"], ["Loaded"], ["Loaded"]])
}

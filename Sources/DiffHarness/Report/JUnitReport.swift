// JUnitReport: test cases collected by suite and written as JUnit XML, the
// format CI systems read to show which test failed and why.
//
//     <?xml version="1.0" encoding="UTF-8"?>
//     <testsuites tests="2" failures="1" skipped="0" time="0.250">
//       <testsuite name="corpus" tests="2" failures="1" skipped="0" time="0.250">
//         <testcase classname="corpus" name="swap.case" time="0.125"/>
//         <testcase classname="corpus" name="reload.case" time="0.125">
//           <failure message="fresh fails">…details…</failure>
//         </testcase>
//       </testsuite>
//     </testsuites>

import Foundation

/// A JUnit XML report: one `<testsuite>` per suite name, in the order the
/// suites were first added, each with its test cases in the order added.
public struct JUnitReport: Sendable {
    /// One test case's outcome.
    public enum Outcome: Hashable, Sendable {
        /// The test case passed.
        case passed
        /// The test case failed: a one-line message and the full details.
        case failed(message: String, details: String)
        /// The test case did not run, and why.
        case skipped(message: String)
    }

    /// One test case.
    public struct TestCase: Hashable, Sendable {
        /// The suite it belongs to (`classname` in the XML).
        public var suite: String
        /// The test case's name.
        public var name: String
        /// Seconds.
        public var time: Double
        /// Whether it passed, failed or was skipped.
        public var outcome: Outcome
    }

    /// The test cases in the order they were added.
    public private(set) var testCases: [TestCase] = []

    /// An empty report.
    public init() {}

    /// Adds a test case that passed (`failure == nil`) or failed.
    public mutating func add(suite: String, name: String, time: Double, failure: (message: String, details: String)?) {
        let outcome: Outcome = failure.map { .failed(message: $0.message, details: $0.details) } ?? .passed
        testCases.append(TestCase(suite: suite, name: name, time: time, outcome: outcome))
    }

    /// Adds a test case that was not run, and why.
    public mutating func addSkipped(suite: String, name: String, message: String) {
        testCases.append(TestCase(suite: suite, name: name, time: 0, outcome: .skipped(message: message)))
    }

    /// The number of failed test cases.
    public var failureCount: Int {
        testCases.filter { if case .failed = $0.outcome { return true } else { return false } }.count
    }

    /// The number of skipped test cases.
    public var skippedCount: Int {
        testCases.filter { if case .skipped = $0.outcome { return true } else { return false } }.count
    }

    /// The report as JUnit XML 1.0, UTF-8, ending with a line break.
    ///
    /// Every attribute and text is escaped (`& < > " '`), and characters XML
    /// 1.0 does not allow (control characters other than tab, line feed and
    /// carriage return; U+FFFE and U+FFFF) are left out. Times are seconds
    /// with three decimals; a negative or non-finite time is written as 0.
    public var xml: String {
        var suiteNames: [String] = []
        var casesBySuite: [String: [TestCase]] = [:]
        for testCase in testCases {
            if casesBySuite[testCase.suite] == nil { suiteNames.append(testCase.suite) }
            casesBySuite[testCase.suite, default: []].append(testCase)
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites" + JUnitReport.counts(testCases) + ">")
        for suite in suiteNames {
            let cases = casesBySuite[suite] ?? []
            lines.append("  <testsuite name=\"\(JUnitReport.escaped(suite))\"" + JUnitReport.counts(cases) + ">")
            for testCase in cases {
                let open = "    <testcase classname=\"\(JUnitReport.escaped(suite))\" name=\"\(JUnitReport.escaped(testCase.name))\" time=\"\(JUnitReport.seconds(testCase.time))\""
                switch testCase.outcome {
                case .passed:
                    lines.append(open + "/>")
                case .failed(let message, let details):
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(JUnitReport.escaped(message))\">\(JUnitReport.escaped(details, isAttribute: false))</failure>")
                    lines.append("    </testcase>")
                case .skipped(let message):
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"\(JUnitReport.escaped(message))\"/>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `xml` to `path` atomically: to a temporary file in the same
    /// directory, then renamed over `path`, so a reader never sees half a
    /// report; the temporary file is removed if anything fails. A FIFO or a
    /// device at `path` (`/dev/stdout`, a pipe a CI step reads) is written
    /// into instead, never replaced by a regular file; a link is followed.
    /// The folder must exist. Throws a `JUnitWriteError` saying why.
    public func write(to path: String) throws {
        do { try replaceFile(at: path, with: Array(xml.utf8), createsFolders: false) } catch {
            throw JUnitWriteError(description: error.reason)
        }
    }

    // MARK: Rendering

    private static func counts(_ cases: [TestCase]) -> String {
        var report = JUnitReport()
        report.testCases = cases
        let time = cases.reduce(0.0) { $0 + (($1.time.isFinite && $1.time > 0) ? $1.time : 0) }
        return " tests=\"\(cases.count)\" failures=\"\(report.failureCount)\" skipped=\"\(report.skippedCount)\" time=\"\(seconds(time))\""
    }

    /// Seconds with three decimals, `0.000` for negative or non-finite times.
    static func seconds(_ time: Double) -> String {
        let value = (time.isFinite && time > 0) ? time : 0
        return String(format: "%.3f", value)
    }

    /// `text` with the XML special characters escaped and the characters XML
    /// 1.0 forbids left out. A carriage return is written as a character
    /// reference (a parser would turn a raw one into a line feed); inside an
    /// attribute (`isAttribute`) so are tab and line feed, which a parser
    /// would otherwise turn into spaces.
    static func escaped(_ text: String, isAttribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\n" where isAttribute: result += "&#10;"
            case "\t" where isAttribute: result += "&#9;"
            default:
                if isAllowedInXML(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// XML 1.0 `Char`: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}

/// Why a JUnit report could not be written, in words.
public struct JUnitWriteError: Error, Sendable, CustomStringConvertible {
    /// Why, as the system or the path says it (`a folder, not a file`).
    public var description: String
}

import Testing
@testable import DiffHarness
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A report with two suites: corpus (one pass, one failure) and properties (one pass, one skipped).
private func sampleReport() -> JUnitReport {
    var report = JUnitReport()
    report.add(suite: "corpus", name: "swap.case", time: 0.125, failure: nil)
    report.add(suite: "properties", name: "valid", time: 1.5, failure: nil)
    report.add(suite: "corpus", name: "reload.case", time: 0.25,
               failure: (message: "fresh fails", details: "item b' at 0.0 is stale: it shows b\nbatch: move 1 0"))
    report.addSkipped(suite: "properties", name: "minimal-moves", message: "engine gives no moves")
    return report
}

private struct NotWellFormed: Error { var reason: String }

/// Checks what Linux's `XMLParser` lets through: end tags that do not match
/// their start tag, and more than one root element.
private final class TagBalance: NSObject, XMLParserDelegate {
    var open: [String] = []
    var roots = 0
    var problem: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if open.isEmpty { roots += 1 }
        open.append(name)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if open.last != name, problem == nil { problem = "</\(name)> closes <\(open.last ?? "nothing")>" }
        _ = open.popLast()
    }
}

/// The document, after a strict check that `xml` is well formed: `XMLDocument`
/// on Linux recovers from errors, `XMLParser` catches characters and escapes,
/// `TagBalance` the nesting.
private func parsed(_ xml: String) throws -> XMLDocument {
    let parser = XMLParser(data: Data(xml.utf8))
    let balance = TagBalance()
    parser.delegate = balance
    // On Linux `parse()` can return true and still leave an error behind.
    guard parser.parse(), parser.parserError == nil else {
        throw NotWellFormed(reason: parser.parserError.map { "\($0)" } ?? "unknown")
    }
    if let problem = balance.problem { throw NotWellFormed(reason: problem) }
    if !balance.open.isEmpty || balance.roots != 1 { throw NotWellFormed(reason: "\(balance.roots) root elements") }
    return try XMLDocument(xmlString: xml, options: [])
}

private func attribute(_ element: XMLElement, _ name: String) -> String? {
    element.attribute(forName: name)?.stringValue
}

/// `JUnitReport`: counts, escaping, forbidden characters, atomic writing; every XML is parsed back.
@Suite struct JUnitReportTests {
    @Test func countsPerSuiteAndInTotal() throws {
        let report = sampleReport()
        #expect(report.failureCount == 1)
        #expect(report.skippedCount == 1)
        let document = try parsed(report.xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(attribute(root, "tests") == "4")
        #expect(attribute(root, "failures") == "1")
        #expect(attribute(root, "skipped") == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { attribute($0, "name") } == ["corpus", "properties"])
        let corpus = suites[0]
        #expect(attribute(corpus, "tests") == "2")
        #expect(attribute(corpus, "failures") == "1")
        #expect(attribute(corpus, "skipped") == "0")
        #expect(attribute(corpus, "time") == "0.375")
        let cases = corpus.elements(forName: "testcase")
        #expect(cases.map { attribute($0, "name") } == ["swap.case", "reload.case"])
        #expect(cases.allSatisfy { attribute($0, "classname") == "corpus" })
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(attribute(failure, "message") == "fresh fails")
        #expect(failure.stringValue == "item b' at 0.0 is stale: it shows b\nbatch: move 1 0")
        let skipped = suites[1].elements(forName: "testcase")[1]
        #expect(attribute(try #require(skipped.elements(forName: "skipped").first), "message") == "engine gives no moves")
        #expect(attribute(suites[1], "skipped") == "1")
    }

    @Test func specialCharactersAreEscapedAndRoundTrip() throws {
        var report = JUnitReport()
        let name = #"<a & "b" 'c'>"#
        let message = "line one\nline two\r\ttabbed & <done>"
        report.add(suite: "s&<>", name: name, time: 1, failure: (message: message, details: "x < y && y > \"z\" 'w'\r\n"))
        let xml = report.xml
        #expect(xml.contains("&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;"))
        #expect(!xml.contains("x < y"))
        let root = try #require(try parsed(xml).rootElement())
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(attribute(suite, "name") == "s&<>")
        let testCase = try #require(suite.elements(forName: "testcase").first)
        #expect(attribute(testCase, "name") == name)
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(attribute(failure, "message") == message)   // newlines and tabs kept in the attribute
        #expect(failure.stringValue == "x < y && y > \"z\" 'w'\r\n")
    }

    @Test func charactersXMLForbidsAreLeftOut() throws {
        var report = JUnitReport()
        report.add(suite: "s", name: "nul\u{0}bell\u{7}esc\u{1B}end\u{FFFE}", time: 0,
                   failure: (message: "\u{1}m", details: "tab\tkept\u{8}\u{1F}"))
        let xml = report.xml
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        let root = try #require(try parsed(xml).rootElement())
        let testCase = try #require(root.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(attribute(testCase, "name") == "nulbellescend")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(attribute(failure, "message") == "m")
        #expect(failure.stringValue == "tab\tkept")
        #expect(JUnitReport.escaped("😀 é") == "😀 é")
    }

    /// The parser the other tests rely on does reject what is not well formed.
    @Test func parserRejectsMalformedXML() {
        #expect(throws: (any Error).self) { try parsed("<a><b></a>") }
        #expect(throws: (any Error).self) { try parsed("<a x=\"<\"/>") }
        #expect(throws: (any Error).self) { try parsed("<a>x & y</a>") }
        #expect(throws: (any Error).self) { try parsed("<a>\u{1}</a>") }
        #expect(throws: (any Error).self) { try parsed("<a/><b/>") }
        #expect(throws: Never.self) { try parsed("<a x=\"&lt;\">&amp;</a>") }
    }

    @Test func emptyReportIsValidXML() throws {
        let root = try #require(try parsed(JUnitReport().xml).rootElement())
        #expect(root.name == "testsuites")
        #expect(attribute(root, "tests") == "0")
        #expect(root.elements(forName: "testsuite").isEmpty)
    }

    @Test func oddTimesAreWrittenAsZero() {
        #expect(JUnitReport.seconds(-1) == "0.000")
        #expect(JUnitReport.seconds(.nan) == "0.000")
        #expect(JUnitReport.seconds(.infinity) == "0.000")
        #expect(JUnitReport.seconds(2.5) == "2.500")
    }

    @Test func writeIsAtomicAndLeavesNoTemporaryFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.xml").path
        try "old contents".write(toFile: path, atomically: false, encoding: .utf8)

        let report = sampleReport()
        try report.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == report.xml)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.xml"])
        _ = try parsed(try String(contentsOfFile: path, encoding: .utf8))

        let missing = directory.appendingPathComponent("no/such/dir/report.xml").path
        #expect(throws: (any Error).self) { try report.write(to: missing) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.xml"])
    }

    /// Issue 43, point 4: a FIFO at the path is written into (a CI step reads
    /// it), not replaced by a regular file; a link to a report is followed,
    /// and stays a link.
    @Test func writesIntoAFIFOAndThroughALink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = sampleReport()
        let fifo = directory.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Its reader is open first (without waiting for a writer), so the write does not wait for one.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try report.write(to: fifo)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(reader, &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[..<n]
        }
        #expect(String(decoding: received, as: UTF8.self) == report.xml)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.fifo"])

        let target = directory.appendingPathComponent("reports/report.xml").path
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("reports").path, withIntermediateDirectories: true)
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let link = directory.appendingPathComponent("latest.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/report.xml")
        try report.write(to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == report.xml)
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still a link")
        #expect(throws: (any Error).self) { try report.write(to: directory.appendingPathComponent("reports").path) }
    }
}

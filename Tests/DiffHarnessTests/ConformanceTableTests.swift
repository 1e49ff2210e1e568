// The conformance table of ListModel's article "The reference model and its
// profiles": each row's case, judged by the model under both profiles, gets
// the verdict the row states.
import Foundation
import Testing
import ListModel

@Suite struct ConformanceTableTests {
    /// One row: the case file and the verdict under each profile.
    struct Row: CustomStringConvertible {
        var path: String
        var strict: String
        var uikit: String
        var description: String { path }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let articlePath = "Sources/ListModel/ListModel.docc/ModelAndProfiles.md"

    static func rows() throws -> [Row] {
        let article = try String(contentsOf: root.appendingPathComponent(articlePath), encoding: .utf8)
        let start = try #require(article.range(of: "| rule | source | case | strict | uikit |"))
        var rows: [Row] = []
        for line in article[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // The case by name, in code voice: `uikit-delete-and-reload`.
            let name = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows.append(Row(path: "Corpus/regressions/\(name).case", strict: cells[3], uikit: cells[4]))
        }
        return rows
    }

    /// The verdict in the table's words.
    static func verdict(_ testCase: Case, _ profile: Profile) -> String {
        let batch = testCase.stages.first?.batch ?? Batch()
        switch ListView.apply(batch, to: testCase.old, data: testCase.new, profile: profile) {
        case .failure(let rejection):
            return "`\(rejection.rule.rawValue)`"
        case .success(let shown):
            if !ListView.mismatches(displayed: shown, data: testCase.new).isEmpty { return "wrong item shown" }
            if !ListView.staleCells(displayed: shown, data: testCase.new).isEmpty { return "stale cell" }
            return "pass"
        }
    }

    @Test func everyConformanceCaseIsInTheTable() throws {
        let listed = Set(try Self.rows().map { ($0.path as NSString).lastPathComponent })
        let folder = Self.root.appendingPathComponent("Corpus/regressions")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("uikit-") && $0.hasSuffix(".case") && !$0.hasSuffix("-strict.case") }
        #expect(Set(files) == listed)
        #expect(listed.count >= 40)
    }

    @Test func theTableMatchesTheModelUnderBothProfiles() throws {
        for row in try Self.rows() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(row.path), encoding: .utf8)
            let testCase = try CaseParser.parse(text, file: row.path).get()
            #expect(Self.verdict(testCase, .strict) == row.strict, "\(row.path) under strict")
            #expect(Self.verdict(testCase, .uikit) == row.uikit, "\(row.path) under uikit")
        }
    }

    @Test func strictAndUIKitDifferOnlyWhereStrictNamesAPortableSubsetRule() throws {
        for row in try Self.rows() where row.strict != row.uikit {
            let name = row.strict.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(Rule(rawValue: name)?.isOpen == true, "\(row.path): strict \(row.strict), uikit \(row.uikit)")
        }
    }
}

// The in-process campaign and `checkEngine`: what a test suite runs.
import DiffHarness
import Foundation
import ListModel
import Testing

/// `MyEngine` of the documentation (`Snippets/CheckEngineExample.swift`), claiming `fresh` although it never reloads:
/// a changed item keeps showing its old content.
private struct ClaimsTooMuch: DiffEngine {
    let name = "claims-too-much"
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { MyEngine().diff(old: old, new: new) }
}

private func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "campaign-tests-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func caseFiles(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".case") }.sorted()
}

@Suite struct CampaignTests {
    @Test func anEngineThatKeepsItsClaimsPassesAndSavesNothing() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try checkEngine(MyEngine(), cases: 300, regressions: folder, environment: [:])
        #expect(result.holds)
        #expect(result.random?.casesRun == 300)
        #expect(result.exhaustivePairs > 100)
        #expect(caseFiles(folder).isEmpty)
    }

    @Test func aBrokenEngineFailsWithTheShrunkCaseAndWhereItIsSavedAndItIsReplayedFirst() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var thrown: EngineCheckFailure?
        do { try checkEngine(ClaimsTooMuch(), cases: 300, regressions: folder, environment: [:]) } catch let failure as EngineCheckFailure {
            thrown = failure
        }
        let failure = try #require(thrown)
        let message = failure.description
        #expect(message.contains("FAIL exhaustive pair: fresh:"))
        let saved = caseFiles(folder)
        #expect(saved.count == 1)
        #expect(message.contains("saved: " + (folder as NSString).appendingPathComponent(saved[0])))
        // The message holds the case as the file does: it parses back to the saved case.
        let file = try String(contentsOfFile: (folder as NSString).appendingPathComponent(saved[0]), encoding: .utf8)
        #expect(message.contains(file.trimmingCharacters(in: .newlines)))
        let parsed = try CaseParser.parse(file, file: saved[0], engines: nil).get()
        #expect(parsed.engine == "claims-too-much")
        #expect(parsed.old.itemCount + parsed.new.itemCount <= 2)

        // The next run replays it first, and stops there.
        var again: EngineCheckFailure?
        do { try checkEngine(ClaimsTooMuch(), cases: 300, regressions: folder, environment: [:]) } catch let failure as EngineCheckFailure {
            again = failure
        }
        let second = try #require(again)
        #expect(second.result.regressionsReplayed == 1)
        #expect(second.result.random == nil)
        #expect(second.description.contains("FAIL saved case"))
        #expect(caseFiles(folder) == saved)

        // Fixed (it stops claiming fresh): the saved case passes, and the campaign goes on.
        let fixed = try checkEngine(MyEngineNamed(name: "claims-too-much"), cases: 100, regressions: folder, environment: [:])
        #expect(fixed.regressionsReplayed == 1)
    }

    @Test func aRandomFailureIsShrunkAndTheSameSeedGivesTheSameReport() throws {
        let first = scratchFolder(), second = scratchFolder()
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        // No exhaustive part: the random part finds it.
        func run(_ folder: String) -> String {
            do { try checkEngine(ClaimsTooMuch(), cases: 200, regressions: folder, exhaustive: [], environment: ["DIFFCHECK_SEED": "7"]) } catch {
                return "\(error)".replacingOccurrences(of: folder, with: "FOLDER")
            }
            return "passed"
        }
        let report = run(first)
        #expect(report.contains("FAIL random case"))
        #expect(report.contains("(seed 7)"))
        #expect(report == run(second))
    }

    @Test func environmentVariablesSetTheCasesAndABadOneIsAnError() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try checkEngine(MyEngine(), cases: 1_000, regressions: folder, exhaustive: [],
                                     environment: ["DIFFCHECK_CASES": "25"])
        #expect(result.random?.casesRun == 25)
        #expect(throws: EngineCheckSettingError.self) {
            try checkEngine(MyEngine(), regressions: folder, environment: ["DIFFCHECK_CASES": "many"])
        }
    }
}

/// `MyEngine` under another name (a fixed engine keeps its name).
private struct MyEngineNamed: DiffEngine {
    let name: String
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget]
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { MyEngine().diff(old: old, new: new) }
}

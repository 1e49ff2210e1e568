// The gate: what runs after what (its settings: a failing corpus that stops
// it, a property reported once across bounds, a signal), what the random
// part is told, and what its renderings pin (the exit code, the closing
// line, a finding with no failing answer, JUnit's test cases).
import DiffHarness
import Foundation
import ListModel
import Testing

/// Fails `fresh` on an item that moves and changes (`old: a b`, `new: b a'`).
private let staleMovedUpdate = EngineCatalog.engine(named: "mutant:stale-moved-update")!
private let flatBound = ExhaustiveBound(isFlat: true, maxTotalItems: 4, maxItemsPerSection: 4)

private func corpus(_ files: [String: String]) throws -> GateCorpus {
    let entries = try files.keys.sorted().map { path in CorpusEntry.text(path: path, try CaseParser.parse(files[path]!, file: path).get()) }
    return GateCorpus(entries: entries)
}

private let missedCorpus = [
    "moved-and-updated.case": "old: a b\nnew: b a'\nexpect: pass\n",
    "swap.case": "old: a b\nnew: b a\nexpect: pass\n",
]

/// The in-process parts, told of a signal after `interruptedAfterWalks`
/// walks, and keeping the random part's request.
private final class WatchedParts: GateParts, @unchecked Sendable {
    let parts: InProcessGateParts
    let interruptedAfterWalks: Int?
    var walks = 0
    var randomRequest: GateRandomRequest?

    init(engine: any DiffEngine, interruptedAfterWalks: Int? = nil) {
        parts = InProcessGateParts(engine: engine, findings: nil)
        self.interruptedAfterWalks = interruptedAfterWalks
    }

    var interruption: Int32 { interruptedAfterWalks.map { walks >= $0 ? SIGINT : 0 } ?? 0 }
    func replay(_ entry: CorpusEntry) -> EntryOutcome { parts.replay(entry) }
    func caseText(of outcome: EntryOutcome) -> String { parts.caseText(of: outcome) }
    func walk(_ bound: ExhaustiveBound) -> ExhaustiveResult {
        walks += 1
        return parts.walk(bound)
    }
    func engineForCheckingAgain() -> (any DiffEngine)? { parts.engineForCheckingAgain() }
    func runRandom(_ request: GateRandomRequest) -> GateRandomPart {
        randomRequest = request
        return parts.runRandom(request)
    }
}

@Suite struct GateTests {
    @Test func aFailingCorpusStopsTheGateOnlyWhenItIsSetTo() throws {
        var gate = Gate(engine: GateEngine(name: staleMovedUpdate.name), corpus: try corpus(missedCorpus), exhaustiveBounds: [flatBound],
                        cases: 20, findings: nil)
        let goesOn = gate.run(WatchedParts(engine: staleMovedUpdate))
        #expect(goesOn.corpus.files.count == 2)
        #expect(goesOn.corpus.missedCount == 1)
        #expect(!goesOn.stoppedAfterFailingCorpus)
        #expect(goesOn.exhaustive.count == 1)
        #expect(goesOn.random?.report?.casesRun == 20)

        gate.stopsAfterFailingCorpus = true
        let stops = gate.run(WatchedParts(engine: staleMovedUpdate))
        #expect(stops.stoppedAfterFailingCorpus)
        #expect(stops.exhaustive.isEmpty)
        #expect(stops.random == nil)
        #expect(stops.exitCode() == GateResult.failureCode)
    }

    @Test func aPropertyIsReportedInEveryBoundUnlessOnceIsAsked() throws {
        var gate = Gate(engine: GateEngine(name: staleMovedUpdate.name), corpus: .none, exhaustiveBounds: [flatBound, flatBound],
                        cases: 0, findings: nil)
        let everyBound = gate.run(WatchedParts(engine: staleMovedUpdate))
        #expect(everyBound.exhaustive.map { $0.findings.map(\.property) } == [[.fresh], [.fresh]])
        gate.reportsEachPropertyOnce = true
        let once = gate.run(WatchedParts(engine: staleMovedUpdate))
        #expect(once.exhaustive.map { $0.findings.map(\.property) } == [[.fresh], []])
        // The second bound still counts its failing pairs.
        #expect(once.exhaustive[1].failingPairs == once.exhaustive[0].failingPairs)
        #expect(once.exhaustive[1].failingPairs > 0)
    }

    @Test func theRandomPartIsToldTheBoundsWalkedWholeAndThePropertiesTheyFound() throws {
        let gate = Gate(engine: GateEngine(name: staleMovedUpdate.name), corpus: .none, exhaustiveBounds: [flatBound], cases: 10, findings: nil)
        let parts = WatchedParts(engine: staleMovedUpdate)
        let result = gate.run(parts)
        let request = try #require(parts.randomRequest)
        #expect(request.cases == 10)
        #expect(request.foundKinds == [FindingKind(.fresh)])
        #expect(request.walks.map(\.bound) == [flatBound])
        #expect(request.walks.first?.firstFailingPlaces[FindingKind(.fresh)] == result.exhaustive[0].findings[0].place)
        // Found by the walk, fresh is a repeat in the random cases, never a second finding.
        #expect(result.random?.findings.isEmpty == true)
    }

    @Test func aSignalAfterABoundStopsTheGateThereAndNothingFailedIsExit130() throws {
        let core = EngineCatalog.engine(named: "core")!
        let gate = Gate(engine: GateEngine(name: "core"), corpus: .none, exhaustiveBounds: [flatBound, flatBound], cases: 10, findings: nil)
        let result = gate.run(WatchedParts(engine: core, interruptedAfterWalks: 1))
        #expect(result.exhaustive.count == 1)
        #expect(result.exhaustiveInterruption == SIGINT)
        #expect(result.random == nil)
        #expect(result.exitCode() == 128 + SIGINT)
        let text = GateTextReport(showsTimings: false) { "diffcheck repro " + $0 }.text(of: result)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "corpus: no Corpus/ folder here and no PATHS or --corpus DIR: no corpus to replay")
        #expect(lines.dropLast().last == "check: interrupted (Ctrl-C) during the exhaustive part: the random part did not run")
        #expect(lines.last == "check: interrupted (Ctrl-C), nothing failed in what ran (exit 130)")
    }
}

@Suite struct GateRenderingTests {
    /// A path that is not there: reading it is an error.
    private let missing = NSTemporaryDirectory() + "gate-tests-\(UUID().uuidString).case"

    private func result(readErrors: [String] = [], files: [String: String] = [:]) throws -> GateResult {
        var corpus = try corpus(files)
        corpus.readErrors = readCorpus(readErrors).errors
        let gate = Gate(engine: GateEngine(name: staleMovedUpdate.name), corpus: corpus, exhaustiveBounds: [], cases: 0, findings: nil)
        return gate.run(InProcessGateParts(engine: staleMovedUpdate, findings: nil))
    }

    @Test func anUnreadableFileOutranksAFailureAndAFailureOutranksASignal() throws {
        var failing = try result(files: missedCorpus)
        #expect(failing.exitCode() == 1)
        failing.interruption = SIGTERM
        #expect(failing.exitCode() == 1)
        let report = GateTextReport { $0 }
        #expect(report.closingLine(of: failing, exitCode: 1) == "check: FAILED (exit 1), then interrupted (SIGTERM)")
        #expect(failing.exitCode(addingUsageError: true) == 2)
        let unreadable = try result(readErrors: [missing], files: missedCorpus)
        #expect(unreadable.exitCode() == 2)
        #expect(report.closingLine(of: unreadable, exitCode: 2) == "check: FAILED (exit 2)")
        let holds = try result(files: ["swap.case": missedCorpus["swap.case"]!])
        #expect(holds.exitCode() == 0)
        #expect(report.closingLine(of: holds, exitCode: 0) == "check: everything holds")
    }

    @Test func aCorpusReportsUnreadableFilesOnStandardErrorAndCountsThem() throws {
        let result = try result(readErrors: [missing], files: missedCorpus)
        let report = GateTextReport { "diffcheck repro " + $0 }
        #expect(report.lines(for: .corpusBegan, of: result).errors == result.corpus.readErrors.map(\.description))
        #expect(result.corpus.readErrors.count == 1)
        let summary = try #require(report.lines(for: .corpusEnded, of: result).output.first)
        #expect(summary.hasPrefix("corpus: 2 files, 1 meets its expectation, 1 does not, 1 unreadable or not run ("))
        let missed = report.lines(for: .corpusFile(0), of: result).output
        #expect(missed.last == "reproduce: diffcheck repro moved-and-updated.case\n")
        #expect(report.lines(for: .corpusFile(1), of: result).output.isEmpty)
    }

    @Test func aPairThatPassesWhenAskedAgainIsShownAndNotSaved() {
        var part = GateBoundResult(bound: flatBound, shard: .whole, walk: ExhaustiveResult())
        part.findings = [GateExhaustiveFinding(kind: FindingKind(.deterministic), failingPairs: 1, place: 3,
                                               old: .flat([Item(id: "a")]), new: .flat([Item(id: "b")]),
                                               check: .passedWhenAskedAgain(askings: 4))]
        let text = GateTextReport { $0 }.findingsText(part)
        #expect(text?.hasPrefix("# smallest failure: deterministic (1 pair fails it)\n# pair 3 of \(flatBound): old: ") == true)
        #expect(text?.contains("passed when checked again 4 times") == true)
        #expect(text?.contains("there is no failing answer to record") == true)
        #expect(text?.contains("reproduce:") == false)
    }

    @Test func junitHasACaseForEachFileAndEachUnreadableOneFirst() throws {
        let result = try result(readErrors: [missing], files: missedCorpus)
        let junit = JUnitReport(result, text: GateTextReport { $0 })
        #expect(junit.testCases.map(\.name) == result.corpus.readErrors.map(\.description) + ["moved-and-updated.case", "swap.case"])
        #expect(junit.testCases.map(\.suite) == ["corpus", "corpus", "corpus"])
        #expect(junit.failureCount == 2)
        guard case .failed(let message, let details) = junit.testCases[1].outcome else {
            Issue.record("the missed file passed")
            return
        }
        #expect(message == result.corpus.files[0].outcome.summary)
        #expect(details == result.corpus.files[0].caseText)
    }
}

// checkEngine where iOS apps are tested: settings through xcodebuild's
// TEST_RUNNER_ variables, a regressions folder where the test file's path
// does not exist (a device), a save that cannot be done said so, and an
// engine that needs the main thread called on it alone (the shrinker's
// smaller-pairs pass).
@testable import DiffHarness
import Foundation
import ListModel
import Testing

/// `MyEngine` of the documentation claiming `fresh` (it never reloads): it fails
/// on random cases too, so a campaign without exhaustive bounds shrinks.
private struct StaleEngine: DiffEngine {
    let name = "stale"
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { MyEngine().diff(old: old, new: new) }
}

/// `StaleEngine` as the command line runs it: served, under `--engine-cmd`'s name.
private struct ServedStaleEngine: DiffEngine {
    let name = CaseParser.externalEngine
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { StaleEngine().diff(old: old, new: new) }
}

private func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "check-engine-tests-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct CheckEngineTests {
    @Test func settingsAreAlsoReadWithTheTestRunnerPrefix() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prefixed = try checkEngine(MyEngine(), cases: 300, regressions: folder, exhaustive: [],
                                       environment: ["TEST_RUNNER_DIFFCHECK_CASES": "7"])
        #expect(prefixed.random?.casesRun == 7)
        let both = try checkEngine(MyEngine(), cases: 300, regressions: folder, exhaustive: [],
                                   environment: ["TEST_RUNNER_DIFFCHECK_CASES": "7", "DIFFCHECK_CASES": "9"])
        #expect(both.random?.casesRun == 9)
        let seeded = try checkEngine(MyEngine(), cases: 3, regressions: folder, exhaustive: [],
                                     environment: ["TEST_RUNNER_DIFFCHECK_SEED": "42"])
        #expect(seeded.seed == 42)
        #expect(throws: EngineCheckSettingError.self) {
            try checkEngine(MyEngine(), regressions: folder, environment: ["TEST_RUNNER_DIFFCHECK_CASES": "many"])
        }
        do {
            try checkEngine(MyEngine(), regressions: folder, environment: ["TEST_RUNNER_DIFFCHECK_CASES": "many"])
        } catch {
            #expect("\(error)".hasPrefix("TEST_RUNNER_DIFFCHECK_CASES=many:"), "\(error)")
        }
        // The regressions folder too.
        let moved = folder + "/moved"
        #expect(throws: EngineCheckFailure.self) {
            try checkEngine(StaleEngine(), cases: 0, regressions: folder,
                            environment: ["TEST_RUNNER_DIFFCHECK_REGRESSIONS": moved])
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: moved)) ?? []).contains { $0.hasSuffix(".case") })
    }

    @Test func whereTheTestFileDoesNotExistFailuresGoToTheTemporaryDirectoryAndTheReportSaysSo() throws {
        let name = "DeviceTests-\(UUID().uuidString)"
        let missing = "/nonexistent-\(UUID().uuidString)/Tests/MyEngineTests/\(name).swift"
        let expected = NSTemporaryDirectory() + "diffcheck-regressions/" + name
        defer { try? FileManager.default.removeItem(atPath: expected) }
        // #filePath is a StaticString (no made-up path can be passed): the
        // choice of folder is checked on its own, then the campaign with it.
        let chosen = defaultRegressionsFolder(testFile: missing)
        #expect(chosen.folder == expected)
        #expect(chosen.note?.contains("does not exist here") == true)
        let present = defaultRegressionsFolder(testFile: "\(#filePath)")
        #expect(present.folder == (("\(#filePath)" as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent("diffcheck-regressions"))
        #expect(present.note == nil)
        var failure: EngineCheckFailure?
        do {
            try checkEngine(StaleEngine(), cases: 0, regressions: chosen.folder, environment: [:])
        } catch let thrown as EngineCheckFailure {
            failure = thrown
        }
        let report = try #require(failure).description
        #expect(report.contains("saved: \(expected)/"), "\(report)")
    }

    /// Issue 27, point 6: a saved case names the engine by its own name
    /// (`engine: stale`), which the command line's reader refused, though the
    /// report told the user to run `diffcheck show FILE` on it.
    @Test func aSavedCaseReadsAsTheCommandLineReadsItAndTheReportSaysHow() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var failure: EngineCheckFailure?
        do {
            try checkEngine(StaleEngine(), cases: 0, regressions: folder, environment: [:])
        } catch let thrown as EngineCheckFailure {
            failure = thrown
        }
        let result = try #require(failure).result
        let path = try #require(result.failures.first?.path)
        #expect(result.description.contains("\ndraw it: diffcheck show \(shellQuoted(path))\n"), "\(result.description)")
        #expect(result.description.contains("diffcheck repro \(shellQuoted(path)) --engine-cmd 'COMMAND'"), "\(result.description)")
        // What `show`, `repro` and `check --corpus` read it with: the defaults.
        let read = readCorpus([folder])
        #expect(read.errors.isEmpty, "\(read.errors)")
        let entry = try #require(read.entries.first)
        guard case .text(_, let saved) = entry else { Issue.record("not a case file"); return }
        #expect(saved.engine == "stale" && saved.hasRecordedAnswer)
        // Without an engine command it names what to pass; the run's engine under its command-line name runs it.
        let refusal = CorpusReplayer(defaultEngine: CoreEngine()).replay(entry).refusal
        #expect(refusal?.message(path: path).contains(": error: engine stale is not built into diffcheck") == true, "\(String(describing: refusal))")
        let served = CorpusReplayer(defaultEngine: ServedStaleEngine()).replay(entry)
        #expect(served.refusal == nil && served.failures.map(\.property) == [.fresh], "\(served.summary)")
        // And checkEngine still replays it first.
        #expect(throws: EngineCheckFailure.self) { try checkEngine(StaleEngine(), cases: 0, regressions: folder, environment: [:]) }
        let again = Campaign(engine: StaleEngine(), cases: 0, regressions: folder).run()
        #expect(again.regressionsReplayed == 1 && again.failures.first?.part == .regression, "\(again.description)")
    }

    @Test func aFailureThatCannotBeSavedSaysSo() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A regular file where the folder should be: nothing can be saved under it.
        let blocker = folder + "/blocker"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        var failure: EngineCheckFailure?
        do {
            try checkEngine(StaleEngine(), cases: 200, regressions: blocker + "/regressions", environment: [:])
        } catch let thrown as EngineCheckFailure {
            failure = thrown
        }
        let result = try #require(failure).result
        #expect(!result.failures.isEmpty)
        for finding in result.failures {
            #expect(finding.path == nil)
            #expect(finding.saveError != nil)
        }
        #expect(result.description.contains("NOT SAVED (the next run will not replay it): "), "\(result.description)")
    }

    @Test(arguments: [true, false])
    func theSmallerPairsPassKeepsItsCallsOnTheCallingThreadWhenAsked(keeps: Bool) throws {
        // What a shrinker made on the main thread does (`keepsCallsOnCallingThread`
        // is `Thread.isMainThread` at its making): an engine that needs the main
        // thread is called there alone, never from threads the main thread waits for.
        // Threads told apart by their Thread objects (ObjectIdentifier is
        // Sendable everywhere; pthread_t is a pointer on Darwin).
        let caller = ObjectIdentifier(Thread.current)
        let lock = NSLock()
        nonisolated(unsafe) var calls = 0, callsElsewhere = 0
        let fails: @Sendable (Snapshot, Snapshot) -> Bool = { old, new in
            lock.lock()
            calls += 1
            if ObjectIdentifier(Thread.current) != caller { callsElsewhere += 1 }
            lock.unlock()
            return old.itemCount >= 3 && new.itemCount >= 2
        }
        let generator = PairGenerator()
        let start = try #require((0..<500).lazy.map { generator.campaignCase(seed: 2, n: $0) }
            .first { $0.old.itemCount >= 3 && $0.new.itemCount >= 2 && totalItems($0.old, $0.new) > 8 })
        let shrinker = Shrinker(failing: start.choices, size: totalItems(start.old, start.new),
                                direct: generator.directShapes) { candidate in
            let pair = generator.replay(candidate)
            return pair.old.itemCount >= 3 && pair.new.itemCount >= 2 ? (pair.choices, totalItems(pair.old, pair.new)) : nil
        }
        shrinker.pairFails = fails
        shrinker.judgesPairsConcurrently = true
        shrinker.keepsCallsOnCallingThread = keeps
        let shrunk = generator.replay(shrinker.run().choices)
        #expect(shrunk.old.itemCount == 3 && shrunk.new.itemCount == 2)
        #expect(calls > 1_000, "only \(calls) calls: the pass judged no whole block")
        if keeps {
            #expect(callsElsewhere == 0)
        } else if ProcessInfo.processInfo.activeProcessorCount > 1 {
            // The other side, so that the first can fail: left alone, the pass uses every core.
            #expect(callsElsewhere > 0)
        }
    }

    @Test func aShrinkerKeepsItsCallsOnTheCallingThreadExactlyWhenMadeOnTheMainThread() {
        let shrinker = Shrinker(failing: [], size: 0) { _ in nil }
        #expect(shrinker.keepsCallsOnCallingThread == Thread.isMainThread)
    }
}

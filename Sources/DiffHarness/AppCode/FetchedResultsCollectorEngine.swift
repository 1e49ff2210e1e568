// FetchedResultsCollectorEngine: an app's own fetched-results collector as
// a subject: the emulated controller's delegate calls in, the batches it
// makes on a `ListUpdateRecorder` out; and `checkFetchedResultsCollector`,
// which checks one from a test target as `checkEngine` checks an engine.
//
//     @Test func myCollectorIsSafe() throws {
//         try checkFetchedResultsCollector(named: "MyCollector") { list in MyCollector(list: list) }
//     }
import Foundation
import ListModel

/// A fetched-results collector under test, as an engine: for each pair,
/// the emulated controller (`fetchedResultsChanges`, with the reading
/// `FetchedResultsReading.reading` draws from the pair, so a campaign meets
/// all sixteen) calls a fresh collector made by `makeCollector` on a
/// `ListUpdateRecorder`, and what it recorded is the answer.
///
/// Claims `valid`, `reaches-target` and `fresh`: a collector's batches must
/// be accepted, leave the view showing the results, and refresh every
/// changed object. A pair with a repeated identifier is declined (no
/// controller reports one).
public struct FetchedResultsCollectorEngine: DiffEngine {
    /// The collector's name, in reports and saved cases.
    public let name: String
    /// Whether collectors may be made and driven on several threads at once.
    public let isSafeToCallConcurrently: Bool
    /// Makes a collector that replays on the recorder it is given, as a
    /// collection view's list (`ListUpdating`) or a table's (`TableUpdating`).
    let makeCollector: @Sendable (ListUpdateRecorder) -> any FetchedResultsCollecting

    /// The collector that `makeCollector` makes, named `name` in reports and
    /// saved cases. `isSafeToCallConcurrently`: whether collectors may be
    /// made and driven on several threads at once (each call makes its own).
    public init(name: String, isSafeToCallConcurrently: Bool = false,
                makeCollector: @escaping @Sendable (any ListUpdating) -> any FetchedResultsCollecting) {
        self.init(name: name, isSafeToCallConcurrently: isSafeToCallConcurrently, onRecorder: { makeCollector($0) })
    }

    /// A collector made on the recorder itself (a table's collector sees it
    /// as `TableUpdating`).
    init(name: String, isSafeToCallConcurrently: Bool = false,
         onRecorder makeCollector: @escaping @Sendable (ListUpdateRecorder) -> any FetchedResultsCollecting) {
        self.name = name
        self.isSafeToCallConcurrently = isSafeToCallConcurrently
        self.makeCollector = makeCollector
    }

    public var isFlatOnly: Bool { false }
    public var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh, .deterministic, .noCrash] }
    public var summary: String { "the fetched-results collector \(name), driven by the emulated controller" }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        guard let stream = fetchedResultsChanges(old: old, new: new, reading: .reading(old: old, new: new)) else {
            return .refusal("a fetched-results controller never reports a repeated object or section name")
        }
        let recorder = ListUpdateRecorder()
        stream.deliver(to: makeCollector(recorder), old: old, new: new)
        if let malformed = recorder.malformed.first { return .failure(EngineFailure(malformed)) }
        return .stages(recorder.stages(data: new))
    }
}

/// Checks an app's fetched-results collector, as `checkEngine` checks an
/// engine, and throws `EngineCheckFailure` if a property fails: generated
/// pairs (the three seed shapes among them) are turned into the emulated
/// controller's delegate calls, a fresh collector made by `makeCollector`
/// replays them on a recording list, and the model (`profile`: UIKit's
/// collection view by default) judges the batches. A failure is shrunk
/// and saved as `checkEngine` saves it (`diffcheck show` and `repro` read
/// it; `repro --engine-cmd` needs the collector served as an engine).
///
/// - Parameters:
///   - name: the collector's name, in reports and saved cases.
///   - profile: the list view its batches are checked as (UIKit's
///     collection view by default).
///   - cases: random cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the random cases; `DIFFCHECK_SEED` overrides it.
///   - regressions: the folder of saved failures, as `checkEngine` takes it.
///   - exhaustive: bounds whose every pair is checked (`[]`: none).
///   - environment: where the `DIFFCHECK_…` variables are read.
///   - filePath: the calling test file, whose folder holds the default
///     regressions folder; leave it out.
///   - makeCollector: a collector replaying on the list it is given.
/// - Returns: the result, when every property holds.
@discardableResult
public func checkFetchedResultsCollector(named name: String, profile: Profile = .uikit, cases: Int = 1_000,
                                         seed: UInt64 = 0, regressions: String? = nil,
                                         exhaustive: [ExhaustiveBound] = Campaign.smallBounds,
                                         environment: [String: String] = ProcessInfo.processInfo.environment,
                                         filePath: StaticString = #filePath,
                                         makeCollector: @escaping @Sendable (any ListUpdating) -> any FetchedResultsCollecting)
    throws -> CampaignResult {
    try checkEngine(FetchedResultsCollectorEngine(name: name, makeCollector: makeCollector), profile: profile, cases: cases,
                    seed: seed, regressions: regressions, exhaustive: exhaustive, environment: environment, filePath: filePath)
}

// checkFetchedResultsTableCollector: a fetched-results collector written for
// a table view (`TableUpdating`), checked as one written for a collection
// view is, on the same recorder, under UITableView's profile.
import Foundation
import ListModel

/// Checks an app's fetched-results collector written for a table view
/// (`TableUpdating`), as `checkFetchedResultsCollector` checks one written
/// for a collection view; its batches are judged as UITableView's by
/// default (`profile: .tableview`).
///
/// - Parameters:
///   - name: the collector's name, in reports and saved cases.
///   - profile: the list view its batches are checked as (UITableView by default).
///   - cases: random cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the random cases; `DIFFCHECK_SEED` overrides it.
///   - regressions: the folder of saved failures, as `checkEngine` takes it.
///   - exhaustive: bounds whose every pair is checked (`[]`: none).
///   - environment: where the `DIFFCHECK_…` variables are read.
///   - filePath: the calling test file, whose folder holds the default
///     regressions folder; leave it out.
///   - makeCollector: a collector replaying on the table it is given.
/// - Returns: the result, when every property holds.
@discardableResult
public func checkFetchedResultsTableCollector(named name: String, profile: Profile = .tableview, cases: Int = 1_000,
                                              seed: UInt64 = 0, regressions: String? = nil,
                                              exhaustive: [ExhaustiveBound] = Campaign.smallBounds,
                                              environment: [String: String] = ProcessInfo.processInfo.environment,
                                              filePath: StaticString = #filePath,
                                              makeCollector: @escaping @Sendable (any TableUpdating) -> any FetchedResultsCollecting)
    throws -> CampaignResult {
    try checkEngine(FetchedResultsCollectorEngine(name: name, onRecorder: { makeCollector($0) }), profile: profile,
                    cases: cases, seed: seed, regressions: regressions, exhaustive: exhaustive,
                    environment: environment, filePath: filePath)
}

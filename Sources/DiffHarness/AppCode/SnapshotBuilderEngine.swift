// SnapshotBuilderEngine: an app's diffable snapshot builder as a subject:
// the fetched results in, the snapshot it builds (with its reload and
// reconfigure marks) applied as a diffable data source applies it
// (RULES.md §6), and `checkDiffableSnapshotBuilder`, which checks one from
// a test target.
//
//     @Test func theBuilderIsSafe() throws {
//         try checkDiffableSnapshotBuilder(named: "MyBuilder") { results, snapshot in build(results, into: &snapshot) }
//     }
import Foundation
import ListModel

/// One section of the fetched results a snapshot builder is given: the
/// section's name (its key path value, or its entity's name when several
/// entities are merged), its objects' identifiers in order, and those of
/// them whose content changed since the last snapshot (the updated
/// objects, which the controller's snapshot does not mark).
public struct FetchedResultsSection: Hashable, Sendable {
    /// The section's name.
    public var name: String
    /// Its objects' identifiers, in order.
    public var objects: [String]
    /// Its objects whose content changed since the last snapshot.
    public var changed: Set<String>

    /// A section `name` of `objects`, `changed` of them updated.
    public init(name: String, objects: [String], changed: Set<String> = []) {
        self.name = name
        self.objects = objects
        self.changed = changed
    }
}

/// A snapshot builder under test, as an engine. For each pair, the builder
/// is given the old results (nothing changed) and then the new ones; the
/// second snapshot is applied over the first as a diffable data source
/// applies it: items matched by the builder's identifiers, a matched item
/// unmarked keeping its cell (what it showed), a new one or one marked
/// with `reloadItems` or `reconfigureItems` configured from the new
/// results. The batches that take the view there are the diff core's, so
/// the verdicts are about where the view ends: `reaches-target` (a cell
/// showing another object) and `fresh` (a changed object's cell not
/// refreshed). A fatal error of the snapshot (a repeated identifier, in
/// UIKit's words) fails `no-crash`; so does a snapshot whose sections or
/// items do not match the results one for one (each built section is
/// taken to be the results' section at its place, each item the object).
///
/// A pair whose sections repeat a name, or whose section repeats an object,
/// is declined: no controller reports one. Objects of different sections
/// may share an identifier (merged entities).
public struct SnapshotBuilderEngine: DiffEngine {
    /// The builder's name, in reports and saved cases.
    public let name: String
    /// Builds a snapshot from the results.
    public let build: @Sendable ([FetchedResultsSection], inout DiffableSnapshotRecorder) -> Void

    /// The builder `build`, named `name`.
    public init(name: String, build: @escaping @Sendable ([FetchedResultsSection], inout DiffableSnapshotRecorder) -> Void) {
        self.name = name
        self.build = build
    }

    public var isFlatOnly: Bool { false }
    public var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh, .deterministic, .noCrash] }
    public var summary: String { "the diffable snapshot builder \(name), applied as a diffable data source applies it" }
    public var isSafeToCallConcurrently: Bool { true }

    /// The results `snapshot` stands for: each section with its objects,
    /// those whose content differs from `before` (by section name and
    /// identifier, or by identifier alone for an object that changed
    /// section) marked changed.
    static func results(_ snapshot: Snapshot, before: Snapshot?) -> [FetchedResultsSection] {
        var content: [String: [String: Int]] = [:], anywhere: [String: Int] = [:]
        for section in before?.sections ?? [] {
            for item in section.items {
                content[section.id, default: [:]][item.id] = item.content
                anywhere[item.id] = item.content
            }
        }
        return snapshot.sections.map { section in
            let changed = section.items.filter { item in
                (content[section.id]?[item.id] ?? anywhere[item.id]).map { $0 != item.content } ?? false
            }
            return FetchedResultsSection(name: section.id, objects: section.items.map(\.id), changed: Set(changed.map(\.id)))
        }
    }

    /// A snapshot built, or the failure that building it is.
    enum Built {
        case success(DiffableSnapshot)
        case failure(EngineFailure)
    }

    /// The snapshot the builder makes of `results`, or its failure.
    func built(_ results: [FetchedResultsSection], shape snapshot: Snapshot, which: String) -> Built {
        var recorder = DiffableSnapshotRecorder()
        build(results, &recorder)
        if let error = recorder.fatalError { return .failure(EngineFailure("building the \(which) snapshot: \(error.message)")) }
        let made = recorder.snapshot
        guard made.numberOfSections == snapshot.sections.count else {
            return .failure(EngineFailure("the \(which) snapshot holds \(quantity(made.numberOfSections, "section")), "
                                          + "the results \(snapshot.sections.count)"))
        }
        for (s, section) in snapshot.sections.enumerated() where made.sections[s].items.count != section.items.count {
            return .failure(EngineFailure("section \(s) of the \(which) snapshot holds \(quantity(made.sections[s].items.count, "item")), "
                                          + "the results' \(section.items.count)"))
        }
        return .success(made)
    }

    /// Whether a name repeats among the sections, or an object within one.
    static func isReportable(_ snapshot: Snapshot) -> Bool {
        Set(snapshot.sections.map(\.id)).count == snapshot.sections.count
            && snapshot.sections.allSatisfy { Set($0.items.map(\.id)).count == $0.items.count }
    }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        guard Self.isReportable(old), Self.isReportable(new) else {
            return .refusal("a fetched-results controller never reports a repeated section name, or an object twice in a section")
        }
        let before: DiffableSnapshot, after: DiffableSnapshot
        switch built(Self.results(old, before: nil), shape: old, which: "old") {
        case .failure(let failure): return .failure(failure)
        case .success(let made): before = made
        }
        switch built(Self.results(new, before: old), shape: new, which: "new") {
        case .failure(let failure): return .failure(failure)
        case .success(let made): after = made
        }
        // What each of the builder's identifiers stood for in the old snapshot: the object and the section.
        var oldItem: [String: Item] = [:], oldSection: [String: String] = [:]
        for (s, section) in before.sections.enumerated() {
            oldSection[section.id] = old.sections[s].id
            for (i, id) in section.items.enumerated() { oldItem[id] = old.sections[s].items[i] }
        }
        let marked = Set(after.reloadedItems + after.reconfiguredItems)
        // Where the view ends: a kept, unmarked cell shows what it showed; the rest what the results hold.
        var end = new
        for (s, section) in after.sections.enumerated() {
            if let kept = oldSection[section.id] { end.sections[s].id = kept }
            for (i, id) in section.items.enumerated() {
                if let shown = oldItem[id], !marked.contains(id) { end.sections[s].items[i] = shown }
            }
        }
        return .stages(CoreEngine().stages(old: old, new: end))
    }
}

/// Checks an app's diffable snapshot builder, as `checkEngine` checks an
/// engine, and throws `EngineCheckFailure` if a property fails: for each
/// generated pair (the three fetched-results shapes among them: one
/// section, sections by a key path, several entities merged), `build` is
/// given the old and then the new results, and the second snapshot is
/// applied over the first as UIKit applies one (`SnapshotBuilderEngine`).
/// A repeated identifier fails with UIKit's fatal error; a changed object
/// neither reloaded nor reconfigured is a stale cell.
///
/// - Parameters:
///   - name: the builder's name, in reports and saved cases.
///   - profile: the list view the batches are checked as (UIKit's
///     collection view by default).
///   - cases: random cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the random cases; `DIFFCHECK_SEED` overrides it.
///   - regressions: the folder of saved failures, as `checkEngine` takes it.
///   - exhaustive: bounds whose every pair is checked (`[]`: none).
///   - environment: where the `DIFFCHECK_…` variables are read.
///   - filePath: the calling test file, whose folder holds the default
///     regressions folder; leave it out.
///   - build: fills the snapshot it is given from the results.
/// - Returns: the result, when every property holds.
@discardableResult
public func checkDiffableSnapshotBuilder(named name: String, profile: Profile = .uikit, cases: Int = 1_000,
                                         seed: UInt64 = 0, regressions: String? = nil,
                                         exhaustive: [ExhaustiveBound] = Campaign.smallBounds,
                                         environment: [String: String] = ProcessInfo.processInfo.environment,
                                         filePath: StaticString = #filePath,
                                         build: @escaping @Sendable ([FetchedResultsSection], inout DiffableSnapshotRecorder) -> Void)
    throws -> CampaignResult {
    try checkEngine(SnapshotBuilderEngine(name: name, build: build), profile: profile, cases: cases, seed: seed,
                    regressions: regressions, exhaustive: exhaustive, environment: environment, filePath: filePath)
}

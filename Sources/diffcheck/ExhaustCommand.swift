// ExhaustCommand: `diffcheck exhaust`, every small pair within a bound.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck exhaust`'s options: the bound's limits, where findings go, the workers.
struct ExhaustOptions: EngineCommandOptions {
    static var labelWidth: Int { 23 }

    @Flag("--sectioned", help: "only the sectioned bound")
    var isSectioned: Bool

    @Option("--max-items", "N", help: "most items, old and new together", .wholeNumber)
    var maxItems: Int?

    @Option("--max-sections", "N", help: "most sections in one snapshot", .wholeNumber(atLeast: 1))
    var maxSections: Int?

    @Option("--max-per-section", "N", help: "most items in one section (at least 1)", .wholeNumber(atLeast: 1))
    var maxPerSection: Int?

    @Option("--versions", "N", help: "content versions of a new item (default 2)", .wholeNumber(atLeast: 1))
    var versions: Int?

    @Option("--findings", "DIR", help: """
        where each failing property's smallest pair is
        saved (default Corpus/findings)
        """, .text)
    var findings = "Corpus/findings"

    @Option("--jobs", "N", help: """
        worker processes (default 2); the report does
        not depend on N
        """, .jobs)
    var jobs = 2

    @Option("--shard", "K/N", help: """
        check only the pairs at places K-1, K-1+N, …
        of the walk: N machines running shards 1/N …
        N/N check every pair once between them
        """, .shard)
    var shard = Shard.whole

    var common = EngineOptions()
}

enum ExhaustCommand {
    static let help = ExhaustOptions.help(usage: "Usage: diffcheck exhaust [OPTIONS]", description: """
    Checks the engine on every old/new pair within a bound, identities
    renamed to a canonical form (no pair is checked twice up to renaming),
    smallest pairs first. For each property that fails, its smallest failing
    pair is printed with the number of pairs that fail it, and saved like a
    random finding (`expect: pass`, the engine's answer as `recorded:`). The engine runs in worker processes: a pair it traps or
    hangs on is a no-crash failure, and the walk stops there. Each bound's
    pair count is printed before its walk (stderr), and the progress lines
    count towards it with the time left. Without limits
    it runs both default bounds:
      flat:      \(ExhaustiveBound.flat)
      sectioned: \(ExhaustiveBound.sectioned)
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: ExhaustOptions
        do { options = try ExhaustOptions.readProbingEngine(arguments, command: "exhaust", help: help) } catch { return error.code }
        let engine: any DiffEngine
        let bounds: [ExhaustiveBound]
        let jobs = options.jobs
        do {
            engine = try options.engine()
            bounds = try ExhaustCommand.bounds(options, limits: options, engine: engine)
        } catch {
            printError("diffcheck exhaust: \(error)")
            return ExitCode.usage
        }
        var failed = false
        let engines = options.isolatedEngines
        let report = GateTextReport { reproduceLine(path: $0, options: options) }
        for bound in bounds {
            // The total first: a large bound's walk takes hours, and its progress lines count towards it.
            fflush(nil)
            printError("exhaustive (\(bound)): \(groupedDigits(bound.pairCount)) pairs to walk")
            let result = exhaust(bound, options: options, jobs: jobs, engines: engines, showsProgress: true,
                                 findings: options.findings)
            for line in report.boundLines(result) { print(line) }
            failed = failed || result.failingPairs > 0 || result.runError != nil
            if isInterrupted != 0 { break }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// The bounds to walk: the default ones (flat only for a flat-only
    /// engine or `--flat`; `--sectioned`), within `limits`.
    static func bounds(_ options: some EngineCommandOptions, limits: ExhaustOptions = ExhaustOptions(), engine: any DiffEngine) throws
        -> [ExhaustiveBound] {
        let isFlat = options.generator.isFlatOnly || engine.isFlatOnly
        var chosen: [ExhaustiveBound]
        if isFlat { chosen = [.flat] } else if limits.isSectioned { chosen = [.sectioned] } else { chosen = [.flat, .sectioned] }
        for index in chosen.indices {
            chosen[index].maxTotalItems = limits.maxItems ?? chosen[index].maxTotalItems
            if !chosen[index].isFlat {
                chosen[index].maxSections = limits.maxSections ?? chosen[index].maxSections
            }
            // A section of no items holds no pair to walk.
            chosen[index].maxItemsPerSection = limits.maxPerSection ?? chosen[index].maxItemsPerSection
            chosen[index].contentVersions = limits.versions ?? chosen[index].contentVersions
            chosen[index].allowsDuplicates = options.generator.allowsDuplicates
            let bound = chosen[index]
            let holds = 2 * (bound.isFlat ? 1 : bound.maxSections) * bound.maxItemsPerSection
            if limits.maxItems != nil && bound.maxTotalItems > holds {
                throw UsageError(description: "--max-items \(bound.maxTotalItems) is more than the bound holds: old and new of up to "
                                 + "\(bound.isFlat ? 1 : bound.maxSections) section(s) of \(bound.maxItemsPerSection) items hold \(holds) in all "
                                 + "(raise --max-per-section\(bound.isFlat ? "" : " or --max-sections"), or lower --max-items)")
            }
            let pairs = chosen[index].pairCount
            guard pairs <= maximumPairs else {
                throw UsageError(description: "the bound \(chosen[index]) holds \(String(format: "%.1e", pairs)) pairs: "
                                 + "a walk that cannot end (at most \(String(format: "%.0e", maximumPairs)) are allowed); lower --max-items or --versions, or use `diffcheck fuzz`")
            }
        }
        return chosen
    }

    /// The most pairs a walk may have: about a week at 150,000 pairs a second.
    static let maximumPairs = 1e11

    /// Checks every pair of `bound` in worker processes; returns the walk
    /// and, for each property that failed, its smallest failing pair as a
    /// finding (`GateBoundResult.checkSmallestFailures`): checked again with
    /// the engine in a child process, saved in `findings` (when given) like
    /// a random finding (named by what it holds, the engine's answer as
    /// `recorded:` lines, `expect: pass`).
    static func exhaust(_ bound: ExhaustiveBound, options: some EngineCommandOptions, jobs: Int, engines: IsolatedEngines, showsProgress: Bool,
                        findings: String?) -> GateBoundResult {
        let began = Date()
        var result: GateBoundResult
        do {
            let walk = try ExhaustiveRun(options: options.campaign, jobs: jobs, shard: options.shard, showsProgress: showsProgress).run(bound)
            result = GateBoundResult(bound: bound, shard: options.shard, walk: walk)
            result.checkSmallestFailures(engine: try? options.isolatedEngine(engines), profile: options.profile,
                                         engineCommand: options.engineCommand, findings: findings)
        } catch {
            result = GateBoundResult(bound: bound, shard: options.shard, walk: nil, runError: "\(error)")
        }
        result.seconds = Date().timeIntervalSince(began)
        return result
    }
}

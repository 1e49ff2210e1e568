// ExhaustCommand: `diffcheck exhaust`, every small pair within a bound.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

enum ExhaustCommand {
    static let help = """
    Usage: diffcheck exhaust [OPTIONS]

    Checks the engine on every old/new pair within a bound, identities
    renamed to a canonical form (no pair is checked twice up to renaming),
    smallest pairs first: the first failure printed is a smallest
    counterexample. The engine runs in worker processes: a pair it traps or
    hangs on is a no-crash failure, and the walk stops there. Without limits
    it runs both default bounds:
      flat:      \(ExhaustiveBound.flat)
      sectioned: \(ExhaustiveBound.sectioned)

    Options:
      --flat                 only the flat bound (or a flat custom bound)
      --sectioned            only the sectioned bound
      --max-items N          most items, old and new together
      --max-sections N       most sections in one snapshot
      --max-per-section N    most items in one section
      --versions N           content versions of a new item (default 2)
      --no-duplicates        no repeated identities
      --jobs N               worker processes (default 2); the report does
                             not depend on N
      --shard K/N            check only the pairs at places K-1, K-1+N, …
                             of the walk: N machines running shards 1/N …
                             N/N check every pair once between them
      --engine, --engine-cmd, --profile, --timeout as elsewhere

    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, valued: ["--max-items", "--max-sections", "--max-per-section", "--versions", "--jobs", "--shard"],
                                  switches: ["--sectioned"])
        } catch {
            printError("diffcheck exhaust: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        let engine: any DiffEngine
        let bounds: [ExhaustiveBound]
        let jobs: Int
        do {
            engine = try options.engine()
            bounds = try ExhaustCommand.bounds(options, engine: engine)
            jobs = try options.jobs(default: 2)
            _ = try options.shard()
        } catch {
            printError("diffcheck exhaust: \(error)")
            return ExitCode.usage
        }
        var failed = false
        let engines = IsolatedEngines(timeout: options.timeout)
        for bound in bounds {
            let result = exhaust(bound, options: options, jobs: jobs, engines: engines, showsProgress: true)
            print(result.line)
            if let first = result.firstFailure { print(first) }
            failed = failed || result.failures > 0
            if isInterrupted != 0 { break }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    static func bounds(_ options: Options, engine: any DiffEngine) throws -> [ExhaustiveBound] {
        let isFlat = options.generator.isFlatOnly || engine.isFlatOnly
        var chosen: [ExhaustiveBound]
        if isFlat { chosen = [.flat] } else if options.flags.contains("--sectioned") { chosen = [.sectioned] } else { chosen = [.flat, .sectioned] }
        for index in chosen.indices {
            chosen[index].maxTotalItems = try options.integer("--max-items", default: chosen[index].maxTotalItems)
            if !chosen[index].isFlat {
                chosen[index].maxSections = try options.integer("--max-sections", default: chosen[index].maxSections, atLeast: 1)
            }
            chosen[index].maxItemsPerSection = try options.integer("--max-per-section", default: chosen[index].maxItemsPerSection)
            chosen[index].contentVersions = try options.integer("--versions", default: chosen[index].contentVersions, atLeast: 1)
            chosen[index].allowsDuplicates = options.generator.allowsDuplicates
            let bound = chosen[index]
            let holds = 2 * (bound.isFlat ? 1 : bound.maxSections) * bound.maxItemsPerSection
            if options.values["--max-items"] != nil && bound.maxTotalItems > holds {
                throw UsageError(description: "--max-items \(bound.maxTotalItems) is more than the bound holds: old and new of up to "
                                 + "\(bound.isFlat ? 1 : bound.maxSections) section(s) of \(bound.maxItemsPerSection) items hold \(holds) in all "
                                 + "(raise --max-per-section\(bound.isFlat ? "" : " or --max-sections"), or lower --max-items)")
            }
            let least = chosen[index].leastPairCount
            guard least <= maximumPairs else {
                throw UsageError(description: "the bound \(chosen[index]) holds at least \(String(format: "%.1e", least)) pairs: "
                                 + "a walk that cannot end (at most \(String(format: "%.0e", maximumPairs)) are allowed); lower --max-items or --versions, or use `diffcheck fuzz`")
            }
        }
        return chosen
    }

    /// The most pairs a walk may have: about a week at 150,000 pairs a second.
    static let maximumPairs = 1e11

    /// Checks every pair of `bound` in worker processes; returns a one-line
    /// report and the first failure as a case.
    static func exhaust(_ bound: ExhaustiveBound, options: Options, jobs: Int, engines: IsolatedEngines, showsProgress: Bool)
        -> (line: String, failures: Int, pairs: Int, firstFailure: String?) {
        let result: ExhaustiveResult
        do {
            result = try ExhaustiveRun(options: options, jobs: jobs, shard: (try? options.shard()) ?? .whole,
                                       showsProgress: showsProgress).run(bound)
        } catch {
            return ("exhaustive (\(bound)): could not run: \(error)", 1, 0, nil)
        }
        var first: String?
        if let failure = result.firstFailure, let pair = exhaustivePair(bound, at: failure.place),
           let engine = try? options.isolatedEngine(engines) {
            // The smallest failure, checked again with the engine in a child process.
            let verdict = failure.crash == nil ? Checker(engine: engine, profile: options.profile).check(old: pair.old, new: pair.new) : nil
            let notAgain = "failed in an exhaustive worker, but not when checked again with the engine in a child process (is the engine deterministic?)"
            let shown = verdict?.failures.first
                ?? PropertyFailure(failure.crash == nil ? result.firstProperties.first ?? .deterministic : .noCrash, failure.crash ?? notAgain)
            var lines = ["# smallest failure: \(shown)"]
            if let command = options.engineCommand { lines.append("# " + CaseParser.engineCommandComment + command) }
            // The engine's answer as `recorded:` lines: the case can be judged and drawn without the engine.
            let c = Case(old: pair.old, new: pair.new, expectation: .fail(shown.property.rawValue), engine: engine.name,
                         recorded: verdict?.stages ?? [])
            first = lines.joined(separator: "\n") + "\n" + CasePrinter.text(c)
        }
        let shard = (try? options.shard()) ?? .whole
        let checked = shard.share(of: result.pairs)
        let rate = Double(checked) / max(result.elapsed, 0.001)
        let counts = result.byProperty.keys.sorted().map { "\($0.rawValue) \(result.byProperty[$0]!)" }.joined(separator: ", ")
        let pairs = shard.isWhole ? "\(result.pairs) distinct pairs" : "shard \(shard): \(checked) of \(result.pairs) distinct pairs"
        var line = "exhaustive (\(bound)): \(pairs), \(result.failingPairs) failing" + (counts.isEmpty ? "" : " (\(counts))")
            + String(format: " in %.1f s (%.0f pairs/s)", result.elapsed, rate)
        if result.stoppedAt != nil { line += "; stopped at the first pair the engine trapped or hung on" }
        if result.wasInterrupted { line += " (interrupted)" }
        return (line, result.failingPairs + (result.wasInterrupted ? 1 : 0), checked, first)
    }
}

extension ExhaustiveBound {
    /// A lower bound of the pairs in the walk, to refuse walks that cannot
    /// end: the item names of the largest shape alone (a Bell number of its
    /// items) times the content versions of its new items.
    var leastPairCount: Double {
        let perSide = (isFlat ? 1 : maxSections) * maxItemsPerSection
        let items = min(maxTotalItems, 2 * perSide)
        // Bell numbers by the Bell triangle, in Double (they pass 1e11 at 17).
        var row: [Double] = [1]
        for _ in 0..<max(items, 0) {
            var next = [row[row.count - 1]]
            for value in row { next.append(next[next.count - 1] + value) }
            row = next
        }
        return row[0] * pow(Double(max(contentVersions, 1)), Double(min(items, perSide)))
    }
}

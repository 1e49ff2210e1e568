// ExhaustCommand: `diffcheck exhaust`, every small pair within a bound.
import DiffHarness
import Foundation
import ListModel

enum ExhaustCommand {
    static let help = """
    Usage: diffcheck exhaust [OPTIONS]

    Checks the engine on every old/new pair within a bound, identities
    renamed to a canonical form (no pair is checked twice up to renaming),
    smallest pairs first: the first failure printed is a smallest
    counterexample. Without limits it runs both default bounds:
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
      --engine, --engine-cmd, --profile, --timeout as elsewhere

    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, valued: ["--max-items", "--max-sections", "--max-per-section", "--versions"],
                                  switches: ["--sectioned"])
        } catch {
            printError("diffcheck exhaust: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        let engine: any DiffEngine
        let bounds: [ExhaustiveBound]
        do {
            engine = try options.engine()
            bounds = try ExhaustCommand.bounds(options, engine: engine)
        } catch {
            printError("diffcheck exhaust: \(error)")
            return ExitCode.usage
        }
        var failed = false
        for bound in bounds {
            let result = exhaust(bound, engine: engine, profile: options.profile)
            print(result.line)
            if let first = result.firstFailure { print(first) }
            failed = failed || result.failures > 0
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    static func bounds(_ options: Options, engine: any DiffEngine) throws -> [ExhaustiveBound] {
        let isFlat = options.generator.isFlatOnly || engine.isFlatOnly
        var chosen: [ExhaustiveBound]
        if isFlat { chosen = [.flat] } else if options.flags.contains("--sectioned") { chosen = [.sectioned] } else { chosen = [.flat, .sectioned] }
        for index in chosen.indices {
            chosen[index].maxTotalItems = try options.integer("--max-items", default: chosen[index].maxTotalItems)
            if !chosen[index].isFlat { chosen[index].maxSections = try options.integer("--max-sections", default: chosen[index].maxSections) }
            chosen[index].maxItemsPerSection = try options.integer("--max-per-section", default: chosen[index].maxItemsPerSection)
            chosen[index].contentVersions = max(try options.integer("--versions", default: chosen[index].contentVersions), 1)
            chosen[index].allowsDuplicates = options.generator.allowsDuplicates
        }
        return chosen
    }

    /// Checks every pair of `bound`; returns a one-line report and the first failure as a case.
    static func exhaust(_ bound: ExhaustiveBound, engine: any DiffEngine, profile: Profile)
        -> (line: String, failures: Int, pairs: Int, firstFailure: String?) {
        let checker = Checker(engine: engine, profile: profile)
        var failures = 0
        var first: String?
        var byProperty: [PropertyName: Int] = [:]
        let start = Date()
        let pairs = ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
            let verdict = checker.check(old: old, new: new)
            if let failure = verdict.failures.first {
                failures += 1
                for f in verdict.failures { byProperty[f.property, default: 0] += 1 }
                if first == nil {
                    var lines = ["# smallest failure: \(failure)"]
                    if !verdict.stages.isEmpty {
                        lines.append("# the engine answered:")
                        lines += CasePrinter.stageLines(verdict.stages, isFlat: old.isFlat && new.isFlat).map { "#   " + $0 }
                    }
                    let c = Case(old: old, new: new, expectation: .fail(failure.property.rawValue), engine: engine.name)
                    first = lines.joined(separator: "\n") + "\n" + CasePrinter.text(c)
                }
            }
            return isInterrupted == 0
        }
        let elapsed = Date().timeIntervalSince(start)
        let rate = Double(pairs) / max(elapsed, 0.001)
        let counts = byProperty.keys.sorted().map { "\($0.rawValue) \(byProperty[$0]!)" }.joined(separator: ", ")
        let line = "exhaustive (\(bound)): \(pairs) distinct pairs, \(failures) failing" + (counts.isEmpty ? "" : " (\(counts))")
            + String(format: " in %.1f s (%.0f pairs/s)", elapsed, rate)
        return (line, failures, pairs, first)
    }
}

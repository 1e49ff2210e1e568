// WorkerCommand: `diffcheck worker`, the process that runs an engine for a
// campaign (hidden; started by `fuzz` and `check`).
//
// It runs cases n = index, index + jobs, … and speaks one line per event on
// standard output:
//   start N            before case N runs (also written to the state file)
//   done N LABELS      case N ran; LABELS is a comma-separated list or -
//   shrinking N PROPERTY
//                      case N failed PROPERTY; shrinking it
//   found N PROPERTY PATH
//                      the shrunk case of case N is saved at PATH
//   again N PROPERTY   case N failed a property this worker already found
//                      (not shrunk again: one counterexample per property)
// With `--choices "1 2 3"` it runs that one case and exits 0 when the engine
// returned (whatever the properties said); a trap or a hang shows in its exit.
import DiffHarness
import Foundation
import ListModel

enum WorkerCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, valued: ["--jobs", "--index", "--cases", "--findings", "--state", "--choices"])
        } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        signal(SIGINT, SIG_IGN)   // the supervisor decides when a campaign stops
        let engine: any DiffEngine
        do { engine = try options.engine() } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        let generator = PairGenerator(options: options.generator.forEngine(engine))
        let checker = Checker(engine: engine, profile: options.profile)
        if let text = options.values["--choices"] {
            let choices = text.split(separator: " ").compactMap { Int($0) }
            let pair = generator.replay(choices)
            _ = checker.check(old: pair.old, new: pair.new)
            return ExitCode.success
        }
        let jobs = max((try? options.integer("--jobs", default: 1)) ?? 1, 1)
        let index = (try? options.integer("--index", default: 0)) ?? 0
        let limit = (try? options.integer("--cases", default: Int.max)) ?? Int.max
        let findings = options.values["--findings"] ?? "Corpus/findings"
        let state = options.values["--state"].map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        defer { if state >= 0 { close(state) } }
        var found: Set<PropertyName> = []
        var n = index
        while n < limit {
            // Enough to rebuild the case is on disk before it runs.
            if state >= 0 {
                let line = Array("seed \(options.seed) case \(n)\n".utf8)
                _ = ftruncate(state, 0)
                _ = line.withUnsafeBytes { pwrite(state, $0.baseAddress, $0.count, 0) }
            }
            emit("start \(n)")
            let pair = generator.campaignCase(seed: options.seed, n: n)
            let verdict = checker.check(old: pair.old, new: pair.new)
            if let failure = verdict.failures.first, found.contains(failure.property) {
                emit("again \(n) \(failure.property.rawValue)")
            } else if let failure = verdict.failures.first {
                found.insert(failure.property)
                emit("shrinking \(n) \(failure.property.rawValue)")
                let shrunk = shrink(pair, failing: failure.property, checker: checker, generator: generator)
                let example = Counterexample(
                    failure: shrunk.verdict.failures.first { $0.property == failure.property } ?? failure,
                    engine: engine.name, profile: options.profile, seed: options.seed, caseNumber: n,
                    original: pair, shrunk: shrunk.pair, shrunkVerdict: shrunk.verdict,
                    shrinkCalls: shrunk.result.calls, isShrinkBudgetExhausted: shrunk.result.isBudgetExhausted)
                let path = (try? saveFinding(example, in: findings)) ?? "-"
                emit("found \(n) \(failure.property.rawValue) \(path)")
            }
            let labels = Label.of(old: pair.old, new: pair.new).sorted().map(\.rawValue).joined(separator: ",")
            emit("done \(n) \(verdict.isSkipped ? "skipped" : (labels.isEmpty ? "-" : labels))")
            n += jobs
        }
        return ExitCode.success
    }
}

/// Writes one protocol line to standard output, unbuffered, so the
/// supervisor sees it even if the worker dies right after.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

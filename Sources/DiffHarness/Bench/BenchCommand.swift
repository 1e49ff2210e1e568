// BenchCommand: `diffcheck bench` — the core against the standard library,
// the hash floor and a Dictionary, in one process, on identical inputs.
import Foundation

/// `diffcheck bench [--json] [--runs N] [--seed N] [--quick] [--input K]`.
///
/// For every input (made from a fixed seed) and contender, runs the
/// contender `--runs` times and prints the median time, its ratio to the
/// core, the moves reported next to the longest-increasing-subsequence
/// minimum, and the peak resident-memory growth of the first run.
///
/// The standard library's Myers diff takes time proportional to (n + m)·D
/// (D: elements deleted plus inserted, counting a move as both). Its budget:
/// it runs once (not `--runs` times) on inputs of 50,000 elements or more,
/// and is skipped, with the estimate printed, when (n + m)·D exceeds 5·10¹⁰.
public enum BenchCommand {
    static let usage = """
        usage: diffcheck bench [--json] [--runs N] [--seed N] [--quick] [--input K]

          --json     print the rows as JSON instead of a table
          --runs N   timed runs per contender and input; the median is reported (default 5)
          --seed N   seed of the inputs (default 2024)
          --quick    inputs about a tenth of the size (a smoke test)
          --input K  only the K-th input (1-based)

        Build in release mode (swift build -c release) for meaningful numbers.
        """

    static let singleRunThreshold = 50_000
    static let stepBudget = 5e10

    /// Runs the benchmark with the arguments that follow `bench`; returns the
    /// exit status (0 ok, 2 usage error).
    public static func run(_ arguments: [String]) -> Int32 {
        var isJSON = false, isQuick = false, runs = 5, seed: UInt64 = 2024, only: Int?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return 0
            case "--json": isJSON = true
            case "--quick": isQuick = true
            case "--runs":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 1 else {
                    return usageError("--runs needs a positive number")
                }
                runs = value
            case "--seed":
                guard let value = rest.popFirst().flatMap(UInt64.init) else {
                    return usageError("--seed needs a non-negative number")
                }
                seed = value
            case "--input":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 1 else {
                    return usageError("--input needs a positive number")
                }
                only = value
            default:
                return usageError("unknown argument '\(argument)'")
            }
        }
        var inputs = BenchInput.all(seed: seed, isQuick: isQuick)
        if let only {
            guard only <= inputs.count else { return usageError("--input: there are \(inputs.count) inputs") }
            inputs = [inputs[only - 1]]
        }
        let rows = measure(inputs, runs: runs, log: !isJSON)
        if isJSON {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(rows), let text = String(data: data, encoding: .utf8) {
                print(text)
            }
        } else {
            print(table(rows, runs: runs, seed: seed))
        }
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("diffcheck bench: \(message)\n\(usage)\n".utf8))
        return 2
    }

    static func measure(_ inputs: [BenchInput], runs: Int, log: Bool) -> [BenchRow] {
        var rows: [BenchRow] = []
        for input in inputs {
            let minimum = input.minimumMoves
            var coreMedian: Double?
            for contender in BenchContender.allCases {
                if log { FileHandle.standardError.write(Data("bench: \(input.name): \(contender.rawValue)\n".utf8)) }
                var row = BenchRow(
                    input: input.name, elements: input.elementCount, contender: contender.rawValue,
                    runs: 0, minimumMoves: minimum)
                var count = runs
                if contender == .standardLibrary {
                    guard case .flat(let old, let new) = input.shape else {
                        row.note = "flat inputs only"
                        rows.append(row)
                        continue
                    }
                    let steps = myersSteps(old: old.count, new: new.count, minimumMoves: minimum, input: input)
                    if steps > stepBudget {
                        row.note = String(format: "skipped: an estimated %.1e steps, over budget", steps)
                        rows.append(row)
                        continue
                    }
                    if input.elementCount >= singleRunThreshold {
                        count = 1
                        row.note = "run once (budget)"
                    }
                }
                var times: [Double] = []
                var moves: Int?
                row.peakMemoryBytes = PeakMemory.measure {
                    let start = ContinuousClock.now
                    moves = contender.run(input)
                    times.append(seconds(ContinuousClock.now - start))
                }
                for _ in 1..<max(count, 1) {
                    let start = ContinuousClock.now
                    _ = contender.run(input)
                    times.append(seconds(ContinuousClock.now - start))
                }
                times.sort()
                let median = times.count % 2 == 1
                    ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
                if contender == .core { coreMedian = median }
                row.runs = times.count
                row.medianSeconds = median
                row.ratioToCore = coreMedian.map { median / $0 }
                row.moves = moves
                rows.append(row)
            }
        }
        return rows
    }

    /// The standard library's steps (≈ (n + m)·D) for a flat input, with
    /// D = n + m − 2·(longest common subsequence); identities are unique, so
    /// the common subsequence is the paired elements minus the minimum moves.
    static func myersSteps(old: Int, new: Int, minimumMoves: Int, input: BenchInput) -> Double {
        let (oldIDs, newIDs) = input.identities
        let paired = Set(oldIDs).intersection(newIDs).count
        let common = paired - minimumMoves
        let distance = Double(old + new - 2 * common)
        return Double(old + new) * distance
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func table(_ rows: [BenchRow], runs: Int, seed: UInt64) -> String {
        var lines = [
            "median of \(runs) runs, seed \(seed); peak memory: resident-set growth during the first run (VmHWM − VmRSS)",
            "",
            "| input | contender | median | × core | moves (LIS min) | peak memory |",
            "| --- | --- | ---: | ---: | ---: | ---: |",
        ]
        for row in rows {
            let time = row.medianSeconds.map(formatTime) ?? "—"
            let ratio = row.ratioToCore.map { String(format: "%.2f", $0) } ?? "—"
            let moves = row.moves.map { "\($0) (\(row.minimumMoves))" } ?? "— (\(row.minimumMoves))"
            let memory = row.peakMemoryBytes.map(formatBytes) ?? "—"
            let note = row.note.map { " (\($0))" } ?? ""
            lines.append("| \(row.input) | \(row.contender)\(note) | \(time) | \(ratio) | \(moves) | \(memory) |")
        }
        return lines.joined(separator: "\n")
    }

    static func formatTime(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.1f µs", seconds * 1e6)
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.2f GiB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return "\(bytes / 1024) KiB"
    }
}

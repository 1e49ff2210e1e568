// BenchCommand: `diffcheck bench` — the core against the standard library,
// a Dictionary baseline and its own identity table, in one process, on
// identical inputs, interleaved run by run.
import CommandOptions
import Foundation

/// `diffcheck bench [--json] [--runs N] [--seed N] [--quick] [--input K] [--contender NAME]`,
/// and `diffcheck bench --harness [--cases N] [--runs N] [--seed N]` (`BenchHarness`).
///
/// For every input (made from a fixed seed), each contender runs once
/// untimed (the peak-memory run, which also sizes the timed runs), then
/// `--runs` timed rounds follow; in each round every contender runs once,
/// in an order rotated from round to round, so a burst of load lands on
/// all of them rather than on whoever ran then. A run's time is the
/// thread's CPU time (and the wall clock beside it); a run on a small input
/// repeats the diff until it takes about a millisecond. The table gives the
/// minimum and the median, the median of the per-round ratios to the
/// Dictionary baseline, and flags a row whose spread (median ÷ minimum)
/// exceeds `BenchSamples.trustedSpread`.
///
/// The standard library's Myers diff takes time proportional to (n + m)·D
/// (D: elements deleted plus inserted, counting a move as both). Its budget:
/// it runs once (the peak-memory run is then its only run) on inputs of
/// 50,000 elements or more, and is skipped, with the estimate printed, when
/// (n + m)·D exceeds 5·10¹⁰.
public enum BenchCommand {
    /// `diffcheck bench --help`: the core bench's options, then the engine bench's.
    public static let usage = [
        BenchOptions.help(usage: """
            usage: diffcheck bench [--json] [--runs N] [--seed N] [--quick] [--input K] [--contender NAME]
                   diffcheck bench --harness [--cases N] [--runs N] [--seed N]
                   diffcheck bench --engine NAME | --engine-cmd 'CMD' [--json] [--runs N] [--seed N]
                                   [--max-size N] [--timeout SECONDS] [--hang-timeout SECONDS] [--flat]
                                   [--case FILE]
            """, description: "", footer: nil),
        """
        With --engine or --engine-cmd: your engine's time per case over the size classes
        (large 100, thousands 1000, tens-of-thousands 10000, hundreds-of-thousands 100000
        old items, flat and sectioned, the same inputs for every engine), its growth between
        classes, its moves, reloads and deletes+inserts against the minimum, the core's
        figures beside it, and with --engine-cmd the core served the same way (the pipe and JSON
        both ways); a class past --timeout is asked again alone and timed, one the engine does
        not answer within --hang-timeout is reported, and larger ones of its shape not sent.
        Then its growth by change: one flat list (the largest class up to --max-size, at most
        10000 items) with more and more of its items deleted, inserted, changed and moved.
        """,
        EngineBenchOptions.optionsHelp,
        "Build in release mode (swift build -c release) for meaningful numbers.",
    ].joined(separator: "\n\n")

    /// Every option `bench` reads, the engine bench's included (`--json`, `--runs`, `--seed` once: both modes have them).
    public static var optionSpecs: [OptionSpec] {
        let own = BenchOptions.optionSpecs
        return own + EngineBenchOptions.optionSpecs.filter { spec in !own.contains { $0.name == spec.name } }
    }

    static let singleRunThreshold = 50_000
    static let stepBudget = 5e10
    /// A timed run repeats the work until it takes about this long.
    static let runTarget = 1e-3

    /// Runs the benchmark with the arguments that follow `bench`; returns the
    /// exit status (0 ok, 2 usage error).
    public static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--engine") || arguments.contains("--engine-cmd") {
            return EngineBench.run(arguments)
        }
        let options: BenchOptions
        do { options = try BenchOptions.read(arguments, as: .bench(help: usage)) } catch { return error.code }
        let (isJSON, isQuick, runs, only, isHarness, cases) = (options.isJSON, options.isQuick, options.runs, options.input,
                                                             options.isHarness, options.cases)
        let contenders = options.contender.map { [$0] } ?? BenchContender.allCases
        if isHarness {
            let seed = options.seed ?? 1
            let loadBefore = BenchClock.loadAverages()
            let sample = BenchHarness.measure(seed: seed, cases: cases, runs: runs)
            print(BenchHarness.table(sample, seed: seed, cases: cases, runs: runs, load: (loadBefore, BenchClock.loadAverages())))
            return 0
        }
        if let only, only > BenchInput.count {
            return usageError("--input: there are \(BenchInput.count) inputs")
        }
        let seed = options.seed ?? 2024
        let inputs = BenchInput.all(seed: seed, isQuick: isQuick, only: only.map { $0 - 1 })
        let loadBefore = BenchClock.loadAverages()
        let rows = measure(inputs, contenders: contenders, runs: runs, log: !isJSON)
        let loadAfter = BenchClock.loadAverages()
        if isJSON {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(rows), let text = String(data: data, encoding: .utf8) {
                print(text)
            }
        } else {
            print(table(rows, runs: runs, seed: seed, load: (loadBefore, loadAfter)))
        }
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("diffcheck bench: \(message)\n\(usage)\n".utf8))
        return 2
    }

    static func measure(
        _ inputs: [BenchInput], contenders: [BenchContender], runs: Int, log: Bool
    ) -> [BenchRow] {
        var rows: [BenchRow] = []
        for input in inputs {
            if log { FileHandle.standardError.write(Data("bench: \(input.name)\n".utf8)) }
            rows += measure(input, contenders: contenders, runs: runs)
        }
        return rows
    }

    /// One input: the untimed peak-memory runs, then `runs` interleaved rounds.
    static func measure(
        _ input: BenchInput, contenders: [BenchContender] = BenchContender.allCases, runs: Int
    ) -> [BenchRow] {
        let workload = input.workload
        let minimum = input.minimumMoves
        var rows = contenders.map { contender in
            BenchRow(
                input: input.name, elements: input.elementCount, identities: workload.identityName,
                contender: contender.rawValue, runs: 0, minimumMoves: minimum)
        }
        var samples = [BenchSamples](repeating: BenchSamples(), count: contenders.count)
        // Which contenders take part in the timed rounds.
        var isTimed = [Bool](repeating: true, count: contenders.count)

        for (k, contender) in contenders.enumerated() {
            if contender == .standardLibrary {
                guard workload.isFlat else {
                    rows[k].note = "flat inputs only"
                    isTimed[k] = false
                    continue
                }
                let steps = workload.myersSteps(minimumMoves: minimum)
                if steps > stepBudget {
                    rows[k].note = String(format: "skipped: an estimated %.1e steps, over budget", steps)
                    isTimed[k] = false
                    continue
                }
            }
            var moves: Int?
            var elapsed = BenchClock(cpu: 0, wall: 0)
            rows[k].peakMemoryBytes = PeakMemory.measure {
                let start = BenchClock.now()
                moves = input.run(contender, iterations: 1)
                elapsed = BenchClock.elapsed(from: start, to: BenchClock.now(), iterations: 1)
            }
            rows[k].moves = moves
            if contender == .standardLibrary && input.elementCount >= singleRunThreshold {
                rows[k].note = "run once (budget)"
                samples[k].append(elapsed)
                isTimed[k] = false
            }
            rows[k].iterationsPerRun = iterations(input, contender, firstRun: elapsed.cpu)
        }

        // Invariant: after round r, every timed contender has r + 1 samples,
        // taken in the order contenders rotated by r.
        for round in 0..<runs {
            for offset in contenders.indices {
                let k = (offset + round) % contenders.count
                guard isTimed[k] else { continue }
                let iterations = rows[k].iterationsPerRun
                let start = BenchClock.now()
                _ = input.run(contenders[k], iterations: iterations)
                samples[k].append(BenchClock.elapsed(from: start, to: BenchClock.now(), iterations: iterations))
            }
        }

        let core = contenders.firstIndex(of: .core).map { samples[$0] } ?? BenchSamples()
        let baseline = contenders.firstIndex(of: .dictionaryBaseline).map { samples[$0] } ?? BenchSamples()
        for k in contenders.indices where samples[k].count > 0 {
            let mine = samples[k]
            rows[k].runs = mine.count
            rows[k].medianSeconds = mine.medianCPU
            rows[k].minimumSeconds = mine.minimumCPU
            rows[k].medianWallSeconds = mine.medianWall
            rows[k].minimumWallSeconds = mine.minimumWall
            rows[k].spread = mine.spread
            rows[k].isNoisy = mine.isNoisy
            rows[k].ratioToCore = mine.ratio(to: core)
            rows[k].ratioToBaseline = mine.ratio(to: baseline)
            if let a = mine.minimumCPU, let b = baseline.minimumCPU, b > 0 { rows[k].minimumRatioToBaseline = a / b }
        }
        return rows
    }

    /// How many times a timed run repeats the work to take about
    /// `runTarget`: one when the first (cold) run took that long already,
    /// else found by timing warm runs of 1, 4, 16, ... repetitions.
    static func iterations(_ input: BenchInput, _ contender: BenchContender, firstRun: Double) -> Int {
        guard firstRun < runTarget else { return 1 }
        var iterations = 1
        while true {
            let start = BenchClock.now()
            _ = input.run(contender, iterations: iterations)
            let cpu = BenchClock.elapsed(from: start, to: BenchClock.now(), iterations: iterations).cpu
            if cpu * Double(iterations) >= runTarget / 4 || iterations >= 1 << 20 {
                return max(1, min(1 << 22, Int(runTarget / max(cpu, 1e-9))))
            }
            iterations *= 4
        }
    }

    static func table(_ rows: [BenchRow], runs: Int, seed: UInt64, load: (String?, String?)) -> String {
        var lines = [
            "\(runs) rounds, contenders interleaved, seed \(seed); load average \(load.0 ?? "?") before, "
                + "\(load.1 ?? "?") after",
            (BenchClock.hasThreadClock ? "time: thread CPU time" : "time: wall clock (no thread CPU clock here)")
                + " of one run (min, median) and wall clock (median); "
                + "÷ Dict.: median of per-round ratios to the Dictionary baseline (min-based in brackets);",
            "spread: median ÷ min of the CPU times (! over \(String(format: "%.2f", BenchSamples.trustedSpread)): "
                + "the load changed, do not trust the ratio); peak memory: resident-set growth during an untimed run"
                + (rows.contains { $0.peakMemoryBytes != nil } ? "" : " (— here: not measured, the kernel's high-water mark cannot be reset)"),
            "",
            "| input | contender | min CPU | median CPU | median wall | ÷ Dict. | spread | moves (LIS min) | peak memory |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        var noisy = 0
        for row in rows {
            let ratio = row.ratioToBaseline.map { String(format: "%.2f", $0) } ?? "—"
            let minimumRatio = row.minimumRatioToBaseline.map { String(format: " (%.2f)", $0) } ?? ""
            let spread = row.spread.map { String(format: "%.2f", $0) + (row.isNoisy ? " !" : "") } ?? "—"
            if row.isNoisy { noisy += 1 }
            let moves = row.moves.map { "\($0) (\(row.minimumMoves))" } ?? "— (\(row.minimumMoves))"
            var memory = row.peakMemoryBytes.map(formatBytes) ?? "—"
            if let bytes = row.peakMemoryBytes, row.elements >= 10_000 {
                memory += " (\(bytes / row.elements) B/element)"
            }
            var notes = row.note.map { [$0] } ?? []
            if row.iterationsPerRun > 1 { notes.append("×\(row.iterationsPerRun) a run") }
            let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
            lines.append(
                "| \(row.input) | \(row.contender)\(note) | \(row.minimumSeconds.map(formatTime) ?? "—") "
                    + "| \(row.medianSeconds.map(formatTime) ?? "—") | \(row.medianWallSeconds.map(formatTime) ?? "—") "
                    + "| \(ratio)\(minimumRatio) | \(spread) | \(moves) | \(memory) |")
        }
        if noisy > 0 {
            lines.append("")
            lines.append("warning: \(noisy) row(s) spread over \(String(format: "%.2f", BenchSamples.trustedSpread)) "
                + "(marked !): the machine's load changed during them; rerun with more --runs or on a quieter machine")
        }
        return lines.joined(separator: "\n")
    }

    static func formatTime(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        if seconds >= 1e-6 { return String(format: "%.1f µs", seconds * 1e6) }
        return String(format: "%.0f ns", seconds * 1e9)
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.2f GiB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return "\(bytes / 1024) KiB"
    }
}

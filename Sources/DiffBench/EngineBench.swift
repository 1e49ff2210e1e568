// EngineBench: `diffcheck bench --engine NAME` and `--engine-cmd CMD` — how a
// user's engine scales: its time per case over the size classes, the growth
// between them, its output against the minimum, and the core's figures on
// the same inputs beside it.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// The engine bench: every input of `SizeClassInput.all`, smallest first,
/// asked of the engine `runs` times (the median answer time is the row's)
/// and run on the core as many times.
///
/// An `--engine-cmd` engine's time is its answer time as a campaign
/// measures it (`EnginePace`, `ExternalEngine`): wall clock from when the
/// engine could start on the request to its answer, a process's first
/// answer (its start-up) not counted; beside it, the core served the same
/// way (the pipe and JSON both ways). A built-in engine and the core run in
/// this process, timed on the thread's CPU clock (`BenchClock`). An input
/// past the timeout is asked again alone with the hang deadline and timed;
/// one not answered then is reported as too slow, and so is every larger
/// input of the same shape.
enum EngineBench {
    static let usage = EngineBenchOptions.help(usage: """
        usage: diffcheck bench --engine NAME | --engine-cmd 'CMD' [--json] [--runs N] [--seed N]
                               [--max-size N] [--timeout SECONDS] [--hang-timeout SECONDS] [--flat]
                               [--case FILE]
        """, description: "", footer: nil)

    /// Runs the engine bench with `bench`'s arguments; returns the exit
    /// status (0 ok, 2 usage error or an engine command that cannot run).
    static func run(_ arguments: [String]) -> Int32 {
        let options: EngineBenchOptions
        do { options = try EngineBenchOptions.read(arguments, as: .bench(help: usage)) } catch { return error.code }
        let (isJSON, runs, seed, maxItems, timeout) = (options.isJSON, options.runs, options.seed, options.maxItems, options.timeout)
        let (engineName, command, casePath, hangTimeout) = (options.engineName, options.command, options.casePath, options.hangTimeout)
        var isFlat = options.isFlat
        if engineName != nil && command != nil { return usageError("--engine and --engine-cmd: give one") }
        let engine: any DiffEngine
        let engineLabel: String
        if let command {
            do {
                // The probe waits as long for a start-up whatever --timeout is: that is for the inputs.
                let probed = try EngineProbe.run(command: command, timeout: 0)
                if probed.declaration?.isFlatOnly == true { isFlat = true }
            } catch {
                FileHandle.standardError.write(Data("diffcheck bench: \(error)\n".utf8))
                return 2
            }
            let external = ExternalEngine(command: command, timeout: timeout, isFlatOnly: isFlat, capturesErrors: false,
                                          hangTimeout: hangTimeout)
            // Every run is timed, a slow one too.
            external.repeatsSlowRequests = true
            // A line the engine writes after its answer (a second copy) is refused, not timed as the next answer.
            external.settleSeconds = 0.05
            engine = external
            engineLabel = "external `\(command)`"
        } else if let engineName {
            guard let found = EngineCatalog.engine(named: engineName) else {
                return usageError("unknown engine '\(engineName)' (see `diffcheck engines`)")
            }
            engine = found
            if found.isFlatOnly { isFlat = true }
            engineLabel = found.name
        } else {
            return usageError("--engine or --engine-cmd needed")
        }
        if let casePath {
            let code = CaseBench.run(engine, path: casePath, runs: runs, timeout: timeout, hangTimeout: hangTimeout, isJSON: isJSON)
            (engine as? ExternalEngine)?.close()
            return code
        }
        let inputs = SizeClassInput.all(seed: seed, maxItems: maxItems, flatOnly: isFlat)
        let report = measure(engine, inputs: inputs, runs: runs, log: !isJSON)
        let byChange = measure(engine, inputs: SizeClassInput.byChange(seed: seed, maxItems: maxItems), runs: runs, log: !isJSON,
                               growingIn: .changes)
        (engine as? ExternalEngine)?.close()
        let header = EngineBenchReport.Header(engine: engineLabel, seed: seed, runs: runs, timeout: timeout, maxItems: maxItems)
        var full = EngineBenchReport(header: header, rows: report.rows, exponents: report.exponents)
        full.byChange = byChange.rows
        // The growth in changes from the two most changed inputs (the last row's from the one before).
        full.changeExponent = byChange.rows.last.map { EngineBenchReport.Exponent(shape: "flat", engine: $0.engine?.growth, core: $0.core?.growth) }
        print(isJSON ? full.json : full.table)
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("diffcheck bench: \(message)\n\(usage)\n".utf8))
        return 2
    }

    /// What a row's growth is measured in.
    enum GrowthAxis {
        /// Old and new items together (the size table).
        case items
        /// The pair's fewest changes (the table by change).
        case changes

        var size: KeyPath<EngineBenchRow, Int> {
            switch self {
            case .items: \.items
            case .changes: \.minimumChanges
            }
        }
    }

    /// Every input asked of `engine` and of the core, smallest first; each
    /// row's growth is from the row before of its shape, in `axis`.
    static func measure(_ engine: any DiffEngine, inputs: [SizeClassInput], runs: Int, log: Bool,
                        growingIn axis: GrowthAxis = .items)
        -> (rows: [EngineBenchRow], exponents: [EngineBenchReport.Exponent]) {
        guard !inputs.isEmpty else { return ([], []) }
        let external = engine as? ExternalEngine
        if external != nil {
            // Started on a trivial request first, so that no input's deadline has the start-up in it.
            let one = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: [Item(id: "a")])])
            _ = engine.diff(old: one, new: one)
        }
        let core = CoreEngine()
        // Beside an --engine-cmd engine, the core served the same way: like with like.
        let served = external.map { external in
            IsolatedEngine(CoreEngine(), timeout: external.timeout, hangTimeout: external.hangTimeout, executable: ownExecutable())
        }
        defer { served?.child.close() }
        if let served {
            served.child.repeatsSlowRequests = true
            _ = served.diff(old: Snapshot(sections: []), new: Snapshot(sections: []))
        }
        var rows: [EngineBenchRow] = []
        var tooSlowShapes: [Bool: String] = [:]
        var paces: [Bool: EnginePace] = [:], corePaces: [Bool: EnginePace] = [:]
        for input in inputs {
            if log {
                let changes = axis == .items ? "" : ", \(input.minimumChanges) changes"
                FileHandle.standardError.write(Data("bench: \(input.sizeClass.name) \(input.shapeName)\(changes)\n".utf8))
            }
            var row = EngineBenchRow(input)
            row.core = figures(core, input, runs: runs, external: nil).figures
            if let served { row.coreServed = figures(served, input, runs: runs, external: served.child).figures }
            if let reason = tooSlowShapes[input.isFlat] {
                row.status = .tooSlow
                row.note = "not sent: a smaller \(input.shapeName) input was too slow (\(reason))"
            } else {
                let measured = figures(engine, input, runs: runs, external: external)
                row.engine = measured.figures
                row.status = measured.status
                row.note = measured.note
                if measured.status == .tooSlow { tooSlowShapes[input.isFlat] = input.sizeClass.name }
            }
            // Growth from the previous class of the same shape.
            if let previousRow = rows.last(where: { $0.isFlat == input.isFlat }) {
                let sizes = (previousRow[keyPath: axis.size], row[keyPath: axis.size])
                let engineGrowth = growth(previousRow.engine, row.engine, items: sizes, isExternal: external != nil)
                let coreGrowth = growth(previousRow.core, row.core, items: sizes, isExternal: false)
                row.engine?.growth = engineGrowth
                row.core?.growth = coreGrowth
            }
            if let seconds = row.engine?.medianSeconds { paces[input.isFlat, default: EnginePace()].record(items: row.items, seconds: seconds) }
            if let seconds = row.core?.medianSeconds { corePaces[input.isFlat, default: EnginePace()].record(items: row.items, seconds: seconds) }
            rows.append(row)
        }
        let exponents = [true, false].filter { shape in inputs.contains { $0.isFlat == shape } }.map { shape in
            EngineBenchReport.Exponent(shape: shape ? "flat" : "sectioned", engine: paces[shape]?.fittedExponent,
                                       core: corePaces[shape]?.fittedExponent)
        }
        return (rows, exponents)
    }

    /// The growth exponent between two rows' median times; for an external
    /// engine nil when either is under the pace's noise (mostly pipe and JSON).
    static func growth(_ lower: EngineBenchFigures?, _ upper: EngineBenchFigures?, items: (Int, Int), isExternal: Bool) -> Double? {
        guard let low = lower?.medianSeconds, let high = upper?.medianSeconds, low > 0, high > 0 else { return nil }
        if isExternal && (low < EnginePace.noiseSeconds || high < EnginePace.noiseSeconds) { return nil }
        return EnginePace.growth(from: (items.0, low), to: (items.1, high))
    }

    /// `runs` answers of `engine` on `input`: the times, and the output's size of the first.
    static func figures(_ engine: any DiffEngine, _ input: SizeClassInput, runs: Int, external: ExternalEngine?)
        -> (figures: EngineBenchFigures?, status: EngineBenchRow.Status, note: String?) {
        var times: [Double] = []
        var figures: EngineBenchFigures?
        for _ in 0..<runs {
            let start = BenchClock.now()
            let output = engine.diff(old: input.old, new: input.new)
            // In process: the thread's CPU time, as the rest of the bench (a burst of load elsewhere is not counted).
            var seconds = BenchClock.now().cpu - start.cpu
            if let external {
                var paced = external.lastAnswerSeconds
                if paced == nil, case .stages = output {
                    // A fresh process's first answer has its start-up in it: asked again, for the pace's time;
                    // an engine that fails then (it broke the protocol, say) is not timed.
                    let again = engine.diff(old: input.old, new: input.new)
                    guard case .stages = again else { return (nil, status(of: again), note(of: again)) }
                    paced = external.lastAnswerSeconds
                }
                guard let paced else { return (nil, status(of: output), note(of: output)) }
                seconds = paced
            }
            guard case .stages(let stages) = output else { return (nil, status(of: output), note(of: output)) }
            times.append(seconds)
            if figures == nil { figures = EngineBenchFigures(stages) }
        }
        figures?.medianSeconds = BenchSamples.median(times)
        figures?.minimumSeconds = times.min()
        return (figures, .answered, nil)
    }

    static func status(of output: EngineOutput) -> EngineBenchRow.Status {
        switch output {
        case .stages: return .answered
        case .refusal: return .refused
        case .failure(let failure): return failure.isTooSlow || failure.isHang ? .tooSlow : .failed
        }
    }

    static func note(of output: EngineOutput) -> String? {
        switch output {
        case .stages: return nil
        case .refusal(let reason): return "refused: \(reason)"
        case .failure(let failure): return failure.reason
        }
    }
}

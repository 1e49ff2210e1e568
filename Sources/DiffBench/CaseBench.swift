// CaseBench: `diffcheck bench --engine-cmd CMD --case FILE` — the engine timed
// on one case (the slow case a campaign saved, say), beside the core in this
// process and the core served the way the engine is, so that the protocol's
// own cost (the pipe, JSON both ways) is told from the engine's.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// The bench of one case file.
enum CaseBench {
    /// Times `engine` on the case in `path`, `runs` times; prints one
    /// line each for the engine, the core in process and the core served
    /// (as JSON with `isJSON`). Returns 0, or 2 for a file that does not
    /// read as one case (named with file and line).
    static func run(_ engine: any DiffEngine, path: String, runs: Int, timeout: Double, hangTimeout: Double, isJSON: Bool) -> Int32 {
        let data: [UInt8]
        switch InputFile.read(path, as: .caseFile) {
        case .success(let read): data = read
        case .failure(let error):
            FileHandle.standardError.write(Data("diffcheck bench: \(error)\n".utf8))
            return 2
        }
        let parsed: Case
        switch CaseParser.parse(bytes: data, file: path) {
        case .success(let c): parsed = c
        case .failure(let error):
            FileHandle.standardError.write(Data("diffcheck bench: \(error)\n".utf8))
            return 2
        }
        let input = (old: parsed.old, new: parsed.new)
        let items = totalItems(input.old, input.new)
        let changes = CoreEngine().changeCount(old: input.old, new: input.new)
        var rows: [(name: String, seconds: [Double], note: String?)] = []
        if engine.isFlatOnly && !(input.old.isFlat && input.new.isFlat) {
            rows.append((engine.name, [], "not sent: the case is sectioned and the engine is flat-only"))
        } else {
            rows.append(time(engine, input, runs: runs, label: engine is ExternalEngine ? "the engine" : engine.name))
        }
        rows.append(time(CoreEngine(), input, runs: runs, label: "the core, in this process"))
        // The core served as an engine is (`diffcheck worker --serve`): the pipe and JSON both ways, and the core.
        let served = IsolatedEngine(CoreEngine(), timeout: timeout, hangTimeout: hangTimeout, executable: ownExecutable())
        served.child.repeatsSlowRequests = true
        _ = served.diff(old: Snapshot(sections: []), new: Snapshot(sections: []))
        rows.append(time(served, input, runs: runs, label: "the core, served (pipe and JSON both ways)"))
        served.child.close()
        let header = "case \(path): \(quantity(items, "item")), \(quantity(changes, "change")) (the core's deletes, inserts "
            + "and moves), \(quantity(runs, "run")) each, the median"
        if isJSON {
            let report = Report(case: path, items: items, changes: changes, rows: rows.map { row in
                Report.Row(name: row.name, medianSeconds: BenchSamples.median(row.seconds), note: row.note)
            })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print((try? encoder.encode(report)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}")
        } else {
            print(header)
            for row in rows {
                let median = BenchSamples.median(row.seconds).map(EnginePace.seconds) ?? "-"
                print("  " + row.name.padding(toLength: 44, withPad: " ", startingAt: 0) + " " + median + (row.note.map { "  (\($0))" } ?? ""))
            }
        }
        return 0
    }

    /// What `--json` prints.
    struct Report: Encodable {
        /// One engine's time.
        struct Row: Encodable {
            var name: String
            var medianSeconds: Double?
            var note: String?
        }
        var `case`: String
        var items: Int
        var changes: Int
        var rows: [Row]
    }

    /// `runs` answers of `engine` on `input`: an external engine's answer
    /// times as its pace measures them (a process's start-up not counted),
    /// an in-process one's on this thread's CPU clock.
    static func time(_ engine: any DiffEngine, _ input: (old: Snapshot, new: Snapshot), runs: Int, label: String)
        -> (name: String, seconds: [Double], note: String?) {
        let external = (engine as? ExternalEngine) ?? (engine as? IsolatedEngine)?.child
        var times: [Double] = []
        for _ in 0..<runs {
            let start = BenchClock.now()
            let output = engine.diff(old: input.old, new: input.new)
            guard case .stages = output else {
                if case .failure(let failure) = output { return (label, times, failure.reason) }
                return (label, times, "no stages")
            }
            times.append(external.map { $0.lastAnswerSeconds ?? BenchClock.now().wall - start.wall } ?? BenchClock.now().cpu - start.cpu)
        }
        return (label, times, nil)
    }
}

// EngineBenchReport: what `diffcheck bench --engine` prints — a row per size
// class and shape, the table for a reader and the JSON for CI (its schema is
// in DiffcheckCore.docc's Performance article, "Benchmarking your own engine").
import Foundation
import ListModel

/// What one engine did on one input: its median and minimum time, the
/// growth from the previous class of the same shape, and its output's size.
struct EngineBenchFigures: Codable, Sendable {
    var medianSeconds: Double?
    var minimumSeconds: Double?
    /// The exponent k of time ∝ itemsᵏ from the previous class of the same
    /// shape (nil for the first, or below the pace's noise).
    var growth: Double?
    /// Item and section moves of every stage.
    var moves: Int
    /// Item and section reloads of every stage.
    var reloads: Int
    /// Item deletes and inserts of every stage.
    var deletesAndInserts: Int
    /// Stages of the answer.
    var stages: Int

    init(_ stages: [Stage]) {
        var moves = 0, reloads = 0, deletesAndInserts = 0
        for operation in stages.flatMap(\.batch.operations) {
            switch operation {
            case .moveItem, .moveSection: moves += 1
            case .reloadItem, .reloadSection: reloads += 1
            case .deleteItem, .insertItem: deletesAndInserts += 1
            case .deleteSection, .insertSection: break
            }
        }
        self.moves = moves
        self.reloads = reloads
        self.deletesAndInserts = deletesAndInserts
        self.stages = stages.count
    }
}

/// One row: an input, the engine's figures and the core's.
struct EngineBenchRow: Codable, Sendable {
    /// What became of the input on the engine.
    enum Status: String, Codable, Sendable {
        /// Answered every run: the figures are set.
        case answered
        /// Not sent (its pace predicts it too long), not answered in time,
        /// or larger than an input of its shape that was: not waited for.
        case tooSlow = "too-slow"
        /// Declined (`{"error": …}`).
        case refused
        /// Crashed or answered garbage.
        case failed
    }

    /// `SizeClass.name`: `large`, `thousands`, `tens-of-thousands`, `hundreds-of-thousands`.
    var sizeClass: String
    /// `flat` or `sectioned`.
    var shape: String
    var isFlat: Bool { shape == "flat" }
    var oldItems: Int
    var newItems: Int
    /// Old and new together (what the pace is kept by).
    var items: Int
    var minimumMoves: Int
    /// Items in both snapshots whose content changed.
    var changedItems: Int
    var minimumDeletesAndInserts: Int
    /// The three above together: the changes the pair needs at least.
    var minimumChanges: Int
    var status: Status = .answered
    var note: String?
    var engine: EngineBenchFigures?
    var core: EngineBenchFigures?
    /// The core served as an `--engine-cmd` engine is (`diffcheck worker
    /// --serve`: the pipe and JSON both ways), timed as the engine is; only
    /// beside an `--engine-cmd` engine.
    var coreServed: EngineBenchFigures?

    init(_ input: SizeClassInput) {
        sizeClass = input.sizeClass.name
        shape = input.shapeName
        oldItems = input.old.itemCount
        newItems = input.new.itemCount
        items = input.items
        minimumMoves = input.minimumMoves
        changedItems = input.changedItems
        minimumDeletesAndInserts = input.minimumDeletesAndInserts
        minimumChanges = input.minimumChanges
    }
}

/// The whole report: how it was run, the rows, the fitted exponents.
struct EngineBenchReport: Codable, Sendable {
    /// How the bench was run.
    struct Header: Codable, Sendable {
        var engine: String
        var seed: UInt64
        var runs: Int
        var timeout: Double
        var maxItems: Int
    }

    /// The growth fitted over a shape's rows (`EnginePace.fittedExponent`: the two largest measurements
    /// above 5 ms and 200 items, clamped to 1…3).
    struct Exponent: Codable, Sendable {
        var shape: String
        var engine: Double?
        var core: Double?
    }

    /// The JSON's schema version: it changes only when a field changes meaning or goes.
    var schema = 1
    var header: Header
    var rows: [EngineBenchRow]
    var exponents: [Exponent]
    /// One flat list of a fixed length (`SizeClassInput.byChange`), the
    /// changes growing: each row's growth is in changes, k of time ∝ changesᵏ.
    var byChange: [EngineBenchRow] = []
    /// The growth in changes between the two most changed inputs.
    var changeExponent: Exponent?

    init(header: Header, rows: [EngineBenchRow], exponents: [Exponent]) {
        self.header = header
        self.rows = rows
        self.exponents = exponents
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    var table: String {
        func time(_ seconds: Double?) -> String { seconds.map(BenchCommand.formatTime) ?? "—" }
        func growth(_ k: Double?) -> String { k.map { String(format: "%.2f", $0) } ?? "—" }
        func output(_ figures: EngineBenchFigures?) -> String {
            figures.map { "\($0.moves) / \($0.reloads) / \($0.deletesAndInserts)" } ?? "—"
        }
        var lines = [
            "engine \(header.engine): \(header.runs) runs an input, seed \(header.seed), timeout \(BenchCommand.formatTime(header.timeout)); "
                + "inputs up to \(BenchInput.grouped(header.maxItems)) old items",
            "time: median answer time (an --engine-cmd engine: from when it could start on the request to its answer, "
                + "as check measures it; in process: the thread's CPU time); the core in this process beside it",
            "growth: k of time ∝ items^k from the class before; output: moves / reloads / deletes+inserts, "
                + "minimum in brackets (moves: longest increasing subsequence; reloads: changed items)",
            "core served: the core run as an --engine-cmd engine is (the pipe and JSON both ways), timed as the engine is",
            "",
            "| size class | shape | old items | engine time | growth | engine output | core time | growth | core output | core served |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in rows {
            let minimum = " (\(row.minimumMoves) / \(row.changedItems) / \(row.minimumDeletesAndInserts))"
            let engineTime = row.status == .answered ? time(row.engine?.medianSeconds) : row.status.rawValue
            lines.append("| \(row.sizeClass) | \(row.shape) | \(BenchInput.grouped(row.oldItems)) | \(engineTime) "
                + "| \(growth(row.engine?.growth)) | \(output(row.engine))\(row.engine == nil ? "" : minimum) "
                + "| \(time(row.core?.medianSeconds)) | \(growth(row.core?.growth)) | \(output(row.core))\(minimum) "
                + "| \(time(row.coreServed?.medianSeconds)) |")
        }
        lines.append("")
        for exponent in exponents {
            lines.append("\(exponent.shape): fitted growth (the two largest classes above 5 ms): engine "
                + (exponent.engine.map { String(format: "items^%.1f", $0) } ?? "— (fewer than two classes above 5 ms)")
                + ", core " + (exponent.core.map { String(format: "items^%.1f", $0) } ?? "— (fewer than two classes above 5 ms)"))
        }
        for row in rows where row.note != nil {
            lines.append("\(row.sizeClass) \(row.shape): \(row.status.rawValue): \(row.note!)")
        }
        if let first = byChange.first {
            lines += [
                "",
                "by change: one flat list of \(BenchInput.grouped(first.oldItems)) old items, its changes growing "
                    + "(deletes, inserts, content changes and moves alike); growth: k of time ∝ changes^k from the row before",
                "",
                "| changes | old items | engine time | growth | engine output | core time | growth |",
                "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            ]
            for row in byChange {
                let engineTime = row.status == .answered ? time(row.engine?.medianSeconds) : row.status.rawValue
                lines.append("| \(BenchInput.grouped(row.minimumChanges)) | \(BenchInput.grouped(row.oldItems)) | \(engineTime) "
                    + "| \(growth(row.engine?.growth)) | \(output(row.engine)) | \(time(row.core?.medianSeconds)) | \(growth(row.core?.growth)) |")
            }
            if let exponent = changeExponent {
                lines.append("")
                lines.append("by change: growth between the two most changed inputs: engine "
                    + (exponent.engine.map { String(format: "changes^%.1f", $0) } ?? "— (an answer under the noise, or none)")
                    + ", core " + (exponent.core.map { String(format: "changes^%.1f", $0) } ?? "— (an answer under the noise, or none)"))
            }
            for row in byChange where row.note != nil {
                lines.append("by change, \(BenchInput.grouped(row.minimumChanges)) changes: \(row.status.rawValue): \(row.note!)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

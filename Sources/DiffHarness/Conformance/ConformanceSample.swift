// ConformanceSample: what `diffcheck conformance export` gives the UIKit runner.
import Foundation
import ListModel

/// The cases the conformance runner applies to a real `UICollectionView`
/// and `UITableView`: every `uikit-*.case` and `tableview-*.case` of the
/// corpus, then a fixed-seed sample of
/// generated batches, flat and sectioned, valid and invalid.
public enum ConformanceSample {
    /// The seed of the generated sample `diffcheck conformance export` uses by default.
    public static let defaultSeed: UInt64 = 29
    /// How many generated cases it adds by default.
    public static let defaultGeneratedCount = 200
    /// The most items either snapshot of a generated case holds: every
    /// cell stays on one screen of the runner's window.
    public static let maxItems = 24

    /// The `uikit-*.case` and `tableview-*.case` files directly under `directory`, sorted by name,
    /// as cases named by their file names without `.case`. A file with no
    /// `batch:` line, or more than one stage, cannot be one
    /// `performBatchUpdates` call, and one with a negative index cannot be
    /// issued (``ConformanceCase/isIssuable``): each is returned in
    /// `skipped` with why.
    /// Unreadable files and parse errors are returned in `errors`.
    public static func corpusCases(in directory: String)
        -> (cases: [ConformanceCase], skipped: [String], errors: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { ($0.hasPrefix("uikit-") || $0.hasPrefix("tableview-")) && $0.hasSuffix(".case") }.sorted()
        } catch {
            return ([], [], ["\(directory): error: cannot list the folder (\(error.localizedDescription))"])
        }
        if names.isEmpty { return ([], [], ["\(directory): error: no uikit-*.case or tableview-*.case file"]) }
        let (entries, readErrors) = readCorpus(names.map { (directory as NSString).appendingPathComponent($0) })
        var cases: [ConformanceCase] = [], skipped: [String] = []
        for entry in entries {
            guard case .text(let path, let c) = entry else { continue }
            let name = String((path as NSString).lastPathComponent.dropLast(".case".count))
            guard c.stages.count == 1, let stage = c.stages.first else {
                skipped.append("\(path): \(c.stages.isEmpty ? "no batch: line" : "\(c.stages.count) stages")")
                continue
            }
            let conformance = ConformanceCase(name: name, old: c.old, data: stage.data ?? c.new, batch: stage.batch)
            guard conformance.isIssuable else {
                skipped.append("\(path): a negative index, which UIKit's calls cannot take")
                continue
            }
            cases.append(conformance)
        }
        return (cases, skipped, readErrors.map(\.description))
    }

    /// The engines whose first stage makes a generated case: the core
    /// (valid batches), every mutant (mostly invalid ones), and the
    /// fetched-results pipelines (what apps send, often invalid).
    static var engines: [any DiffEngine] {
        [CoreEngine()] + EngineCatalog.mutants + FetchedResultsCollector.allCases.map { FetchedResultsEngine(collector: $0) }
    }

    /// `count` generated cases from `seed`, the same for the same seed:
    /// pair `i` is flat when `i` is even, sectioned when it is odd, of
    /// small size with at most ``maxItems`` items a snapshot and no repeated
    /// identifier (the mutants trap on one, by design), and its batch
    /// is the first stage of engine `i` modulo the engines (the core, each
    /// mutant, each fetched-results pipeline), with that stage's data.
    /// Named `generated-flat-I-ENGINE` or `generated-sectioned-I-ENGINE`.
    /// Every third case (`i % 3 == 2`) has its batch perturbed by one edit
    /// of the kind an app's bookkeeping gets wrong (an operation dropped,
    /// one issued twice, an index one higher, an insert at 0.0 added) and
    /// `-perturbed` added to its name. A flat-only engine gets flat pairs.
    /// Draw `d` (from 1) reads
    /// `RandomSource(seed: seed &+ d &* 0x9E3779B97F4A7C15)`; a draw of the
    /// wrong shape or size, or one the engine refuses, is drawn again.
    public static func generated(seed: UInt64 = defaultSeed, count: Int = defaultGeneratedCount) -> [ConformanceCase] {
        let engines = self.engines
        var cases: [ConformanceCase] = []
        var i = 0, draws: UInt64 = 0
        while cases.count < count, draws < UInt64(count) * 100 {
            draws += 1
            let engine = engines[i % engines.count]
            let wantsFlat = i % 2 == 0 || engine.isFlatOnly
            let generator = PairGenerator(options: GeneratorOptions(isFlatOnly: wantsFlat, allowsDuplicates: false, maxSize: maxItems))
            let source = RandomSource(seed: seed &+ draws &* 0x9E37_79B9_7F4A_7C15)
            let (old, new) = generator.snapshots(from: source, plannedSize: .small)
            guard (old.isFlat && new.isFlat) == wantsFlat, old.itemCount <= maxItems, new.itemCount <= maxItems,
                  case .stages(let stages) = engine.diff(old: old, new: new), let first = stages.first else { continue }
            let shape = wantsFlat ? "flat" : "sectioned"
            var name = "generated-\(shape)-\(i)-\(engine.name.replacingOccurrences(of: ":", with: "-"))"
            var batch = first.batch
            if i % 3 == 2 {
                var random = SplitMix64(seed: seed &+ draws)
                batch = perturbed(batch, &random)
                name += "-perturbed"
            }
            cases.append(ConformanceCase(name: name, old: old, data: first.data ?? new, batch: batch))
            i += 1
        }
        return cases
    }

    /// `batch` with one edit of the kind an app's bookkeeping gets wrong,
    /// drawn from `random`: an operation dropped, one issued twice, an
    /// index of one operation one higher, or an insert added at 0.0.
    /// (Never a negative index: the result stays issuable.)
    static func perturbed(_ batch: Batch, _ random: inout SplitMix64) -> Batch {
        var operations = batch.operations
        let kind = operations.isEmpty ? 3 : random.value(upTo: 3)
        let at = operations.isEmpty ? 0 : random.value(upTo: operations.count - 1)
        switch kind {
        case 0: operations.remove(at: at)
        case 1: operations.insert(operations[at], at: at)
        case 2: operations[at] = shifted(operations[at])
        default: operations.append(.insertItem(ItemPath(0, 0)))
        }
        return Batch(operations)
    }

    /// The operation with its last index one higher.
    static func shifted(_ operation: ListModel.Operation) -> ListModel.Operation {
        func up(_ p: ItemPath) -> ItemPath { ItemPath(p.section, p.item + 1) }
        switch operation {
        case .deleteSection(let s): return .deleteSection(s + 1)
        case .insertSection(let s): return .insertSection(s + 1)
        case .reloadSection(let s): return .reloadSection(s + 1)
        case .moveSection(let from, let to): return .moveSection(from: from, to: to + 1)
        case .deleteItem(let p): return .deleteItem(up(p))
        case .insertItem(let p): return .insertItem(up(p))
        case .reloadItem(let p): return .reloadItem(up(p))
        case .moveItem(let from, let to): return .moveItem(from: from, to: up(to))
        }
    }
}

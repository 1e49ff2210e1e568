// PipelineLines: what a fetched-results or diffable subject hands the list
// view before its batches (RULES.md §5, §6), for `show` to print beside
// them.

import ListModel

extension CaseDrawing {
    /// What a fetched-results or diffable subject makes of a pair before its
    /// batches, for `show` to print next to them: for `frc:…`, the change
    /// stream the emulated controller reports (with its reading), one change
    /// a line in the order reported; for `diffable:…`, the controller's
    /// snapshot (section names, identifiers, items marked for reload) or
    /// its fatal error. Empty for any other engine name.
    public static func pipelineLines(engineName: String, old: Snapshot, new: Snapshot) -> [String] {
        let isFlat = old.isFlat && new.isFlat
        func place(_ p: ItemPath) -> String { CaseDrawing.place(p, isFlat: isFlat) }
        switch EngineCatalog.engine(named: engineName) {
        case let engine as FetchedResultsEngine:
            guard let stream = engine.stream(old: old, new: new) else {
                return ["fetched-results change stream: none (an identifier repeats: no controller reports this pair)"]
            }
            var lines = ["fetched-results change stream (reading: \(FetchedResultsReading.reading(old: old, new: new))):"]
            if stream.changes.isEmpty { lines.append("  (no change reported)") }
            for change in stream.changes {
                switch change {
                case .insertSection(let s): lines.append("  insert section \(s)")
                case .deleteSection(let s): lines.append("  delete section \(s)")
                case .insertObject(let p): lines.append("  insert object at \(place(p))")
                case .deleteObject(let p): lines.append("  delete object at \(place(p))")
                case .moveObject(let from, let to): lines.append("  move object \(place(from)) -> \(place(to))")
                case .updateObject(let p, let newPath):
                    lines.append("  update object at \(place(p))" + (newPath.map { " (new path \(place($0)))" } ?? ""))
                }
            }
            return lines
        case let engine as DiffableEngine:
            switch engine.applied(old: old, new: new) {
            case .failure(let error):
                return ["diffable snapshot: fatal error: \(error.message)"]
            case .success:
                guard let snapshot = try? DiffableSnapshot(new) else { return [] }
                var lines = ["diffable snapshot handed over: " + snapshot.sections.map { section in
                    "[\(section.id): \(section.items.joined(separator: " "))]"
                }.joined(separator: " ")]
                var oldContent: [String: Int] = [:]
                for section in old.sections { for item in section.items { oldContent[item.id] = item.content } }
                let changed = new.sections.flatMap(\.items).filter { item in oldContent[item.id].map { $0 != item.content } ?? false }
                let marked = engine.system == .ios15 ? changed.map(\.id) : []
                lines.append("  marked for reload: " + (marked.isEmpty ? "none" : marked.joined(separator: " "))
                             + (engine.system == .ios13 && !changed.isEmpty ? " (changed but not marked: \(changed.map(\.id).joined(separator: " ")))" : ""))
                return lines
            }
        default:
            return []
        }
    }
}

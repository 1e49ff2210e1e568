// CoreEngine: the harness's view of the diff core (DiffcheckCore) — converts the
// model's snapshots into the core's API and the core's stages back.
import DiffcheckCore
import ListModel

/// The optimized diff core as a `DiffEngine`.
///
/// Items and sections are compared by `id`; content equality is equality of
/// `content`. Each intermediate stage's data is built from the core's
/// references into the old and new snapshots.
public struct CoreEngine: DiffEngine {
    public let name = "core"
    public let isFlatOnly = false
    public let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh, .minimalMoves, .deterministic, .noCrash]
    public var summary: String { "core: the optimized diff core (DiffcheckCore)" }

    /// The core engine.
    public init() {}

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        .stages(stages(old: old, new: new))
    }

    /// The core's stages for `old` → `new`, with every intermediate stage's
    /// data materialized.
    public func stages(old: Snapshot, new: Snapshot) -> [Stage] {
        let difference = difference(old: old, new: new)
        // Each stage's parts are read in place (mapping the stages would copy
        // every stage, and so retain and release each of its arrays).
        var stages: [Stage] = []
        stages.reserveCapacity(difference.stages.count)
        for index in difference.stages.indices {
            let batch = Self.batch(difference.stages[index].batch)
            if let data = difference.stages[index].data {
                stages.append(Stage(batch: batch, data: Self.snapshot(data, old: old, new: new)))
            } else {
                stages.append(Stage(batch: batch))
            }
        }
        return stages
    }

    /// The core's own answer for `old` → `new`: its flat entry point when
    /// both are flat (so campaigns check that path too), else the sectioned one.
    /// The model's items and sections are given to the core as they are
    /// (see the conformances below): nothing is copied or wrapped.
    public func difference(old: Snapshot, new: Snapshot) -> ListDiff.Difference {
        if old.isFlat && new.isFlat {
            return ListDiff.diff(old: old.sections[0].items, new: new.sections[0].items)
        }
        return ListDiff.diff(oldSections: old.sections, newSections: new.sections)
    }

    /// How much changes from `old` to `new`, as the core finds it: its
    /// deletes, inserts and moves of items and sections over every stage
    /// (reloads not counted). A fair measure of the D in an O(N·D) engine's
    /// time, which an external engine's pace keeps with each answer time.
    ///
    /// - Complexity: the core's, O(n) in the items of both snapshots.
    public func changeCount(old: Snapshot, new: Snapshot) -> Int {
        difference(old: old, new: new).stages.reduce(0) { total, stage in
            let batch = stage.batch
            return total + batch.deletedSections.count + batch.insertedSections.count + batch.movedSections.count
                + batch.deletedItems.count + batch.insertedItems.count + batch.movedItems.count
        }
    }

    /// The core's batch as the model's batch (sections first, then items).
    static func batch(_ batch: ListDiff.Batch) -> Batch {
        var operations: [Operation] = []
        operations.reserveCapacity(batch.deletedSections.count + batch.insertedSections.count + batch.reloadedSections.count
            + batch.movedSections.count + batch.deletedItems.count + batch.insertedItems.count
            + batch.reloadedItems.count + batch.movedItems.count)
        for s in batch.deletedSections { operations.append(.deleteSection(s)) }
        for s in batch.insertedSections { operations.append(.insertSection(s)) }
        for s in batch.reloadedSections { operations.append(.reloadSection(s)) }
        for move in batch.movedSections { operations.append(.moveSection(from: move.from, to: move.to)) }
        for p in batch.deletedItems { operations.append(.deleteItem(path(p))) }
        for p in batch.insertedItems { operations.append(.insertItem(path(p))) }
        for p in batch.reloadedItems { operations.append(.reloadItem(path(p))) }
        for move in batch.movedItems { operations.append(.moveItem(from: path(move.from), to: path(move.to))) }
        return Batch(operations)
    }

    static func path(_ path: ListDiff.ItemPath) -> ItemPath {
        ItemPath(path.section, path.item)
    }

    /// An intermediate snapshot from the core's references.
    static func snapshot(_ sections: [ListDiff.IntermediateSection], old: Snapshot, new: Snapshot) -> Snapshot {
        Snapshot(sections: sections.map { section in
            var result: Section
            switch section.source {
            case .old(let s): result = old.sections[s]
            case .new(let s): result = new.sections[s]
            }
            result.items = section.items.map { source in
                switch source {
                case .old(let p): return old.sections[p.section].items[p.item]
                case .new(let p): return new.sections[p.section].items[p.item]
                }
            }
            return result
        })
    }
}

// The model's items and sections as the core sees them. The types and the
// protocols belong to two other modules of this package (ListModel never
// imports DiffcheckCore); the conformances live here, next to the only code that
// hands model values to the core, and no other module may declare them. Content
// equality compares the content version only: the core asks it only of two
// values with the same identity.

extension Item: Diffable {
    /// The item's identity: its `id`.
    public var diffIdentifier: String { id }
    /// Whether `other` (with the same identity) has the same content version.
    public func isContentEqual(to other: Item) -> Bool { content == other.content }
}

extension Section: Diffable, DiffableSection {
    /// The section's identity: its `id`.
    public var diffIdentifier: String { id }
    /// Whether `other` (with the same identity) has the same content version.
    public func isContentEqual(to other: Section) -> Bool { content == other.content }
    /// The section's items.
    public var elements: [Item] { items }
}

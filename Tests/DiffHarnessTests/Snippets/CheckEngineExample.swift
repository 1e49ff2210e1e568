// snippet: check-engine-engine
// Sources/MyEngine/MyEngine.swift
import DiffHarness
import ListModel

/// Your engine, as diffcheck sees it: two snapshots in, the batch updates
/// a list view would run out. This one is the standard library's diff on a
/// flat list; it claims only what it does (it never reloads, so not `fresh`).
public struct MyEngine: DiffEngine {
    public let name = "my-engine"
    public let isFlatOnly = true
    public let claims: Set<PropertyName> = [.valid, .reachesTarget]

    public init() {}

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let before = old.sections.first?.items.map(\.id) ?? []
        let after = new.sections.first?.items.map(\.id) ?? []
        var batch = Batch()
        for change in after.difference(from: before).inferringMoves() {
            switch change {
            case .remove(let offset, _, let movedTo):
                if let movedTo {
                    batch.operations.append(.moveItem(from: ItemPath(0, offset), to: ItemPath(0, movedTo)))
                } else {
                    batch.operations.append(.deleteItem(ItemPath(0, offset)))
                }
            case .insert(let offset, _, let movedFrom):
                if movedFrom == nil { batch.operations.append(.insertItem(ItemPath(0, offset))) }
            }
        }
        return .stages([Stage(batch: batch)])
    }
}
// end snippet

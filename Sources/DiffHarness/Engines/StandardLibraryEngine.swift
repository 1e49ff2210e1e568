// StandardLibraryEngine: the standard library's Myers diff with inferred moves.
import ListModel

/// `new.difference(from: old).inferringMoves()` on the identity sequence,
/// turned into one batch: removals are deletes (old indexes), insertions are
/// inserts (new indexes), and a removal associated with an insertion is a
/// move. It never reloads, so it does not claim `fresh`, and its moves are
/// whatever Myers' algorithm pairs, so it does not claim `minimal-moves`.
public struct StandardLibraryEngine: DiffEngine {
    public let name = "stdlib"
    public let isFlatOnly = true
    public let claims: Set<PropertyName> = [.valid, .reachesTarget, .deterministic, .noCrash]
    public var summary: String { "the standard library's difference(from:).inferringMoves(), flat lists only, no reloads" }

    /// The standard library's engine.
    public init() {}

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let before = old.sections.first?.items.map(\.id) ?? []
        let after = new.sections.first?.items.map(\.id) ?? []
        var operations: [Operation] = []
        for change in after.difference(from: before).inferringMoves() {
            switch change {
            case .remove(let offset, _, let associated):
                if let associated {
                    operations.append(.moveItem(from: ItemPath(0, offset), to: ItemPath(0, associated)))
                } else {
                    operations.append(.deleteItem(ItemPath(0, offset)))
                }
            case .insert(let offset, _, let associated):
                if associated == nil { operations.append(.insertItem(ItemPath(0, offset))) }
            }
        }
        return .stages([Stage(batch: Batch(operations))])
    }
}

// example-served-engine: a flat-list engine served with `serveEngine(_:)`,
// as a user's `serve-my-engine` executable would be (DiffProcess.docc,
// "Serving a Swift engine"). It has two bugs a user meets on a first day, kept
// on purpose for the tests: it prints on every call (as some published
// libraries do in release builds), and it traps on a repeated identity
// (`Dictionary(uniqueKeysWithValues:)`). Served, the prints go to stderr and
// the trap is a `no-crash` failure that `diffcheck fuzz` shrinks.
import DiffHarness
import DiffProcess
import ListModel

struct PositionsEngine: DiffEngine {
    let name = "positions"
    let isFlatOnly = true
    let claims: Set<PropertyName> = [.valid, .reachesTarget]

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let before = old.sections.first?.items.map(\.id) ?? []
        let after = new.sections.first?.items.map(\.id) ?? []
        print("positions: diffing \(before.count) items against \(after.count)")
        // The bug: identities are assumed unique.
        let newPosition = Dictionary(uniqueKeysWithValues: after.enumerated().map { ($0.element, $0.offset) })
        var batch = Batch()
        for (offset, id) in before.enumerated() where newPosition[id] == nil {
            batch.operations.append(.deleteItem(ItemPath(0, offset)))
        }
        let kept = Set(before)
        for (offset, id) in after.enumerated() where !kept.contains(id) {
            batch.operations.append(.insertItem(ItemPath(0, offset)))
        }
        return .stages([Stage(batch: batch)])
    }
}

serveEngine(PositionsEngine())

// ReloadAllEngine: deletes every old section and inserts every new one.
import ListModel

/// The trivially correct engine: one stage that deletes every old section
/// and inserts every new one. The harness must never flag it.
public struct ReloadAllEngine: DiffEngine {
    public let name = "reload-all"
    public let isFlatOnly = false
    public let claims: Set<PropertyName> = Set(PropertyName.allCases)
    public var summary: String { "deletes every section and inserts every section: trivially correct, never flagged" }

    /// The reload-all engine.
    public init() {}

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let deletes = old.sections.indices.map { Operation.deleteSection($0) }
        let inserts = new.sections.indices.map { Operation.insertSection($0) }
        return .stages([Stage(batch: Batch(deletes + inserts))])
    }
}

// TEMPORARY until the diff core lands (issue 3): the simple engine under the name `core`.
import ListModel

public struct CoreEngine: DiffEngine {
    public let name = "core"
    public let isFlatOnly = false
    public let claims: Set<PropertyName> = Set(PropertyName.allCases)
    public init() {}
    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput { SimpleEngine().diff(old: old, new: new) }
}

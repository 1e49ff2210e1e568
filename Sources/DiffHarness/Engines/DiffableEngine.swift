// DiffableEngine: the iOS 13+ fetched-results pipeline as a subject
// (`diffable:ios13`, `diffable:ios15`): the controller hands over a snapshot
// of object identifiers, the app applies it to a diffable data source
// (RULES.md §6).
import ListModel

/// Which system applies the controller's snapshot (RULES.md §6).
public enum DiffableSystem: String, CaseIterable, Sendable {
    /// Before iOS 15: changed objects are not marked for reload, so applying
    /// the snapshot diffs identities only and a changed cell stays stale.
    case ios13
    /// iOS 15 and later: the controller marks changed objects for reload
    /// (`reloadItems`), so their cells show the new content.
    case ios15

    /// The engine name, as `--engine` takes it.
    public var engineName: String { "diffable:" + rawValue }
}

/// A diffable data source fed by a fetched-results controller.
///
/// For a pair: the controller's snapshot is a `DiffableSnapshot` of `new`'s
/// identifiers, sections named as the controller names them (identifier and
/// content version: a header whose content changed is a new name, §5);
/// building it hits UIKit's fatal error when an identifier repeats (§6,
/// merged entities whose identifiers collide), and the engine declines the
/// pair with that error's words. Under `ios15` every object whose content
/// changed is marked with `reloadItems`. Applying it matches items by
/// identifier alone (§6): the view ends showing `new`'s structure, an
/// unmarked item keeping the content it showed, a marked or new one
/// showing the data source's.
///
/// UIKit's own diff is private; the batches that take the view there are
/// the diff core's (`CoreEngine`, itself checked valid, fresh and minimal
/// under `strict`) from what the view shows to that end state, so a verdict
/// is about the pipeline's end state, not about UIKit's batch.
public struct DiffableEngine: DiffEngine {
    /// Which system's diffable data source: before iOS 15 or from iOS 15.
    public let system: DiffableSystem

    /// The pipeline as `system` runs it.
    public init(system: DiffableSystem) {
        self.system = system
    }

    public var name: String { system.engineName }
    public var isFlatOnly: Bool { false }
    public var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh, .deterministic, .noCrash] }
    public var summary: String {
        switch system {
        case .ios13: return "fetched-results snapshot applied to a diffable data source, changed objects not reloaded (before iOS 15)"
        case .ios15: return "fetched-results snapshot applied to a diffable data source, changed objects marked for reload (iOS 15+)"
        }
    }
    public var isSafeToCallConcurrently: Bool { true }

    /// What the view shows once the controller's snapshot is applied, or
    /// the snapshot's fatal error.
    public func applied(old: Snapshot, new: Snapshot) -> Result<Snapshot, DiffableSnapshotError> {
        do {
            // The snapshot applied last time (what the view shows) was a valid snapshot too.
            _ = try DiffableSnapshot(Self.named(old))
            var snapshot = try DiffableSnapshot(Self.named(new))
            var oldContent: [String: Int] = [:]
            for section in old.sections { for item in section.items { oldContent[item.id] = item.content } }
            if system == .ios15 {
                let changed = new.sections.flatMap(\.items).filter { item in oldContent[item.id].map { $0 != item.content } ?? false }
                try snapshot.reloadItems(changed.map(\.id))
            }
            let marked = Set(snapshot.reloadedItems)
            var result = snapshot.snapshot(over: Self.named(old))
            // A new or marked item is configured from the data source: it shows new's content.
            for s in result.sections.indices {
                for i in result.sections[s].items.indices {
                    let id = result.sections[s].items[i].id
                    if oldContent[id] == nil || marked.contains(id) { result.sections[s].items[i].content = new.sections[s].items[i].content }
                }
                result.sections[s].content = new.sections[s].content
            }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        switch applied(old: old, new: new) {
        case .failure(let error):
            return .refusal(error.message)
        case .success(let end):
            let stages = CoreEngine().stages(old: Self.named(old), new: end)
            return .stages(stages.map { stage in Stage(batch: stage.batch, data: stage.data.map(Self.unnamed)) })
        }
    }

    /// Sections renamed by the controller's section name: identifier and
    /// content version (§5).
    static func named(_ snapshot: Snapshot) -> Snapshot {
        var result = snapshot
        for s in result.sections.indices {
            result.sections[s].id = result.sections[s].id + nameSeparator + String(result.sections[s].content)
        }
        return result
    }

    /// `named` undone.
    static func unnamed(_ snapshot: Snapshot) -> Snapshot {
        var result = snapshot
        for s in result.sections.indices {
            let id = result.sections[s].id
            if let cut = id.lastIndex(of: Character(nameSeparator)) { result.sections[s].id = String(id[..<cut]) }
        }
        return result
    }

    /// Never in a case file's identifiers (letters, digits, `_`, `-`).
    private static let nameSeparator = "\u{1}"
}

// DiffEngine: what the harness checks. Ours, a built-in, or a user's own.
import ListModel

/// The stable names of the properties the harness checks.
public enum PropertyName: String, CaseIterable, Sendable, Comparable {
    /// Every stage is accepted by the reference model.
    case valid
    /// After each stage the view holds that stage's data; after the last, the new snapshot.
    case reachesTarget = "reaches-target"
    /// At the end every item and section shows its new content.
    case fresh
    /// No more moves than the longest-increasing-subsequence minimum.
    case minimalMoves = "minimal-moves"
    /// The same input gives the same output twice.
    case deterministic
    /// The engine answers: no trap, no hang, no error but a declared refusal of repeated identities.
    case noCrash = "no-crash"
    /// No answer takes more CPU than `--max-cpu-per-case` (an opt-in
    /// performance property; checked only with that limit).
    case maxCPU = "max-cpu"

    public static func < (lhs: PropertyName, rhs: PropertyName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What an engine answers for one old/new pair.
public enum EngineOutput: Hashable, Sendable {
    /// One or more stages; every stage but the last carries its `data`.
    case stages([Stage])
    /// The engine declines the input (only duplicated identities may be
    /// refused without failing `no-crash`).
    case refusal(String)
    /// The engine failed to answer: its process trapped or exited, hung, or
    /// answered garbage. Always a `no-crash` failure.
    case failure(EngineFailure)
}

/// Why an engine gave no answer.
public struct EngineFailure: Hashable, Sendable, CustomStringConvertible {
    /// One line: `engine did not answer within 10 s`, `Fatal error: …`.
    public var reason: String
    /// Whether the engine did not answer in time: no answer within the hang
    /// deadline, or a timeout while a hang is shrunk (a campaign stops at
    /// the first hang: each later one would cost the deadline again).
    public var isHang: Bool
    /// Whether the answer is not judged: past diffcheck's limit on one
    /// answer line, or a request not sent again right after its slow
    /// answer. The case is reported, never a failure.
    public var isTooSlow: Bool
    /// Whether the engine used more CPU on the request than its limit
    /// (`--max-cpu-per-case`): a `max-cpu` failure, not a `no-crash` one.
    public var isOverCPULimit: Bool

    /// A failure for `reason`; `isHang` for no answer in time, `isTooSlow`
    /// for an answer not judged, `isOverCPULimit` for a request past the CPU limit.
    public init(_ reason: String, isHang: Bool = false, isTooSlow: Bool = false, isOverCPULimit: Bool = false) {
        self.reason = reason
        self.isHang = isHang
        self.isTooSlow = isTooSlow
        self.isOverCPULimit = isOverCPULimit
    }

    public var description: String { reason }
}

/// A diff engine under test.
///
/// A user checks their own engine by conforming to this protocol:
///
///     struct MyEngine: DiffEngine {
///         let name = "mine"
///         let isFlatOnly = false
///         let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
///         func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
///             .stages([Stage(batch: myDiff(old, new))])
///         }
///     }
public protocol DiffEngine: Sendable {
    /// The name used by `--engine` and in reports.
    var name: String { get }
    /// Whether the engine only handles one-section snapshots.
    var isFlatOnly: Bool { get }
    /// The properties the engine claims; only these are checked
    /// (`no-crash` and `deterministic` are always checked).
    var claims: Set<PropertyName> { get }
    /// One line saying what the engine is.
    var summary: String { get }
    /// The stages that take a list view from `old` to `new`, a refusal, or a failure.
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput
    /// What `diff(old:new:)` answers for each pair, called on each in turn,
    /// up to and including the first pair whose output `isLast(n, output)`
    /// accepts (then the later pairs are not asked about): the same
    /// outputs, in the same order. An engine that can answer many pairs
    /// faster than one at a time implements it (`ExternalEngine` keeps
    /// several requests in flight); the default calls `diff(old:new:)` on
    /// each pair.
    func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput]
    /// Whether `diff` may run on several threads at once (no shared mutable
    /// state, no process behind it). When true, shrinking checks pairs on
    /// every core. False unless the engine says so.
    var isSafeToCallConcurrently: Bool { get }
    /// Whether the engine answers `.refusal` to an input that repeats an
    /// identity (it then declares so when served: `--no-duplicates`).
    /// False unless the engine says so.
    var refusesDuplicates: Bool { get }
}

extension DiffEngine {
    public var summary: String { name }
    public func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput] {
        var outputs: [EngineOutput] = []
        for pair in pairs {
            outputs.append(diff(old: pair.old, new: pair.new))
            if isLast(outputs.count - 1, outputs[outputs.count - 1]) { break }
        }
        return outputs
    }

    /// What `diff(old:new:)` answers for each pair, called on each in turn
    /// (`diff(pairs:until:)` to the end).
    public func diff(pairs: [(old: Snapshot, new: Snapshot)]) -> [EngineOutput] {
        diff(pairs: pairs, until: { _, _ in false })
    }
    public var isSafeToCallConcurrently: Bool { false }
    public var refusesDuplicates: Bool { false }
}

// The built-in in-process engines are pure functions of their input.
extension CoreEngine { public var isSafeToCallConcurrently: Bool { true } }
extension StandardLibraryEngine { public var isSafeToCallConcurrently: Bool { true } }
extension ReloadAllEngine { public var isSafeToCallConcurrently: Bool { true } }
extension SimpleEngine { public var isSafeToCallConcurrently: Bool { true } }

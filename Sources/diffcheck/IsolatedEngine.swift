// IsolatedEngine: a built-in engine run in a child process, so that an engine
// that traps or hangs fails `no-crash` on that case instead of killing
// diffcheck (and the rest of the run with it).
import DiffHarness
import Foundation
import ListModel

/// A built-in engine behind `diffcheck worker --serve --engine NAME`, spoken
/// to as an external engine: the child is started on first use, kept across
/// cases, and restarted after it traps, exits or passes the timeout. It has
/// the built-in engine's name, claims and domain.
final class IsolatedEngine: DiffEngine, @unchecked Sendable {
    let engine: any DiffEngine
    let child: ExternalEngine

    init(_ engine: any DiffEngine, timeout: Double) {
        self.engine = engine
        let command = "SWIFT_BACKTRACE=enable=no exec " + shellQuoted(ownExecutable().path)
            + " worker --serve --engine " + shellQuoted(engine.name)
        child = ExternalEngine(command: command, timeout: timeout, isFlatOnly: engine.isFlatOnly, capturesErrors: true)
    }

    var name: String { engine.name }
    var isFlatOnly: Bool { engine.isFlatOnly }
    var claims: Set<PropertyName> { engine.claims }
    var summary: String { engine.summary }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        child.diff(old: old, new: new)
    }

    /// Several pairs in one flight to the child (see `ExternalEngine`).
    func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput] {
        child.diff(pairs: pairs, until: isLast)
    }
}

/// Isolated engines by name, each started once per run.
final class IsolatedEngines: @unchecked Sendable {
    private let timeout: Double
    private let lock = NSLock()
    private var started: [String: IsolatedEngine] = [:]

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// The built-in engine called `name`, isolated; nil for an unknown name.
    func engine(named name: String) -> (any DiffEngine)? {
        lock.lock()
        defer { lock.unlock() }
        if let engine = started[name] { return engine }
        guard let builtIn = EngineCatalog.engine(named: name) else { return nil }
        let engine = IsolatedEngine(builtIn, timeout: timeout)
        started[name] = engine
        return engine
    }

    /// Stops every child started (they start again if used).
    func stopAll() {
        lock.lock()
        defer { lock.unlock() }
        for engine in started.values { engine.child.close() }
    }
}

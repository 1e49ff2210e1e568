// IsolatedEngine: a built-in engine run in a child process, so that an engine
// that traps or hangs fails `no-crash` on that case instead of killing
// diffcheck (and the rest of the run with it).
import DiffHarness
import Foundation
import ListModel

/// A built-in engine behind `diffcheck worker --serve --campaign JSON`, spoken
/// to as an external engine: the child is started on first use, kept across
/// cases, and restarted after it traps, exits or passes the timeout. It has
/// the built-in engine's name, claims and domain. `executable` is the
/// `diffcheck` executable.
package final class IsolatedEngine: DiffEngine, @unchecked Sendable {
    /// The built-in engine the child runs.
    package let engine: any DiffEngine
    /// The external engine that speaks to the child process (`worker --serve`).
    package let child: ExternalEngine

    /// Runs `engine` in a child `executable worker --serve`, each case within `timeout` seconds.
    package init(_ engine: any DiffEngine, timeout: Double, hangTimeout: Double = ExternalEngine.defaultHangTimeout,
                executable: URL) {
        self.engine = engine
        let command = "SWIFT_BACKTRACE=enable=no exec " + shellQuoted(executable.path)
            + " worker --serve " + CampaignOptions(engineName: engine.name).forwarded.map(shellQuoted).joined(separator: " ")
        child = ExternalEngine(command: command, timeout: timeout, isFlatOnly: engine.isFlatOnly, capturesErrors: true,
                               hangTimeout: hangTimeout)
    }

    package var name: String { engine.name }
    package var isFlatOnly: Bool { engine.isFlatOnly }
    package var claims: Set<PropertyName> { engine.claims }
    package var summary: String { engine.summary }

    package func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        child.diff(old: old, new: new)
    }

    /// Several pairs in one flight to the child (see `ExternalEngine`).
    package func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput] {
        child.diff(pairs: pairs, until: isLast)
    }
}

/// Isolated engines by name, each started once per run, from `executable`
/// (the `diffcheck` executable).
package final class IsolatedEngines: @unchecked Sendable {
    private let timeout: Double
    private let hangTimeout: Double
    private let executable: URL
    private let lock = NSLock()
    private var started: [String: IsolatedEngine] = [:]

    /// Isolated engines started from `executable`, each case within
    /// `timeout` seconds (`hangTimeout` when asked again alone).
    package init(timeout: Double, hangTimeout: Double = ExternalEngine.defaultHangTimeout, executable: URL) {
        self.timeout = timeout
        self.hangTimeout = hangTimeout
        self.executable = executable
    }

    /// The built-in engine called `name`, isolated; nil for an unknown name.
    package func engine(named name: String) -> (any DiffEngine)? {
        lock.lock()
        defer { lock.unlock() }
        if let engine = started[name] { return engine }
        guard let builtIn = EngineCatalog.engine(named: name) else { return nil }
        let engine = IsolatedEngine(builtIn, timeout: timeout, hangTimeout: hangTimeout, executable: executable)
        started[name] = engine
        return engine
    }

    /// Stops every child started (they start again if used).
    package func stopAll() {
        lock.lock()
        defer { lock.unlock() }
        for engine in started.values { engine.child.close() }
    }
}

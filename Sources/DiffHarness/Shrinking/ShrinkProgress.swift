// ShrinkProgress: a line now and then while a long failure shrinks, so a
// shrink of minutes is not minutes of silence.
//
// `ShrinkProgressEngine` wraps the engine the shrinker's checker runs, and
// counts the candidates it is asked about; every `interval` seconds it
// hands `ShrinkProgress.report` one line: how many candidates were tried,
// for how long, and the size of the last one.
import Foundation
import ListModel

/// The count of a shrink's candidates so far, and when to say it.
public final class ShrinkProgress: @unchecked Sendable {
    /// Seconds between two lines.
    public let interval: Double
    private let now: @Sendable () -> Double
    private let report: @Sendable (String) -> Void
    private let lock = NSLock()
    private let start: Double
    private var lastLine: Double
    private var tried = 0

    /// A count that calls `report` with a line at most every `interval`
    /// seconds of `now` (by default the process's monotonic clock).
    public init(interval: Double, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                report: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.now = now
        self.report = report
        start = now()
        lastLine = start
    }

    /// Counts one candidate of `items` items, and says how far it is when
    /// `interval` has passed since the last line.
    public func note(items: Int) {
        let line: String? = lock.withLock {
            tried += 1
            let time = now()
            guard time - lastLine >= interval else { return nil }
            lastLine = time
            return "diffcheck: still shrinking: \(quantity(tried, "smaller case")) tried in \(Int(time - start)) s, "
                + "the last of \(quantity(items, "item"))"
        }
        if let line { report(line) }
    }

    /// The candidates counted so far.
    public var count: Int { lock.withLock { tried } }
}

/// An engine that counts each pair it is asked about in a `ShrinkProgress`
/// and answers as `engine` does.
public struct ShrinkProgressEngine: DiffEngine {
    /// The engine that answers.
    public let engine: any DiffEngine
    /// Where the pairs are counted.
    public let progress: ShrinkProgress

    /// `engine`, counted in `progress`.
    public init(_ engine: any DiffEngine, progress: ShrinkProgress) {
        self.engine = engine
        self.progress = progress
    }

    public var name: String { engine.name }
    public var isFlatOnly: Bool { engine.isFlatOnly }
    public var claims: Set<PropertyName> { engine.claims }
    public var summary: String { engine.summary }
    public var isSafeToCallConcurrently: Bool { engine.isSafeToCallConcurrently }
    public var refusesDuplicates: Bool { engine.refusesDuplicates }

    public func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        progress.note(items: totalItems(old, new))
        return engine.diff(old: old, new: new)
    }

    public func diff(pairs: [(old: Snapshot, new: Snapshot)], until isLast: (Int, EngineOutput) -> Bool) -> [EngineOutput] {
        engine.diff(pairs: pairs) { n, output in
            progress.note(items: totalItems(pairs[n].old, pairs[n].new))
            return isLast(n, output)
        }
    }
}

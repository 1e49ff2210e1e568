// Turns: how many awaited commands run at once. An awaited command holds
// none of Swift Testing's threads, so without a bound every waiting test of
// the suite would start its command at once, and a machine of two cores
// would be too loaded for the deadlines the tests measure.
import Foundation

/// At most `width` holders at a time; the others wait for a turn, first come first served.
public actor Turns {
    private let width: Int
    private var holders = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(_ width: Int) {
        self.width = width
    }

    /// Runs `body` in a turn of its own.
    public func withTurn<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await take()
        defer { give() }
        return try await body()
    }

    private func take() async {
        if holders < width {
            holders += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the first waiting, or frees it.
    private func give() {
        if waiting.isEmpty { holders -= 1 } else { waiting.removeFirst().resume() }
    }
}

/// The turns of the tests' awaited commands: twice as many at once as the
/// machine has cores, beside the tests Swift Testing runs on its own threads
/// (as many as the cores). Many of these commands wait on an engine's
/// timeout or a signal to come more than they compute, and their verdicts
/// are by CPU and run state, which hold under load (CI runs the time
/// tests beside busy loops too): one per core left the machine idle for a
/// tenth of the suite's run.
public let awaitedCommands = Turns(2 * ProcessInfo.processInfo.activeProcessorCount)

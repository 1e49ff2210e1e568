// Interruption: how a long run (a campaign, an exhaustive walk, the corpus
// part of the gate) stops in order on Ctrl-C, `kill` or a closed terminal:
// its summary printed, its findings kept.
import Foundation

/// Set by the signal handlers of a running campaign (or exhaustive run) to
/// the signal that stopped it (SIGINT, SIGTERM, SIGHUP); a long loop stops
/// at its next step when it is not 0.
nonisolated(unsafe) package var isInterrupted: sig_atomic_t = 0

/// The signals that stop a campaign or a walk in order: its summary is
/// printed and its findings kept (Ctrl-C, `kill`, a closed terminal).
package let interruptingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

/// Runs `body` with `isInterrupted` set to 0 and then to the number of any
/// of `interruptingSignals` that arrives (unblocked: a parent may have
/// started us with them blocked, as test runners do); the previous
/// handlers are back when it returns.
package func catchingInterruptions<T>(_ body: () throws -> T) rethrows -> T {
    isInterrupted = 0
    let previous = interruptingSignals.map { signal($0) { isInterrupted = $0 } }
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in interruptingSignals { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    defer { for (number, handler) in zip(interruptingSignals, previous) { signal(number, handler) } }
    return try body()
}

/// How a summary names the interruption `isInterrupted` holds.
package func interruptionWords() -> String {
    switch isInterrupted {
    case SIGTERM: return "interrupted (SIGTERM)"
    case SIGHUP: return "interrupted (SIGHUP)"
    default: return "interrupted (Ctrl-C)"
    }
}

// BackgroundWork: work a job runs beside its workers (a case checked again
// with the engine alone, a crash's shrink) on a thread of its own, so that
// no callback of the pool waits on it. The job starts it as an action,
// looks for its result on a later turn (`result`), and waits for it only
// when the run stops (`waited`).
import Foundation

final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var finished: Result?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a thread of its own (with a main thread's stack:
    /// a shrink of a long case goes deep).
    init(_ body: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            let result = body()
            lock.withLock { finished = result }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Its result, once it has one.
    var result: Result? { lock.withLock { finished } }

    /// Its result, waiting for it.
    func waited() -> Result {
        while true {
            if let result { return result }
            done.wait()
            done.signal()
        }
    }
}

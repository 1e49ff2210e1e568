// ExhaustiveWorker: an exhaustive worker's loop (`diffcheck worker
// --exhaust`, started by `ExhaustiveRun`): it walks every pair of the bound
// in order and checks its share of the places, writing each place to its
// state file before the engine runs; it sends `fail`, `hang`, `at` and
// `walked` messages.
import DiffHarness
import Foundation
import ListModel

/// Walks `bound` with `checker` and checks the places of worker `index` of
/// `jobs` within `shard`, from place `from` on (a worker that replaces one
/// killed there), each place written to the open file `state` first.
package func runExhaustiveWorker(_ bound: ExhaustiveBound, checker: Checker, jobs: Int, index: Int, shard: Shard, from: Int = 0,
                                state: Int32) {
    var place = 0
    var isStopped = false
    var lastReport = ContinuousClock.now
    ExhaustiveEnumeration(bound: bound).forEach { old, new, _ in
        defer { place += 1 }
        // The shard's places, dealt to its workers in turn.
        guard place >= from && shard.owns(place) && (place / shard.count) % jobs == index else { return true }
        let line = Array("\(place)\n".utf8)
        _ = line.withUnsafeBytes { pwrite(state, $0.baseAddress, $0.count, 0) }
        let verdict = checker.check(old: old, new: new)
        if !verdict.failures.isEmpty {
            emit(.pairFailed(place, Set(verdict.failures.map(\.kind))))
        }
        // A hang stops the walk here: each later hang would cost the timeout again.
        if let hang = verdict.failures.first(where: \.isHang) {
            emit(.pairHung(place, message: hang.message))
            isStopped = true
            return false
        }
        // Now and then, so the supervisor sees progress (and no hang).
        if ContinuousClock.now - lastReport > .milliseconds(500) {
            lastReport = ContinuousClock.now
            emit(.reached(place))
        }
        return true
    }
    if !isStopped { emit(.walked(place)) }
}

// Shrink pass: try every smaller pair.
import Foundation
import ListModel

extension Shrinker {
    /// Tries every pair of the generator's `direct` shape that has fewer
    /// items than the current case, smallest first (the exhaustive walk of
    /// `SmallPairGenerator`), and keeps the first that still fails. The other
    /// passes only move downhill from where the case started; this one makes
    /// the result as small, in items, as the first failure exhaustive
    /// enumeration finds within the direct shape's bound.
    ///
    /// With `pairFails`, each pair is first judged as enumerated (one call),
    /// and only a failing one is replayed through `test`; with
    /// `judgesPairsConcurrently`, the pairs are judged a block at a time on
    /// every core, then gone through in order exactly as on one core.
    func trySmallerPairs() {
        // Size by size, every shape at each size, so the first pair kept is
        // a smallest one and the calls spent grow with the answer's size.
        let limit = bestSize
        for size in 0..<limit where bestSize == limit && !isOutOfBudget {
            for (bound, encode) in directShapes where bestSize == limit {
                let enumeration = ExhaustiveEnumeration(bound: bound)
                if let pairFails, judgesPairsConcurrently {
                    var block: [EnumeratedPair] = []
                    var goesOn = true
                    enumeration.forEach(totalItems: size) { old, new, choices in
                        block.append(EnumeratedPair(old: old, new: new, choices: choices))
                        guard block.count == Shrinker.concurrentBlockSize else { return true }
                        goesOn = considerInOrder(block, fails: judgeConcurrently(block, pairFails), encode: encode)
                        block.removeAll(keepingCapacity: true)
                        return goesOn
                    }
                    if goesOn && !block.isEmpty {
                        _ = considerInOrder(block, fails: judgeConcurrently(block, pairFails), encode: encode)
                    }
                } else {
                    enumeration.forEach(totalItems: size) { old, new, choices in
                        guard !isOutOfBudget else { return false }
                        if let pairFails {
                            calls += 1
                            guard pairFails(old, new) else { return true }
                        }
                        return !consider(encode(choices), allowingLonger: true)
                    }
                }
            }
        }
    }

    /// How many pairs are judged together on every core.
    static let concurrentBlockSize = 512

    /// Goes through a judged block as the one-core walk would: a call per
    /// pair, a replay of each failing one, until one is kept. Returns
    /// whether the walk goes on.
    private func considerInOrder(_ block: [EnumeratedPair], fails: [Bool], encode: ([Int]) -> [Int]) -> Bool {
        for (pair, isFailing) in zip(block, fails) {
            guard !isOutOfBudget else { return false }
            calls += 1
            if isFailing && consider(encode(pair.choices), allowingLonger: true) { return false }
        }
        return true
    }

    /// `pairFails` of every pair of `block`, computed on every core, or on
    /// this thread alone when `keepsCallsOnCallingThread` (the main thread).
    private func judgeConcurrently(
        _ block: [EnumeratedPair], _ pairFails: @escaping @Sendable (Snapshot, Snapshot) -> Bool
    ) -> [Bool] {
        let workers = keepsCallsOnCallingThread ? 1 : max(1, min(ProcessInfo.processInfo.activeProcessorCount, block.count))
        var fails = [Bool](repeating: false, count: block.count)
        fails.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results   // each worker writes only its own indexes
            let judge: @Sendable (Int) -> Void = { worker in
                for index in stride(from: worker, to: block.count, by: workers) {
                    results[index] = pairFails(block[index].old, block[index].new)
                }
            }
            // Worker 0 is this thread; the others run on the global queue.
            let group = DispatchGroup()
            for worker in 1..<workers { DispatchQueue.global().async(group: group) { judge(worker) } }
            judge(0)
            group.wait()
        }
        return fails
    }
}

/// A pair of the exhaustive walk with the choices that drew it.
struct EnumeratedPair {
    var old: Snapshot
    var new: Snapshot
    var choices: [Int]
}

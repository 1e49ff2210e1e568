// SmallerCut: before a large failure is shrunk, the smallest cheap cut of it
// that still fails (Hypothesis prefers a small failure to a shrunk large one).
//
// A shrink pass on a 81,304-item case costs what the engine takes on it: for
// a slow engine, minutes a candidate, so the budget ends with the case still
// large. A prefix of the case (each side cut to a share of its items, in
// order) costs the engine that share of the time or less; the smallest share
// that still fails is a far cheaper place to start, and often most of the
// shrink.
import ListModel

/// The shares a large failing pair is cut to, smallest first.
let smallerCutFractions = [1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2]

/// Pairs of more items than this (old and new together) are cut before
/// they are shrunk; a smaller one shrinks well as it is.
public let smallerCutItems = 2_000

/// The pair cut to about `fraction` of its items: each snapshot keeps its
/// sections and the first items of them, in order, up to its share.
func prefix(of pair: (old: Snapshot, new: Snapshot), fraction: Double) -> (old: Snapshot, new: Snapshot) {
    func cut(_ snapshot: Snapshot) -> Snapshot {
        var left = Int((Double(snapshot.itemCount) * fraction).rounded(.up))
        var cut = snapshot
        for s in cut.sections.indices {
            let kept = min(left, cut.sections[s].items.count)
            cut.sections[s].items.removeSubrange(kept...)
            left -= kept
        }
        return cut
    }
    return (cut(pair.old), cut(pair.new))
}

/// The smallest prefix of `pair` (`smallerCutFractions`, smallest first)
/// that `fails`, and how many were tried; nil when `pair` has no more than
/// `smallerCutItems` items or no cut fails (`fails` answering false once
/// its time is up).
func smallestFailingCut(of pair: (old: Snapshot, new: Snapshot), fails: (Snapshot, Snapshot) -> Bool)
    -> (cut: (old: Snapshot, new: Snapshot)?, tried: Int) {
    guard totalItems(pair.old, pair.new) > smallerCutItems else { return (nil, 0) }
    var tried = 0
    for fraction in smallerCutFractions {
        let cut = prefix(of: pair, fraction: fraction)
        tried += 1
        if fails(cut.old, cut.new) { return (cut, tried) }
    }
    return (nil, tried)
}

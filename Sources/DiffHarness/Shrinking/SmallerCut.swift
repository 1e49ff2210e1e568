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

/// The choices of `pair` cut to about `fraction` of its items: each side
/// keeps its first items, in order across its sections, up to its share;
/// written by the generator's unrelated shape (contents simplified, as the
/// shrinker's item removal writes them); nil when that shape cannot write it.
func cut(_ pair: GeneratedPair, to fraction: Double, generator: PairGenerator) -> [Int]? {
    let oldItems = pair.old.itemCount, newItems = pair.new.itemCount
    let keptOld = Int((Double(oldItems) * fraction).rounded(.up)), keptNew = Int((Double(newItems) * fraction).rounded(.up))
    // New's tail first: the positions count old's items, then new's.
    guard let withoutNewTail = generator.choices(pair.choices, removingItems: (oldItems + keptNew)..<(oldItems + newItems)) else {
        return nil
    }
    return generator.choices(withoutNewTail, removingItems: keptOld..<oldItems)
}

/// The smallest cut of `pair` (`smallerCutFractions`, smallest first) that
/// `fails`, and how many were tried; no cut when `pair` has no more than
/// `smallerCutItems` items or none fails (`fails` answering false once its
/// time is up).
///
/// The cut is kept only for a slow engine: when its check, scaled to the
/// whole pair (its time divided by its share), comes to `slowSeconds` or
/// more (wall time: see `slowSeconds`). A quick engine shrinks better from the pair as generated, whose
/// choices the length passes lower by binary search; the cut's choices are
/// one per item.
func smallestFailingCut(of pair: GeneratedPair, generator: PairGenerator, fails: (GeneratedPair) -> Bool)
    -> (cut: GeneratedPair?, tried: Int) {
    guard totalItems(pair.old, pair.new) > smallerCutItems else { return (nil, 0) }
    var tried = 0
    for fraction in smallerCutFractions {
        guard let choices = cut(pair, to: fraction, generator: generator) else { continue }
        let candidate = generator.replay(choices)
        tried += 1
        let began = ContinuousClock.now
        guard fails(candidate) else { continue }
        let wholeSeconds = began.duration(to: .now).inSeconds / fraction
        return (wholeSeconds >= slowSeconds ? candidate : nil, tried)
    }
    return (nil, tried)
}

/// The time a check of a whole large pair takes, at least, for its
/// shrink to start from a cut (`smallestFailingCut`). It is wall time (an
/// external engine's CPU is another process's), so it is set far above a
/// quick engine's: four busy loops on two cores make a 20 ms check 60 ms,
/// not the 300 ms a thirty-second cut would need to pass it.
let slowSeconds = 10.0

// SmallestFailures: what an exhaustive walk's findings are — for each
// property that failed, its first failing pair, checked again with the
// engine as `Checker.askingAgain` asks (a saved finding fails on its
// recorded answer), and saved like a random finding.
import Foundation
import ListModel

extension GateBoundResult {
    /// Fills `findings`: for each kind of finding that failed in the walk
    /// (but those in `skipping`), in order (a property; for `valid` the
    /// view's exceptions, then the stricter reading's), its first failing pair
    /// checked again with `engine` under `profile` (a pair the walk crashed
    /// on is not run again: the crash is the failure), and, when it fails
    /// again, saved in `findings` (created when needed) with the engine's
    /// answer as `recorded:` lines and `expect: pass`; `engineCommand` is
    /// recorded for an external engine. With no `engine`, nothing is reported.
    public mutating func checkSmallestFailures(engine: (any DiffEngine)?, profile: Profile, engineCommand: String?,
                                               findings folder: String?, skipping: Set<FindingKind> = []) {
        guard let walk, let engine else { return }
        let checker = Checker(engine: engine, profile: profile)
        var verdicts: [Int: Verdict] = [:]
        for kind in walk.firstPlaceByKind.keys.sorted() where !skipping.contains(kind) {
            let place = walk.firstPlaceByKind[kind]!
            guard let pair = exhaustivePair(bound, at: place) else { continue }
            let crash = walk.firstFailure?.place == place ? walk.firstFailure?.crash : nil
            var verdict = Verdict(output: nil, failures: [], isSkipped: false), askings = 1
            if crash == nil {
                (verdict, askings, _) = checker.askingAgain(for: kind, old: pair.old, new: pair.new, first: verdicts[place])
            }
            verdicts[place] = verdict
            let count = walk.byKind[kind] ?? 1
            guard let failure = verdict.failures.first(where: { $0.kind == kind })
                    ?? crash.map({ PropertyFailure(kind.property, $0) }) else {
                findings.append(GateExhaustiveFinding(kind: kind, failingPairs: count, place: place, old: pair.old, new: pair.new,
                                                      check: .passedWhenAskedAgain(askings: askings)))
                continue
            }
            let c = exhaustiveFindingCase(failure, old: pair.old, new: pair.new, verdict: verdict, engine: engine.name,
                                          engineCommand: engineCommand, profile: profile,
                                          origin: .exhaustive(place: place, bound: bound.description))
            var saving: GateExhaustiveFinding.Saving?
            if let folder {
                do {
                    try createFindingsFolder(folder)
                    saving = .saved(path: try saveFinding(c, in: folder))
                } catch {
                    saving = .failed(reason: "\(error)")
                }
            }
            findings.append(GateExhaustiveFinding(kind: kind, failingPairs: count, place: place, old: pair.old, new: pair.new,
                                                  check: .fails(failure, c), saving: saving))
        }
    }
}

// AskingAgain: the rule for a failure that may not come back. An engine
// that is not deterministic can fail a pair once and pass it the next
// time; a finding is saved with an answer that fails, so a pair that
// failed is asked again, up to a fixed number of times, for one.
import ListModel

extension Checker {
    /// How many times in all a pair is asked for an answer that fails a
    /// property (the first asking included) before the engine is taken
    /// for one whose failure does not come back.
    public static let askingsForAFailure = 4

    /// The first verdict on `old` and `new` that fails `property`, asking
    /// up to `askingsForAFailure` times in all; `first`: the first
    /// asking's verdict, when it was already made. With the number of the
    /// asking that failed (1, 2, …); when none did, the last verdict,
    /// `fails` false and every asking counted.
    /// A failure of `valid` by either reading counts.
    public func askingAgain(for property: PropertyName, old: Snapshot, new: Snapshot, first: Verdict? = nil)
        -> (verdict: Verdict, askings: Int, fails: Bool) {
        askingAgain(old: old, new: new, first: first) { $0.property == property }
    }

    /// `askingAgain(for:old:new:first:)` for a kind of finding: for
    /// `valid`, only a failure of the same reading counts.
    public func askingAgain(for kind: FindingKind, old: Snapshot, new: Snapshot, first: Verdict? = nil)
        -> (verdict: Verdict, askings: Int, fails: Bool) {
        askingAgain(old: old, new: new, first: first) { $0.kind == kind }
    }

    private func askingAgain(old: Snapshot, new: Snapshot, first: Verdict?, counts: (PropertyFailure) -> Bool)
        -> (verdict: Verdict, askings: Int, fails: Bool) {
        var verdict = first ?? check(old: old, new: new)
        for asking in 1...Checker.askingsForAFailure {
            if asking > 1 { verdict = check(old: old, new: new) }
            if verdict.failures.contains(where: counts) { return (verdict, asking, true) }
        }
        return (verdict, Checker.askingsForAFailure, false)
    }
}

// CaseShrinking: the shrunk form of a failing case (`repro --shrink`,
// `shrink`, and the guarded shrinking child): by its choices when it has
// them, else by editing the case itself; a crash with the engine isolated.
// The shrunk case keeps what the case said of itself (its comments and its
// expectation: a finding expects a pass, so its shrunk form fails the gate
// as it does) and says what failed as a finding's facts (`finding:`, `shrunk:`).
import DiffHarness
import Foundation
import ListModel

/// The shrunk form of a failing engine case: by its choices when it has
/// them (binary inputs, findings), else by editing the case itself
/// (`shrinkCase`); nil when nothing simpler fails.
/// `engine` is the case's engine; a crash (`isCrash`) needs it isolated.
package func shrunkCase(_ outcome: EntryOutcome, options: CampaignOptions, engine: any DiffEngine, isCrash: Bool = false) -> Case? {
    // An external engine's stderr is kept from ours while it is shrunk: one note at the end.
    keepingEngineErrors(engine) { shrunkCaseQuietly(outcome, options: options, engine: engine, isCrash: isCrash) }
}

private func shrunkCaseQuietly(_ outcome: EntryOutcome, options: CampaignOptions, engine: any DiffEngine, isCrash: Bool) -> Case? {
    guard let failure = outcome.failures.first, outcome.engineName != nil else { return nil }
    // A long case takes a while to shrink: say so, rather than print nothing for minutes.
    let items = totalItems(outcome.checkedCase.old, outcome.checkedCase.new)
    if items > 1_000 {
        printToStandardError("diffcheck: shrinking the \(failure.property.rawValue) failure of a case of \(quantity(items, "item"))"
                   + (failure.isHang ? " (a hang: each smaller case that passes --timeout counts as hanging)" : "")
                   + "; shrinking stops at its budget…")
    }
    // ... and a line every 15 s while it does.
    let progress = items > 1_000 ? ShrinkProgress(interval: 15, report: { printToStandardError($0) }) : nil
    let checked: any DiffEngine = progress.map { ShrinkProgressEngine(engine, progress: $0) } ?? engine
    let checker = Checker(engine: checked, profile: outcome.checkedCase.profile ?? options.profile)
    let generator = PairGenerator(options: options.generator.forEngine(engine))
    var choices = outcome.choices
    if choices == nil, let recorded = outcome.checkedCase.choices, !recorded.isEmpty {
        let replayed = generator.replay(recorded)
        if replayed.old == outcome.checkedCase.old && replayed.new == outcome.checkedCase.new { choices = recorded }
    }
    var result: (old: Snapshot, new: Snapshot, verdict: Verdict, choices: [Int]?)?
    var isBudgetExhausted = false
    var calls: Int?
    if isCrash {
        // A hang is shrunk with every timeout taken for a hang, and the case kept is confirmed with the hang deadline.
        let external = failure.isHang ? engine as? ExternalEngine : nil
        let original = (old: outcome.checkedCase.old, new: outcome.checkedCase.new)
        let shrunk = treatingTimeoutsAsHangs(external) {
            shrinkCrash(choices: choices, old: original.old, new: original.new, checker: checker, generator: generator)
        }
        let isShrunk = shrunk.old != original.old || shrunk.new != original.new
        if let external, isShrunk, !external.confirmsHang(old: shrunk.old, new: shrunk.new) {
            // Nothing smaller hangs: the case as given is the smallest.
            printToStandardError("diffcheck: the shrunk case of \(quantity(totalItems(shrunk.old, shrunk.new), "item")) answered when asked "
                       + "again alone with the hang deadline: a slow case, not a hang; nothing smaller than the case given hangs")
            return nil
        } else {
            result = (shrunk.old, shrunk.new, shrunk.verdict, shrunk.choices)
        }
    } else if let choices {
        let pair = generator.replay(choices)
        let shrunk = shrink(pair, failing: failure.property, checker: checker, generator: generator, editsCase: true)
        result = (shrunk.pair.old, shrunk.pair.new, shrunk.verdict, shrunk.pair.choices.isEmpty ? nil : shrunk.pair.choices)
        calls = shrunk.result.calls
        if shrunk.result.isBudgetExhausted {
            isBudgetExhausted = true
        }
    } else {
        // No choices (a hand-written case): shrink the case itself.
        let given = (old: outcome.checkedCase.old, new: outcome.checkedCase.new)
        let shrunk = shrinkCase(old: given.old, new: given.new, failing: failure.property, checker: checker,
                                options: generator.options)
        calls = shrunk.result.calls
        if shrunk.result.isBudgetExhausted {
            isBudgetExhausted = true
        }
        if shrunk.result.isBudgetExhausted || isSimpler(old: shrunk.old, new: shrunk.new, than: given) {
            result = (shrunk.old, shrunk.new, shrunk.verdict, nil)
        }
    }
    guard let result else { return nil }
    let given = outcome.checkedCase
    var comments = given.comments
    if isCrash && !result.verdict.failures.contains(where: { $0.property == .noCrash }) {
        comments.append("the engine alone does not trap on this pair: the trap may be in diffcheck's own checking (please report it)")
    }
    let command = (engine as? ExternalEngine)?.command ?? (EngineKind(name: engine.name).isExternal ? options.engineCommand : nil)
    let message = result.verdict.failures.first { $0.property == failure.property }?.message ?? failure.message
    let shrinking = FindingShrinking(isBudgetExhausted ? .stoppedAtBudget : .done, calls: calls,
                                     originalItems: calls == nil ? nil : totalItems(given.old, given.new))
    let facts = FindingFacts(property: failure.property.rawValue, message: message, origin: given.finding?.origin, shrinking: shrinking)
    return Case(comments: comments, old: result.old, new: result.new, expectation: given.expectation,
                profile: given.profile, engine: engine.name, recorded: result.verdict.stages,
                recordsNoStages: result.verdict.answeredNoStages, engineCommand: command, choices: result.choices, finding: facts)
}

/// Writes `text` and a line break to standard error.
func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

// DiffableModelCheck: an app's view models under test (IGListKit-style:
// an identifier and a content equality, `Diffable`). The contract the diff
// relies on is checked on drawn lists of models and on their mutations;
// then the models go through the diff core into the model of UIKit, where a
// wrong equality is the stale cell it causes. A failure is shrunk by its
// choices to the fewest and simplest values.
//
//     @Test func notesAreDiffable() throws {
//         try checkDiffableModels(named: "Note", models: notes, displayed: { $0.title }) { note, choices in
//             var edited = note
//             edited.title = Strategy.strings().draw(&choices)
//             return edited
//         }
//     }
import DiffcheckCore
import Foundation
import ListModel

/// Thrown by `checkDiffableModels` when a model breaks the contract; its
/// description says which rule, on which values (shrunk), and what a list
/// view does with them.
public struct DiffableModelFailure: Error, CustomStringConvertible {
    /// The rule broken: `identifier-unique`, `identifier-stable`,
    /// `equality-reflexive`, `equality-symmetric`, `equal-values-same-identifier`,
    /// `displayed-change-unequal`, or a property of the list view (`valid`,
    /// `reaches-target`, `fresh`).
    public var rule: String
    /// What is wrong, in one line.
    public var message: String
    /// The old list and the mutated one, each model described.
    public var old: [String]
    /// The list after the mutations.
    public var new: [String]
    /// What the list view does with the two lists, when it goes wrong there.
    public var listView: String?
    /// The shrunk case's choices (replay them with `DIFFCHECK_SEED` unchanged).
    public var choices: [Int]
    /// The models' name, as the check was given it.
    public var name: String

    public var description: String {
        var lines = ["diffcheck: models \(name): \(rule): \(message)",
                     "old: [" + old.joined(separator: ", ") + "]",
                     "new: [" + new.joined(separator: ", ") + "]"]
        if let listView { lines.append("in a list view: " + listView) }
        lines.append("choices: " + choices.map(String.init).joined(separator: " "))
        return lines.joined(separator: "\n")
    }
}

/// One drawn case: a list of models and its mutations, or the failure the
/// drawing itself is (an identifier that cannot tell models apart).
struct ModelCase<Model> {
    var old: [Model] = []
    var new: [Model] = []
    var failure: (rule: String, message: String)?
}

/// Checks an app's view models, and throws `DiffableModelFailure` for the
/// first rule broken, shrunk to the fewest and simplest values.
///
/// Each case draws a list of up to five models with `models` (a model whose
/// identifier the list already holds is drawn again, up to eight times:
/// a list holds each object once), then mutates some of them with `mutate`
/// (an edit of the same object). It checks, in this order:
///   - `identifier-unique`: eight draws in a row never gave a new identifier;
///   - `identifier-stable`: an identifier is the same when read twice and
///     after a mutation;
///   - `equality-reflexive`: a model is content-equal to itself;
///   - `equality-symmetric`: a model and its mutation agree both ways;
///   - `equal-values-same-identifier` (`Equatable` models): two equal
///     values have the same identifier;
///   - `displayed-change-unequal`: a mutation that changes what the cell
///     displays (`displayed`) makes the model content-unequal;
///   - then the two lists go through the diff core into the model of the
///     list view (`profile`), items by identifier and content by what they
///     display: `valid`, `reaches-target` and `fresh` (a stale cell).
///
/// - Parameters:
///   - name: the models' name, in the failure.
///   - models: draws one model.
///   - profile: the list view the core's batches are checked as.
///   - cases: how many cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the cases; `DIFFCHECK_SEED` overrides it.
///   - environment: where the `DIFFCHECK_…` variables are read.
///   - displayed: what a cell shows for a model.
///   - mutate: the model edited, drawing what changes from the choices.
/// - Returns: how many cases were checked.
@discardableResult
public func checkDiffableModels<Model: Diffable, Shown: Hashable>(
    named name: String, models: Strategy<Model>, profile: Profile = .uikit, cases: Int = 500, seed: UInt64 = 0,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    displayed: @escaping (Model) -> Shown, mutate: @escaping (Model, inout Choices) -> Model) throws -> Int {
    try DiffableModelCheck(name: name, models: models, profile: profile, displayed: displayed, mutate: mutate)
        .run(cases: cases, seed: seed, environment: environment)
}

/// The check behind `checkDiffableModels`.
struct DiffableModelCheck<Model: Diffable, Shown: Hashable> {
    let name: String
    let models: Strategy<Model>
    let profile: Profile
    let displayed: (Model) -> Shown
    let mutate: (Model, inout Choices) -> Model

    /// The most models a case's list holds.
    static var maximumModels: Int { 5 }
    /// How many times a model whose identifier the list holds is drawn again.
    static var redraws: Int { 8 }

    func run(cases: Int, seed: UInt64, environment: [String: String]) throws -> Int {
        func number<T: FixedWidthInteger>(_ variable: String, _ fallback: T) throws -> T {
            guard let (found, text) = EngineCheckEnvironment.value(variable, in: environment) else { return fallback }
            guard let value = T(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                throw EngineCheckSettingError(description: "\(found)=\(text): expected a non-negative whole number")
            }
            return value
        }
        let count: Int = try number(EngineCheckEnvironment.cases, cases)
        let seed: UInt64 = try number(EngineCheckEnvironment.seed, seed)
        for n in 0..<count {
            var choices = Choices(RandomSource(seed: seed &+ UInt64(n) &* 0x9E37_79B9_7F4A_7C15))
            let drawn = draw(&choices)
            guard let rule = judge(drawn)?.rule else { continue }
            throw shrunk(choices.recorded, rule: rule)
        }
        return count
    }

    /// The case `choices` make.
    func draw(_ choices: inout Choices) -> ModelCase<Model> {
        var drawn = ModelCase<Model>()
        for _ in 0..<choices.draw(upTo: Self.maximumModels) {
            var model = models.draw(&choices)
            var tries = 0
            while drawn.old.contains(where: { $0.diffIdentifier == model.diffIdentifier }) {
                guard tries < Self.redraws else {
                    drawn.failure = ("identifier-unique", "\(Self.redraws + 1) models drawn in a row had an identifier the list "
                                     + "already holds (\(String(reflecting: model.diffIdentifier))): it does not tell the objects apart")
                    drawn.new = drawn.old
                    return drawn
                }
                model = models.draw(&choices)
                tries += 1
            }
            drawn.old.append(model)
        }
        drawn.new = drawn.old.map { choices.flip() ? mutate($0, &choices) : $0 }
        return drawn
    }

    /// The first rule `drawn` breaks, with what is wrong and what a list
    /// view does with it; nil when it breaks none.
    func judge(_ drawn: ModelCase<Model>) -> (rule: String, message: String, listView: String?)? {
        if let failure = drawn.failure { return (failure.rule, failure.message, nil) }
        for (old, new) in zip(drawn.old, drawn.new) {
            if old.diffIdentifier != old.diffIdentifier {
                return ("identifier-stable", "\(old)'s identifier differs when read twice", nil)
            }
            if new.diffIdentifier != old.diffIdentifier {
                return ("identifier-stable", "mutated, \(old) has the identifier \(String(reflecting: new.diffIdentifier)), "
                        + "not \(String(reflecting: old.diffIdentifier)): "
                        + "the list view takes the edit for a delete and an insert", nil)
            }
        }
        for model in drawn.old + drawn.new where !model.isContentEqual(to: model) {
            return ("equality-reflexive", "\(model) is not content-equal to itself: it is reloaded on every update", nil)
        }
        for (old, new) in zip(drawn.old, drawn.new) where old.isContentEqual(to: new) != new.isContentEqual(to: old) {
            return ("equality-symmetric", "\(old) and \(new) are content-equal one way only: "
                    + "the diff's answer depends on which is old", nil)
        }
        if Model.self is any Equatable.Type {
            let all = drawn.old + drawn.new
            for a in all {
                for b in all where areEqualValues(a, b) && a.diffIdentifier != b.diffIdentifier {
                    return ("equal-values-same-identifier", "\(a) and \(b) are equal values with different identifiers", nil)
                }
            }
        }
        let listView = throughTheListView(drawn)
        for (old, new) in zip(drawn.old, drawn.new) where displayed(old) != displayed(new) && old.isContentEqual(to: new) {
            return ("displayed-change-unequal", "\(old) and \(new) display \(String(reflecting: displayed(old))) and "
                    + "\(String(reflecting: displayed(new))) "
                    + "but are content-equal: the cell is not refreshed", listView?.text)
        }
        return listView.map { ($0.failure.property.rawValue, $0.failure.message, $0.text) }
    }

    /// The two lists through the diff core into the model of the list view:
    /// its first failure, if any, and that failure in words, the items
    /// named (the model names each identifier m0, m1 …).
    func throughTheListView(_ drawn: ModelCase<Model>) -> (failure: PropertyFailure, text: String)? {
        var names: [AnyHashable: String] = [:], shown: [Shown: Int] = [:]
        func item(_ model: Model) -> Item {
            let id = names[AnyHashable(model.diffIdentifier), default: "m\(names.count)"]
            names[AnyHashable(model.diffIdentifier)] = id
            let content = shown[displayed(model), default: shown.count]
            shown[displayed(model)] = content
            return Item(id: id, content: content)
        }
        let old = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: drawn.old.map(item))])
        let new = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: drawn.new.map(item))])
        let difference = ListDiff.diff(old: drawn.old, new: drawn.new)
        let stages = difference.stages.map { stage in
            Stage(batch: CoreEngine.batch(stage.batch), data: stage.data.map { CoreEngine.snapshot($0, old: old, new: new) })
        }
        guard let failure = Checker(engine: AnsweredEngine(stages: stages), profile: profile).check(old: old, new: new)
            .failures.first else { return nil }
        let legend = names.sorted { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.value < $1.value }
            .map { "\($0.value): identifier \(String(reflecting: $0.key.base))" }
        return (failure, failure.message + " (" + legend.joined(separator: ", ") + ")")
    }

    /// The failing `choices`, shrunk while they break `rule`.
    func shrunk(_ choices: [Int], rule: String) -> DiffableModelFailure {
        func replayed(_ candidate: [Int]) -> (choices: [Int], drawn: ModelCase<Model>) {
            var replay = Choices(ReplaySource(candidate))
            let drawn = draw(&replay)
            return (replay.recorded, drawn)
        }
        let first = replayed(choices)
        let shrinker = Shrinker(failing: first.choices, size: first.drawn.old.count + first.drawn.new.count) { candidate in
            let (consumed, drawn) = replayed(candidate)
            guard judge(drawn)?.rule == rule else { return nil }
            return (consumed, drawn.old.count + drawn.new.count)
        }
        let best = replayed(shrinker.run().choices)
        let verdict = judge(best.drawn)
        return DiffableModelFailure(rule: rule, message: verdict?.message ?? "", old: best.drawn.old.map { "\($0)" },
                                    new: best.drawn.new.map { "\($0)" }, listView: verdict?.listView, choices: best.choices,
                                    name: name)
    }
}

/// Whether `a` and `b` are equal values, for an `Equatable` type (else false).
private func areEqualValues(_ a: Any, _ b: Any) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return isEqual(a, b)
}

private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T) == a }

/// An engine whose answer is given: the core's stages on the models.
private struct AnsweredEngine: DiffEngine {
    let stages: [Stage]
    var name: String { "models" }
    var isFlatOnly: Bool { true }
    var claims: Set<PropertyName> { [.valid, .reachesTarget, .fresh] }
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput { .stages(stages) }
}

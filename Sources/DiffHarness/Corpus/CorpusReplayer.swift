// CorpusReplayer: replays corpus entries against their expectations, each on
// the engine it names.
//
// Which engine a file runs on:
// - a case with `batch:` lines: none (the stages are checked as written);
// - a case with `recorded:` lines, when the replayer judges recorded stages
//   (`judgesRecordedStages`): none (the engine's answer as recorded);
// - a case naming a built-in engine: that engine, whatever the engine under
//   test (`ranOnNamedEngine` says so, for the report);
// - a case naming `external`: the `--engine-cmd` engine when the run has
//   one (the default engine is then external), else it is not run
//   (`EntryRefusal.needsEngineCommand`): a case never carries a command;
// - a case naming none, and a fuzz input: the default engine;
// - a crash artifact: the engine of the folder it is in (`artifactEngine`),
//   or the default engine when the run named one (`isEngineGiven`), else it
//   is not run (`EntryRefusal.unknownArtifactEngine`).
import Foundation
import ListModel

/// Why a corpus file was not replayed: something only the command line can
/// give is missing (exit 2, with this message).
public enum EntryRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The case names `engine: external` and the run has no `--engine-cmd`.
    case needsEngineCommand(recordedCommand: String?, hasRecordedStages: Bool)
    /// A libFuzzer artifact whose engine is unknown, and no engine was named.
    case unknownArtifactEngine

    public var description: String {
        switch self {
        case .needsEngineCommand(let command, let hasRecorded):
            var text = "this case needs an external engine: pass --engine-cmd 'COMMAND' (diffcheck never runs a command written in a case"
            if let command { text += "; it was found with: \(command)" }
            text += ")"
            if hasRecorded { text += ", or --recorded to judge the answer recorded in the case" }
            return text
        case .unknownArtifactEngine:
            return "this crash artifact does not say which engine it crashed (it is not in a folder named after an engine, as Fuzz/run.sh saves them: Corpus/crashes/ENGINE/): pass --engine NAME as the fuzz run had DIFFCHECK_ENGINE"
        }
    }
}

/// The outcome of replaying one corpus file.
public struct EntryOutcome: Sendable {
    /// The corpus file's path.
    public var path: String
    /// The case as it was checked (a decoded binary input becomes a case).
    public var checkedCase: Case
    /// The engine that answered, when an engine was run.
    public var engineName: String?
    /// The stages that were checked (the file's own, the recorded ones, or the engine's).
    public var stages: [Stage]
    /// The properties that failed, in `PropertyName` order.
    public var failures: [PropertyFailure]
    /// The model's rejection, for cases with their own stages.
    public var rejection: StageRejection?
    /// The choices a binary input decoded to (for shrinking).
    public var choices: [Int]?
    /// Whether the outcome meets the file's expectation.
    public var meetsExpectation: Bool
    /// One line: what was expected and what happened.
    public var summary: String
    /// Why the file was not replayed at all; nil when it was.
    public var refusal: EntryRefusal?
    /// The properties that apply: the stage properties for stages, the
    /// engine's checked properties for an engine.
    public var applicable: Set<PropertyName> = []
    /// The properties actually judged; an applicable one missing here (the
    /// engine gave no stages, or was not run) was not evaluated.
    public var evaluated: Set<PropertyName> = []
    /// Whether the case ran on the built-in engine it names rather than on
    /// the engine under test.
    public var ranOnNamedEngine = false
    /// Whether the stages judged are the case's `recorded:` ones.
    public var judgedRecordedStages = false
}

/// Replays corpus entries with the model and, for cases without stages, an engine.
public struct CorpusReplayer: Sendable {
    /// The engine for cases that name none (an external engine for `--engine-cmd`).
    public var defaultEngine: any DiffEngine
    /// Finds an engine by the name a case gives in `engine:`.
    public var engineNamed: @Sendable (String) -> (any DiffEngine)?
    /// `--profile`: overrides nothing a case says itself.
    public var profile: Profile
    /// The options that decode a binary input (`--flat`, `--no-duplicates`, `--max-size`).
    public var generatorOptions: GeneratorOptions
    /// Whether the run named its engine (`--engine`, `--engine-cmd`); a
    /// crash artifact of unknown engine only runs then.
    public var isEngineGiven = true
    /// Whether a case with `recorded:` lines is judged by them, without its engine.
    public var judgesRecordedStages = false

    /// Replays with `defaultEngine` for cases that name none, finding a named engine with `engineNamed`.
    public init(defaultEngine: any DiffEngine, profile: Profile = .strict,
                generatorOptions: GeneratorOptions = GeneratorOptions(),
                engineNamed: @escaping @Sendable (String) -> (any DiffEngine)? = EngineCatalog.engine(named:)) {
        self.defaultEngine = defaultEngine
        self.profile = profile
        self.generatorOptions = generatorOptions
        self.engineNamed = engineNamed
    }

    /// Whether the default engine is the run's external (`--engine-cmd`) engine.
    var hasEngineCommand: Bool { defaultEngine.name == CaseParser.externalEngine }

    /// Replays one corpus file against its expectation (`expect:`, or passing for a binary input).
    public func replay(_ entry: CorpusEntry) -> EntryOutcome {
        switch entry {
        case .text(let path, let c):
            return replay(c, path: path, choices: nil)
        case .binary(let path, let bytes):
            let isCrash = isCrashArtifact(path)
            var engine = defaultEngine
            if isCrash {
                if let name = artifactEngine(path), name != defaultEngine.name, let named = engineNamed(name) {
                    engine = named
                } else if artifactEngine(path) == nil && !isEngineGiven {
                    let c = Case(old: Snapshot(sections: []), new: Snapshot(sections: []))
                    return EntryOutcome(path: path, checkedCase: c, engineName: nil, stages: [], failures: [],
                                        choices: nil, meetsExpectation: false,
                                        summary: EntryRefusal.unknownArtifactEngine.description,
                                        refusal: .unknownArtifactEngine)
                }
            }
            let generator = PairGenerator(options: generatorOptions.forEngine(engine))
            let pair = generator.generate(from: ByteSource(bytes))
            let c = Case(old: pair.old, new: pair.new, expectation: .pass, engine: engine.name)
            var outcome = replay(c, path: path, choices: pair.choices)
            if isCrash && !outcome.meetsExpectation {
                outcome.summary = "crash artifact, still failing: " + outcome.summary
            }
            return outcome
        }
    }

    func replay(_ c: Case, path: String, choices: [Int]?) -> EntryOutcome {
        let profile = c.profile ?? self.profile
        let stageProperties: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
        var failures: [PropertyFailure]
        var stages = c.stages
        var rejection: StageRejection?
        var engineName: String?
        var applicable = stageProperties, evaluated = stageProperties
        var ranOnNamedEngine = false
        let judgesRecorded = judgesRecordedStages && c.stages.isEmpty && c.hasRecordedAnswer
        if c.stages.isEmpty && !judgesRecorded {
            let engine: any DiffEngine
            if c.engine == CaseParser.externalEngine && !hasEngineCommand {
                let refusal = EntryRefusal.needsEngineCommand(recordedCommand: recordedEngineCommand(c),
                                                              hasRecordedStages: c.hasRecordedAnswer)
                return EntryOutcome(path: path, checkedCase: c, engineName: c.engine, stages: [], failures: [],
                                    choices: choices, meetsExpectation: false, summary: refusal.description, refusal: refusal)
            }
            // A case naming the default engine (a decoded binary input does, an `external` case
            // does under --engine-cmd) runs on it, even when the catalog does not know it by name.
            if let name = c.engine, name != defaultEngine.name {
                guard let named = engineNamed(name) else {
                    return EntryOutcome(path: path, checkedCase: c, engineName: name, stages: [], failures: [],
                                        choices: choices, meetsExpectation: false,
                                        summary: "unknown engine \(name) (see `diffcheck engines`)")
                }
                engine = named
                ranOnNamedEngine = true
            } else {
                engine = defaultEngine
            }
            engineName = engine.name
            let checker = Checker(engine: engine, profile: profile)
            let verdict = checker.check(old: c.old, new: c.new)
            failures = verdict.failures
            stages = verdict.stages
            applicable = checker.properties
            switch verdict.output {
            case .stages?: evaluated = applicable
            case .refusal?, .failure?: evaluated = applicable.intersection([.noCrash, .deterministic])
            case nil: evaluated = []
            }
            if verdict.isSkipped {
                return EntryOutcome(path: path, checkedCase: c, engineName: engineName, stages: stages, failures: [],
                                    choices: choices, meetsExpectation: c.expectation == .pass,
                                    summary: "skipped: \(engine.name) does not apply to this case",
                                    applicable: applicable, evaluated: [], ranOnNamedEngine: ranOnNamedEngine)
            }
        } else {
            if judgesRecorded { stages = c.recorded }
            let checked = checkStages(stages, old: c.old, new: c.new, profile: profile, properties: stageProperties)
            failures = checked.failures
            rejection = checked.replay.rejection
            // A rejected stage stops the replay: what comes after it is not judged.
            if rejection != nil { evaluated = [.valid] }
        }
        let meets: Bool
        let happened = failures.isEmpty ? "every property \(evaluated == applicable ? "" : "judged ")holds" : failures.map(\.description).joined(separator: "; ")
        switch c.expectation {
        case .pass:
            meets = failures.isEmpty
        case .error(let text):
            let messages = rejection.map { [$0.rejection.message] } ?? failures.filter { $0.property == .valid }.map(\.message)
            meets = messages.contains { text.isEmpty || $0.contains(text) }
        case .fail(let property):
            meets = failures.contains { $0.property.rawValue == property }
        }
        let judged = judgesRecorded ? " (the recorded answer of engine \(c.engine ?? "core"))" : ""
        let summary = (meets ? "as expected (\(c.expectation))\(judged): " : "expected \(c.expectation)\(judged), but: ") + happened
        return EntryOutcome(path: path, checkedCase: c, engineName: engineName, stages: stages, failures: failures,
                            rejection: rejection, choices: choices, meetsExpectation: meets, summary: summary,
                            applicable: applicable, evaluated: evaluated, ranOnNamedEngine: ranOnNamedEngine,
                            judgedRecordedStages: judgesRecorded)
    }
}

extension GeneratorOptions {
    /// These options, made flat-only when the engine only handles flat lists.
    public func forEngine(_ engine: any DiffEngine) -> GeneratorOptions {
        var options = self
        if engine.isFlatOnly { options.isFlatOnly = true }
        return options
    }
}

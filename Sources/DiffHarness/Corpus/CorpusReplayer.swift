// CorpusReplayer: replays corpus entries against their expectations, each on
// the engine it names.
//
// Which engine a file runs on:
// - a case with `batch:` lines: none (the stages are checked as written);
// - a case with `recorded:` lines, when the replayer judges recorded stages
//   (`judgesRecordedStages`): none (the engine's answer as recorded; with
//   `again:` lines too, its second answer, and `deterministic` fails when
//   the two differ);
// - a case naming a built-in engine: that engine, whatever the engine under
//   test (`ranOnNamedEngine` says so, for the report);
// - a case naming `external`: the `--engine-cmd` engine when the run has
//   one (the default engine is then external), else it is not run
//   (`EntryRefusal.needsEngineCommand`): a case never carries a command;
// - a case naming an engine that is not built in (a user's own engine:
//   `checkEngine` saves its cases with the engine's `name`): the same, the
//   `--engine-cmd` engine or not run (`EntryRefusal.needsUserEngine`);
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
    /// The case names an engine that is not built in (`engine:
    /// claims-too-much`: one of the user's own, as `checkEngine` saves its
    /// cases) and the run has no `--engine-cmd` to run it on. `line` and
    /// `column`: where the name is in the file (nil when the file cannot be
    /// read again); `suggestion`: a built-in engine of a name so close that
    /// the case may mean it.
    case needsUserEngine(name: String, line: Int?, column: Int?, hasRecordedStages: Bool, suggestion: String?)
    /// A libFuzzer artifact whose engine is unknown, and no engine was named.
    case unknownArtifactEngine

    /// Whether a case naming the engine `name` runs only on the command
    /// line's engine (`--engine-cmd`): `external`, and every name that is
    /// not a built-in engine's.
    public static func runsOnEngineCommandOnly(engine name: String) -> Bool {
        EngineKind(name: name).isExternal || EngineCatalog.engine(named: name) == nil
    }

    /// The refusal of the case `c` (read from `path`), whose engine
    /// `name` only the command line can give, by a run without
    /// `--engine-cmd`. The position of a user engine's name is read from
    /// the file again.
    public static func withoutEngineCommand(_ c: Case, engine name: String, path: String) -> EntryRefusal {
        if EngineKind(name: name).isExternal {
            return .needsEngineCommand(recordedCommand: c.engineCommand, hasRecordedStages: c.hasRecordedAnswer)
        }
        let position = engineNamePosition(inCaseFile: path)
        return .needsUserEngine(name: name, line: position?.line, column: position?.column,
                                hasRecordedStages: c.hasRecordedAnswer, suggestion: closestBuiltInEngine(to: name))
    }

    /// One line, as the commands print it: the file (and the line and
    /// column of what is missing, when known), `error:`, and why.
    public func message(path: String) -> String {
        if case .needsUserEngine(_, let line?, let column?, _, _) = self {
            return "\(path):\(line):\(column): error: \(description)"
        }
        return "\(path): error: \(description)"
    }

    public var description: String {
        switch self {
        case .needsEngineCommand(let command, let hasRecorded):
            var text = "this case needs an external engine: pass --engine-cmd 'COMMAND' (diffcheck never runs a command written in a case"
            if let command { text += "; it was found with: \(command)" }
            text += ")"
            if hasRecorded { text += ", or --recorded to judge the answer recorded in the case" }
            return text
        case .needsUserEngine(let name, _, _, let hasRecorded, let suggestion):
            var text = "engine \(name) is not built into diffcheck"
            text += suggestion.map { " (did you mean \($0)?)" } ?? " (see `diffcheck engines`)"
            text += "; a case naming your own engine (as checkEngine saves them) runs on that engine served as --engine-cmd 'COMMAND' (serveEngine(_:))"
            if hasRecorded { text += ", or pass --recorded to judge the answer recorded in the case" }
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
    /// Why each applicable property missing from `evaluated` was not
    /// judged: the engine gave no stages, a stage was rejected before it,
    /// the stages did not reach the new snapshot (freshness is judged on
    /// the snapshot reached).
    public var notEvaluated: [PropertyName: String] = [:]
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
    var hasEngineCommand: Bool { EngineKind(name: defaultEngine.name).isExternal }

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
        var notEvaluated: [PropertyName: String] = [:]
        var ranOnNamedEngine = false
        let judgesRecorded = judgesRecordedStages && c.stages.isEmpty && c.hasRecordedAnswer
        if c.stages.isEmpty && !judgesRecorded {
            let engine: any DiffEngine
            // A case naming the default engine (a decoded binary input does, an `external` case
            // does under --engine-cmd) runs on it, even when the catalog does not know it by name.
            if let name = c.engine, name != defaultEngine.name, let named = engineNamed(name) {
                engine = named
                ranOnNamedEngine = true
            } else if let name = c.engine, name != defaultEngine.name, !hasEngineCommand {
                // `external`, or an engine of the user's own: only the command line can give it.
                let refusal = EntryRefusal.withoutEngineCommand(c, engine: name, path: path)
                return EntryOutcome(path: path, checkedCase: c, engineName: name, stages: [], failures: [],
                                    choices: choices, meetsExpectation: false, summary: refusal.description, refusal: refusal)
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
            case .stages(let answered)?:
                // Valid fails exactly on a rejected stage; an engine that does not claim it is replayed to know.
                let isRejected = applicable.contains(.valid) ? failures.contains { $0.property == .valid }
                    : ListView.replay(answered, from: c.old, to: c.new, profile: profile).rejection != nil
                notEvaluated = unjudgedStageProperties(isRejected: isRejected, failures: failures)
            case .refusal?, .failure?:
                for property in applicable.subtracting([.noCrash, .deterministic]) {
                    notEvaluated[property] = "the engine gave no stages to judge"
                }
            case nil:
                break // skipped: below
            }
            notEvaluated = notEvaluated.filter { applicable.contains($0.key) }
            evaluated = applicable.subtracting(notEvaluated.keys)
            if verdict.isSkipped {
                return EntryOutcome(path: path, checkedCase: c, engineName: engineName, stages: stages, failures: [],
                                    choices: choices, meetsExpectation: c.expectation == .pass,
                                    summary: "skipped: \(engine.name) does not apply to this case",
                                    applicable: applicable, evaluated: [],
                                    notEvaluated: Dictionary(uniqueKeysWithValues: applicable.map { ($0, "the engine does not apply to this case") }),
                                    ranOnNamedEngine: ranOnNamedEngine)
            }
        } else {
            if judgesRecorded { stages = c.recorded }
            let checked = checkStages(stages, old: c.old, new: c.new, profile: profile, properties: stageProperties)
            failures = checked.failures
            rejection = checked.replay.rejection
            // Two recorded answers to the same pair (`again:`, a deterministic finding's) are judged against each other.
            if judgesRecorded && c.hasSecondRecordedAnswer {
                applicable.insert(.deterministic)
                if c.recordedAgain != c.recorded || c.recordsNoStagesAgain != c.recordsNoStages {
                    failures.append(PropertyFailure(.deterministic, "a second call on the same input gave a different answer"))
                    failures.sort { $0.property < $1.property }
                }
            }
            notEvaluated = unjudgedStageProperties(isRejected: rejection != nil, failures: failures)
            evaluated = applicable.subtracting(notEvaluated.keys)
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
                            applicable: applicable, evaluated: evaluated, notEvaluated: notEvaluated,
                            ranOnNamedEngine: ranOnNamedEngine, judgedRecordedStages: judgesRecorded)
    }
}

/// The stage properties `checkStages` does not judge on stages it
/// replayed, each with why: after a rejected stage (`valid` fails), what
/// the stages reach and whether they leave a cell stale; after stages that
/// do not reach the new snapshot, whether they leave a cell stale.
func unjudgedStageProperties(isRejected: Bool, failures: [PropertyFailure]) -> [PropertyName: String] {
    if isRejected {
        let why = "a stage was rejected before it could be judged"
        return [.reachesTarget: why, .fresh: why]
    }
    if failures.contains(where: { $0.property == .reachesTarget }) {
        return [.fresh: "the stages do not reach the new snapshot, so what they leave stale is not judged"]
    }
    return [:]
}

/// Where the `engine:` name of the case file at `path` is (line and
/// column), read again from the file; nil when it cannot be read or names
/// no engine.
func engineNamePosition(inCaseFile path: String) -> (line: Int, column: Int)? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    // The file parsed with any engine name: accepting none, the parser stops at the name.
    guard case .failure(let error) = CaseParser.parse(bytes: [UInt8](data), file: path, engines: []) else { return nil }
    return (error.line, error.column)
}

/// The built-in engine whose name is at most two edits from `name` (a
/// typo, `mutant:last-win`), the closest one; nil when none is.
func closestBuiltInEngine(to name: String) -> String? {
    let candidates = EngineCatalog.all.map(\.name).map { (name: $0, distance: editDistance($0, name)) }
    guard let best = candidates.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
    return best.name
}

/// The Levenshtein distance between `a` and `b`: insertions, deletions
/// and substitutions of one character.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Invariant: before row i, previous[j] is the distance between a's first i - 1 and b's first j.
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension GeneratorOptions {
    /// These options, made flat-only when the engine only handles flat lists.
    public func forEngine(_ engine: any DiffEngine) -> GeneratorOptions {
        var options = self
        if engine.isFlatOnly { options.isFlatOnly = true }
        return options
    }
}

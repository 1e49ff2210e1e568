// CorpusEntry: one file of the corpus (a text case or a binary fuzz input),
// replayed against its expectation.
import Foundation
import ListModel

/// A file the corpus gate and `repro` replay.
public enum CorpusEntry: Sendable {
    /// A `.case` text file.
    case text(path: String, Case)
    /// A binary choice buffer (a libFuzzer input or artifact): decoded with
    /// the byte source; it is expected to pass unless it is a crash artifact.
    case binary(path: String, bytes: [UInt8])

    public var path: String {
        switch self {
        case .text(let path, _), .binary(let path, _): return path
        }
    }
}

/// Why a corpus file could not be read.
public struct CorpusReadError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Reads the corpus files under `paths` (files or directories, recursively,
/// in sorted order). `.case` files are parsed; other regular files (not
/// hidden, not `README.md`, not `.keep`) are binary inputs. Unreadable files
/// and parse errors are returned beside the entries, named with file and line.
public func readCorpus(_ paths: [String]) -> (entries: [CorpusEntry], errors: [CorpusReadError]) {
    var entries: [CorpusEntry] = []
    var errors: [CorpusReadError] = []
    let manager = FileManager.default
    for root in paths {
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
            errors.append(CorpusReadError(description: "\(root): error: no such file or directory"))
            continue
        }
        var files: [String] = []
        if isDirectory.boolValue {
            let enumerator = manager.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                let full = (root as NSString).appendingPathComponent(relative)
                var isDir: ObjCBool = false
                manager.fileExists(atPath: full, isDirectory: &isDir)
                let name = (relative as NSString).lastPathComponent
                if isDir.boolValue {
                    if name.hasPrefix(".") { enumerator?.skipDescendants() }
                    continue
                }
                if name.hasPrefix(".") || name == "README.md" || name.hasSuffix(".tmp") { continue }
                files.append(full)
            }
            files.sort()
        } else {
            files = [root]
        }
        for file in files {
            guard let data = manager.contents(atPath: file) else {
                errors.append(CorpusReadError(description: "\(file): error: cannot read the file"))
                continue
            }
            let bytes = [UInt8](data)
            if file.hasSuffix(".case") {
                switch CaseParser.parse(bytes: bytes, file: file) {
                case .success(let c): entries.append(.text(path: file, c))
                case .failure(let error): errors.append(CorpusReadError(description: error.description))
                }
            } else {
                entries.append(.binary(path: file, bytes: bytes))
            }
        }
    }
    return (entries, errors)
}

/// The outcome of replaying one corpus file.
public struct EntryOutcome: Sendable {
    public var path: String
    /// The case as it was checked (a decoded binary input becomes a case).
    public var checkedCase: Case
    public var engineName: String?
    /// The stages that were checked (the file's own, or the engine's).
    public var stages: [Stage]
    public var failures: [PropertyFailure]
    /// The model's rejection, for cases with their own stages.
    public var rejection: StageRejection?
    /// The choices a binary input decoded to (for shrinking).
    public var choices: [Int]?
    /// Whether the outcome meets the file's expectation.
    public var meetsExpectation: Bool
    /// One line: what was expected and what happened.
    public var summary: String
}

/// Replays corpus entries with the model and, for cases without stages, an engine.
public struct CorpusReplayer: Sendable {
    /// The engine for cases that name none.
    public var defaultEngine: any DiffEngine
    /// Finds an engine by the name a case gives in `engine:`.
    public var engineNamed: @Sendable (String) -> (any DiffEngine)?
    /// `--profile`: overrides nothing a case says itself.
    public var profile: Profile
    public var generatorOptions: GeneratorOptions

    public init(defaultEngine: any DiffEngine, profile: Profile = .strict,
                generatorOptions: GeneratorOptions = GeneratorOptions(),
                engineNamed: @escaping @Sendable (String) -> (any DiffEngine)? = EngineCatalog.engine(named:)) {
        self.defaultEngine = defaultEngine
        self.profile = profile
        self.generatorOptions = generatorOptions
        self.engineNamed = engineNamed
    }

    public func replay(_ entry: CorpusEntry) -> EntryOutcome {
        switch entry {
        case .text(let path, let c):
            return replay(c, path: path, choices: nil)
        case .binary(let path, let bytes):
            let isCrash = (path as NSString).lastPathComponent.hasPrefix("crash-")
            let generator = PairGenerator(options: generatorOptions.forEngine(defaultEngine))
            let pair = generator.generate(from: ByteSource(bytes))
            let c = Case(old: pair.old, new: pair.new, expectation: .pass, engine: defaultEngine.name)
            var outcome = replay(c, path: path, choices: pair.choices)
            if isCrash && !outcome.meetsExpectation {
                outcome.summary = "crash artifact, still failing: " + outcome.summary
            }
            return outcome
        }
    }

    func replay(_ c: Case, path: String, choices: [Int]?) -> EntryOutcome {
        let profile = c.profile ?? self.profile
        var failures: [PropertyFailure]
        var stages = c.stages
        var rejection: StageRejection?
        var engineName: String?
        if c.stages.isEmpty {
            let engine: any DiffEngine
            // A case naming the default engine (a decoded binary input does) runs on it, even when
            // the catalog does not know it by name (an external engine).
            if let name = c.engine, name != defaultEngine.name {
                guard let named = engineNamed(name) else {
                    return EntryOutcome(path: path, checkedCase: c, engineName: name, stages: [], failures: [],
                                        choices: choices, meetsExpectation: false,
                                        summary: "unknown engine \(name) (see `diffcheck engines`)")
                }
                engine = named
            } else {
                engine = defaultEngine
            }
            engineName = engine.name
            let verdict = Checker(engine: engine, profile: profile).check(old: c.old, new: c.new)
            failures = verdict.failures
            stages = verdict.stages
            if verdict.isSkipped {
                return EntryOutcome(path: path, checkedCase: c, engineName: engineName, stages: stages, failures: [],
                                    choices: choices, meetsExpectation: c.expectation == .pass,
                                    summary: "skipped: \(engine.name) does not apply to this case")
            }
        } else {
            let checked = checkStages(c.stages, old: c.old, new: c.new, profile: profile,
                                      properties: [.valid, .reachesTarget, .fresh])
            failures = checked.failures
            rejection = checked.replay.rejection
        }
        let meets: Bool
        let happened = failures.isEmpty ? "every property holds" : failures.map(\.description).joined(separator: "; ")
        switch c.expectation {
        case .pass:
            meets = failures.isEmpty
        case .error(let text):
            let messages = rejection.map { [$0.rejection.message] } ?? failures.filter { $0.property == .valid }.map(\.message)
            meets = messages.contains { text.isEmpty || $0.contains(text) }
        case .fail(let property):
            meets = failures.contains { $0.property.rawValue == property }
        }
        let summary = (meets ? "as expected (\(c.expectation)): " : "expected \(c.expectation), but: ") + happened
        return EntryOutcome(path: path, checkedCase: c, engineName: engineName, stages: stages, failures: failures,
                            rejection: rejection, choices: choices, meetsExpectation: meets, summary: summary)
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

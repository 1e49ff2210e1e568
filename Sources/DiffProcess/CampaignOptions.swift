// CampaignOptions: what every worker of a campaign is told: the engine, its
// timeout, the seed, the profile and the generator's options — one JSON
// value (`diffcheck worker --campaign JSON`), not a command line again.
import DiffHarness
import Foundation
import ListModel

/// The engine under test and how its cases are made, as a campaign's
/// supervisor hands them to each worker (`forwarded`: one JSON value).
public struct CampaignOptions: Sendable, Equatable {
    /// A built-in engine's name (`diffcheck engines`); ignored with `engineCommand`.
    public var engineName = "core"
    /// An external engine's command (`--engine-cmd`), or nil for a built-in one.
    public var engineCommand: String?
    /// Seconds an engine may take on one case before the case is asked
    /// again alone (`ExternalEngine`: a timeout is a question).
    public var timeout = 10.0
    /// Seconds a case that passed `timeout` may take when asked again
    /// alone before it is a hang (`--hang-timeout`; `ExternalEngine.hangTimeout`).
    public var hangTimeout = ExternalEngine.defaultHangTimeout
    /// The seed of the campaign's cases.
    public var seed: UInt64 = 1
    /// The list view the stages are checked as.
    public var profile = Profile.strict
    /// What the generated cases may hold.
    public var generator = GeneratorOptions()
    /// The properties an external engine claims (`--claims`, or its
    /// declaration); nil: every one an external engine can claim.
    public var claims: Set<PropertyName>?
    /// The most resident memory an external engine's processes may hold,
    /// in megabytes (`--rss-limit-mb`; `ExternalEngine.memoryLimitBytes`); nil: no limit.
    package var memoryLimitMB: Int?
    /// The most CPU an external engine may use on one case, in seconds
    /// (`--max-cpu-per-case`; `ExternalEngine.cpuLimitSeconds`); nil: no limit.
    package var maxCPUPerCase: Double?

    /// The options of a campaign of the built-in engine `engineName`, or of the external engine `engineCommand`.
    public init(engineName: String = "core", engineCommand: String? = nil, timeout: Double = 10, seed: UInt64 = 1,
                profile: Profile = .strict, generator: GeneratorOptions = GeneratorOptions(), claims: Set<PropertyName>? = nil,
                hangTimeout: Double = ExternalEngine.defaultHangTimeout, memoryLimitMB: Int? = nil,
                maxCPUPerCase: Double? = nil) {
        self.memoryLimitMB = memoryLimitMB
        self.maxCPUPerCase = maxCPUPerCase
        self.claims = claims
        self.hangTimeout = hangTimeout
        self.engineName = engineName
        self.engineCommand = engineCommand
        self.timeout = timeout
        self.seed = seed
        self.profile = profile
        self.generator = generator
    }

    /// The engine under test; an unknown built-in name is an error.
    package func engine() throws -> any DiffEngine {
        if let command = engineCommand {
            return ExternalEngine(command: command, timeout: timeout, isFlatOnly: generator.isFlatOnly, claims: claims,
                                  hangTimeout: hangTimeout, memoryLimitBytes: memoryLimitMB.map(CampaignOptions.bytes(megabytes:)),
                                  cpuLimitSeconds: maxCPUPerCase)
        }
        guard let engine = EngineCatalog.engine(named: engineName) else {
            throw CampaignError(description: "unknown engine '\(engineName)' (see `diffcheck engines`)")
        }
        return engine
    }

    /// The engine under test, run in a child process when it is a built-in
    /// one (an external engine is one already): a trap or a hang fails
    /// `no-crash` on that case and the run goes on.
    package func isolatedEngine(_ engines: IsolatedEngines) throws -> any DiffEngine {
        if engineCommand != nil { return try engine() }
        guard let engine = engines.engine(named: engineName) else {
            throw CampaignError(description: "unknown engine '\(engineName)' (see `diffcheck engines`)")
        }
        return engine
    }

    /// `megabytes` million bytes, or the most an `Int` holds when that is more.
    static func bytes(megabytes: Int) -> Int {
        let (bytes, overflows) = megabytes.multipliedReportingOverflow(by: 1_000_000)
        return overflows ? .max : bytes
    }

    /// These options as a worker process's arguments: `--campaign` and
    /// their JSON (`json`), which the worker decodes (`init(json:)`).
    package var forwarded: [String] { [Self.argumentName, json] }

    /// The worker's option that carries the campaign's options.
    package static let argumentName = "--campaign"

    /// These options as one line of JSON, its keys in order (the
    /// project's own writer: no Foundation coder on the wire).
    package var json: String {
        var fields: [(key: String, value: String)] = [
            ("duplicates", "\(generator.allowsDuplicates)"), ("engine", SnapshotJSON.quoted(engineName)),
            ("flat", "\(generator.isFlatOnly)"), ("hangTimeout", Self.number(hangTimeout)), ("maxSize", "\(generator.maxSize)"),
            ("profile", SnapshotJSON.quoted(profile.rawValue)), ("seed", "\(seed)"),
            ("shapes", SnapshotJSON.quoted(generator.shapes.rawValue)), ("timeout", Self.number(timeout)),
        ]
        if let engineCommand { fields.append(("engineCommand", SnapshotJSON.quoted(engineCommand))) }
        if let size = generator.everyCaseSize { fields.append(("size", SnapshotJSON.quoted(size.name))) }
        if let claims { fields.append(("claims", "[" + claims.map(\.rawValue).sorted().map(SnapshotJSON.quoted).joined(separator: ",") + "]")) }
        if let memoryLimitMB { fields.append(("rssLimitMB", "\(memoryLimitMB)")) }
        if let maxCPUPerCase { fields.append(("maxCPUPerCase", Self.number(maxCPUPerCase))) }
        return "{" + fields.sorted { $0.key < $1.key }.map { SnapshotJSON.quoted($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// A number of seconds as JSON writes it (`10`, `2.5`); one that is not
    /// finite, which no option lets through, as a string `init(json:)` reads.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return SnapshotJSON.quoted("\(value)") }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The options `json` wrote; throws what is missing or wrong, by field.
    package init(json: String) throws(CampaignError) {
        let line: JSONLine
        do { line = try JSONLine(Array(json.utf8)) } catch {
            throw CampaignError(description: "not a campaign's options (\(error.problem), at byte \(error.offset))")
        }
        guard line.kind(0) == .object else { throw CampaignError(description: "not a campaign's options (not a JSON object)") }
        func field(_ key: StaticString) throws(CampaignError) -> Int {
            guard let node = line.value(key, in: 0) else { throw CampaignError(description: "campaign options: no '\(key)'") }
            return node
        }
        func text(_ key: StaticString) throws(CampaignError) -> String {
            guard let text = line.string(try field(key)) else { throw CampaignError(description: "campaign options: '\(key)' needs a string") }
            return text
        }
        func named<T>(_ key: StaticString, _ make: (String) -> T?) throws(CampaignError) -> T {
            let text = try text(key)
            guard let value = make(text) else { throw CampaignError(description: "\(key) '\(text)' is not one") }
            return value
        }
        func number(_ key: StaticString) throws(CampaignError) -> Double {
            let node = try field(key)
            let written = line.kind(node) == .string ? line.string(node) : line.kind(node) == .number ? line.written(node) : nil
            guard let value = written.flatMap(Double.init) else { throw CampaignError(description: "campaign options: '\(key)' needs a number") }
            return value
        }
        func whole<T: FixedWidthInteger>(_ key: StaticString, as: T.Type) throws(CampaignError) -> T {
            let node = try field(key)
            guard line.kind(node) == .number, let value = T(line.written(node)) else {
                throw CampaignError(description: "campaign options: '\(key)' needs a whole number")
            }
            return value
        }
        func flag(_ key: StaticString) throws(CampaignError) -> Bool {
            guard let value = line.boolean(try field(key)) else { throw CampaignError(description: "campaign options: '\(key)' needs true or false") }
            return value
        }
        var generator = GeneratorOptions(isFlatOnly: try flag("flat"), allowsDuplicates: try flag("duplicates"),
                                         maxSize: try whole("maxSize", as: Int.self),
                                         shapes: try named("shapes", GeneratorShapes.init(rawValue:)))
        if line.value("size", in: 0) != nil { generator.everyCaseSize = try named("size", SizeClass.init(name:)) }
        var claims: Set<PropertyName>?
        if let list = line.value("claims", in: 0) {
            guard line.kind(list) == .list else { throw CampaignError(description: "campaign options: 'claims' needs a list") }
            var names: Set<PropertyName> = [], element = list + 1
            for _ in 0..<line.count(list) {
                guard let name = line.string(element), let property = PropertyName(rawValue: name) else {
                    throw CampaignError(description: "claims: '\(line.written(element))' is no property")
                }
                names.insert(property)
                element = line.next(element)
            }
            claims = names
        }
        self.init(engineName: try text("engine"),
                  engineCommand: line.value("engineCommand", in: 0) == nil ? nil : try text("engineCommand"),
                  timeout: try number("timeout"), seed: try whole("seed", as: UInt64.self),
                  profile: try named("profile", Profile.init(rawValue:)), generator: generator, claims: claims,
                  hangTimeout: try number("hangTimeout"),
                  memoryLimitMB: line.value("rssLimitMB", in: 0) == nil ? nil : try whole("rssLimitMB", as: Int.self),
                  maxCPUPerCase: line.value("maxCPUPerCase", in: 0) == nil ? nil : try number("maxCPUPerCase"))
    }
}

/// A campaign that cannot run (an unknown engine, workers that keep dying).
public struct CampaignError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// An error saying `description`.
    package init(description: String) { self.description = description }
}

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

    /// These options as one line of JSON.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a string, a number, a bool or a list of strings: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The options `json` wrote; throws what is missing or wrong, by field.
    package init(json: String) throws(CampaignError) {
        do { self = try JSONDecoder().decode(CampaignOptions.self, from: Data(json.utf8)) } catch let error as CampaignError {
            throw error
        } catch {
            throw CampaignError(description: "not a campaign's options (\(error))")
        }
    }
}

extension CampaignOptions: Codable {
    enum CodingKeys: String, CodingKey {
        case engineName = "engine", engineCommand, timeout, hangTimeout, seed, profile
        case maxSize, isFlatOnly = "flat", allowsDuplicates = "duplicates", shapes, size, claims, memoryLimitMB = "rssLimitMB", maxCPUPerCase
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(engineName, forKey: .engineName)
        try container.encodeIfPresent(engineCommand, forKey: .engineCommand)
        try container.encode(timeout, forKey: .timeout)
        try container.encode(hangTimeout, forKey: .hangTimeout)
        try container.encode(seed, forKey: .seed)
        try container.encode(profile.rawValue, forKey: .profile)
        try container.encode(generator.maxSize, forKey: .maxSize)
        try container.encode(generator.isFlatOnly, forKey: .isFlatOnly)
        try container.encode(generator.allowsDuplicates, forKey: .allowsDuplicates)
        try container.encode(generator.shapes.rawValue, forKey: .shapes)
        try container.encodeIfPresent(generator.everyCaseSize?.name, forKey: .size)
        try container.encodeIfPresent(claims.map { $0.map(\.rawValue).sorted() }, forKey: .claims)
        try container.encodeIfPresent(memoryLimitMB, forKey: .memoryLimitMB)
        try container.encodeIfPresent(maxCPUPerCase, forKey: .maxCPUPerCase)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func named<T>(_ key: CodingKeys, _ make: (String) -> T?) throws -> T {
            let text = try container.decode(String.self, forKey: key)
            guard let value = make(text) else { throw CampaignError(description: "\(key.stringValue) '\(text)' is not one") }
            return value
        }
        var generator = GeneratorOptions(isFlatOnly: try container.decode(Bool.self, forKey: .isFlatOnly),
                                         allowsDuplicates: try container.decode(Bool.self, forKey: .allowsDuplicates),
                                         maxSize: try container.decode(Int.self, forKey: .maxSize),
                                         shapes: try named(.shapes, GeneratorShapes.init(rawValue:)))
        if container.contains(.size) { generator.everyCaseSize = try named(.size, SizeClass.init(name:)) }
        var claims: Set<PropertyName>?
        if let names = try container.decodeIfPresent([String].self, forKey: .claims) {
            claims = Set(try names.map { name in
                guard let property = PropertyName(rawValue: name) else { throw CampaignError(description: "claims: '\(name)' is no property") }
                return property
            })
        }
        self.init(engineName: try container.decode(String.self, forKey: .engineName),
                  engineCommand: try container.decodeIfPresent(String.self, forKey: .engineCommand),
                  timeout: try container.decode(Double.self, forKey: .timeout), seed: try container.decode(UInt64.self, forKey: .seed),
                  profile: try named(.profile, Profile.init(rawValue:)), generator: generator, claims: claims,
                  hangTimeout: try container.decode(Double.self, forKey: .hangTimeout),
                  memoryLimitMB: try container.decodeIfPresent(Int.self, forKey: .memoryLimitMB),
                  maxCPUPerCase: try container.decodeIfPresent(Double.self, forKey: .maxCPUPerCase))
    }
}

/// A campaign that cannot run (an unknown engine, workers that keep dying).
public struct CampaignError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// An error saying `description`.
    package init(description: String) { self.description = description }
}

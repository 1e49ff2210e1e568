// CampaignOptions: what every worker of a campaign is told: the engine, its
// timeout, the seed, the profile and the generator's options.
import DiffHarness
import Foundation
import ListModel

/// The engine under test and how its cases are made, as a campaign's
/// supervisor hands them to each worker (`forwarded`).
public struct CampaignOptions: Sendable {
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

    /// The options of a campaign of the built-in engine `engineName`, or of the external engine `engineCommand`.
    public init(engineName: String = "core", engineCommand: String? = nil, timeout: Double = 10, seed: UInt64 = 1,
                profile: Profile = .strict, generator: GeneratorOptions = GeneratorOptions(), claims: Set<PropertyName>? = nil,
                hangTimeout: Double = ExternalEngine.defaultHangTimeout) {
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
    public func engine() throws -> any DiffEngine {
        if let command = engineCommand {
            return ExternalEngine(command: command, timeout: timeout, isFlatOnly: generator.isFlatOnly, claims: claims,
                                  hangTimeout: hangTimeout)
        }
        guard let engine = EngineCatalog.engine(named: engineName) else {
            throw CampaignError(description: "unknown engine '\(engineName)' (see `diffcheck engines`)")
        }
        return engine
    }

    /// The engine under test, run in a child process when it is a built-in
    /// one (an external engine is one already): a trap or a hang fails
    /// `no-crash` on that case and the run goes on.
    public func isolatedEngine(_ engines: IsolatedEngines) throws -> any DiffEngine {
        if engineCommand != nil { return try engine() }
        guard let engine = engines.engine(named: engineName) else {
            throw CampaignError(description: "unknown engine '\(engineName)' (see `diffcheck engines`)")
        }
        return engine
    }

    /// These options as `diffcheck` arguments again (for worker processes
    /// and the one-line reproduce command).
    public var forwarded: [String] {
        var arguments: [String] = []
        if let command = engineCommand { arguments += ["--engine-cmd", command] } else { arguments += ["--engine", engineName] }
        arguments += ["--timeout", String(timeout)]
        if hangTimeout != ExternalEngine.defaultHangTimeout { arguments += ["--hang-timeout", String(hangTimeout)] }
        arguments += ["--seed", String(seed), "--profile", profile.rawValue,
                      "--max-size", String(generator.maxSize)]
        if generator.isFlatOnly { arguments.append("--flat") }
        if let claims, engineCommand != nil { arguments += ["--claims", claims.sorted().map(\.rawValue).joined(separator: ",")] }
        if let size = generator.everyCaseSize { arguments += ["--size", size.name] }
        if !generator.allowsDuplicates { arguments.append("--no-duplicates") }
        if generator.shapes != GeneratorShapes.defaultShapes(forEngine: engineCommand == nil ? engineName : "") {
            arguments += ["--shapes", generator.shapes.rawValue]
        }
        return arguments
    }
}

/// A campaign that cannot run (an unknown engine, workers that keep dying).
public struct CampaignError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// An error saying `description`.
    public init(description: String) { self.description = description }
}

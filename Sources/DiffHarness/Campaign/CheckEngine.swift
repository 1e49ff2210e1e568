// CheckEngine: one call that checks an engine from a test suite (Swift
// Testing or XCTest), the way Hypothesis runs inside pytest.
//
//     @Test func myEngineHoldsItsClaims() throws {
//         try checkEngine(MyEngine())
//     }
//
// It replays the saved failures next to the test file first, then checks
// small exhaustive bounds and random cases; a failure throws, and the error
// is the shrunk case in the case format with where it was saved.
import Foundation
import ListModel

/// Thrown by `checkEngine` when a property fails; its description is the
/// whole report (each shrunk case, where it was saved, how to rerun it).
public struct EngineCheckFailure: Error, CustomStringConvertible {
    public var result: CampaignResult
    public var description: String { result.description }
}

/// Thrown by `checkEngine` for a setting it cannot use (a bad environment
/// variable), with what is wrong.
public struct EngineCheckSettingError: Error, CustomStringConvertible {
    public var description: String
}

/// The environment variables `checkEngine` reads.
public enum EngineCheckEnvironment {
    /// The seed of the random cases (default 0: the same cases every run).
    public static let seed = "DIFFCHECK_SEED"
    /// How many random cases (CI may run more than a laptop).
    public static let cases = "DIFFCHECK_CASES"
    /// A regressions folder to use instead of the one the test names.
    public static let regressions = "DIFFCHECK_REGRESSIONS"
}

/// Checks `engine` with a campaign and throws `EngineCheckFailure` if any
/// property fails.
///
/// - Parameters:
///   - regressions: the folder of saved failures, replayed before anything
///     else; each new failure is saved there. Default: a folder
///     `diffcheck-regressions` next to the calling test file (commit it;
///     SwiftPM warns about its files unless the test target `exclude`s it).
///   - cases: random cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the random cases; `DIFFCHECK_SEED` overrides it.
///   - exhaustive: bounds whose every pair is checked (`[]`: none).
/// - Returns: the result, when every property holds.
///
/// The engine runs in this process: an engine that traps takes the test
/// run down with it, and one that never returns hangs it. To find such a
/// failure, run the engine under `diffcheck fuzz` (as `--engine-cmd`),
/// which keeps it in a child process.
@discardableResult
public func checkEngine(_ engine: any DiffEngine, profile: Profile = .strict, cases: Int = 1_000, seed: UInt64 = 0,
                        regressions: String? = nil, exhaustive: [ExhaustiveBound] = Campaign.smallBounds,
                        generatorOptions: GeneratorOptions = GeneratorOptions(),
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        filePath: StaticString = #filePath) throws -> CampaignResult {
    func number<T: FixedWidthInteger>(_ name: String, _ fallback: T) throws -> T {
        guard let text = environment[name] else { return fallback }
        guard let value = T(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw EngineCheckSettingError(description: "\(name)=\(text): expected a non-negative whole number")
        }
        return value
    }
    let testFolder = ("\(filePath)" as NSString).deletingLastPathComponent
    let folder = environment[EngineCheckEnvironment.regressions]
        ?? regressions ?? (testFolder as NSString).appendingPathComponent("diffcheck-regressions")
    let campaign = Campaign(engine: engine, profile: profile, seed: try number(EngineCheckEnvironment.seed, seed),
                            cases: try number(EngineCheckEnvironment.cases, cases), exhaustiveBounds: exhaustive,
                            generatorOptions: generatorOptions, regressions: folder)
    let result = campaign.run()
    guard result.holds else { throw EngineCheckFailure(result: result) }
    return result
}

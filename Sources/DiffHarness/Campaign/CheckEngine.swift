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
    /// What the campaign did and found; its description is the report.
    public var result: CampaignResult
    public var description: String { result.description }
}

/// Thrown by `checkEngine` for a setting it cannot use (a bad environment
/// variable), with what is wrong.
public struct EngineCheckSettingError: Error, CustomStringConvertible {
    public var description: String
}

/// The environment variables `checkEngine` reads.
///
/// Each is also read with the `TEST_RUNNER_` prefix
/// (`TEST_RUNNER_DIFFCHECK_SEED`): that is how a variable set for
/// `xcodebuild test` is meant for the test process (in the simulator, on a
/// device), and a runner that does not strip the prefix passes it as it
/// is. The unprefixed name wins when both are set.
public enum EngineCheckEnvironment {
    /// The seed of the random cases (default 0: the same cases every run).
    public static let seed = "DIFFCHECK_SEED"
    /// How many random cases (CI may run more than a laptop).
    public static let cases = "DIFFCHECK_CASES"
    /// A regressions folder to use instead of the one the test names.
    public static let regressions = "DIFFCHECK_REGRESSIONS"
    /// The prefix `xcodebuild` gives variables meant for the test runner.
    public static let testRunnerPrefix = "TEST_RUNNER_"

    /// The value of `name` in `environment`, or of `TEST_RUNNER_` + `name`;
    /// with the name it was found under.
    public static func value(_ name: String, in environment: [String: String]) -> (name: String, value: String)? {
        if let value = environment[name] { return (name, value) }
        let prefixed = testRunnerPrefix + name
        return environment[prefixed].map { (prefixed, $0) }
    }
}

/// Where `checkEngine` keeps saved failures when no folder is given: the
/// folder `diffcheck-regressions` next to the test file, when that file's
/// folder exists here; else (a device, or a sandbox that cannot see the
/// source tree) one named after the test file in the temporary directory,
/// with a note for the report. The second is nil for the first.
func defaultRegressionsFolder(testFile: String, temporaryDirectory: String = NSTemporaryDirectory())
    -> (folder: String, note: String?) {
    let testFolder = parentFolder(of: testFile)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: testFolder, isDirectory: &isDirectory), isDirectory.boolValue {
        return ((testFolder as NSString).appendingPathComponent("diffcheck-regressions"), nil)
    }
    let name = ((testFile as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = ((temporaryDirectory as NSString).appendingPathComponent("diffcheck-regressions") as NSString)
        .appendingPathComponent(name.isEmpty ? "tests" : name)
    return (folder, "regressions: \(folder) (the test file's folder \(testFolder) does not exist here, as on a device: "
        + "copy saved cases into diffcheck-regressions next to the test to keep them, or set \(EngineCheckEnvironment.regressions))")
}

/// Checks `engine` with a campaign and throws `EngineCheckFailure` if any
/// property fails.
///
/// - Parameters:
///   - engine: the engine under test; it runs in this process.
///   - profile: the list view its stages are checked as (`strict`: the
///     portable subset).
///   - regressions: the folder of saved failures, replayed before anything
///     else; each new failure is saved there (a failure that cannot be
///     saved says so in the error), in the case format the command line
///     reads (`diffcheck show`, `repro` and `check`; the case names the
///     engine by its `name`, which they run on `--engine-cmd`). Default: a
///     folder `diffcheck-regressions` next to the calling test file (commit
///     it, with a `.keep` file while it is empty: the test target
///     `exclude`s it, and SwiftPM warns about an exclude that does not exist);
///     where that file's folder does not exist (a device), a folder in the
///     temporary directory, named in the error. `DIFFCHECK_REGRESSIONS`
///     overrides both.
///   - cases: random cases; `DIFFCHECK_CASES` overrides it.
///   - seed: the seed of the random cases; `DIFFCHECK_SEED` overrides it.
///   - exhaustive: bounds whose every pair is checked (`[]`: none).
///   - generatorOptions: what the random cases may hold (flat only, repeated
///     identities, sizes, shapes).
///   - environment: where the `DIFFCHECK_…` variables are read; each is
///     also read as `TEST_RUNNER_DIFFCHECK_…` (xcodebuild).
///   - filePath: the calling test file, whose folder holds the default
///     regressions folder; leave it out.
/// - Returns: the result, when every property holds.
///
/// The engine runs in this process: an engine that traps takes the test
/// run down with it, and one that never returns hangs it. To find such a
/// failure, run the engine under `diffcheck fuzz` (as `--engine-cmd`),
/// which keeps it in a child process. Called on the main thread (an
/// `@MainActor` test, XCTest), every engine call is made on the main
/// thread, so an engine that needs it (UIKit) neither traps nor deadlocks;
/// called elsewhere, an engine that is `isSafeToCallConcurrently` may be
/// called from several threads while shrinking.
@discardableResult
public func checkEngine(_ engine: any DiffEngine, profile: Profile = .strict, cases: Int = 1_000, seed: UInt64 = 0,
                        regressions: String? = nil, exhaustive: [ExhaustiveBound] = Campaign.smallBounds,
                        generatorOptions: GeneratorOptions = GeneratorOptions(),
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        filePath: StaticString = #filePath) throws -> CampaignResult {
    func number<T: FixedWidthInteger>(_ name: String, _ fallback: T) throws -> T {
        guard let (found, text) = EngineCheckEnvironment.value(name, in: environment) else { return fallback }
        guard let value = T(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw EngineCheckSettingError(description: "\(found)=\(text): expected a non-negative whole number")
        }
        return value
    }
    var folder = EngineCheckEnvironment.value(EngineCheckEnvironment.regressions, in: environment)?.value ?? regressions
    var note: String?
    if folder == nil { (folder, note) = defaultRegressionsFolder(testFile: "\(filePath)") }
    let campaign = Campaign(engine: engine, profile: profile, seed: try number(EngineCheckEnvironment.seed, seed),
                            cases: try number(EngineCheckEnvironment.cases, cases), exhaustiveBounds: exhaustive,
                            generatorOptions: generatorOptions, regressions: folder)
    var result = campaign.run()
    if let note { result.notes.append(note) }
    guard result.holds else { throw EngineCheckFailure(result: result) }
    return result
}

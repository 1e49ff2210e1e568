// CrashArtifact: a libFuzzer artifact and the engine it was found on.
//
// libFuzzer names an input that failed `crash-<sha1>` (or `timeout-`,
// `oom-`, `leak-`, `slow-unit-`). The bytes say nothing of the engine: the
// same bytes decode to a case that a mutant fails and the core passes. So
// `Fuzz/run.sh` saves artifacts in a folder named after the engine,
// `Corpus/crashes/ENGINE/crash-…`, and that folder is how `repro` and
// `check` know which engine to run an artifact on.
import Foundation

/// The prefixes libFuzzer gives the inputs it saves as artifacts.
let artifactPrefixes = ["crash-", "timeout-", "oom-", "leak-", "slow-unit-"]

/// Whether the file at `path` is a libFuzzer artifact (by its name).
package func isCrashArtifact(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent
    return artifactPrefixes.contains { name.hasPrefix($0) }
}

/// The engine an artifact was found on: the name of its folder when that
/// is a built-in engine's name (`Corpus/crashes/mutant:last-wins/crash-…`);
/// nil for any other file.
package func artifactEngine(_ path: String) -> String? {
    guard isCrashArtifact(path) else { return nil }
    let folder = (parentFolder(of: path) as NSString).lastPathComponent
    return EngineCatalog.engine(named: folder) == nil ? nil : folder
}

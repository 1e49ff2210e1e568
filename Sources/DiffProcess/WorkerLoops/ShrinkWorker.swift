// ShrinkWorker: the guarded shrinking child's side (`diffcheck worker
// --shrink FILE`, started by `guardedShrunkCase`): it shrinks the file's
// failure with the engine in this process, each pair written to the state
// file before the engine sees it, and sends the shrunk case as its
// `shrunk` message.
import DiffHarness
import Foundation
import ListModel

/// A built-in engine that writes each pair it is given to a state file
/// before running it, so that the pair survives a trap. The pair is one
/// JSON line at the start of the file (what follows the line break is left
/// over from a longer pair: no truncation, one system call per pair).
struct RecordingEngine: DiffEngine {
    let engine: any DiffEngine
    let state: Int32

    var name: String { engine.name }
    var isFlatOnly: Bool { engine.isFlatOnly }
    var claims: Set<PropertyName> { engine.claims }

    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        let line = Array((SnapshotJSON.request(old: old, new: new) + "\n").utf8)
        _ = line.withUnsafeBytes { pwrite(state, $0.baseAddress, $0.count, 0) }
        return engine.diff(old: old, new: new)
    }
}

/// Shrinks the failure of the case in `path` with `engine` (the engine
/// `options` names) in this process, writing each pair to the file at
/// `statePath` before the engine runs it; sends the shrunk case (nothing
/// when no smaller case fails). Throws when the state file cannot be made
/// or the case cannot be read.
package func runShrinkWorker(_ path: String, statePath: String, engine defaultEngine: any DiffEngine, options: CampaignOptions) throws {
    let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
    guard state >= 0 else { throw CampaignError(description: "\(statePath): cannot create the state file: \(String(cString: strerror(errno)))") }
    defer { close(state) }
    let read = readCorpus([path])
    guard let entry = read.entries.first else {
        throw CampaignError(description: read.errors.first?.description ?? "\(path): error: no case to shrink")
    }
    let replayer = CorpusReplayer(defaultEngine: RecordingEngine(engine: defaultEngine, state: state), profile: options.profile,
                                  generatorOptions: options.generator,
                                  engineNamed: { EngineCatalog.engine(named: $0).map { RecordingEngine(engine: $0, state: state) } })
    let outcome = replayer.replay(entry)
    let engine = outcome.checkedCase.engine.flatMap(replayer.engineNamed) ?? replayer.defaultEngine
    if let shrunk = shrunkCase(outcome, options: options, engine: engine) {
        emit(.shrunk(CasePrinter.text(shrunk)))
    }
}

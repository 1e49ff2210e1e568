// GuardedShrinking: shrinking for `repro` and `shrink` that survives an
// engine that traps or hangs on one of the candidates.
//
// A property failure is shrunk at full speed with the engine in-process, but
// inside a child (`diffcheck worker --shrink FILE`) that writes each pair to a
// state file before the engine sees it. If the child dies, the pair in the
// state file is a case the engine traps on: that becomes a `no-crash`
// failure, shrunk with the engine in a child of its own (`IsolatedEngine`),
// where every candidate that traps costs a restart rather than the run. A
// child killed from outside (SIGKILL or SIGTERM that diffcheck did not
// send) is no trap: that is said, and nothing is shrunk or written.
import DiffHarness
import DiffProcess
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

/// What shrinking a failure in a guarded child came to.
enum GuardedShrink {
    /// A smaller case that fails (or the candidate the engine trapped or
    /// hung on, shrunk as a `no-crash` failure).
    case shrunk(Case)
    /// Nothing smaller fails (or the child could not run).
    case notSmaller
    /// The child was killed by a signal diffcheck did not send (SIGKILL or
    /// SIGTERM: a user, the kernel's out-of-memory killer), which is no trap
    /// of the engine's: why, in words. Nothing is written.
    case killedFromOutside(String)

    /// The shrunk case, if there is one.
    var shrunk: Case? {
        if case .shrunk(let c) = self { return c }
        return nil
    }
}

/// Shrinks the failure in `outcome` in a guarded child.
func guardedShrunkCase(_ outcome: EntryOutcome, options: some EngineCommandOptions, engines: IsolatedEngines) -> GuardedShrink {
    guard let failure = outcome.failures.first, outcome.engineName != nil else { return .notSmaller }
    let engine = outcome.engineName.flatMap { engines.engine(named: $0) } ?? (try? options.isolatedEngine(engines))
    guard let engine else { return .notSmaller }
    // An external engine is out of process already, and a crash is shrunk in isolation.
    if failure.property == .noCrash || engine is ExternalEngine {
        return shrinkResult(ReproCommand.shrunkCase(outcome, options: options, engine: engine, isCrash: failure.property == .noCrash))
    }
    // The state file is made in a folder of our own: a name known beforehand could be planted as a link.
    guard let scratch = try? PrivateFolder(prefix: "diffcheck-shrink") else { return .notSmaller }
    defer { scratch.remove() }
    let state = scratch.file("shrink.state")
    let arguments = ["worker"] + options.forwarded + ["--shrink", outcome.path, "--state", state]
    // Its own lines for the user (that it is shrinking a long case, and how far it is) reach ours as they come.
    guard let child = try? Worker(executable: ownExecutable(), arguments: arguments, index: 0, passing: "diffcheck: ") else {
        return .notSmaller
    }
    // The shrinker stops itself after a minute; a hang in the engine does not.
    let deadline = Date().addingTimeInterval(60 + options.timeout * 2 + 10)
    var lines: [String] = []
    var isHung = false
    while !child.isAtEnd {
        var descriptor = pollfd(fd: child.descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 100)
        if descriptor.revents != 0 { lines += child.readLines() }
        if Date() > deadline {
            isHung = true
            child.kill()
            break
        }
    }
    let ending = child.ending()
    if !isHung && ending == nil {
        let text = lines.joined(separator: "\n")
        if text.isEmpty { return .notSmaller }
        return shrinkResult(try? CaseParser.parse(text + "\n", file: outcome.path).get())
    }
    // Killed by a signal we did not send (`diedOf` is false for ours): no trap, no finding.
    if !isHung, let signal = [SIGKILL, SIGTERM].first(where: child.diedOf) {
        return .killedFromOutside("the shrinking process was killed by \(signal == SIGKILL ? "SIGKILL" : "SIGTERM"), "
                                  + "sent from outside diffcheck (a user, or the kernel's out-of-memory killer)")
    }
    // The engine trapped or hung on the pair in the state file.
    guard let data = FileManager.default.contents(atPath: state),
          let pair = try? SnapshotJSON.request(fromJSON: Array([UInt8](data).prefix { $0 != 10 })).get() else { return .notSmaller }
    let why = isHung ? "the engine did not return within \(options.timeout) s" : (ending ?? "the shrinking process stopped")
    var crash = outcome
    crash.checkedCase = Case(old: pair.old, new: pair.new, expectation: .pass, profile: outcome.checkedCase.profile,
                             engine: engine.name)
    crash.choices = nil
    crash.failures = [PropertyFailure(.noCrash, "\(why) while shrinking a \(failure.property.rawValue) failure")]
    return shrinkResult(ReproCommand.shrunkCase(crash, options: options, engine: engine, isCrash: true))
}

/// `.shrunk(c)`, or `.notSmaller` for nil.
private func shrinkResult(_ c: Case?) -> GuardedShrink {
    c.map(GuardedShrink.shrunk) ?? .notSmaller
}

// FindingStore: saves failures as case files, atomically, named by what makes
// each one a different finding, never over another finding.
import Foundation
import ListModel

/// Writes `text` to `path` atomically: a temporary name in the same
/// directory, then a rename, so an interrupted write never leaves half a file.
/// Replaces what is at `path` (see `writeAtomicallyIfAbsent` for findings),
/// making the folders above it if needed; a link there is followed, and a
/// FIFO or a device is written into as a stream, never replaced
/// (`replaceFile(at:with:createsFolders:)`).
package func writeAtomically(_ text: String, to path: String) throws {
    do { try replaceFile(at: path, with: Array(text.utf8), createsFolders: true) } catch {
        throw error.folderError ?? CorpusReadError(description: "\(path): error: \(error.reason)")
    }
}

/// Writes the case file `text` at `path` as a finding is written: a
/// temporary file beside it, then a rename that replaces what is at `path`,
/// a symbolic link included, which is never followed (`replaceEntry`).
package func writeCaseFile(_ text: String, to path: String) throws {
    do { try replaceEntry(at: path, with: Array(text.utf8)) } catch {
        throw CorpusReadError(description: "\(path): error: \(error.reason)")
    }
}

/// Writes `text` to `path` atomically unless a file is already there: a
/// temporary file, then link(2), which fails rather than replace. Returns
/// false (and writes nothing) when `path` exists.
package func writeAtomicallyIfAbsent(_ text: String, to path: String) throws -> Bool {
    let temporary: String
    do { temporary = try temporaryCopy(of: Array(text.utf8), for: path, createsFolders: true) } catch {
        throw error.folderError ?? CorpusReadError(description: "\(path): error: \(error.reason)")
    }
    defer { unlink(temporary) }
    if link(temporary, path) == 0 { return true }
    let error = errno
    if error == EEXIST { return false }
    throw CorpusReadError(description: "\(path): error: cannot put the file in place: \(String(cString: strerror(error)))")
}

/// Creates the folder `path` (and the folders above it) unless it is
/// there; throws a `CorpusReadError` naming the path and why, in words:
/// a file of that name, or what the system said (a read-only or full disk).
package func createFindingsFolder(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        if isDirectory.boolValue { return }
        throw CorpusReadError(description: "\(path): error: a file, not a folder: findings are saved in a folder")
    }
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        // The system's words (`Read-only file system`), not Foundation's error dump: mkdir(2) says why.
        if mkdir(path, 0o755) == 0 { return }
        let reason = String(cString: strerror(errno))
        throw CorpusReadError(description: "\(path): error: cannot create the folder: \(reason)")
    }
}

/// FNV-1a, 64 bits: a stable content hash for file names (the same on every machine).
package func contentHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

/// The engine of a counterexample as a case names it, and the external
/// command if there is one (`external: COMMAND`, the older spelling, is
/// split into the two).
func engineIdentity(_ example: Counterexample) -> (name: String, command: String?) {
    let prefix = CaseParser.externalEngine + ": "
    if example.engine.hasPrefix(prefix) {
        return (CaseParser.externalEngine, example.engineCommand ?? String(example.engine.dropFirst(prefix.count)))
    }
    return (example.engine, example.engineCommand)
}

/// The case a finding is saved as: the shrunk pair, the engine, the
/// engine's answer as `recorded:` lines (so the finding can be judged and
/// drawn without the engine; for a `deterministic` finding, its different
/// second answer as `again:` lines) and `expect: pass` (what the engine owes),
/// so the corpus gate fails until the bug is fixed; and the finding's facts
/// as lines: the failure (`finding:`), where it came from (`origin:`), how
/// far it shrank (`shrunk:`), its choices (`choices:`). An external engine is
/// named `engine: external`, its command `engine-command: …`, never run.
public func findingCase(_ example: Counterexample) -> Case {
    let engine = engineIdentity(example)
    var comments: [String] = []
    if engine.command != nil {
        comments.append("an external engine: replay with --engine-cmd (diffcheck never runs a command written in a case)")
    }
    var facts = FindingFacts(property: example.failure.property.rawValue, message: example.failure.message)
    // A case of a random campaign has a seed, a shrink and choices; an exhaustive pair has none of them.
    let isRandom = example.seed != nil
    if let seed = example.seed, let n = example.caseNumber { facts.origin = .random(seed: seed, caseNumber: n) }
    if !example.isShrunk {
        facts.shrinking = FindingShrinking(.notShrunk)
        comments.append("not shrunk: the campaign stopped while shrinking it")
    } else if isRandom {
        let state: FindingShrinking.State = example.isSavedAsGenerated ? .notShrunk
            : example.isShrinkBudgetExhausted ? .stoppedAtBudget : .done
        facts.shrinking = FindingShrinking(state, calls: example.shrinkCalls, originalItems: totalItems(example.original.old, example.original.new))
        if example.isShrinkBudgetExhausted { comments.append("stopped at the shrink budget: it may shrink further") }
        if example.shrunk.choices.isEmpty {
            comments.append("shrunk by editing the case itself: no choices make it (the generator's shapes cannot write this pair)")
        }
    }
    switch example.shrunkVerdict.output {
    case .refusal(let reason)?: comments.append("the engine gave no stages: \(reason)")
    case .failure(let failure)?: comments.append("the engine failed: \(failure.reason)")
    case .stages?, nil: break
    }
    let again = secondRecordedAnswer(example.shrunkVerdict, isFlat: example.shrunk.old.isFlat && example.shrunk.new.isFlat)
    if let unrecorded = again.unrecorded { comments.append(unrecorded) }
    return Case(comments: comments, old: example.shrunk.old, new: example.shrunk.new, expectation: .pass,
                profile: example.profile == .strict ? nil : example.profile, engine: engine.name,
                recorded: example.shrunkVerdict.stages, recordsNoStages: example.shrunkVerdict.answeredNoStages,
                recordedAgain: again.stages, recordsNoStagesAgain: again.isNoStages,
                engineCommand: engine.command, choices: isRandom ? example.shrunk.choices : nil, finding: facts)
}

/// A verdict's second answer (`Verdict.secondOutput`, there when
/// `deterministic` failed) as a case's `again:` lines: its stages, or no
/// stages (`again: none`). `again:` follows a recorded first answer, so
/// after a first answer that was no stages at all (a refusal, a failure),
/// the second is a comment that says what it was; so is a second answer
/// that is no stages at all. `isFlat`: whether the case's snapshots are both flat.
func secondRecordedAnswer(_ verdict: Verdict, isFlat: Bool) -> (stages: [Stage], isNoStages: Bool, unrecorded: String?) {
    switch verdict.secondOutput {
    case .stages(let stages)?:
        guard case .stages? = verdict.output else {
            let answer = stages.isEmpty ? "no stages"
                : stages.map { CasePrinter.batch($0.batch, isFlat: isFlat) }.map { $0.isEmpty ? "(an empty batch)" : $0 }.joined(separator: " / ")
            return ([], false, "asked again, the engine answered: \(answer) (not recorded as again: lines, which follow a recorded first answer)")
        }
        return (stages, stages.isEmpty, nil)
    case .refusal(let reason)?: return ([], false, "asked again, the engine gave no stages: \(reason)")
    case .failure(let failure)?: return ([], false, "asked again, the engine failed: \(failure.reason)")
    case nil: return ([], false, nil)
    }
}

/// The case an exhaustive failure is saved as: the same as a random
/// finding's (`findingCase`: the engine, its answer as `recorded:` lines,
/// `expect: pass`), with where in the walk it was found (`origin`: the
/// pair's place and the bound) instead of a seed and choices.
public func exhaustiveFindingCase(_ failure: PropertyFailure, old: Snapshot, new: Snapshot, verdict: Verdict,
                                  engine: String, engineCommand: String?, profile: Profile, origin: FindingOrigin) -> Case {
    let pair = GeneratedPair(old: old, new: new, choices: [], bounds: [])
    let example = Counterexample(failure: failure, engine: engine, profile: profile, seed: nil, caseNumber: nil,
                                 original: pair, shrunk: pair, shrunkVerdict: verdict, shrinkCalls: 0,
                                 isShrinkBudgetExhausted: false, engineCommand: engineCommand)
    var c = findingCase(example)
    c.finding?.origin = origin
    return c
}

/// What makes a saved finding a different finding: its pair, engine,
/// profile, recorded stages and expectation, the external command and the
/// failing property. Where it came from (origin, shrinking, choices), its
/// message and its comments are left out, so the same failure found twice
/// is one finding.
public func findingIdentity(_ c: Case) -> String {
    var bare = c
    bare.comments = []
    bare.finding = nil
    bare.choices = nil
    bare.engineCommand = nil
    var text = CasePrinter.text(bare)
    if let command = c.engineCommand { text += "engine command: \(command)\n" }
    if let property = c.finding?.property { text += "property: \(property)\n" }
    return text
}

/// Saves a finding under `directory` as `<hash of its identity>.case` and
/// returns the path. The same finding found again (same identity) is the
/// same file; its comments are brought up to date only when it was saved
/// unshrunk (a finding first saved unshrunk, then shrunk to itself, says
/// so), and never when it came from another part or run. A file of that name holding
/// anything else — another finding, a hand-written case, text that does
/// not parse — is never replaced: the finding goes to `<hash>-1.case`,
/// `-2`, … Every write is atomic (a temporary file, then link or rename).
@discardableResult
public func saveFinding(_ example: Counterexample, in directory: String) throws -> String {
    try saveFinding(findingCase(example), in: directory)
}

/// Saves a finding's case under `directory`, named and written as
/// `saveFinding(_:in:)` does for a counterexample.
@discardableResult
public func saveFinding(_ c: Case, in directory: String) throws -> String {
    let text = CasePrinter.text(c)
    let identity = findingIdentity(c)
    let hash = contentHash(identity)
    for attempt in 0..<1000 {
        let name = attempt == 0 ? hash : "\(hash)-\(attempt)"
        let path = (directory as NSString).appendingPathComponent(name + ".case")
        if try writeAtomicallyIfAbsent(text, to: path) { return path }
        if let data = FileManager.default.contents(atPath: path),
           let existing = try? CaseParser.parse(bytes: [UInt8](data), file: path).get(),
           findingIdentity(existing) == identity {
            // Only a finding saved unshrunk (its shrink still to come), or one of the same campaign from a
            // later case (the campaign reports the smallest case number, whatever its workers' timing), is
            // brought up to date: another part's or another run's file for the same failure keeps its comments.
            if (isSavedUnshrunk(existing) || isLaterCaseOfTheSameCampaign(existing, than: c)) && CasePrinter.text(existing) != text {
                try writeAtomically(text, to: path)
            }
            return path
        }
    }
    throw CorpusReadError(description: "\(directory): error: 1000 other findings already have the names of this one")
}

/// Whether a finding's case was saved before its shrinking ended (`shrunk:
/// no` alone; `shrunk: no, C calls from I items` is a case saved as
/// generated once shrinking had run).
func isSavedUnshrunk(_ c: Case) -> Bool {
    c.finding?.shrinking?.state == .notShrunk && c.finding?.shrinking?.calls == nil
}

/// Whether `existing` is a random finding of the same seed as `found`
/// from a later case number (their `origin: seed S case N`).
func isLaterCaseOfTheSameCampaign(_ existing: Case, than found: Case) -> Bool {
    guard case .random(let seed, let before)? = existing.finding?.origin,
          case .random(seed, let now)? = found.finding?.origin else { return false }
    return now < before
}

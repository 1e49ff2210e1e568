// FindingStore: saves failures as case files, atomically, named by content.
import Foundation
import ListModel

/// Writes `text` to `path` atomically: a temporary name in the same
/// directory, then a rename, so an interrupted write never leaves half a file.
public func writeAtomically(_ text: String, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let temporary = (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
        throw CorpusReadError(description: "\(path): error: cannot write \(temporary)")
    }
    guard rename(temporary, path) == 0 else {
        unlink(temporary)
        throw CorpusReadError(description: "\(path): error: cannot rename \(temporary) into place")
    }
}

/// FNV-1a, 64 bits: a stable content hash for file names (the same on every machine).
public func contentHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

/// The case a finding is saved as: the shrunk pair, the engine, and
/// `expect: pass` (what the engine owes), with the failure and where it came
/// from in comments, so the corpus gate fails until the bug is fixed.
public func findingCase(_ example: Counterexample) -> Case {
    var comments = [
        "finding: \(example.failure.property.rawValue): \(example.failure.message)",
        "engine \(example.engine), profile \(example.profile.rawValue)",
    ]
    if let seed = example.seed, let n = example.caseNumber {
        comments.append("seed \(seed), case \(n); original \(totalItems(example.original.old, example.original.new)) items, shrunk in \(example.shrinkCalls) calls"
            + (example.isShrinkBudgetExhausted ? " (stopped at the shrink budget: it may shrink further)" : ""))
    }
    comments.append("choices: " + example.shrunk.choices.map(String.init).joined(separator: " "))
    let stages = example.shrunkVerdict.stages
    if !stages.isEmpty {
        comments.append("the engine answered:")
        comments += CasePrinter.stageLines(stages, isFlat: example.shrunk.old.isFlat && example.shrunk.new.isFlat).map { "  " + $0 }
    }
    return Case(comments: comments, old: example.shrunk.old, new: example.shrunk.new, expectation: .pass,
                profile: example.profile == .strict ? nil : example.profile, engine: example.engine)
}

/// Saves a finding under `directory` as `<content hash>.case`; returns the path.
/// The hash covers the case without its comments, so the same failure found
/// twice is one file.
@discardableResult
public func saveFinding(_ example: Counterexample, in directory: String) throws -> String {
    let c = findingCase(example)
    var bare = c
    bare.comments = []
    let path = (directory as NSString).appendingPathComponent(contentHash(CasePrinter.text(bare)) + ".case")
    try writeAtomically(CasePrinter.text(c), to: path)
    return path
}

/// The choices recorded in a case's `choices:` comment, if any.
public func recordedChoices(_ c: Case) -> [Int]? {
    for comment in c.comments where comment.hasPrefix("choices:") {
        let values = comment.dropFirst("choices:".count).split(separator: " ").compactMap { Int($0) }
        return values
    }
    return nil
}

// SlowCaseFile: the slowest case of a campaign, saved apart from its findings
// for profiling (libFuzzer keeps its slow units the same way).
import Foundation
import ListModel

/// The folder of a findings folder that slow cases are saved in:
/// `FINDINGS/slow`.
package func slowCasesFolder(_ findings: String) -> String {
    (findings as NSString).appendingPathComponent(slowFolderName)
}

/// The name of a findings folder's folder of slow cases, which a corpus
/// walk does not enter (`corpusFiles(inFolder:)`).
let slowFolderName = "slow"

/// The case file of a slow case, for profiling the engine on it: the pair
/// as generated and `expect: pass` (what every engine owes it: a slow case
/// was judged and held), with no `engine:` line, so that replaying it
/// (the corpus gate reads it only when its folder is named: a walk of
/// the corpus passes `slow/` by) runs whichever engine is checked and never fails on a command it
/// lacks. Its time, size, origin and the command that times it are comments.
package func slowCaseFile(_ slow: SlowCase, pair: GeneratedPair, seed: UInt64, engineCommand: String?,
                         timeout: Double, timing: String) -> Case {
    var comments = [
        "slow case: \(slow.description), past --timeout \(String(format: "%g", timeout)) s: slow, not a failure "
            + "(judged, and every property held)",
        "seed \(seed), case \(slow.caseNumber): the slowest case of its campaign, kept for profiling the engine on it",
    ]
    if let engineCommand { comments.append("answered by: \(engineCommand)") }
    comments.append("time it: \(timing)")
    return Case(comments: comments, old: pair.old, new: pair.new, expectation: .pass)
}

/// The case file of a pathologically slow case, shrunk to `old` and `new`:
/// as a slow case's, `expect: pass` and no `engine:` line (it is no
/// failing expectation), with the answer's time, its dominator's, the
/// limit the shrunk case still passes (`factor` times the dominator's
/// time, at least `floor`) and the command that shows it, as comments.
package func pathologicalCaseFile(_ found: PathologicalCase, old: Snapshot, new: Snapshot, seed: UInt64, engineCommand: String?,
                                  limit: Double, factor: Double, floor: Double, shown: String) -> Case {
    var comments = [
        "pathologically slow case: \(found.description): a finding about speed, not a failure",
        "seed \(seed), case \(found.caseNumber), shrunk to the smallest case still over \(EngineScaling.seconds(limit)) of CPU "
            + "(\(Int(factor)) times the larger request's time, at least \(EngineScaling.seconds(floor)))",
    ]
    if let engineCommand { comments.append("answered by: \(engineCommand)") }
    comments.append("see it: \(shown)")
    return Case(comments: comments, old: old, new: new, expectation: .pass)
}

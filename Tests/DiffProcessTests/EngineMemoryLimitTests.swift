// The engine's memory (issue 49): its peak resident memory is measured,
// and an opt-in limit (`--rss-limit-mb`) stops an engine past it, the case
// not judged and the memory named: never a `no-crash` failure.
import Foundation
import Testing
@testable import DiffProcess
import DiffHarness
import ListModel
import TestSupport

/// A correct engine that fills 300 MB and burns 1 s of CPU on a request of
/// more than 2,000 items, then frees it and answers.
private let memoryHungryEngine = """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        if sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new) > 2000:
            held = b"x" * (300 << 20)
            burn(1)
            del held
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """

@Test func anEnginePastItsMemoryLimitIsStoppedAndTheCaseNotJudged() throws {
    let script = try EngineScript(memoryHungryEngine)
    defer { script.remove() }
    let limited = ExternalEngine(command: script.command, timeout: 10, memoryLimitBytes: 100_000_000)
    let answers = limited.run(pairs: [flatPair(10), flatPair(1_500), flatPair(10)])
    guard case .failed(let failure) = answers[1] else {
        Issue.record("a request past the memory limit was answered: \(answers[1])")
        return
    }
    #expect(failure.isTooSlow && !failure.isHang, "\(failure)")
    #expect(failure.reason.contains(" of resident memory on a request of 3000 items")
            && failure.reason.contains("past its limit of 100 MB (--rss-limit-mb): stopped, and the case not judged"), "\(failure.reason)")
    // The engine is started again for the next request.
    #expect(!answers[0].output.isFailure && !answers[2].output.isFailure, "\(answers)")

    // Without a limit the same engine answers, and its peak memory is read.
    let free = ExternalEngine(command: script.command, timeout: 10)
    let answered = free.run(pairs: [flatPair(10), flatPair(1_500), flatPair(10)])
    #expect(answered.allSatisfy { !$0.output.isFailure }, "\(answered)")
    #expect(free.peakMemory >= 300 << 20, "\(free.peakMemory)")
}

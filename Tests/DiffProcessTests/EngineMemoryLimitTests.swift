// The engine's memory (issue 49): its peak resident memory is measured,
// and an opt-in limit (`--rss-limit-mb`) stops an engine past it, the case
// not judged and the memory named: never a `no-crash` failure.
import Foundation
import Testing
@testable import DiffProcess
import DiffHarness
import ListModel
import TestSupport


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

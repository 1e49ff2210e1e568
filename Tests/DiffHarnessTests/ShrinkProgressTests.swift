// ShrinkProgress: a long shrink says how far it is (issue 39, point 11).
import DiffHarness
import Foundation
import ListModel
import Testing

/// A clock the test moves by hand.
private final class HandClock: @unchecked Sendable {
    var seconds = 0.0
}

/// Lines collected from the reports.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// One line an interval, however many candidates: none before the first
/// interval has passed, and each says how many were tried, for how long,
/// and how large the last one was.
@Test func aLongShrinkSaysHowFarItIsOnceAnInterval() {
    let clock = HandClock()
    let lines = Lines()
    let progress = ShrinkProgress(interval: 15, now: { clock.seconds }, report: lines.append)
    for n in 0..<10 {
        clock.seconds = Double(n)
        progress.note(items: 5_000 - n)
    }
    #expect(lines.all.isEmpty)
    clock.seconds = 15
    progress.note(items: 4_000)
    clock.seconds = 20
    progress.note(items: 3_000)
    clock.seconds = 31
    progress.note(items: 1)
    #expect(lines.all == ["diffcheck: still shrinking: 11 smaller cases tried in 15 s, the last of 4000 items",
                          "diffcheck: still shrinking: 13 smaller cases tried in 31 s, the last of 1 item"])
    #expect(progress.count == 13)
}

/// The engine that counts answers as the engine it wraps, one pair at a
/// time or many, and counts each pair it was asked about.
@Test func theCountingEngineAnswersAsItsEngine() {
    let progress = ShrinkProgress(interval: 1_000, report: { _ in })
    let counted = ShrinkProgressEngine(CoreEngine(), progress: progress)
    let old = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: [Item(id: "a"), Item(id: "b")])])
    let new = Snapshot(sections: [Section(id: Snapshot.implicitSectionID, items: [Item(id: "b"), Item(id: "a")])])
    #expect(counted.diff(old: old, new: new) == CoreEngine().diff(old: old, new: new))
    #expect(counted.diff(pairs: [(old, new), (new, old)]) == CoreEngine().diff(pairs: [(old, new), (new, old)]))
    #expect(progress.count == 3)
    #expect(counted.name == "core" && counted.isSafeToCallConcurrently)
}

// ProgressLine: a long run's progress on stderr — one live line on a
// terminal (rewritten in place every half second), a line every 10 s
// otherwise (a log, CI).
import Foundation

/// The progress line of a run.
struct ProgressLine {
    /// Whether stderr is a terminal.
    let isTerminal = isatty(STDERR_FILENO) != 0
    /// What a terminal gets when the run ends: a line break after the last
    /// line, or the line cleared.
    var endsByClearing = false
    private var last = ContinuousClock.now

    /// A progress line that ends with a line break on a terminal, or that is cleared (`endsByClearing`).
    init(endsByClearing: Bool = false) {
        self.endsByClearing = endsByClearing
    }

    /// Prints `line()` when the last one is old enough.
    mutating func show(_ line: () -> String) {
        guard last.duration(to: .now) >= .seconds(isTerminal ? 0.5 : 10) else { return }
        last = ContinuousClock.now
        let text = line()
        // What was printed goes out first: with stdout and stderr in one file, a progress
        // line never lands inside a printed case.
        fflush(nil)
        FileHandle.standardError.write(Data((isTerminal ? "\r\(text)   " : text + "\n").utf8))
    }

    /// Ends the live line on a terminal.
    func end() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data((endsByClearing ? "\r\u{1B}[K" : "\n").utf8))
    }
}

/// `  about N s left` for a progress line: what remains of `total` at
/// `rate`, or of `maxTime`, whichever comes first; empty when neither is known.
package func timeLeft(done: Int, total: Int?, rate: Double, elapsed: Double, maxTime: Double?) -> String {
    var left: Double?
    if let total, rate > 0 { left = Double(max(total - done, 0)) / rate }
    if let maxTime { left = min(left ?? .infinity, max(maxTime - elapsed, 0)) }
    guard let left, left.isFinite else { return "" }
    if left >= 2 * 86_400 { return "  about \(Int(left / 86_400)) days left" }
    if left >= 2 * 3_600 { return "  about \(Int(left / 3_600)) h left" }
    return left >= 120 ? "  about \(Int(left / 60)) min left" : "  about \(Int(left.rounded(.up))) s left"
}

// EngineProbe: an `--engine-cmd` command tried once before a run, so that a
// command that cannot run is a usage error, not a campaign of failures.
//
// A mistyped command, an engine that exits before answering, or one that
// prints something other than the protocol (an HTML error page, a usage
// text) would otherwise fail `no-crash` on every case, restart for each,
// stream its stderr for each, and save a finding that is not about any
// case. The probe sends one trivial request (`old: a`, `new: a`) to a fresh
// process and reads the engine's declaration of itself, if it sends one.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffHarness
import Foundation
import ListModel

/// Why an engine command cannot be checked at all (exit 2): one message
/// naming the command and what it printed, bounded.
package struct EngineStartError: Error, CustomStringConvertible, Sendable {
    package var description: String
}

/// What the probe learned of an engine that runs.
package struct EngineProbeResult: Sendable {
    /// What the engine declared about itself on its first line, if it did.
    package var declaration: EngineDeclaration?
    /// Whether it answered the probe's request in time (an engine that does
    /// not is no usage error: hanging is what a campaign finds and shrinks).
    package var hasAnswered: Bool
}

/// The trial request an `--engine-cmd` command gets before a run.
package enum EngineProbe {
    /// The probe's request: one unchanged item, which every engine answers.
    static let pair = (old: Snapshot(sections: [Section(id: "", items: [Item(id: "a")])]),
                       new: Snapshot(sections: [Section(id: "", items: [Item(id: "a")])]))

    /// What the probe allows an engine that is starting (an interpreter,
    /// a JVM, a runtime loading its bundle) on each of its clocks
    /// (`EngineClock`): 30 s of CPU, 10 s idle (neither running nor
    /// waiting for a processor: `EngineProcess.startupIdleSeconds`), 120 s
    /// of wall-clock time; `--timeout` where it is longer. A starved engine
    /// on a loaded machine uses no CPU and is not idle: it is waited for,
    /// up to the wall backstop. `within`: the run's time limit (`--time`),
    /// which bounds each clock. A fresh process's first request in a run
    /// gets the same idle time (`EngineProcess.firstAnswerIdleSeconds`).
    static func startupLimits(timeout: Double, within: Double? = nil) -> TimeLimits {
        let bound = within ?? .infinity
        return TimeLimits(cpu: min(max(timeout, 30), bound), idle: min(max(timeout, EngineProcess.startupIdleSeconds), bound),
                          wall: min(max(120, 4 * timeout), bound))
    }

    /// Runs `command` once on the probe's request and returns its
    /// declaration; throws when the command cannot start, exits before it
    /// answers, or answers with a line that is not an answer.
    ///
    /// A command that does not answer within `startupLimits(timeout:within:)` is
    /// not an error here (a campaign finds and shrinks a hang), and neither
    /// is a refusal (`{"error": …}`) or a wrong answer: the probe judges
    /// nothing. Its declaration, if it sent one before, still counts.
    package static func run(command: String, timeout: Double, within: Double? = nil) throws(EngineStartError) -> EngineProbeResult {
        let shown = shellQuoted(command)
        let process: EngineProcess
        switch EngineProcess.start(command: command, capturesErrors: true) {
        case .success(let started): process = started
        case .failure(let failure):
            throw EngineStartError(description: "the engine command \(shown) cannot start: \(failure.reason)")
        }
        defer { process.stop() }
        var declaration: Result<EngineDeclaration, SnapshotJSONError>?
        var stray: [UInt8]?
        var notAnAnswer: String?
        let limits = startupLimits(timeout: timeout, within: within)
        let end = process.fly(
            count: 1,
            encode: { _, bytes in SnapshotJSON.appendRequest(old: pair.old, new: pair.new, to: &bytes) },
            limits: { _ in limits },
            skips: { line in
                guard ExternalEngine.isStrayLine(line) else { return false }
                if stray == nil { stray = line }
                return true
            },
            declared: { line in if declaration == nil { declaration = EngineDeclaration.parse(line) } },
            accept: { _, line in
                if case .failure(let error) = SnapshotJSON.answer(fromJSON: line) {
                    notAnAnswer = error.message
                    return false
                }
                return true
            })
        if case .failure(let error)? = declaration {
            throw EngineStartError(description: "the engine command \(shown) declares itself wrongly: \(error.message)")
        }
        let declared = try? declaration?.get()
        if end.answered == 1 { return EngineProbeResult(declaration: declared, hasAnswered: true) }
        let printed = stray.map { "; it printed: " + excerpt($0) } ?? ""
        switch end.failure {
        case nil:
            throw EngineStartError(description: "the engine command \(shown) does not speak the protocol: its answer to "
                                   + "the first request (old: a, new: a) is not one: \(notAnAnswer ?? "no answer")")
        case .timedOut?:
            return EngineProbeResult(declaration: declared, hasAnswered: false)
        case .noAnswerAfterStrayLine?:
            throw EngineStartError(description: "the engine command \(shown) does not speak the protocol: it printed "
                                   + excerpt(stray ?? []) + " instead of an answer to the first request (old: a, new: a); "
                                   + "answers are one JSON object a line on stdout, anything else goes to stderr")
        case .closed?:
            let reason = process.exitReason(deadline: DispatchTime.now().uptimeNanoseconds + 1_000_000_000)
            throw EngineStartError(description: "the engine command \(shown) exited before answering its first request "
                                   + "(old: a, new: a): \(reason)\(printed)")
        case .tooLong?:
            throw EngineStartError(description: "the engine command \(shown) does not speak the protocol: its first line is "
                                   + "longer than \(EngineProcess.maximumLine / 1_048_576) MiB")
        case .brokeProtocol(let what)?:
            throw EngineStartError(description: "the engine command \(shown) does not speak the protocol: \(what)")
        case .overMemory?, .overCPU?:
            // The probe sets no memory or CPU limit; a limit passed would be the run's, not a protocol fault.
            throw EngineStartError(description: "the engine command \(shown) passed a limit of the run (memory or CPU) on its "
                                   + "first request")
        case .system(let what)?:
            throw EngineStartError(description: "the engine command \(shown) cannot be run: \(what)")
        }
    }

    /// A line as text, cut as reports cut it, in backquotes.
    static func excerpt(_ line: [UInt8]) -> String {
        "`" + ExternalEngine.excerpt(line) + "`"
    }
}

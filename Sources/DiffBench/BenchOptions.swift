// BenchOptions: `diffcheck bench`'s options, declared once (CommandOptions):
// the core bench's and the engine bench's, their parser and their help.
import CommandOptions
import DiffProcess
import Foundation

/// `diffcheck bench [--json] [--runs N] [--seed N] [--quick] [--input K] [--contender NAME]`
/// and `--harness [--cases N]`.
struct BenchOptions: ParsableOptions {
    static var labelWidth: Int { 11 }
    static func unknownOption(_ argument: String) -> String { "unknown argument '\(argument)'" }
    static func unexpectedArgument(_ argument: String) -> String { "unknown argument '\(argument)'" }

    @Flag("--json", help: "print the rows as JSON instead of a table")
    var isJSON: Bool

    @Option("--runs", "N", help: "timed rounds per input, contenders interleaved (default 5)", .needs("a positive number") { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    var runs = 5

    @Option("--seed", "N", help: "seed of the inputs (default 2024)", .needs("a non-negative number") { UInt64($0) })
    var seed: UInt64?

    @Flag("--quick", help: "inputs about a tenth of the size (a smoke test)")
    var isQuick: Bool

    @Option("--input", "K", help: "only the K-th input (1-based)", .needs("a positive number") { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    var input: Int?

    @Option("--contender", "NAME", help: """
        only this contender (core, stdlib, Dictionary baseline, identity table):
        for a profiler such as valgrind --tool=callgrind; no ratios
        """, .needs("one of: " + BenchContender.allCases.map(\.rawValue).joined(separator: ", ")) { BenchContender(rawValue: $0) })
    var contender: BenchContender?

    @Flag("--harness", help: """
        instead of the inputs: the harness's own cost per core case, the
        random cases of a campaign (seed --seed, default 1) checked in this
        process, against the core's two calls alone on the same pairs
        """)
    var isHarness: Bool

    @Option("--cases", "N", help: "with --harness: the cases a round checks (default 20000)",
            .needs("a positive number") { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    var cases = BenchHarness.defaultCases
}

/// `diffcheck bench --engine NAME | --engine-cmd 'CMD' …` (`EngineBench`).
struct EngineBenchOptions: ParsableOptions {
    static var labelWidth: Int { 19 }
    static func unknownOption(_ argument: String) -> String { "unknown argument '\(argument)'" }
    static func unexpectedArgument(_ argument: String) -> String { "unknown argument '\(argument)'" }

    @Option("--engine", "NAME", help: "a built-in engine (see `diffcheck engines`), run in this process", .needs("a name") { $0 })
    var engineName: String?

    @Option("--engine-cmd", "'CMD'", help: "an engine speaking the JSON Lines protocol (EngineProtocol)",
            .needs("a command") { $0.allSatisfy(\.isWhitespace) ? nil : $0 })
    var command: String?

    @Flag("--json", help: "print the rows as JSON instead of a table (schema: DiffcheckCore.docc, Performance)")
    var isJSON: Bool

    @Option("--runs", "N", help: "answers timed per input (default 3); the row shows the median",
            .needs("a positive number") { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    var runs = 3

    @Option("--seed", "N", help: "seed of the inputs (default 2024)", .needs("a non-negative number") { UInt64($0) })
    var seed: UInt64 = 2024

    @Option("--max-size", "N", help: """
        only the size classes of at most N old items (default 100000):
        large 100, thousands 1000, tens-of-thousands 10000,
        hundreds-of-thousands 100000 items, each flat and sectioned
        """, .needs("a number of at least \(SizeClassInput.lengths[0].1)") {
            Int($0).flatMap { $0 >= SizeClassInput.lengths[0].1 ? $0 : nil }
        })
    var maxItems = 100_000

    @Option("--timeout", "SECONDS", help: """
        how long the engine may take on one input (default 10; more
        past 20,000 items, as in check)
        """, .positiveSeconds)
    var timeout = 10.0

    @Option("--hang-timeout", "SECONDS", help: """
        how long an input that passed --timeout may take when asked
        again alone (default 600): an answer then is timed, none is
        a hang
        """, .positiveSeconds)
    var hangTimeout = ExternalEngine.defaultHangTimeout

    @Flag("--flat", help: """
        flat inputs only (an engine that declares itself flat-only
        gets only those)
        """)
    var isFlat: Bool

    @Option("--case", "FILE", help: """
        time the engine on the one case in FILE (a slow case a
        campaign saved, say) instead of the size classes: its
        items and changes, the engine's answer time, the core's in
        this process, and the core's served as an engine is (the
        same pipe and JSON both ways)
        """, .needs("a case file") { $0 })
    var casePath: String?
}

extension CommandUsage {
    /// `diffcheck bench`'s usage: `help` follows every usage error, after a line break.
    static func bench(help: String) -> CommandUsage {
        CommandUsage(command: "diffcheck bench", help: help, helpAfterError: .always, separator: "\n")
    }
}

extension OptionValue {
    /// A value `read` makes of the text; nil, or no text, is `NAME needs WORDS` (`--runs needs a positive number`).
    static func needs(_ words: String, _ read: @escaping @Sendable (String) -> Value?) -> OptionValue<Value> {
        OptionValue(missing: { "\($0) needs \(words)" }) { (name, text) throws(OptionError) in
            guard let value = read(text) else { throw OptionError("\(name) needs \(words)") }
            return value
        }
    }
}

// Commands: every command of `diffcheck`, once — its name, its line in
// `diffcheck --help`, its help, its options and what runs it — and the
// preamble every command starts with (parse, --help, the positional
// arguments, the isolated engine).
import CommandOptions
import DiffBench
import DiffHarness
import DiffProcess

/// A command: `diffcheck NAME …`.
struct Command: Sendable {
    /// `check`.
    let name: String
    /// What follows the name in `diffcheck --help` (`[PATHS…]`).
    let arguments: String
    /// Its line in `diffcheck --help`.
    let summary: String
    /// `diffcheck NAME --help` (made when asked: the worker's names the commands).
    let help: @Sendable () -> String
    /// Every option the command reads: each is in `help`.
    let options: @Sendable () -> [OptionSpec]
    /// Runs the command on the arguments after its name; returns the exit code.
    let run: @Sendable ([String]) -> Int32
    /// Whether it starts `diffcheck worker` processes.
    let startsWorkers: Bool
    /// Internal (`worker`): not in `diffcheck --help`.
    let isHidden: Bool

    init(name: String, arguments: String = "", summary: String, help: @autoclosure @escaping @Sendable () -> String,
         options: @autoclosure @escaping @Sendable () -> [OptionSpec], run: @escaping @Sendable ([String]) -> Int32,
         startsWorkers: Bool = false, isHidden: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.help = help
        self.options = options
        self.run = run
        self.startsWorkers = startsWorkers
        self.isHidden = isHidden
    }
}

/// The commands, in the order `diffcheck --help` lists them.
let commands: [Command] = [
    Command(name: "check", arguments: "[PATHS…]", summary: "the CI gate: corpus, exhaustive bound, fixed-seed random budget",
            help: CheckCommand.help, options: CheckOptions.optionSpecs, run: CheckCommand.run, startsWorkers: true),
    Command(name: "fuzz", summary: "a random campaign until --time, --cases or Ctrl-C",
            help: FuzzCommand.help, options: FuzzOptions.optionSpecs, run: FuzzCommand.run, startsWorkers: true),
    Command(name: "repro", arguments: "FILE|DIR…", summary: "replay cases and fuzz inputs; print verdicts and the shrunk case",
            help: ReproCommand.help, options: ReproOptions.optionSpecs, run: ReproCommand.run, startsWorkers: true),
    Command(name: "shrink", arguments: "FILE", summary: "write the minimal case next to FILE",
            help: ShrinkCommand.help, options: ShrinkOptions.optionSpecs, run: ShrinkCommand.run, startsWorkers: true),
    Command(name: "exhaust", summary: "every small old/new pair within a bound",
            help: ExhaustCommand.help, options: ExhaustOptions.optionSpecs, run: ExhaustCommand.run, startsWorkers: true),
    Command(name: "diff", arguments: "FILE", summary: "the core's stages for a case's old/new, in case format",
            help: DiffCommand.help, options: DiffOptions.optionSpecs, run: DiffCommand.run, startsWorkers: true),
    Command(name: "bench", summary: "the core against stdlib and a Dictionary baseline; --engine(-cmd): how your engine scales",
            help: BenchCommand.usage, options: BenchCommand.optionSpecs, run: BenchCommand.run),
    Command(name: "engines", summary: "the built-in engines and what each claims",
            help: EnginesCommand.help, options: NoOptions.optionSpecs, run: EnginesCommand.run),
    Command(name: "show", arguments: "FILE", summary: "draw a case: old and new side by side, each item's fate",
            help: ShowCommand.help, options: ShowOptions.optionSpecs, run: ShowCommand.run, startsWorkers: true),
    Command(name: "case", arguments: "--case N", summary: "case N of a seed's campaign, as a case file or an engine request",
            help: CaseCommand.help, options: CaseOptions.optionSpecs, run: CaseCommand.run),
    Command(name: "triage", arguments: "[FILE|-]", summary: "a UIKit batch-update crash log made a case, judged and explained",
            help: TriageCommand.help, options: TriageOptions.optionSpecs, run: TriageCommand.run),
    Command(name: "conformance", summary: "export the UIKit runner's input; compare its output with the model",
            help: ConformanceCommand.help, options: ConformanceExportOptions.optionSpecs, run: ConformanceCommand.run),
    Command(name: "worker", summary: "the process that runs an engine for a supervisor",
            help: WorkerCommand.help, options: WorkerOptions.optionSpecs, run: WorkerCommand.run, isHidden: true),
]

/// `diffcheck --help`: the commands listed from `commands`.
let usage = """
diffcheck: list diffing made provably safe

Usage: diffcheck COMMAND [OPTIONS]

Commands:
\(commands.filter { !$0.isHidden }.map { command in
    let synopsis = command.arguments.isEmpty ? command.name : command.name + " " + command.arguments
    return "  " + synopsis.padding(toLength: 15, withPad: " ", startingAt: 0) + "  " + command.summary
}.joined(separator: "\n"))

Run `diffcheck COMMAND --help` for a command's options.

\(exitCodeHelp)
"""

extension ParsableOptions {
    /// The options of `diffcheck COMMAND ARGUMENTS` (`read(_:as:)`): with
    /// `--help`, `help` is printed (exit 0); a usage error is printed after
    /// `diffcheck COMMAND: `, with `help` when the line could not be
    /// followed (exit 2).
    static func read(_ arguments: [String], command: String, help: String) throws(CommandExit) -> Self {
        try read(arguments, as: CommandUsage(command: "diffcheck \(command)", help: help))
    }
}

extension EngineCommandOptions {
    /// The engine under test, isolated when built in, and the isolated
    /// engines of the run; an unknown engine is a usage error of `command`.
    func isolatedEngine(for command: String) throws(CommandExit) -> (engine: any DiffEngine, engines: IsolatedEngines) {
        let engines = isolatedEngines
        do { return (try isolatedEngine(engines), engines) } catch {
            printError("diffcheck \(command): \(error)")
            throw CommandExit(code: ExitCode.usage)
        }
    }
}

extension EngineCommandOptions {
    /// The options of `diffcheck COMMAND ARGUMENTS` with the engine's
    /// declaration applied (`readProbingEngine`) and the engine under
    /// test, isolated when built in (`isolatedEngine(for:)`).
    static func readWithEngine(_ arguments: [String], command: String, help: String)
        throws(CommandExit) -> (options: Self, engine: any DiffEngine, engines: IsolatedEngines) {
        let options = try readProbingEngine(arguments, command: command, help: help)
        let (engine, engines) = try options.isolatedEngine(for: command)
        return (options, engine, engines)
    }
}

/// The options of a command that takes none.
struct NoOptions: ParsableOptions {}

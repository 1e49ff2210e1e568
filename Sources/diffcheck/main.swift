// diffcheck: the command line.
import DiffBench
import DiffHarness
import DiffProcess
import Foundation

let usage = """
diffcheck: list diffing made provably safe

Usage: diffcheck COMMAND [OPTIONS]

Commands:
  check [PATHS…]   the CI gate: corpus, exhaustive bound, fixed-seed random budget
  fuzz             a random campaign until --time, --cases or Ctrl-C
  repro FILE|DIR…  replay cases and fuzz inputs; print verdicts and the shrunk case
  shrink FILE      write the minimal case next to FILE
  exhaust          every small old/new pair within a bound
  diff FILE        the core's stages for a case's old/new, in case format
  bench            the core against stdlib and a Dictionary baseline; --engine(-cmd): how your engine scales
  engines          the built-in engines and what each claims
  show FILE        draw a case: old and new side by side, each item's fate
  case --case N    case N of a seed's campaign, as a case file or an engine request
  triage [FILE|-]  a UIKit batch-update crash log made a case, judged and explained
  conformance      export the UIKit runner's input; compare its output with the model

Run `diffcheck COMMAND --help` for a command's options.

\(exitCodeHelp)
"""

let commands: [String: ([String]) -> Int32] = [
    "check": CheckCommand.run,
    "fuzz": FuzzCommand.run,
    "repro": ReproCommand.run,
    "shrink": ShrinkCommand.run,
    "exhaust": ExhaustCommand.run,
    "diff": DiffCommand.run,
    "bench": BenchCommand.run,
    "engines": EnginesCommand.run,
    "show": ShowCommand.run,
    "case": CaseCommand.run,
    "triage": TriageCommand.run,
    "conformance": ConformanceCommand.run,
    "worker": WorkerCommand.run,
]

// Engines run in process groups of their own, which a terminal's Ctrl-C and
// a kill of diffcheck do not reach: they end with diffcheck, however it ends.
signal(SIGTERM) { _ in ProcessGroups.killAll(); _exit(128 + SIGTERM) }
signal(SIGHUP) { _ in ProcessGroups.killAll(); _exit(128 + SIGHUP) }
signal(SIGINT) { _ in ProcessGroups.killAll(); _exit(128 + SIGINT) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !["--help", "-h", "help"].contains(name) else {
    print(usage)
    exit(arguments.isEmpty ? ExitCode.usage : ExitCode.success)
}
guard let command = commands[name] else {
    printError("diffcheck: unknown command '\(name)'\n\n\(usage)")
    exit(ExitCode.usage)
}
var commandArguments = Array(arguments.dropFirst())
if commandsRunningEngines.contains(name) {
    do { commandArguments = try probedArguments(commandArguments) } catch {
        printError("diffcheck \(name): \(error)")
        exit(ExitCode.usage)
    }
}
let code = command(commandArguments)
// What passed through of the engine's stderr left later trap reports out: say how many.
if let note = EngineErrors.withheldTrapsNote { printError(note) }
ChildProcess.endAll()
exit(code)

// diffcheck: the command line.
import DiffHarness
import DiffProcess
import Foundation

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
guard let command = commands.first(where: { $0.name == name }) else {
    printError("diffcheck: unknown command '\(name)'\n\n\(usage)")
    exit(ExitCode.usage)
}
let code = command.run(Array(arguments.dropFirst()))
// What passed through of the engine's stderr left later trap reports out: say how many.
if let note = EngineErrors.withheldTrapsNote { printError(note) }
ChildProcess.endAll()
exit(code)

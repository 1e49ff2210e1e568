// EngineProbing: an `--engine-cmd` engine tried once, after a command's
// options are read and before it runs (`EngineProbe`): a command that
// cannot run ends the run with exit 2, and what the engine declares of
// itself is applied to the options (`EngineOptions.declaration`). The
// probe reads the typed options, never the command line.
import CommandOptions
import DiffHarness
import DiffProcess

extension EngineCommandOptions {
    /// The options of `diffcheck COMMAND ARGUMENTS` (`read`), with what the
    /// `--engine-cmd` engine declares of itself applied, after one probe
    /// of it within the options' `--timeout` (and `--time`); the options as read when
    /// there is no `--engine-cmd` or the command will not run it
    /// (`--recorded`). An engine command that cannot run is a usage error
    /// of `command` (exit 2). The options the declaration adds are said on
    /// standard error (`diffcheck: the engine declares itself NAME: checked
    /// as with --flat`).
    static func readProbingEngine(_ arguments: [String], command: String, help: String) throws(CommandExit) -> Self {
        var options = try read(arguments, command: command, help: help)
        guard let engineCommand = options.common.engineCommand, !options.judgesRecorded else { return options }
        let probed: EngineProbeResult
        do { probed = try EngineProbe.run(command: engineCommand, timeout: options.campaign.timeout, within: options.timeLimit) } catch {
            printError("diffcheck \(command): \(error)")
            throw CommandExit(code: ExitCode.usage)
        }
        options.common.declaration = probed.declaration
        let added = options.common.declaredArguments
        if let declaration = probed.declaration, !added.isEmpty {
            printError("diffcheck: the engine declares itself" + (declaration.name.map { " \(shellQuoted($0))" } ?? "")
                       + ": checked as with " + added.joined(separator: " "))
        }
        return options
    }
}

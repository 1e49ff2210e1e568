// ReproduceLine: the `diffcheck repro …` command a report prints, shell-quoted,
// with every option that changes what repro checks, so it works as printed.
import DiffHarness
import DiffProcess
import Foundation

/// The command line that replays the file at `path` the way this run
/// checked it: `diffcheck repro PATH` and the options that change the
/// verdict, each shell-quoted (paste it into `sh` as it is).
///
/// Included when they differ from the defaults: `--engine-cmd` (always
/// when the run had one: a case never carries its command), `--engine`
/// (also `--engine core` for a crash artifact whose folder names no
/// engine), `--flat` (it makes the engine flat-only and changes how a fuzz
/// input decodes), `--profile`, `--timeout` and `--hang-timeout` (a hang is judged by them),
/// `--max-size`, `--no-duplicates` and `--shapes` when not the engine's
/// default (decoding of fuzz inputs), and `--recorded`.
///
///     reproduceLine(path: "Corpus/findings/0123.case", options: options)
///     // diffcheck repro Corpus/findings/0123.case --engine-cmd 'python3 engine.py' --timeout 3
///
/// The command is the one the user ran (`invokedCommand`), so the line works
/// when diffcheck is not on PATH.
func reproduceLine(path: String, options: some EngineCommandOptions) -> String {
    let defaults = EngineOptions().campaign
    let given = options.campaign
    var arguments = [invokedCommand(), "repro", path]
    if let command = given.engineCommand {
        arguments += ["--engine-cmd", command]
    } else if given.engineName != defaults.engineName || (isCrashArtifact(path) && artifactEngine(path) == nil) {
        arguments += ["--engine", given.engineName]
    }
    if given.generator.isFlatOnly { arguments.append("--flat") }
    if given.profile != defaults.profile { arguments += ["--profile", given.profile.rawValue] }
    if given.timeout != defaults.timeout { arguments += ["--timeout", secondsText(given.timeout)] }
    if given.hangTimeout != defaults.hangTimeout { arguments += ["--hang-timeout", secondsText(given.hangTimeout)] }
    if given.generator.maxSize != defaults.generator.maxSize { arguments += ["--max-size", String(given.generator.maxSize)] }
    if !given.generator.allowsDuplicates { arguments.append("--no-duplicates") }
    let defaultShapes = EngineOptions.defaultShapes(engineName: given.engineName, engineCommand: given.engineCommand)
    if given.generator.shapes != defaultShapes { arguments += ["--shapes", given.generator.shapes.rawValue] }
    if options.judgesRecorded { arguments.append("--recorded") }
    return arguments.map(shellQuoted).joined(separator: " ")
}

/// How the user ran diffcheck, for the commands a report prints: the path
/// that was run when it was run by path (`/opt/bin/diffcheck`,
/// `.build/release/diffcheck`: it need not be on PATH), `diffcheck` when it
/// was found on PATH.
func invokedCommand(_ argument0: String = CommandLine.arguments.first ?? "diffcheck") -> String {
    argument0.contains("/") ? argument0 : "diffcheck"
}

/// Seconds as a user writes them: `3`, `0.5`.
private func secondsText(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
}

/// Whether the command line names the engine under test (`--engine` or
/// `--engine-cmd`), rather than leaving it at the default.
func namesAnEngine(_ arguments: [String]) -> Bool {
    arguments.contains("--engine") || arguments.contains("--engine-cmd")
}

extension EngineCommandOptions {
    /// The replayer of corpus files for this run: `engine` for the files
    /// that name none; the built-in engines by name, isolated; `--recorded`
    /// judges the recorded answers. `arguments`: the command line, to know
    /// whether it named an engine (a crash artifact of unknown engine needs one).
    func corpusReplayer(engine: any DiffEngine, engines: IsolatedEngines, arguments: [String]) -> CorpusReplayer {
        var replayer = CorpusReplayer(defaultEngine: engine, profile: common.profile, generatorOptions: common.generator,
                                      engineNamed: { engines.engine(named: $0) })
        replayer.isEngineGiven = namesAnEngine(arguments)
        replayer.judgesRecordedStages = judgesRecorded
        return replayer
    }
}

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
    var arguments = [invokedCommand(), "repro", path]
    arguments += EngineOptions.arguments(giving: options.campaign,
                                         namingEngine: isCrashArtifact(path) && artifactEngine(path) == nil)
    if options.judgesRecorded { arguments.append("--recorded") }
    return arguments.map(shellQuoted).joined(separator: " ")
}

extension EngineCommandOptions {
    /// The replayer of corpus files for this run: `engine` for the files
    /// that name none; the built-in engines by name, isolated; `--recorded`
    /// judges the recorded answers; a crash artifact of unknown engine
    /// needs the command line to name one (`EngineOptions.namesAnEngine`).
    func corpusReplayer(engine: any DiffEngine, engines: IsolatedEngines) -> CorpusReplayer {
        var replayer = CorpusReplayer(defaultEngine: engine, profile: common.profile, generatorOptions: common.generator,
                                      engineNamed: { engines.engine(named: $0) })
        replayer.isEngineGiven = common.namesAnEngine
        replayer.judgesRecordedStages = judgesRecorded
        return replayer
    }
}

/// The commands that judge random case `n` of this run alone: `diffcheck
/// case` writes it (the same seed and generator options), then `diffcheck
/// repro` checks it as this run would have, without the campaign's budget.
///
///     diffcheck case --case 5000 --engine-cmd 'python3 e.py' --output case-5000.case && diffcheck repro case-5000.case --engine-cmd 'python3 e.py'
func judgeAloneLine(caseNumber n: Int, options: some EngineCommandOptions) -> String {
    let file = "case-\(n).case"
    var arguments = [invokedCommand(), "case", "--case", String(n)]
    if options.campaign.seed != EngineOptions().campaign.seed { arguments += ["--seed", String(options.campaign.seed)] }
    if let size = options.campaign.generator.everyCaseSize { arguments += ["--size", size.name] }
    arguments += EngineOptions.arguments(giving: options.campaign, namingEngine: false) + ["--output", file]
    return arguments.map(shellQuoted).joined(separator: " ") + " && " + reproduceLine(path: file, options: options)
}

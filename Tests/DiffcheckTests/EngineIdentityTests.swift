// Engine identity on the command line: a case runs on the engine it names,
// never on a command written in it; printed reproduce lines work through
// `sh`; `show` draws the recorded answer or refuses; `check` without a
// corpus; crash artifacts on their own engine; refused inputs exit 2.
import Foundation
import TestSupport
import Testing

/// A flat-list engine that forgets moves and content changes (the bug),
/// as a user would write an adapter: JSON Lines on stdin and stdout.
let forgetfulEngine = """
import json, sys
def ids(snapshot):
    return [item["id"] for item in snapshot[0]["items"]] if snapshot else []
for line in sys.stdin:
    request = json.loads(line)
    old, new = ids(request["old"]), ids(request["new"])
    deletes = [[0, i] for i, x in enumerate(old) if x not in new]
    inserts = [[0, i] for i, x in enumerate(new) if x not in old]
    print(json.dumps({"stages": [{"deleteItems": deletes, "insertItems": inserts}]}), flush=True)
"""

/// A folder holding `engine.py` and the given files.
func workspace(_ files: [String: String]) throws -> URL {
    let directory = try temporaryDirectory()
    try forgetfulEngine.write(to: directory.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
    for (name, text) in files {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return directory
}

/// Runs a printed command line through `sh` in `directory`, with the built
/// diffcheck first on the PATH.
func shell(_ line: String, in directory: URL) throws -> Run {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try RunningCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: directory, environment: environment,
                              errors: .discarded).finish()
}

func reproduceLines(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("reproduce: ") }.map { String($0.dropFirst("reproduce: ".count)) }
}

@Test func everyPrintedReproduceLineReproducesThroughSh() throws {
    let directory = try workspace([
        "corpus/swap.case": "old: a b\nnew: b a\nengine: external\n",
        "corpus/update.case": "old: a\nnew: a'\nprofile: uikit\n",
    ])
    let options = ["--engine-cmd", "python3 engine.py", "--flat", "--timeout", "7", "--profile", "uikit"]
    let check = try diffcheck(["check", "corpus", "--cases", "0", "--no-exhaustive"] + options, in: directory)
    #expect(check.status == 1, "\(check.output)\(check.errors)")
    let repro = try diffcheck(["repro", "corpus"] + options, in: directory)
    #expect(repro.status == 1, "\(repro.output)\(repro.errors)")
    let lines = reproduceLines(check.output) + reproduceLines(repro.output)
    #expect(lines.count == 4, "\(check.output)\n\(repro.output)")
    for line in lines {
        #expect(line.contains("--engine-cmd 'python3 engine.py'") && line.contains("--flat")
                && line.contains("--timeout 7") && line.contains("--profile uikit"), "\(line)")
        let run = try shell(line, in: directory)
        #expect(run.status == 1, "\(line): \(run.output)")
        let failure = line.contains("swap") ? "reaches-target: FAILS" : "fresh: FAILS"
        #expect(run.output.contains(failure), "\(line): \(run.output)")
        #expect(!run.output.contains("unknown engine"), "\(line): \(run.output)")
    }
}

@Test func anExternalCaseNeedsEngineCmdAndRecordedAnswersAreJudgedWithoutIt() throws {
    let finding = "# engine command: python3 engine.py\nold: a b\nnew: b a\nrecorded:\nengine: external\n"
    let directory = try workspace(["finding.case": finding])
    let bare = try diffcheck(["repro", "finding.case"], in: directory)
    #expect(bare.status == 2)
    #expect(bare.errors.contains("pass --engine-cmd") && bare.errors.contains("python3 engine.py"), "\(bare.errors)")
    #expect(!bare.output.contains("holds"), "nothing was judged: \(bare.output)")
    let recorded = try diffcheck(["repro", "finding.case", "--recorded"], in: directory)
    #expect(recorded.status == 1)
    #expect(recorded.output.contains("reaches-target: FAILS"), "\(recorded.output)")
    #expect(!recorded.output.contains("no-crash"), "no-crash cannot be judged from a recorded answer: \(recorded.output)")
    let gate = try diffcheck(["check", "finding.case", "--cases", "0", "--no-exhaustive"], in: directory)
    #expect(gate.status == 2)
    #expect(gate.errors.contains("pass --engine-cmd"), "\(gate.errors)")
}

@Test func showDrawsTheRecordedAnswerRefusesWithoutAnEngineAndFailsOnARejectedStage() throws {
    let directory = try workspace([
        "finding.case": "old: a b\nnew: b a\nrecorded:\nengine: external\n",
        "bare.case": "old: a b\nnew: b a\nengine: external\n",
        "rejected.case": "old: a\nnew: a\nbatch: delete 3\nexpect: error\n",
        "good.case": "old: a b\nnew: b a\nbatch: move 0 1\n",
    ])
    let finding = try diffcheck(["show", "finding.case"], in: directory)
    #expect(finding.status == 1, "the recorded answer does not reach new: \(finding.output)")
    #expect(finding.output.contains("the answer recorded for engine external"), "\(finding.output)")
    let bare = try diffcheck(["show", "bare.case"], in: directory)
    #expect(bare.status == 2)
    #expect(bare.errors.contains("pass --engine-cmd"), "never the core's stages instead: \(bare.output)")
    #expect(!bare.output.contains("stages from engine core"))
    let withCommand = try diffcheck(["show", "bare.case", "--engine-cmd", "python3 engine.py"], in: directory)
    #expect(withCommand.status == 1)
    #expect(withCommand.output.contains("stages from engine external (--engine-cmd 'python3 engine.py')"), "\(withCommand.output)")
    #expect(try diffcheck(["show", "rejected.case"], in: directory).status == 1)
    #expect(try diffcheck(["show", "good.case"], in: directory).status == 0)
    #expect(try diffcheck(["show", "--help"]).output.contains("--engine-cmd"))
}

@Test func checkWithoutACorpusSaysSoAndGatesOnTheGeneratedParts() throws {
    let directory = try temporaryDirectory()
    let run = try diffcheck(["check", "--cases", "30", "--no-exhaustive", "--jobs", "1"], in: directory)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("no Corpus/ folder"), "\(run.output)")
    #expect(run.output.contains("check: everything holds"))
    let corpus = try workspace(["mine/swap.case": "old: a b\nnew: b a\nbatch:\nexpect: fail reaches-target\n"])
    let given = try diffcheck(["check", "--corpus", "mine", "--cases", "0", "--no-exhaustive"], in: corpus)
    #expect(given.status == 0, "\(given.output)\(given.errors)")
    #expect(given.output.contains("corpus: 1 file, 1 meets its expectation"), "\(given.output)")
}

/// Issue 27, point 11: "44 files say engine: external" counted the fuzz
/// inputs, which name no engine; and a case of the user's own engine was
/// not read at all (point 6).
@Test func theCorpusPartSaysWhichEngineEachCaseRanOn() throws {
    let directory = try workspace([
        "corpus/mutant.case": "old: a b\nnew: b a\nengine: mutant:last-wins\n",
        "corpus/external.case": "# engine command: python3 other.py\nold: a\nnew: a\nengine: external\n",
        "corpus/mine.case": "old: a\nnew: a\nengine: claims-too-much\n",
        "corpus/fuzz/input": "\u{0}",
    ])
    let run = try diffcheck(["check", "corpus", "--engine-cmd", "python3 engine.py", "--flat", "--cases", "0", "--no-exhaustive"],
                            in: directory)
    #expect(run.output.contains("corpus: 1 file names a built-in engine and ran on it, not on --engine-cmd 'python3 engine.py': mutant:last-wins 1"),
            "\(run.output)")
    #expect(run.output.contains("corpus: 1 file says engine: external and ran on --engine-cmd 'python3 engine.py' (1 of them was recorded with another command)"),
            "\(run.output)")
    #expect(run.output.contains("corpus: 1 file names an engine that is not built in and ran on --engine-cmd 'python3 engine.py': claims-too-much 1"),
            "\(run.output)")
    #expect(run.output.contains("corpus: 4 files, 4 meet their expectation"), "\(run.output)\(run.errors)")
}

/// What `checkEngine` saves in a test suite's `diffcheck-regressions/`
/// (an engine named claims-too-much, as in the issue): `show` drew
/// nothing, exit 2 at `engine: claims-too-much`, though the report says to run it.
private let savedRegression = """
    # fresh: item a' at 0.0 is stale: it shows a
    # exhaustive: pair 13 of flat lists of up to 4 items, 4 in all, 2 content versions
    old: a
    new: a'
    recorded:
    engine: claims-too-much

    """

@Test func aCaseSavedByCheckEngineIsShownReproducedAndCheckedOnTheEngineCommand() throws {
    let directory = try workspace(["diffcheck-regressions/281562562403b86b.case": savedRegression])
    let path = "diffcheck-regressions/281562562403b86b.case"
    // show draws the answer it records, running nothing.
    let show = try diffcheck(["show", path], in: directory)
    #expect(show.status == 1, "fresh fails on the recorded answer: \(show.output)\(show.errors)")
    #expect(show.output.contains("(the answer recorded for engine claims-too-much, not run now)"), "\(show.output)")
    #expect(show.output.contains("fresh: FAILS: item a' at 0.0 is stale"), "\(show.output)")
    #expect(show.errors.isEmpty, "\(show.errors)")
    // repro without an engine command: one line, naming the file, line and column, and what to pass.
    let refused = try diffcheck(["repro", path], in: directory)
    #expect(refused.status == 2)
    #expect(refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
    #expect(refused.errors.hasPrefix(path + ":6:9: error: engine claims-too-much is not built into diffcheck"), "\(refused.errors)")
    #expect(refused.errors.contains("--engine-cmd 'COMMAND'") && refused.errors.contains("--recorded"), "\(refused.errors)")
    // With one, it runs there and says for which engine; --recorded judges the recorded answer.
    let ran = try diffcheck(["repro", path, "--engine-cmd", "python3 engine.py", "--flat"], in: directory)
    #expect(ran.output.contains("engine external (--engine-cmd 'python3 engine.py') answered (for the case's engine claims-too-much, which is not built in):"),
            "\(ran.output)\(ran.errors)")
    #expect(ran.status == 1 && ran.output.contains("fresh: FAILS"), "the forgetful engine never reloads: \(ran.output)")
    let recorded = try diffcheck(["repro", path, "--recorded"], in: directory)
    #expect(recorded.status == 1 && recorded.output.contains("fresh: FAILS"), "\(recorded.output)\(recorded.errors)")
    // check: not run without an engine command (exit 2, the same line), run with one.
    let gate = try diffcheck(["check", "diffcheck-regressions", "--cases", "0", "--no-exhaustive"], in: directory)
    #expect(gate.status == 2 && gate.errors.contains(path + ":6:9: error: engine claims-too-much is not built into diffcheck"),
            "\(gate.output)\(gate.errors)")
    let checked = try diffcheck(["check", "diffcheck-regressions", "--engine-cmd", "python3 engine.py", "--flat", "--cases", "0",
                                 "--no-exhaustive"], in: directory)
    #expect(checked.status == 1 && checked.output.contains("fresh: FAILS"), "\(checked.output)\(checked.errors)")
    // Without a recorded answer, show needs the engine too, and says so the same way.
    try "old: a\nnew: a'\nengine: claims-too-much\n".write(to: directory.appendingPathComponent("bare.case"), atomically: true, encoding: .utf8)
    let bare = try diffcheck(["show", "bare.case"], in: directory)
    #expect(bare.status == 2 && bare.errors.hasPrefix("bare.case:3:9: error: engine claims-too-much is not built into diffcheck"),
            "\(bare.errors)")
}

/// Issue 27, point 5: `repro` with a live engine printed `holds` for the
/// properties after a rejected stage (`--recorded` said "not evaluated");
/// so did the corpus gate's failure description. `show` never says `holds`.
@Test func aLiveEngineFailingValidLeavesWhatFollowsNotEvaluated() throws {
    let directory = try workspace(["dup.case": "old: a a\nnew: a\nengine: mutant:last-wins\n"])
    let repro = try diffcheck(["repro", "dup.case"], in: directory)
    let check = try diffcheck(["check", "dup.case", "--cases", "0", "--no-exhaustive"], in: directory)
    for run in [repro, check] {
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("  valid: FAILS: "), "\(run.output)")
        for property in ["reaches-target", "fresh"] {
            #expect(run.output.contains("  \(property): not evaluated (a stage was rejected before it could be judged)"), "\(run.output)")
            #expect(!run.output.contains("  \(property): holds"), "\(run.output)")
        }
    }
    let show = try diffcheck(["show", "dup.case"], in: directory)
    #expect(show.status == 1 && show.output.contains("valid: FAILS: "), "\(show.output)")
    #expect(!show.output.contains("holds"), "\(show.output)")
}

/// A mutant's libFuzzer artifact was decoded against the core: "ok", exit 0.
@Test func aCrashArtifactRunsOnTheEngineOfItsFolderOrAsksForOne() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    // The mutant's own seed (its hash suffix changes when the seeds are remade).
    let seeds = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Corpus/fuzz").path)
    let name = try #require(seeds.sorted().first { $0.hasPrefix("mutant-last-wins-valid-") })
    let seed = root.appendingPathComponent("Corpus/fuzz/\(name)")
    let directory = try temporaryDirectory()
    let crashes = directory.appendingPathComponent("crashes")
    try FileManager.default.createDirectory(at: crashes.appendingPathComponent("mutant:last-wins"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: seed, to: crashes.appendingPathComponent("mutant:last-wins/crash-e708"))
    try FileManager.default.copyItem(at: seed, to: crashes.appendingPathComponent("crash-e708"))
    let known = try diffcheck(["repro", "crashes/mutant:last-wins/crash-e708"], in: directory)
    #expect(known.status == 1, "\(known.output)")
    #expect(known.output.contains("engine mutant:last-wins"), "\(known.output)")
    let unknown = try diffcheck(["repro", "crashes/crash-e708"], in: directory)
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("pass --engine NAME"), "\(unknown.errors)")
    #expect(!unknown.output.contains("ok:"))
    let named = try diffcheck(["repro", "crashes/crash-e708", "--engine", "mutant:last-wins"], in: directory)
    #expect(named.status == 1)
}

@Test func refusedCorpusInputsExit2SayingWhy() throws {
    let directory = try workspace(["unknown.case": "old: a\nnew: a\nengine: no-such-engine\n"])
    let unknown = try diffcheck(["repro", "unknown.case"], in: directory)
    #expect(unknown.status == 2)
    #expect(unknown.errors.hasPrefix("unknown.case:3:9: error: engine no-such-engine is not built into diffcheck"), "\(unknown.errors)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let empty = try diffcheck(["repro", "empty"], in: directory)
    #expect(empty.status == 2)
    #expect(empty.errors.contains("holds no case files"), "\(empty.errors)")
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/l1", withDestinationPath: "l2")
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/l2", withDestinationPath: "l1")
    let loop = try diffcheck(["repro", "l1"], in: directory)
    #expect(loop.status == 2)
    #expect(loop.errors.contains("symbolic link loop"), "\(loop.errors)")
}

/// An engine that gave no stages had every stage property printed as "holds".
@Test func reproDoesNotSayHoldsForWhatItCouldNotJudge() throws {
    let directory = try workspace(["swap.case": "old: a b\nnew: b a\n"])
    // It answers the probe's request (old: a, new: a), and exits without a word on the case's.
    let engine = #"read line; case "$line" in *'"b"'*) exit 0;; *) echo '{"stages": [{}]}';; esac"#
    let run = try diffcheck(["repro", "swap.case", "--engine-cmd", engine, "--timeout", "5"], in: directory)
    #expect(run.status == 1)
    #expect(run.output.contains("no-crash: FAILS"), "\(run.output)")
    for property in ["valid", "reaches-target", "fresh"] {
        #expect(run.output.contains("  \(property): not evaluated (the engine gave no stages to judge)"), "\(run.output)")
        #expect(!run.output.contains("  \(property): holds"), "\(run.output)")
    }
}

// The same engine given by a relative path where the case recorded an
// absolute one (or quoted otherwise) is the same engine command; another
// script is not.
@Test func reproNamesAnotherEngineCommandOnlyWhenItIsAnother() throws {
    let directory = try workspace(["other.py": forgetfulEngine])
    let absolute = directory.resolvingSymlinksInPath().appendingPathComponent("engine.py").path
    let finding = "# engine command: python3 \(absolute)\nold: a b\nnew: b a\nengine: external\n"
    try finding.write(to: directory.appendingPathComponent("finding.case"), atomically: true, encoding: .utf8)
    let note = "the case was recorded with another engine command"
    for same in ["python3 engine.py", "python3 ./engine.py", "python3 'engine.py'", "exec python3 \(absolute)"] {
        let run = try diffcheck(["repro", "finding.case", "--engine-cmd", same, "--flat"], in: directory)
        #expect(run.status == 1, "\(same): \(run.output)\(run.errors)")
        #expect(run.output.contains("reaches-target: FAILS"), "\(same): \(run.output)")
        #expect(!run.output.contains(note), "\(same) is the recorded engine command: \(run.output)")
    }
    let other = try diffcheck(["repro", "finding.case", "--engine-cmd", "python3 other.py", "--flat"], in: directory)
    #expect(other.output.contains("  (\(note), `python3 \(absolute)`)"), "\(other.output)")
}

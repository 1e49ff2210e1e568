// swift-tools-version:6.0
// diffcheck: a list-diff core, a reference list model, and a property harness
// that checks the first against the second. No package dependencies, by design.
import PackageDescription

/// Coverage instrumentation for the fuzz targets' fast build, and nothing in
/// every other build. `Fuzz/run.sh --fast` sets `DIFFCHECK_FUZZ_COVERAGE`
/// when it builds the Fuzz package (which depends on this one by path); the
/// setting then instruments DiffcheckCore and ListModel, the core and the
/// model, so that libFuzzer steers a campaign by their paths, not by the
/// harness's (HarnessCore; DiffHarness only as below) nor by the fuzz
/// target's own code. `edges`: edge counters only
/// (`-sanitize-coverage=edge,...` without `trace-cmp`); `cmp`:
/// `-sanitize=fuzzer`'s full set, comparison hooks included. Unset, the flags
/// are empty: `swift build` and `swift test` of this package never see them.
/// (Fuzz/README.md, "run.sh".)
let fuzzCoverage: [SwiftSetting] = switch Context.environment["DIFFCHECK_FUZZ_COVERAGE"] {
case "edges": [.unsafeFlags(["-sanitize=fuzzer", "-sanitize-coverage=edge,inline-8bit-counters,pc-table"])]
case "cmp": [.unsafeFlags(["-sanitize=fuzzer"])]
default: []
}

/// The same flags for DiffHarness, when `DIFFCHECK_FUZZ_COVERAGE_HARNESS` is
/// `1` as well: `run.sh --target triage --fast` sets it, since TriageFuzz's
/// input runs the triage reader, which lives in DiffHarness. DiffFuzz and
/// CaseFuzz inputs run no DiffHarness code, so their fast build leaves it out.
let harnessFuzzCoverage: [SwiftSetting] =
    Context.environment["DIFFCHECK_FUZZ_COVERAGE_HARNESS"] == "1" ? fuzzCoverage : []

let package = Package(
    name: "diffcheck",
    // The lowest versions the code needs: ContinuousClock and Duration
    // (campaigns, shrinking budgets, reports) are macOS 13 / iOS 16. Newer
    // API is behind #available with a fallback (String(validating:as:),
    // macOS 15 / iOS 18: DiffHarness/Engines/ValidatedUTF8.swift).
    // DiffProcess, DiffBench and the command are for macOS and Linux; iOS
    // builds DiffcheckCore, ListModel and DiffHarness (DiffHarness.docc, "Platforms").
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DiffcheckCore", targets: ["DiffcheckCore"]),
        .library(name: "ListModel", targets: ["ListModel"]),
        .library(name: "DiffHarness", targets: ["DiffHarness"]),
        .library(name: "DiffProcess", targets: ["DiffProcess"]),
        .executable(name: "diffcheck", targets: ["diffcheck"]),
    ],
    targets: [
        // The optimized diff core. Imports nothing of ours.
        .target(name: "DiffcheckCore", swiftSettings: fuzzCoverage),
        // The reference list model (the oracle) and the case format. Imports nothing of ours.
        // RULES.md, the rule book it implements, is documentation, not a resource.
        .target(name: "ListModel", exclude: ["RULES.md"], swiftSettings: fuzzCoverage),
        // What one generated case runs: choices, generation, the in-process
        // engines, the properties (and through them the model's apply).
        // DiffHarness re-exports it: clients import DiffHarness.
        .target(name: "HarnessCore", dependencies: ["DiffcheckCore", "ListModel"]),
        // Shrinking, campaigns, corpus, reports, triage, the engines' JSON:
        // everything else that runs in the caller's process. Builds wherever
        // Foundation does (iOS included): no process code
        // (Tests/DiffHarnessTests/ProcessFreeTests.swift checks it).
        .target(name: "DiffHarness", dependencies: ["HarnessCore", "DiffcheckCore", "ListModel"],
                swiftSettings: harnessFuzzCoverage),
        // Child processes: external and isolated engines, workers, the
        // campaign supervisor. macOS and Linux (iOS cannot spawn processes).
        .target(name: "DiffProcess", dependencies: ["DiffHarness", "ListModel", "ProcessShim"]),
        // The process calls Swift cannot make itself (prctl is variadic;
        // glibc declares posix_spawn_file_actions_addclosefrom_np only
        // with _GNU_SOURCE, malloc_trim's header is not in the Glibc
        // module), in C: for DiffProcess's Linux file and DiffBench.
        .target(name: "ProcessShim"),
        // A command's options declared once, as typed properties, and its parser
        // and --help made from them: a module so that diffcheck and DiffBench share it.
        .target(name: "CommandOptions"),
        // `diffcheck bench`: the core against stdlib and a Dictionary
        // baseline, on this thread's CPU clock, with this process's peak memory;
        // `--engine-cmd` engines (DiffProcess) over the size classes.
        .target(name: "DiffBench", dependencies: ["DiffcheckCore", "ListModel", "DiffHarness", "DiffProcess", "ProcessShim", "CommandOptions"]),
        // Runs a block and hands back the NSException it raised: Objective-C,
        // Apple platforms only (an empty target elsewhere). For the UIKit
        // conformance runner, which must catch UIKit's exceptions.
        .target(name: "ObjCExceptionCatcher"),
        // The command line: parses and prints.
        .executableTarget(name: "diffcheck", dependencies: ["DiffProcess", "DiffHarness", "DiffBench", "CommandOptions"]),
        // An engine with a trap, served with serveEngine(_:): what the tests run as an --engine-cmd engine.
        .executableTarget(name: "example-served-engine", dependencies: ["DiffProcess", "DiffHarness", "ListModel"]),

        // For the tests: the built diffcheck executable, the process table.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiffcheckCoreTests", dependencies: ["DiffcheckCore", "ListModel"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel"]),
        .testTarget(name: "DiffHarnessTests", dependencies: ["DiffHarness", "HarnessCore", "DiffcheckCore", "ListModel"],
                    exclude: ["ConformanceSamples"]),
        // The UIKit conformance runner: tests only on iOS (UIKit), none
        // elsewhere; run by CI's ios-simulator job with xcodebuild test.
        .testTarget(name: "UIKitConformanceTests", dependencies: ["DiffHarness", "ListModel", "ObjCExceptionCatcher"]),
        .testTarget(name: "DiffBenchTests", dependencies: ["DiffBench", "DiffHarness", "DiffcheckCore"]),
        .testTarget(name: "DiffProcessTests", dependencies: ["DiffProcess", "DiffHarness", "ListModel", "TestSupport", "diffcheck"]),
        .testTarget(name: "DiffcheckTests", dependencies: ["diffcheck", "example-served-engine", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// diffcheck: a list-diff core, a reference list model, and a property harness
// that checks the first against the second. No package dependencies, by design.
import PackageDescription

/// Coverage instrumentation for the fuzz targets' fast build, and nothing in
/// every other build. `Fuzz/run.sh --fast` sets `DIFFCHECK_FUZZ_COVERAGE`
/// when it builds the Fuzz package (which depends on this one by path); the
/// setting then instruments the modules a fuzz input is judged by:
/// DiffcheckCore and ListModel, the core and the model, and DiffTriage, the
/// reader TriageFuzz feeds; not DiffHarness, whose generation and checking
/// every DiffFuzz input runs the same way, nor the fuzz targets' own code.
/// `edges`: edge counters only (`-sanitize-coverage=edge,...` without
/// `trace-cmp`); `cmp`: `-sanitize=fuzzer`'s full set, comparison hooks
/// included. Unset, the flags are empty: `swift build` and `swift test` of
/// this package never see them. (Fuzz/README.md, "run.sh".)
let fuzzCoverage: [SwiftSetting] = switch Context.environment["DIFFCHECK_FUZZ_COVERAGE"] {
case "edges": [.unsafeFlags(["-sanitize=fuzzer", "-sanitize-coverage=edge,inline-8bit-counters,pc-table"])]
case "cmp": [.unsafeFlags(["-sanitize=fuzzer"])]
default: []
}

let package = Package(
    name: "diffcheck",
    // The lowest versions the code needs: ContinuousClock and Duration
    // (campaigns, shrinking budgets, reports) are macOS 13 / iOS 16. Newer
    // API is behind #available with a fallback (String(validating:as:),
    // macOS 15 / iOS 18: DiffHarness/Engines/ValidatedUTF8.swift).
    // DiffProcess, DiffBench and the command are for macOS and Linux; iOS
    // builds DiffcheckCore, ListModel, DiffTriage and DiffHarness (DiffHarness.docc, "Platforms").
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DiffcheckCore", targets: ["DiffcheckCore"]),
        .library(name: "ListModel", targets: ["ListModel"]),
        .library(name: "DiffTriage", targets: ["DiffTriage"]),
        .library(name: "DiffHarness", targets: ["DiffHarness"]),
        .library(name: "DiffProcess", targets: ["DiffProcess"]),
        .executable(name: "diffcheck", targets: ["diffcheck"]),
    ],
    // Each target's line says why it is a module of its own: what it must not
    // import, and where it must build.
    targets: [
        // The optimized diff core: imports nothing of ours, not even Foundation, so it builds anywhere Swift does.
        .target(name: "DiffcheckCore", swiftSettings: fuzzCoverage),
        // The reference model (the oracle) and the case format: imports nothing of ours, never the core it judges.
        .target(name: "ListModel", exclude: ["RULES.md"], swiftSettings: fuzzCoverage),
        // The crash-log reader of `diffcheck triage`: imports ListModel alone, so its fuzz target instruments no harness code; iOS builds it.
        .target(name: "DiffTriage", dependencies: ["ListModel"], swiftSettings: fuzzCoverage),
        // Checking an engine in the caller's process (generation, properties, shrinking, corpus, reports): no process API (ProcessFreeTests), so iOS builds it.
        .target(name: "DiffHarness", dependencies: ["DiffcheckCore", "ListModel", "DiffTriage"]),
        // Child processes (engines, workers, the supervisor): macOS and Linux only, so no in-process module may import it.
        .target(name: "DiffProcess", dependencies: ["DiffHarness", "ListModel", "ProcessShim"]),
        // C, for the process calls Swift cannot make (variadic prctl, glibc's _GNU_SOURCE closefrom action, malloc_trim).
        .target(name: "ProcessShim"),
        // A command's options declared once, as typed properties, with the parser, --help and usage errors made from them: imports nothing of ours (Foundation only, to print), so diffcheck and DiffBench share it.
        .target(name: "CommandOptions"),
        // `diffcheck bench`: measures this process (CPU clock, peak memory), so it stays out of DiffHarness; macOS and Linux.
        .target(name: "DiffBench", dependencies: ["DiffcheckCore", "ListModel", "DiffHarness", "DiffProcess", "ProcessShim", "CommandOptions"]),
        // Objective-C, which alone can catch UIKit's NSExceptions: Apple platforms (an empty target elsewhere).
        .target(name: "ObjCExceptionCatcher"),
        // The command line: parses and prints; everything it runs is a library's.
        .executableTarget(name: "diffcheck", dependencies: ["DiffProcess", "DiffHarness", "DiffTriage", "DiffBench", "CommandOptions"]),
        // An engine with a trap, served with serveEngine(_:): a process of its own, for tests to run as an --engine-cmd.
        .executableTarget(name: "example-served-engine", dependencies: ["DiffProcess", "DiffHarness", "ListModel"]),

        // What several test targets share (the built diffcheck, the process table, a seeded generator): imports nothing of ours.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiffcheckCoreTests", dependencies: ["DiffcheckCore", "ListModel", "TestSupport"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel", "TestSupport"]),
        // Triage's tests; DiffHarness only to replay each triaged case as `diffcheck repro` does.
        .testTarget(name: "DiffTriageTests", dependencies: ["DiffTriage", "ListModel", "DiffHarness"]),
        .testTarget(name: "DiffHarnessTests", dependencies: ["DiffHarness", "DiffcheckCore", "ListModel"],
                    exclude: ["ConformanceSamples", "SavedByRound4"]),
        // The UIKit conformance runner: tests only on iOS (UIKit), none
        // elsewhere; run by CI's ios-simulator job with xcodebuild test.
        .testTarget(name: "UIKitConformanceTests", dependencies: ["DiffHarness", "ListModel", "ObjCExceptionCatcher"]),
        .testTarget(name: "DiffBenchTests", dependencies: ["DiffBench", "DiffHarness", "DiffcheckCore"]),
        .testTarget(name: "DiffProcessTests", dependencies: ["DiffProcess", "DiffHarness", "ListModel", "TestSupport", "diffcheck"]),
        .testTarget(name: "DiffcheckTests", dependencies: ["diffcheck", "example-served-engine", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

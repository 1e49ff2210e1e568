// swift-tools-version:6.0
// The libFuzzer targets: DiffFuzz (the engines), CaseFuzz (the case-file
// parser), TriageFuzz (the triage reader). A package of its own, depending on the root
// package by path, so the fuzzer flags (`-sanitize=fuzzer,address`,
// `-parse-as-library`) never reach the root package's `swift build` and
// `swift test`. Build it with `Fuzz/run.sh`, or as OSS-Fuzz does with
// `swift build -c release $SWIFTFLAGS` (see `build.sh`).
import PackageDescription

/// The fast build's flags (`Fuzz/run.sh --fast` sets
/// `DIFFCHECK_FUZZ_COVERAGE`): the root package then instruments its own
/// modules for coverage (its `Package.swift`), and this target, not
/// instrumented, is linked with libFuzzer. Unset, nothing: the flags come
/// from the command line, as `run.sh`'s ASan build and `build.sh` give them.
let fuzzerLink: [LinkerSetting] = Context.environment["DIFFCHECK_FUZZ_COVERAGE"] == nil
    ? [] : [.unsafeFlags(["-sanitize=fuzzer"])]
let fuzzerCompile: [SwiftSetting] = Context.environment["DIFFCHECK_FUZZ_COVERAGE"] == nil
    ? [] : [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "DiffFuzz",
    products: [
        .executable(name: "DiffFuzz", targets: ["DiffFuzz"]),
        .executable(name: "CaseFuzz", targets: ["CaseFuzz"]),
        .executable(name: "TriageFuzz", targets: ["TriageFuzz"]),
    ],
    dependencies: [
        .package(name: "diffcheck", path: ".."),
    ],
    targets: [
        // A C shim that reaches libFuzzer's driver when the binary is linked
        // with it, and says so when it is not.
        .target(name: "FuzzDriver"),
        // The fuzz target: bytes -> choices -> snapshot pair -> engine -> properties.
        .executableTarget(name: "DiffFuzz", dependencies: [
            "FuzzDriver",
            .product(name: "DiffHarness", package: "diffcheck"),
            .product(name: "ListModel", package: "diffcheck"),
        ], swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
        // The entry point the parser targets share: libFuzzer, or each file once.
        .target(name: "FuzzSupport", dependencies: ["FuzzDriver"], swiftSettings: fuzzerCompile),
        // The case-file parser: bytes -> CaseParser -> printer round trip, model replay, core.
        .executableTarget(name: "CaseFuzz", dependencies: [
            "FuzzSupport",
            .product(name: "DiffHarness", package: "diffcheck"),
            .product(name: "ListModel", package: "diffcheck"),
        ], swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
        // The triage reader: bytes -> Triage.triage -> its case text parses back.
        .executableTarget(name: "TriageFuzz", dependencies: [
            "FuzzSupport",
            .product(name: "DiffTriage", package: "diffcheck"),
            .product(name: "ListModel", package: "diffcheck"),
        ], swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
    ],
    swiftLanguageModes: [.v6]
)

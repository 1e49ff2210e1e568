// swift-tools-version:6.0
// DiffFuzz: the libFuzzer target. A package of its own, depending on the root
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
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// diffcheck: a list-diff core, a reference list model, and a property harness
// that checks the first against the second. No package dependencies, by design.
import PackageDescription

let package = Package(
    name: "diffcheck",
    products: [
        .library(name: "ListDiff", targets: ["ListDiff"]),
        .library(name: "ListModel", targets: ["ListModel"]),
        .library(name: "DiffHarness", targets: ["DiffHarness"]),
        .executable(name: "diffcheck", targets: ["diffcheck"]),
    ],
    targets: [
        // The optimized diff core. Imports nothing of ours.
        .target(name: "ListDiff"),
        // The reference list model (the oracle) and the case format. Imports nothing of ours.
        // RULES.md, the rule book it implements, is documentation, not a resource.
        .target(name: "ListModel", exclude: ["RULES.md"]),
        // Generators, properties, shrinking, engines, corpus.
        .target(name: "DiffHarness", dependencies: ["ListDiff", "ListModel"]),
        // The command line.
        .executableTarget(name: "diffcheck", dependencies: ["DiffHarness"]),
        // An engine with a trap, served with serveEngine(_:): what the tests run as an --engine-cmd engine.
        .executableTarget(name: "example-served-engine", dependencies: ["DiffHarness", "ListModel"]),

        .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "ListModel"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel"]),
        .testTarget(name: "DiffHarnessTests", dependencies: ["DiffHarness", "ListDiff", "ListModel"]),
        .testTarget(name: "DiffcheckTests", dependencies: ["diffcheck"]),
    ],
    swiftLanguageModes: [.v6]
)

// UIKitConformanceTests: the conformance runner. Applies every case of the
// conformance input to a real UICollectionView and a real UITableView in a
// window of the iOS simulator and records what each did.
//
// Only on iOS (UIKit); elsewhere this target has no tests. It is run by the
// `ios-simulator` job of .github/workflows/ci.yml, as
//
//     TEST_RUNNER_DIFFCHECK_CONFORMANCE_INPUT=… TEST_RUNNER_DIFFCHECK_CONFORMANCE_OUTPUT=… xcodebuild test …
//
// (xcodebuild(1): a variable prefixed TEST_RUNNER_ reaches the test process
// without the prefix), and `diffcheck conformance compare` compares what it
// wrote with the model (Sources/DiffHarness/DiffHarness.docc/CheckedAgainstUIKit.md).
#if canImport(UIKit)
import DiffHarness
import ListModel
import UIKit
import XCTest

final class UIKitConformanceTests: XCTestCase {
    /// Reads the input, proves that UIKit validates batches in this
    /// process, then judges each case with both views, writing each line of
    /// the output as soon as it is known (a crash leaves the case it
    /// happened in opened and without a verdict).
    @MainActor
    func testRecordsUIKitVerdicts() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let inputPath = environment["DIFFCHECK_CONFORMANCE_INPUT"],
              let outputPath = environment["DIFFCHECK_CONFORMANCE_OUTPUT"] else {
            throw XCTSkip("no conformance input: set TEST_RUNNER_DIFFCHECK_CONFORMANCE_INPUT and TEST_RUNNER_DIFFCHECK_CONFORMANCE_OUTPUT")
        }
        let text = try String(contentsOfFile: inputPath, encoding: .utf8)
        let cases: [ConformanceCase]
        switch ConformanceInput.cases(fromText: text, file: inputPath) {
        case .success(let read): cases = read
        case .failure(let error): return XCTFail("\(error)")
        }
        let window = RunnerWindow()
        // The probe: `a` shown, the data source still holding `a`, and an
        // insert at 0.0, which the counts cannot take. A view that validates
        // raises; one that does not (not visible) just takes the data, and
        // every verdict would be "accepted": nothing is written then.
        let probe = ConformanceCase(name: "probe", old: .flat([Item(id: "a")]), data: .flat([Item(id: "a")]),
                                    batch: Batch([.insertItem(ItemPath(0, 0))]))
        let probes: [(ListViewKind, UIKitVerdict)] = [(.collection, CollectionViewJudge.verdict(probe, in: window)),
                                                      (.table, TableViewJudge.verdict(probe, in: window))]
        for (kind, verdict) in probes where verdict.isAccepted {
            return XCTFail("UIKit's \(kind.rawValue) view accepted an insert the data source does not hold: it does not validate batch updates in this process (the window is not visible: scene \(window.hasScene ? "connected" : "none")); no verdict written")
        }
        let output = try OutputFile(path: outputPath)
        let device = UIDevice.current
        let simulator = environment["SIMULATOR_DEVICE_NAME"].map { ", \($0) simulator" } ?? ""
        try output.write("# UIKit's verdicts, written by the conformance runner (Tests/UIKitConformanceTests):")
        try output.write("# \(device.systemName) \(device.systemVersion)\(simulator); window scene: \(window.hasScene ? "connected" : "none"); \(cases.count) cases")
        for c in cases {
            try output.write(ConformanceOutput.caseLine(c.name))
            try output.write(ConformanceOutput.verdictLine(.collection, CollectionViewJudge.verdict(c, in: window)))
            try output.write(ConformanceOutput.verdictLine(.table, TableViewJudge.verdict(c, in: window)))
        }
    }
}

/// The output file, written a line at a time and flushed after each
/// (`FileHandle.write(contentsOf:)`, `synchronize()`, iOS 13.4 and 13).
final class OutputFile {
    private let handle: FileHandle

    /// An empty file at `path`, replacing one there.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    /// Writes `line` and a line break, and flushes.
    func write(_ line: String) throws {
        try handle.write(contentsOf: Data((line + "\n").utf8))
        try handle.synchronize()
    }

    deinit {
        try? handle.close()
    }
}
#endif

// The ios-simulator job's UIKit conformance steps and .ci/uikit-conformance,
// the parts of them that run on Linux: the steps are there and in order,
// the script's shell is portable, the destination it picks from simctl's
// JSON is an iPhone of the newest iOS runtime, the scheme it writes is XML
// naming the runner's test target.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let script = root.appendingPathComponent(".ci/uikit-conformance").path

/// Runs the script with `arguments`, `input` on its stdin.
private func runScript(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", script] + arguments
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite struct ConformanceWorkflowTests {
    @Test func theIOSSimulatorJobExportsTestsComparesAndUploadsInThatOrder() throws {
        let text = try String(contentsOf: root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        let job = try #require(text.range(of: "\n  ios-simulator:\n")).upperBound
        let steps = String(text[job...])
        let order = ["run: .ci/uikit-conformance export", "run: .ci/uikit-conformance test",
                     "run: .ci/uikit-conformance compare", "uses: actions/upload-artifact@v4"]
        let places = try order.map { try #require(steps.range(of: $0), "\($0)").lowerBound }
        #expect(places == places.sorted())
        // The upload runs when the comparison failed; its path is where the script writes.
        let upload = steps[places[3]...]
        #expect(steps[places[2]...].hasPrefix("run: .ci/uikit-conformance compare"))
        #expect(steps[..<places[3]].hasSuffix("if: always()\n        "))
        #expect(upload.contains("path: .build/uikit-conformance/"))
        let scriptText = try String(contentsOfFile: script, encoding: .utf8)
        #expect(scriptText.contains("work=.build/uikit-conformance\n"))
    }

    @Test func theScriptUsesNoGNUOnlyShellAndParses() throws {
        let text = try String(contentsOfFile: script, encoding: .utf8)
        for spelling in ["sed -i", "readlink -f", "grep -P", "stat -c", "date -d", "nproc", "xargs -r", "sort -V"] {
            #expect(!text.contains(spelling), "\(spelling)")
        }
        #expect(try runScript(["nonsense"]).status == 2)
    }

    @Test(.enabled(if: (try? runScript(["destination"], input: "{\"devices\": {}}"))?.output.contains("no available iPhone") == true,
                   "python3 is not installed"))
    func theDestinationIsAnIPhoneOfTheNewestIOSRuntime() throws {
        let listing = """
            {"devices": {
              "com.apple.CoreSimulator.SimRuntime.iOS-17-5": [{"name": "iPhone 15", "udid": "OLD", "isAvailable": true}],
              "com.apple.CoreSimulator.SimRuntime.iOS-18-2": [{"name": "iPad Air", "udid": "IPAD", "isAvailable": true},
                {"name": "iPhone 16 Pro", "udid": "PRO", "isAvailable": true}, {"name": "iPhone 16", "udid": "SIXTEEN", "isAvailable": true},
                {"name": "iPhone 16e", "udid": "GONE", "isAvailable": false}],
              "com.apple.CoreSimulator.SimRuntime.iOS-18-10": [{"name": "iPad", "udid": "IPAD2", "isAvailable": true}],
              "com.apple.CoreSimulator.SimRuntime.iOS-9-3": [{"name": "iPhone 6s", "udid": "NINE", "isAvailable": true}],
              "com.apple.CoreSimulator.SimRuntime.watchOS-26-0": [{"name": "iPhone-like Watch", "udid": "WATCH", "isAvailable": true}]
            }}
            """
        let run = try runScript(["destination"], input: listing)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "SIXTEEN\n")
        #expect(try runScript(["destination"], input: "{\"devices\": {}}").status != 0)
    }

    @Test func theSchemeIsXMLThatTestsTheRunnersTarget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scheme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try runScript(["scheme", dir.path]).status == 0)
        let data = try Data(contentsOf: dir.appendingPathComponent("UIKitConformance.xcscheme"))
        final class Names: NSObject, XMLParserDelegate {
            var blueprints: [String] = []
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if element == "BuildableReference", let name = attributes["BlueprintIdentifier"] { blueprints.append(name) }
            }
        }
        let parser = XMLParser(data: data), names = Names()
        parser.delegate = names
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(names.blueprints == ["UIKitConformanceTests", "UIKitConformanceTests"])
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(".testTarget(name: \"UIKitConformanceTests\""))
    }
}

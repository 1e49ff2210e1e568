// The CI workflow (.github/workflows/ci.yml) names the three jobs of
// README's "Platforms" and runs the README's commands; the shell scripts CI
// runs use nothing GNU-only, so they run on macOS too.
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A workflow's jobs: each job's name and the lines of its block.
private func jobs(ofWorkflow text: String) -> [String: [String]] {
    var jobs: [String: [String]] = [:]
    var isInJobs = false
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
        if !line.hasPrefix(" ") {
            isInJobs = line == "jobs:"
            current = nil
            continue
        }
        guard isInJobs else { continue }
        // A job is a key indented by exactly two spaces.
        if line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":") {
            current = String(line.dropFirst(2).dropLast())
            jobs[current!] = []
        } else if let current {
            jobs[current, default: []].append(line.trimmingCharacters(in: .whitespaces))
        }
    }
    return jobs
}

/// The value of `key: value` among a job's lines.
private func value(_ key: String, in lines: [String]) -> String? {
    lines.first { $0.hasPrefix(key + ":") }.map { String($0.dropFirst(key.count + 1)).trimmingCharacters(in: .whitespaces) }
}

@Suite struct WorkflowTests {
    let workflow = root.appendingPathComponent(".github/workflows/ci.yml")

    @Test func theWorkflowHasALinuxAMacOSAndAnIOSSimulatorJob() throws {
        let text = try String(contentsOf: workflow, encoding: .utf8)
        #expect(!text.contains("\t"), "YAML does not allow tabs for indentation")
        let found = jobs(ofWorkflow: text)
        #expect(Set(found.keys) == ["linux", "macos", "ios-simulator"])
        let linux = try #require(found["linux"]), macos = try #require(found["macos"])
        let ios = try #require(found["ios-simulator"])
        #expect(value("runs-on", in: linux)?.hasPrefix("ubuntu") == true)
        #expect(value("runs-on", in: macos)?.hasPrefix("macos") == true)
        #expect(value("runs-on", in: ios)?.hasPrefix("macos") == true)
        // The README's two commands, on Linux and on macOS.
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for command in ["swift run -c release diffcheck check", "swift test"] {
            #expect(readme.contains("    \(command) "), "the README's commands changed: \(command)")
            #expect(linux.contains("run: \(command)"), "linux does not run \(command)")
            #expect(macos.contains("run: \(command)"), "macos does not run \(command)")
        }
        // The in-process products, and only those, for the simulator.
        let builds = ios.filter { $0.hasPrefix("run: xcodebuild build") }
        for product in ["DiffcheckCore", "ListModel", "DiffHarness"] {
            #expect(builds.contains { $0.contains("-scheme \(product) ") && $0.contains("'generic/platform=iOS Simulator'") },
                    "ios-simulator does not build \(product)")
        }
        #expect(!ios.contains { $0.contains("DiffProcess") || $0.contains("DiffBench") || $0.contains("scheme diffcheck") })
    }

    @Test(.enabled(if: pythonHasYAML(), "python3 with PyYAML is not installed: the structural check above stands alone"))
    func theWorkflowParsesAsYAML() throws {
        let script = """
            import sys, yaml
            workflow = yaml.safe_load(open(sys.argv[1]))
            jobs = workflow["jobs"]
            print(" ".join(sorted(jobs)))
            for name, job in jobs.items():
                assert "runs-on" in job and job["steps"], name
            """
        let run = try python(["-c", script, workflow.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ios-simulator linux macos")
    }

    @Test func theCIScriptsUseNoGNUOnlyShell() throws {
        let scripts = [".ci/run", ".ci/user-package", ".ci/docs", "Fuzz/run.sh", "Fuzz/build.sh"]
        // GNU spellings BSD (macOS) tools refuse or read differently.
        let gnuOnly = ["sed -i", "readlink -f", "grep -P", "stat -c", "date -d", "nproc", "xargs -r", "sort -V"]
        for script in scripts {
            let text = try String(contentsOf: root.appendingPathComponent(script), encoding: .utf8)
            for (number, line) in text.split(separator: "\n").enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                for spelling in gnuOnly {
                    #expect(!line.contains(spelling), "\(script):\(number + 1): \(spelling): \(line)")
                }
            }
        }
    }
}

private func pythonHasYAML() -> Bool {
    (try? python(["-c", "import yaml"]))?.status == 0
}

private func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

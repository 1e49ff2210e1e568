// WorkerProcess: a `diffcheck worker` child as its supervisors see it (the
// campaign, the exhaustive run, guarded shrinking): its output lines, its
// stderr, and how it ended.
import DiffHarness
import Foundation

/// A running worker process and what the supervisor knows of it.
final class Worker {
    let stride: Int
    let process = Process()
    let output = Pipe()
    /// Its stderr, kept from ours unless it runs an external engine (whose
    /// output the user wants to see); the line that explains a trap.
    var errors: ErrorTail?
    var buffer: [UInt8] = []
    var isAtEnd = false
    /// The case it started and has not finished, and since when.
    var inFlight: Int?
    var startedAt = Date()
    /// A property failure it is shrinking (case, property), if any.
    var shrinking: (Int, String)?

    init(executable: URL, arguments: [String], stride: Int, capturesErrors: Bool = true) throws {
        self.stride = stride
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        let errorPipe = Pipe()
        if capturesErrors { process.standardError = errorPipe }
        process.standardInput = FileHandle.nullDevice
        // Swift's crash backtracer can take a long time after a trap.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        try process.run()
        if capturesErrors {
            // Our copy of the write end must go, or the pipe never closes.
            try? errorPipe.fileHandleForWriting.close()
            errors = ErrorTail(draining: fcntl(errorPipe.fileHandleForReading.fileDescriptor, F_DUPFD_CLOEXEC, 0))
        }
    }

    /// The line of its stderr that explains how it died, as ": LINE", or "".
    var lastErrorLine: String {
        errors?.explanation.map { ": " + $0 } ?? ""
    }

    var descriptor: Int32 { output.fileHandleForReading.fileDescriptor }

    /// Reads what is available; returns complete lines.
    func readLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 {
            isAtEnd = true
        } else {
            buffer += chunk[0..<count]
        }
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: 10) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// How the process ended, in words, or nil when it exited normally.
    func ending() -> String? {
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return "the engine trapped (the worker died of signal \(signal)\(signalName(signal).map { ", " + $0 } ?? ""))" + lastErrorLine
        }
        return process.terminationStatus == 0 ? nil : "the worker exited with status \(process.terminationStatus)" + lastErrorLine
    }
}

/// The path of this executable, to start workers with.
func ownExecutable() -> URL {
    if FileManager.default.fileExists(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    // Without procfs (macOS): the path the process was started with.
    return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
}

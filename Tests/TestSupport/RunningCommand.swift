// RunningCommand: a command a test starts and watches to its end (diffcheck
// itself, or a shell around it): its output read while it runs, so a full
// pipe never blocks it; a signal sent to it or to one of its children; its
// end waited for once. A test awaits a whole run with onAThreadOfItsOwn.
import Foundation

/// A command that has ended: its exit status and what it printed.
public struct FinishedCommand: Sendable {
    public var status: Int32
    public var output: String
    /// Standard error, or "" when it went with the output or nowhere.
    public var errors: String

    public init(status: Int32, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }
}

/// A command started for a test.
public final class RunningCommand: @unchecked Sendable {
    /// Where the command's standard error goes.
    public enum Errors: Sendable {
        /// Read apart, into `FinishedCommand.errors`.
        case apart
        /// Into the output, as a terminal shows both.
        case withOutput
        /// To /dev/null: an engine left running then holds no pipe of ours.
        case discarded
    }

    private let process = Process()
    private let reading = DispatchGroup()
    private var output = Data()
    private var errors = Data()

    /// Starts `executable` with `arguments`, in `directory` when given, with
    /// `environment` when given (else this process's).
    public init(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                environment: [String: String]? = nil, errors: Errors = .apart) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let outputPipe = Pipe()
        process.standardOutput = outputPipe
        var errorPipe: Pipe?
        switch errors {
        case .apart: errorPipe = Pipe(); process.standardError = errorPipe
        case .withOutput: process.standardError = outputPipe
        case .discarded: process.standardError = FileHandle.nullDevice
        }
        try process.run()
        read(outputPipe) { self.output = $0 }
        if let errorPipe { read(errorPipe) { self.errors = $0 } }
    }

    /// Reads `pipe` to its end on a thread of its own.
    private func read(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
        let handle = pipe.fileHandleForReading
        reading.enter()
        Thread.detachNewThread {
            store(handle.readDataToEndOfFile())
            self.reading.leave()
        }
    }

    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the command.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The first living child of the command for which `matches` holds
    /// (a worker, a shrinking child), looked for every 50 ms for up to
    /// `seconds`; nil when none came.
    public func child(within seconds: Double, where matches: (ProcessEntry) -> Bool = { _ in true }) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let child = try? ProcessTable.entries().first(where: { $0.parent == pid && $0.state != "Z" && matches($0) }) {
                return child.pid
            }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// Sends `signal` to a child for which `matches` holds `delay` seconds
    /// after it is found, and to the next one found when that one has ended
    /// meanwhile, for up to `seconds`; the child signalled, or nil.
    public func signalChild(_ signal: Int32, after delay: Double, within seconds: Double,
                            where matches: (ProcessEntry) -> Bool = { _ in true }) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while let child = child(within: deadline.timeIntervalSinceNow, where: matches) {
            usleep(useconds_t(delay * 1_000_000))
            if kill(child, signal) == 0 { return child }
        }
        return nil
    }

    /// Waits for the command's end and its output's.
    public func finish() -> FinishedCommand {
        reading.wait()
        process.waitUntilExit()
        return FinishedCommand(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                               errors: String(decoding: errors, as: UTF8.self))
    }
}

/// `body`, run on a thread of its own and awaited. Its sleeps and waits
/// keep their times whatever holds the few threads Swift Testing runs tests
/// on (as many as the machine has cores), and hold none of them. (`body`
/// records no issue: a thread of its own is outside the test.)
public func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

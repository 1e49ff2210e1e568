// ServeEngine: `serveEngine(_:)`, any DiffEngine as an `--engine-cmd` engine.
//
// An executable of three lines,
//
//     import DiffProcess
//     import MyEngine
//     serveEngine(MyEngine())
//
// run as `diffcheck fuzz --engine-cmd '.build/debug/serve-my-engine'`, puts
// the engine in a child process of diffcheck: a trap or a hang is a
// `no-crash` failure, shrunk like any other, instead of the end of a test
// run. It reads requests and writes answers on descriptors; it spawns
// nothing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffHarness
import Foundation

/// Serves `engine` over the external-engine protocol (JSON Lines: one
/// request a line in, one answer a line out, in request order) until its
/// standard input ends, then exits the process with status 0.
///
/// The protocol is kept on descriptors of its own: before the first
/// request, standard output is pointed at standard error and standard input
/// at `/dev/null`, so whatever the engine prints (`print()`, a logging
/// library, a C library's `printf`) goes to stderr and cannot corrupt an
/// answer, and nothing the engine reads can swallow a request.
///
/// Its first line is the engine's declaration (`EngineDeclaration`: name,
/// flat-only, claims, refusals), which diffcheck reads in place of `--flat`
/// and `--claims`.
///
/// Pipelined: a flight of requests is read in one read, and each answer is
/// written as soon as it is made, so no answer waits on the requests after
/// it, however long they take. A request that does not parse gets
/// `{"error": "bad request: …"}`, never a trap.
///
/// - Complexity: the engine's own, plus O(n) in the size of each request
///   and answer.
public func serveEngine(_ engine: any DiffEngine) -> Never {
    let requests = dup(STDIN_FILENO), answers = dup(STDOUT_FILENO)
    guard requests >= 0, answers >= 0 else {
        FileHandle.standardError.write(Data("serveEngine: cannot keep the protocol's descriptors: \(String(cString: strerror(errno)))\n".utf8))
        exit(2)
    }
    fflush(nil)   // every stream: what was printed before goes out where it was meant to
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let nothing = open("/dev/null", O_RDONLY)
    if nothing >= 0 {
        dup2(nothing, STDIN_FILENO)
        close(nothing)
    }
    var server = RequestServer(engine: engine, requests: requests, answers: answers)
    server.declare()
    server.run()
    exit(0)
}

/// The read–answer–write loop behind `serveEngine`, on two descriptors.
struct RequestServer {
    let engine: any DiffEngine
    let requests: Int32
    let answers: Int32
    /// Bytes read and not yet answered (a line may be split across reads).
    private var pending: [UInt8] = []
    private var outgoing: [UInt8] = []

    init(engine: any DiffEngine, requests: Int32, answers: Int32) {
        self.engine = engine
        self.requests = requests
        self.answers = answers
    }

    /// Writes the engine's declaration, the protocol's optional first line
    /// (`EngineDeclaration`): its name, whether it is flat-only, what it
    /// claims and refuses, so that diffcheck checks it as it is without
    /// `--flat` or `--claims` on the command line.
    mutating func declare() {
        outgoing.append(contentsOf: Array(EngineDeclaration(of: engine).json.utf8))
        outgoing.append(10)
        flush()
    }

    /// Answers until `requests` ends (a last line without a line break is
    /// answered too).
    ///
    /// Each answer is written as soon as it is made, before the next request
    /// is started: an answer never waits on a later request, however long
    /// that one takes. Each read is scanned for line breaks from where the
    /// last scan stopped, so a long line costs time linear in its length.
    mutating func run() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // `pending[..<scanned]` holds no line break.
        var scanned = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(requests, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                if !pending.isEmpty { answer(pending[...]) }
                pending.removeAll()
                flush()
                return
            }
            pending.append(contentsOf: chunk[..<count])
            var start = 0
            while let newline = pending[scanned...].firstIndex(of: 10) {
                answer(pending[start..<newline])
                flush()
                start = newline + 1
                scanned = start
            }
            scanned = pending.count
            if start > 0 {
                pending.removeSubrange(..<start)
                scanned -= start
            }
        }
    }

    /// Appends the answer to one request line to `outgoing`.
    private mutating func answer(_ line: ArraySlice<UInt8>) {
        let output: EngineOutput
        switch SnapshotJSON.request(fromJSON: Array(line)) {
        case .success(let pair): output = engine.diff(old: pair.old, new: pair.new)
        case .failure(let error): output = .refusal("bad request: \(error.message)")
        }
        SnapshotJSON.appendAnswer(output, to: &outgoing)
        outgoing.append(10)
    }

    /// Writes `outgoing` whole.
    private mutating func flush() {
        var written = 0
        while written < outgoing.count {
            let count = outgoing.withUnsafeBytes { write(answers, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { exit(0) }   // diffcheck closed its end: nobody is listening
            written += count
        }
        outgoing.removeAll(keepingCapacity: true)
    }
}

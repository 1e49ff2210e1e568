// FileReplacement: a file written whole or not at all, in place of what is
// at its path, without turning a special file into a regular one.
//
//     report.xml (absent, or a regular file)   a temporary file beside it, then rename(2)
//     link -> reports/report.xml                the same, at what the link names (the link stays)
//     a FIFO, /dev/stdout, a terminal           written into, as a stream
//     a folder                                  an error
//
// A case file a command writes beside its input (`shrink`'s FILE.shrunk.case)
// is written as a finding is instead (`replaceEntry`): a link there is
// replaced, never followed.
import Foundation

/// Why a file could not be written, in words (the path is not in it).
struct FileWriteProblem: Error {
    var reason: String
    /// When a folder above the file could not be made: that error, which names the folder.
    var folderError: CorpusReadError?
}

/// Writes `bytes` to `path`. A regular file there, or none, is replaced
/// atomically: a hidden temporary file beside it, then rename(2), so a
/// reader sees the old file or the new one, never half of one (the
/// temporary file is removed if anything fails). A symbolic link is
/// followed to the path it names, which is replaced so; the link stays. A
/// FIFO or a device (anything else that is not a folder) is opened and
/// written into as a stream: renaming onto it would put a regular file in
/// its place. `createsFolders`: the folders above a missing file are made
/// first (else their absence is the error).
func replaceFile(at path: String, with bytes: [UInt8], createsFolders: Bool) throws(FileWriteProblem) {
    let target = try linkTarget(of: path)
    var info = stat()
    if stat(target, &info) == 0 {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileWriteProblem(reason: "a folder, not a file")
        default:
            try writeStream(bytes, to: target)
            return
        }
    }
    let temporary = try temporaryCopy(of: bytes, for: target, createsFolders: createsFolders)
    guard rename(temporary, target) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw FileWriteProblem(reason: "cannot rename \(temporary) into place: \(reason)")
    }
}

/// Writes `bytes` to `path` as a saved finding is written: a hidden
/// temporary file beside it (O_EXCL), then rename(2) onto `path`, which
/// replaces whatever entry is there, a symbolic link included: a link is
/// never followed, so the file it names keeps its text and a dangling one
/// makes no folders. A folder at `path` is an error; the folder above
/// `path` must exist.
func replaceEntry(at path: String, with bytes: [UInt8]) throws(FileWriteProblem) {
    let temporary = try temporaryCopy(of: bytes, for: path, createsFolders: false)
    guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw FileWriteProblem(reason: "cannot put the file in place: \(reason)")
    }
}

/// The path a chain of symbolic links at `path` ends at (`path` itself
/// when it is no link); the end need not exist.
private func linkTarget(of path: String) throws(FileWriteProblem) -> String {
    var current = path
    for _ in 0..<40 {
        var info = stat()
        guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileWriteProblem(reason: "cannot read the symbolic link: \(String(cString: strerror(errno)))") }
        let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current = destination.hasPrefix("/") ? destination
            : (parentFolder(of: current) as NSString).appendingPathComponent(destination)
    }
    throw FileWriteProblem(reason: "a symbolic link loop (too many levels of symbolic links)")
}

/// Writes `bytes` into the special file at `path` (a FIFO waits for its reader).
private func writeStream(_ bytes: [UInt8], to path: String) throws(FileWriteProblem) {
    let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileWriteProblem(reason: "cannot open it: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
}

/// Writes all of `bytes` to `descriptor`, again after an interruption.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileWriteProblem) {
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw FileWriteProblem(reason: "cannot write it: \(String(cString: strerror(errno)))") }
        written += n
    }
}

/// A hidden temporary file beside `path` holding `bytes` (made with
/// O_EXCL: never one that was there); returns its path.
func temporaryCopy(of bytes: [UInt8], for path: String, createsFolders: Bool) throws(FileWriteProblem) -> String {
    let directory = parentFolder(of: path)
    if createsFolders && !directory.isEmpty {
        do { try createFindingsFolder(directory) } catch {
            let folderError = error as? CorpusReadError
            throw FileWriteProblem(reason: "\(error)", folderError: folderError)
        }
    }
    let unique = "\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
    let temporary = (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent + ".\(unique).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    // The temporary file is not named in an error: it is gone, and the caller names the file it was for.
    guard descriptor >= 0 else {
        throw FileWriteProblem(reason: "cannot create it: \(String(cString: strerror(errno)))")
    }
    do {
        try writeAll(bytes, to: descriptor)
    } catch {
        close(descriptor)
        unlink(temporary)
        throw error
    }
    guard close(descriptor) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw FileWriteProblem(reason: "cannot write it: \(reason)")
    }
    return temporary
}

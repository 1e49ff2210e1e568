// CorpusEntry: one file of the corpus (a text case or a binary fuzz input),
// replayed against its expectation.
import Foundation
import ListModel

/// A file the corpus gate and `repro` replay.
public enum CorpusEntry: Sendable {
    /// A `.case` text file.
    case text(path: String, Case)
    /// A binary choice buffer (a libFuzzer input or artifact): decoded with
    /// the byte source; it is expected to pass unless it is a crash artifact.
    case binary(path: String, bytes: [UInt8])

    /// The file's path.
    public var path: String {
        switch self {
        case .text(let path, _), .binary(let path, _): return path
        }
    }
}

/// Why a corpus file could not be read.
public struct CorpusReadError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Reads the corpus files under `paths` (files or directories, recursively,
/// in sorted order, through the folders linked into them as through their
/// own: `corpusFiles(inFolder:)`). `.case` files are parsed (an `engine:`
/// line names one of `engines`; by default any one word: a name that is not a built-in
/// engine's is a user's own engine, as `checkEngine` saves its cases, which
/// `CorpusReplayer` runs on the command line's engine); other regular files
/// (not hidden, not `README.md`) are binary inputs. Unreadable files
/// and parse errors are returned beside the entries, named with file and
/// line; so is a folder given in `paths` that holds no file at all, unless
/// `allowsEmptyFolders`. A path that cannot be read says why (no such file,
/// a symbolic link loop, no permission).
public func readCorpus(_ paths: [String], allowsEmptyFolders: Bool = false,
                       engines: [String]? = nil)
    -> (entries: [CorpusEntry], errors: [CorpusReadError]) {
    var entries: [CorpusEntry] = []
    var errors: [CorpusReadError] = []
    let manager = FileManager.default
    for root in paths {
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
            errors.append(CorpusReadError(description: "\(root): error: \(pathProblem(root))"))
            continue
        }
        var files: [String] = []
        if isDirectory.boolValue {
            let found = corpusFiles(inFolder: root)
            files = found.files
            errors += found.errors
            if files.isEmpty && found.errors.isEmpty && !allowsEmptyFolders {
                errors.append(CorpusReadError(description: "\(root): error: the folder holds no case files or fuzz inputs"))
            }
        } else {
            files = [root]
        }
        for file in files {
            let bytes: [UInt8]
            switch InputFile.read(file, as: .caseFile) {
            case .success(let read): bytes = read
            case .failure(let error):
                errors.append(CorpusReadError(description: error.description))
                continue
            }
            if file.hasSuffix(".case") {
                switch CaseParser.parse(bytes: bytes, file: file, engines: engines) {
                case .success(let c): entries.append(.text(path: file, c))
                case .failure(let error): errors.append(CorpusReadError(description: error.description))
                }
            } else {
                entries.append(.binary(path: file, bytes: bytes))
            }
        }
    }
    return (entries, errors)
}

/// Why `path` cannot be opened, in words: no such file, a symbolic link
/// loop, a link to a missing file, or the system's reason.
package func pathProblem(_ path: String) -> String {
    var info = stat()
    if stat(path, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFDIR { return "a folder, not a file" }
        return access(path, R_OK) == 0 ? "unreadable" : "no permission to read it"
    }
    let error = errno
    switch error {
    case ELOOP:
        return "a symbolic link loop (too many levels of symbolic links)"
    case ENOENT:
        return lstat(path, &info) == 0 ? "a symbolic link to a file that does not exist" : "no such file or directory"
    default:
        return String(cString: strerror(error))
    }
}

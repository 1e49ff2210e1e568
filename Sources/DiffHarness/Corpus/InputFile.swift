// InputFile: reading an untrusted input (a case file, a crash log, a fuzz
// input) in bounded memory.
//
// Parsing a case file takes about twenty times its size in memory, and
// triaging a log more; a file of hundreds of megabytes would end in the
// out-of-memory killer, not in an error. So each kind of input has a size
// past which it is refused, before it is read, with the size and how to
// raise the limit: `DIFFCHECK_MAX_INPUT_MB`, in mebibytes, for every kind.
import Foundation

/// Reads untrusted input files up to a size limit.
package enum InputFile {
    /// What is read, and so its default limit.
    package enum Kind {
        /// A `.case` file, or a binary fuzz input of a corpus.
        case caseFile
        /// A crash log or a paste given to `triage`.
        case crashLog

        var name: String {
            switch self {
            case .caseFile: return "a case file"
            case .crashLog: return "a crash log"
            }
        }

        /// The default limit in mebibytes: a case of hundreds of thousands
        /// of items is a few megabytes; a crash log, kilobytes.
        var defaultMiB: Int {
            switch self {
            case .caseFile: return 32
            case .crashLog: return 4
            }
        }
    }

    /// The environment variable that raises (or lowers) every limit.
    package static let limitVariable = "DIFFCHECK_MAX_INPUT_MB"

    /// The limit in bytes for `kind`, or the error for a malformed
    /// `DIFFCHECK_MAX_INPUT_MB`.
    package static func limit(_ kind: Kind, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<Int, InputFileError> {
        guard let text = environment[limitVariable] else { return .success(kind.defaultMiB << 20) }
        guard let mebibytes = Int(text), mebibytes > 0, mebibytes <= 1 << 20 else {
            return .failure(InputFileError(description: "\(limitVariable)=\(text) is not a size in mebibytes (a whole number from 1 to 1048576)"))
        }
        return .success(mebibytes << 20)
    }

    /// The bytes of the file at `path` (`-`: standard input), or why not:
    /// it cannot be read, or it is larger than the limit for `kind`. Never
    /// reads more than the limit and one byte.
    package static func read(_ path: String, as kind: Kind) -> Result<[UInt8], InputFileError> {
        let limit: Int
        switch self.limit(kind) {
        case .success(let bytes): limit = bytes
        case .failure(let error): return .failure(error)
        }
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else {
                // An argument's bytes that are not UTF-8 reach diffcheck as U+FFFD: no file has that name.
                if path.unicodeScalars.contains("\u{FFFD}") && access(path, F_OK) != 0 {
                    return .failure(InputFileError(description: "\(path): error: the path is not UTF-8 (\u{FFFD} stands for its other bytes), "
                        + "and diffcheck reads its arguments as UTF-8: rename the file"))
                }
                return .failure(InputFileError(description: "\(path): error: \(pathProblem(path))"))
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - bytes.count)) } catch {
                return .failure(InputFileError(description: "\(path): error: \(pathProblem(path))"))
            }
            guard let chunk, !chunk.isEmpty else { return .success(bytes) }
            bytes += chunk
        }
        let size = path == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
        let what = size.map { "\(path): error: the file is \($0) bytes" } ?? "\(path == "-" ? "<stdin>" : path): error: the input is longer"
        return .failure(InputFileError(description: what + ", past diffcheck's limit of \(limit >> 20) MiB for \(kind.name), which keeps its memory bounded (\(limitVariable)=N raises the limit to N MiB)"))
    }
}

/// Why an input file was not read: one line, with the file's name.
package struct InputFileError: Error, CustomStringConvertible {
    package var description: String
}

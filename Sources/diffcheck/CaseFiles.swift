// CaseFiles: reading case files for the commands that take one.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// Reads and parses one `.case` file, or prints why not (file and line).
/// Any one-word `engine:` name reads: a name that is not a built-in
/// engine's is a user's own engine (`checkEngine` saves its cases so),
/// which runs only on `--engine-cmd` (`EntryRefusal.needsUserEngine`).
func readCase(_ path: String, command: String) -> Case? {
    let bytes: [UInt8]
    switch InputFile.read(path, as: .caseFile) {
    case .success(let read): bytes = read
    case .failure(let error):
        printError(error.description)
        return nil
    }
    switch CaseParser.parse(bytes: bytes, file: path) {
    case .success(let c): return c
    case .failure(let error):
        printError(error.description)
        return nil
    }
}

// CaseFiles: reading case files for the commands that take one.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// Reads and parses one `.case` file, or prints why not (file and line; an
/// `engine:` line naming no engine diffcheck knows is an error there).
func readCase(_ path: String, command: String) -> Case? {
    guard let data = FileManager.default.contents(atPath: path) else {
        printError("\(path): error: cannot read the file: \(pathProblem(path))")
        return nil
    }
    switch CaseParser.parse(bytes: [UInt8](data), file: path, engines: EngineCatalog.caseEngineNames) {
    case .success(let c): return c
    case .failure(let error):
        printError(error.description)
        return nil
    }
}

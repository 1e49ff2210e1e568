// EngineCommandIdentity: whether two `--engine-cmd` commands run the same
// engine, for `repro`'s note on a case recorded with another command.
import Foundation

/// Whether the engine commands `a` and `b` run the same engine: the same
/// shell words, once each word that is a path is made absolute from
/// `directory`, standardized and its symbolic links resolved, and a
/// leading `exec` dropped. A path is a word holding a `/`, or an argument
/// after the program naming a file of `directory` (`python3 engine.py`).
///
///     // in /work/my-engine:
///     isSameEngineCommand(".build/debug/serve-my-engine", "/work/my-engine/.build/debug/serve-my-engine")   // true
///     isSameEngineCommand("python3 engine.py", "python3 'engine.py'")                                        // true
///     isSameEngineCommand("python3 engine.py", "python3 other.py")                                           // false
///
/// The program's word without a `/` is compared as it is: `engine` is
/// found on PATH, which `./engine` is not.
func isSameEngineCommand(_ a: String, _ b: String, in directory: String = FileManager.default.currentDirectoryPath) -> Bool {
    a == b || engineWords(a, in: directory) == engineWords(b, in: directory)
}

/// The words of `command` as `isSameEngineCommand` compares them.
private func engineWords(_ command: String, in directory: String) -> [String] {
    var words = shellWords(command)
    if words.first == "exec" { words.removeFirst() }
    return words.enumerated().map { index, word in
        let absolute = word.hasPrefix("/") ? word : directory + "/" + word
        guard word.contains("/") || (index > 0 && FileManager.default.fileExists(atPath: absolute)) else { return word }
        return URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// `command` split into words as `sh` splits a simple command: at blanks
/// outside quotes, with single quotes taken literally, and double quotes
/// and backslashes escaping what follows them.
private func shellWords(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    var hasWord = false
    var characters = command.makeIterator()
    while let character = characters.next() {
        switch character {
        case " ", "\t", "\n":
            if hasWord { words.append(word) }
            word = ""
            hasWord = false
        case "'":
            hasWord = true
            while let quoted = characters.next(), quoted != "'" { word.append(quoted) }
        case "\"":
            hasWord = true
            while let quoted = characters.next(), quoted != "\"" {
                if quoted == "\\", let escaped = characters.next() { word.append(escaped) } else { word.append(quoted) }
            }
        case "\\":
            hasWord = true
            if let escaped = characters.next() { word.append(escaped) }
        default:
            hasWord = true
            word.append(character)
        }
    }
    if hasWord { words.append(word) }
    return words
}

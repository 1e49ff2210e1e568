// Lists the public symbols of a symbol graph that have no doc comment, for
// `.ci/docs`: `undocumented-symbols GRAPH.symbols.json SOURCES_FOLDER`.
// Only symbols declared under SOURCES_FOLDER count (a default
// implementation from the standard library has no doc comment of ours to
// give). Prints `FILE:LINE: KIND NAME` for each and exits 1 if there is any.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: undocumented-symbols GRAPH.symbols.json SOURCES_FOLDER\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path + "/"
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let symbols = graph["symbols"] as? [[String: Any]] else {
    FileHandle.standardError.write(Data("\(arguments[1]): not a symbol graph\n".utf8))
    exit(2)
}
var undocumented: [String] = []
for symbol in symbols where symbol["docComment"] == nil {
    guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
          let path = URL(string: uri)?.standardizedFileURL.path, path.hasPrefix(folder) else { continue }
    let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
    let kind = (symbol["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
    let name = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
    undocumented.append("\(path):\(line): \(kind) \(name) has no doc comment")
}
for line in undocumented.sorted() { print(line) }
exit(undocumented.isEmpty ? 0 : 1)

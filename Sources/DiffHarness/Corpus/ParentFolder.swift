// ParentFolder: the folder part of a path, for paths a user typed.
import Foundation

/// The folder part of `path`, as `NSString.deletingLastPathComponent`
/// gives it, and "" for a path of one component (`f`, `f/`): Foundation on
/// Linux traps on a one-character path of one component
/// (`String._startOfLastPathComponent`), so `--findings f` took the
/// command down.
package func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard trimmed.contains("/") else { return "" }
    return (String(trimmed) as NSString).deletingLastPathComponent
}

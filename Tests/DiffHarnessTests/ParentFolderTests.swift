// The folder part of a path a user typed, one-component paths included
// (Foundation on Linux traps on `("f" as NSString).deletingLastPathComponent`).
@testable import DiffHarness
import Testing

@Test(arguments: [("f", ""), ("f/", ""), ("f//", ""), ("findings", ""), ("a/f", "a"), ("./f", "."), ("/f", "/"),
                  ("a/b/c.case", "a/b"), ("a/b/", "a")])
func theFolderOfAPathIsItsPartBeforeTheLastComponent(_ path: String, _ folder: String) {
    #expect(parentFolder(of: path) == folder, "\(path)")
}

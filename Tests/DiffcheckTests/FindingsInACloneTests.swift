// A run from inside a clone of diffcheck saves its findings in the clone's
// Corpus/findings, which git ignores: they are the user's, never the
// repository's (issue 39, point 11).
import Foundation
import Testing

/// The package's root folder: three levels above this file.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private var isGitCheckout: Bool {
    FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(".git").path)
}

@Test(.enabled(if: isGitCheckout, "the package is not a git checkout"))
func findingsSavedInACloneAreIgnoredByGit() throws {
    func isIgnored(_ path: String) throws -> Bool {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", packageRoot.path, "check-ignore", "-q", path]
        try git.run()
        git.waitUntilExit()
        return git.terminationStatus == 0
    }
    #expect(try isIgnored("Corpus/findings/0123456789abcdef.case"))
    #expect(try isIgnored("Corpus/findings/slow/slowest.case"))
    // The folder itself stays in the repository, and the rest of the corpus is not ignored.
    #expect(try !isIgnored("Corpus/findings/.gitkeep"))
    #expect(try !isIgnored("Corpus/regressions/model-fresh.case"))
}

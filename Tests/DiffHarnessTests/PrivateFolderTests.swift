// PrivateFolder: a fresh folder of a name no one knew, that only this user
// can enter, removed with what it holds.
import Foundation
import Testing
@testable import DiffHarness

@Test func aPrivateFolderIsFreshUnreadableToOthersAndRemovedWithItsFiles() throws {
    let first = try PrivateFolder(prefix: "diffcheck-test")
    let second = try PrivateFolder(prefix: "diffcheck-test")
    #expect(first.path != second.path)
    #expect((first.path as NSString).lastPathComponent.hasPrefix("diffcheck-test-"))
    var info = stat()
    #expect(lstat(first.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
    #expect(info.st_mode & 0o777 == 0o700)
    try "x".write(toFile: first.file("state"), atomically: false, encoding: .utf8)
    first.remove()
    second.remove()
    #expect(!FileManager.default.fileExists(atPath: first.path) && !FileManager.default.fileExists(atPath: second.path))
}

/// Issue 43, point 12: a file that cannot be written is named in the
/// error, never the hidden temporary file it was to come from (a full disk
/// named `.NAME.PID.N.tmp` in a staging folder).
@Test func aWriteErrorNamesTheFileNotItsTemporaryCopy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffcheck-write-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A name that fits, whose temporary copy's longer name does not.
    let path = folder.appendingPathComponent(String(repeating: "n", count: 240) + ".case").path
    #expect {
        try writeAtomically("old: a\nnew: a\n", to: path)
    } throws: { error in
        let text = "\(error)"
        return text.hasPrefix(path + ": error: cannot create it: ") && !text.contains(".tmp")
    }
}

// PrivateFolder: a fresh folder in the temporary directory that only this
// user can enter, for the scratch files of one run (a shrinking child's
// state file, the exhaustive walk's worker states, unsaved findings).
//
// A name of our own in /tmp (`diffcheck-shrink-<pid>.state`) can be
// planted by another user beforehand, as a link to a file of ours that
// opening it with O_CREAT|O_TRUNC would empty. mkdtemp(3) makes a new
// folder of a name no one knew, mode 0700, or fails: nothing in it was
// put there by anyone else.
import Foundation

/// A folder made with mkdtemp(3), mode 0700, removed with what it holds by
/// `remove()` (or when the last reference goes).
public final class PrivateFolder: @unchecked Sendable {
    /// Its path.
    public let path: String
    private var isRemoved = false

    /// Makes `<temporary directory>/<prefix>-XXXXXX`; throws a
    /// `CorpusReadError` saying why it cannot.
    public init(prefix: String) throws {
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent(prefix + "-XXXXXX")).utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else {
            let reason = String(cString: strerror(errno))
            throw CorpusReadError(description: "cannot make a private temporary folder in \(NSTemporaryDirectory()): \(reason)")
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Removes the folder and everything in it (once).
    public func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}

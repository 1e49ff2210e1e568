// WorkerStateFile: the one line a campaign worker keeps on disk, naming the
// case it is running, written through a shared mapping of the file.
//
// A worker writes the line before every case, so it must cost no system
// call: the bytes go into the page cache through `mmap(MAP_SHARED)`, where
// they stay when the worker dies (a trap, SIGKILL), and where the
// supervisor reads them. A worker that reports its cases in batches (see
// `WorkerCommand`) is then still known to the case: the supervisor's last
// `start` line may be a few cases behind it.
import Foundation

/// A campaign worker's state file: one fixed-width line, `seed S case N`
/// (and, for a flight of cases to an external engine, `and the K after
/// it, step T`), padded with spaces to `lineLength` bytes with the newline.
package final class WorkerStateFile {
    /// The line's length in bytes, the newline included.
    package static let lineLength = 96
    private let descriptor: Int32
    /// The file's first `lineLength` bytes, mapped shared; nil when mapping
    /// failed (each line is then written with `pwrite`).
    private let mapping: UnsafeMutableRawPointer?
    /// The bytes of `seed S case `, the start of every line.
    private let prefix: [UInt8]

    /// Creates (or empties) the state file at `path` for the cases of
    /// `seed`; nil when it cannot be opened (a symbolic link there is not
    /// followed).
    package init?(path: String, seed: UInt64) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        prefix = Array("seed \(seed) case ".utf8)
        // The line's bytes written first, so the file's blocks exist: a mapping of a file whose blocks a
        // full disk could not give would kill the worker with SIGBUS at its first line. On a full disk the
        // write fails and the lines go by pwrite(2), which fails without a signal.
        let blank = [UInt8](repeating: 32, count: Self.lineLength)
        let isAllocated = blank.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == Self.lineLength
        // mmap(2) returns MAP_FAILED, (void *)-1, on failure.
        if isAllocated,
           let mapped = mmap(nil, Self.lineLength, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
           mapped != UnsafeMutableRawPointer(bitPattern: -1) {
            mapping = mapped
        } else {
            mapping = nil
        }
    }

    deinit {
        if let mapping { munmap(mapping, Self.lineLength) }
        close(descriptor)
    }

    /// Records that case `n` is about to run (and, when `following` > 0,
    /// the `following` cases after it, `step` apart, in the same flight).
    package func write(caseNumber n: Int, following: Int = 0, step: Int = 1) {
        // Built on the stack: this runs before every case.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.lineLength) { line in
            var count = 0
            func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
                for byte in bytes where count < Self.lineLength - 1 {
                    line[count] = byte
                    count += 1
                }
            }
            append(prefix)
            append(String(n).utf8)
            if following > 0 { append(" and the \(following) after it, step \(step)".utf8) }
            for at in count..<(Self.lineLength - 1) { line[at] = UInt8(ascii: " ") }
            line[Self.lineLength - 1] = UInt8(ascii: "\n")
            if let mapping {
                mapping.copyMemory(from: line.baseAddress!, byteCount: Self.lineLength)
            } else {
                _ = pwrite(descriptor, line.baseAddress, Self.lineLength, 0)
            }
        }
    }

    /// The case number the state file at `path` names for `seed` (the
    /// first case of its flight), or nil when the file is missing, empty,
    /// or names another seed.
    package static func caseNumber(atPath path: String, seed: UInt64) -> Int? {
        guard let data = FileManager.default.contents(atPath: path),
              let line = String(data: data.prefix(lineLength), encoding: .utf8) else { return nil }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count >= 4, words[0] == "seed", words[1] == "\(seed)", words[2] == "case" else { return nil }
        return Int(words[3])
    }
}

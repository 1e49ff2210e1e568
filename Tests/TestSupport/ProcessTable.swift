// ProcessTable: the processes running on this machine, for tests that prove
// nothing we start outlives us: /proc on Linux, ps(1) elsewhere (macOS).
import Foundation

/// One running process.
public struct ProcessEntry: Sendable {
    public var pid: Int32
    public var parent: Int32
    public var group: Int32
    /// The state letter: `R`, `S`, `Z` (a zombie), …
    public var state: String
    public var command: String
}

/// Why the process table could not be read (a test then fails: it never
/// passes on an empty table).
public struct ProcessTableError: Error, CustomStringConvertible {
    public var description: String
}

public enum ProcessTable {
    /// Every process, from /proc where it exists, else from
    /// `ps -A -o pid=,ppid=,pgid=,stat=,comm=` (the same columns in BSD and
    /// procps ps).
    public static func entries() throws -> [ProcessEntry] {
        if FileManager.default.fileExists(atPath: "/proc/self/stat") {
            let names = try FileManager.default.contentsOfDirectory(atPath: "/proc")
            return names.compactMap { Int32($0) }.compactMap(procEntry)
        }
        return try psEntries()
    }

    /// The state letter of `pid`, or nil when there is no such process.
    public static func state(of pid: Int32) throws -> String? {
        if FileManager.default.fileExists(atPath: "/proc/self/stat") { return procEntry(pid)?.state }
        return try psEntries().first { $0.pid == pid }?.state
    }

    /// Processes still alive (not zombies) in any of `groups`, as "PID (COMMAND)".
    public static func living(inGroups groups: Set<Int32>) throws -> [String] {
        try entries().filter { groups.contains($0.group) && $0.state != "Z" }.map { "\($0.pid) (\($0.command))" }
    }

    /// The living children of `pid`.
    public static func children(of pid: Int32) throws -> [Int32] {
        try entries().filter { $0.parent == pid && $0.state != "Z" }.map(\.pid)
    }

    /// The arguments `pid` was started with (its executable first), read
    /// from /proc; nil where there is no /proc or no such process.
    public static func arguments(of pid: Int32) -> [String]? {
        FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            .map { $0.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// `/proc/PID/stat`: after "(comm)", the state, the parent and the group.
    static func procEntry(_ pid: Int32) -> ProcessEntry? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
        return ProcessEntry(pid: pid, parent: parent, group: group, state: String(fields[0]),
                            command: String(stat[stat.index(after: open)..<close]))
    }

    static func psEntries() throws -> [ProcessEntry] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-A", "-o", "pid=,ppid=,pgid=,stat=,comm="]
        let output = Pipe()
        ps.standardOutput = output
        ps.standardError = FileHandle.nullDevice
        do { try ps.run() } catch {
            throw ProcessTableError(description: "neither /proc nor /bin/ps to list processes: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        guard ps.terminationStatus == 0 else {
            throw ProcessTableError(description: "/bin/ps exited with status \(ps.terminationStatus)")
        }
        let entries = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> ProcessEntry? in
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            guard fields.count == 5, let pid = Int32(fields[0]), let parent = Int32(fields[1]), let group = Int32(fields[2])
            else { return nil }
            return ProcessEntry(pid: pid, parent: parent, group: group, state: String(fields[3].prefix(1)),
                                command: String(fields[4]))
        }
        guard !entries.isEmpty else { throw ProcessTableError(description: "/bin/ps listed no processes") }
        return entries
    }
}

// OutOfMemoryKills: how many processes the kernel's out-of-memory killer
// has ended in diffcheck's memory cgroup, read before a worker starts and
// after it dies of SIGKILL: a count that grew says who sent the signal,
// which the signal number alone does not (`ProcessEnd.outOfMemory`).
//
// Linux keeps the count as the `oom_kill` line of `memory.events` (cgroup
// v2) or of `memory.oom_control` (cgroup v1, kernel 4.13 and later), in the
// folder /proc/self/cgroup names under the controller's mount. Inside a
// container the named folder may not exist under the mount (the mount is
// the container's own cgroup), so the mount's root is read after it. On
// Darwin there is no such count: nil, and a SIGKILL is said to come from
// outside diffcheck, naming both.
import Foundation

enum OutOfMemoryKills {
    /// The count now, or nil where it cannot be read.
    static func count() -> Int? {
        #if os(Linux)
        guard let cgroups = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        for file in files(cgroups: cgroups) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let n = killCount(in: text) { return n }
        }
        return nil
        #else
        return nil
        #endif
    }

    /// The files that may hold the count, most specific first, for the
    /// lines of /proc/self/cgroup.
    static func files(cgroups: String) -> [String] {
        var files: [String] = []
        for line in cgroups.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2]).hasSuffix("/") ? String(fields[2]) : fields[2] + "/"
            if fields[0] == "0" && fields[1].isEmpty {
                files += ["/sys/fs/cgroup" + path + "memory.events", "/sys/fs/cgroup/memory.events"]
            } else if fields[1].split(separator: ",").contains("memory") {
                files += ["/sys/fs/cgroup/memory" + path + "memory.oom_control", "/sys/fs/cgroup/memory/memory.oom_control"]
            }
        }
        // cgroup v1's memory controller first: in a hybrid layout the v2 tree has no memory files.
        var seen: Set<String> = []
        return files.sorted { $0.hasSuffix("oom_control") && !$1.hasSuffix("oom_control") }.filter { seen.insert($0).inserted }
    }

    /// The number on the `oom_kill` line of a memory.events or memory.oom_control text.
    static func killCount(in text: String) -> Int? {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[0] == "oom_kill", let n = Int(words[1]) { return n }
        }
        return nil
    }
}

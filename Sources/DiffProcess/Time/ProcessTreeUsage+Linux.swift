// ProcessTreeUsage+Linux: the process table read from /proc/PID/stat
// (proc(5)): state, parent, utime, stime, cutime, cstime and rss.
#if os(Linux)
import Glibc

extension ProcessRow {
    /// Clock ticks a second, the unit of /proc's CPU times.
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    /// The most a difference of two readings of one process's CPU may fall
    /// short of the CPU it used between them: its user and its system time
    /// are each counted down to a whole tick.
    static let cpuResolutionSeconds = 2 / ticksPerSecond
    /// Bytes a page, the unit of /proc's rss.
    private static let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Every process /proc lists; nil when /proc cannot be read.
    static func table() -> [ProcessRow]? {
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var rows: [ProcessRow] = []
        var buffer = [UInt8](repeating: 0, count: 1_024)
        while let entry = readdir(directory) {
            let pid: pid_t? = withUnsafeBytes(of: entry.pointee.d_name) { name in
                var value: Int32 = 0
                for byte in name {
                    if byte == 0 { break }
                    guard byte >= 48 && byte <= 57, value < 100_000_000 else { return nil }
                    value = value * 10 + Int32(byte - 48)
                }
                return value > 0 ? value : nil
            }
            guard let pid, let row = row(pid, buffer: &buffer) else { continue }
            rows.append(row)
        }
        return rows
    }

    /// The high-water mark of `pid`'s resident memory, in bytes: the
    /// `VmHWM` line of /proc/PID/status; nil when it is gone or has none
    /// (a kernel thread, a zombie).
    static func highWaterBytes(_ pid: pid_t) -> Int? {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parseHighWater(status: buffer[..<count])
    }

    /// The `VmHWM:` value of a /proc/PID/status text, in bytes (the file
    /// says kB, meaning KiB); nil without one.
    static func parseHighWater(status: ArraySlice<UInt8>) -> Int? {
        let key = Array("VmHWM:".utf8)
        var lineStart = status.startIndex
        while lineStart < status.endIndex {
            let lineEnd = status[lineStart...].firstIndex(of: 10) ?? status.endIndex
            let line = status[lineStart..<lineEnd]
            if line.starts(with: key) {
                var value = 0
                var hasDigit = false
                for byte in line.dropFirst(key.count) where byte >= 48 && byte <= 57 {
                    guard value < Int.max / 20 else { return nil }
                    value = value * 10 + Int(byte - 48)
                    hasDigit = true
                }
                return hasDigit ? value * 1_024 : nil
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// The row of `pid` from /proc/PID/stat; nil when it is gone.
    private static func row(_ pid: pid_t, buffer: inout [UInt8]) -> ProcessRow? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(pid: pid, stat: buffer[..<count])
    }

    /// A row from the text of /proc/PID/stat: the fields after the command
    /// name's closing parenthesis (the name itself may hold spaces and
    /// parentheses), counted from field 3, the state.
    static func parse(pid: pid_t, stat: ArraySlice<UInt8>) -> ProcessRow? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        var numbers: [Int] = []
        var state: UInt8 = 0
        var field = 3
        var index = close + 1
        // Fields 3 (state) to 24 (rss).
        while index < stat.endIndex && field <= 24 {
            while index < stat.endIndex && stat[index] == 32 { index += 1 }
            let start = index
            while index < stat.endIndex && stat[index] != 32 && stat[index] != 10 { index += 1 }
            guard start < index else { break }
            if field == 3 {
                state = stat[start]
            } else {
                var value = 0
                var isNegative = false
                for byte in stat[start..<index] {
                    if byte == UInt8(ascii: "-") { isNegative = true; continue }
                    guard byte >= 48 && byte <= 57 else { return nil }
                    value = value &* 10 &+ Int(byte - 48)
                }
                numbers.append(isNegative ? -value : value)
            }
            field += 1
        }
        // numbers[0] is field 4 (ppid); utime..cstime are fields 14-17; rss is field 24.
        guard numbers.count >= 21 else { return nil }
        let ticks = numbers[10] + numbers[11] + numbers[12] + numbers[13]
        return ProcessRow(pid: pid, parent: pid_t(truncatingIfNeeded: numbers[0]),
                          isRunnable: state == UInt8(ascii: "R") || state == UInt8(ascii: "D"),
                          isStopped: state == UInt8(ascii: "T") || state == UInt8(ascii: "t"),
                          cpuSeconds: Double(ticks) / ticksPerSecond,
                          residentBytes: max(numbers[20], 0) * pageBytes)
    }
}
#endif

// FuzzMain: what every fuzz target's `main` does. Hands the command line to
// libFuzzer's driver when the binary is linked with it; built without
// `-sanitize=fuzzer`, runs each file named on the command line once, as a
// regression. A target's property failure prints why and traps
// (`FuzzMain.fail`), so libFuzzer saves the input as a crash artifact.
import FuzzDriver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared entry point and helpers of the case-file and triage targets.
public enum FuzzMain {
    /// Runs libFuzzer (or each file once) with `callback` as the per-input function.
    public static func run(
        name: String, _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        guard FuzzDriverIsLinked() != 0 else {
            let paths = (0..<Int(argc)).dropFirst().map { String(cString: argv![$0]!) }.filter { !$0.hasPrefix("-") }
            if paths.isEmpty {
                writeError("\(name): built without -sanitize=fuzzer; give input files to run them once each\n")
                return 2
            }
            for path in paths {
                guard let bytes = readFile(path) else {
                    writeError("\(name): cannot read \(path)\n")
                    return 2
                }
                writeError("Running: \(path)\n")
                _ = bytes.withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
            }
            writeError("Executed \(paths.count) inputs\n")
            return 0
        }
        var count = argc
        var vector = argv
        return FuzzDriverRun(&count, &vector, callback)
    }

    /// The input's bytes, copied.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Prints `==NAME== property fails` with `details` and traps.
    public static func fail(_ name: String, _ property: String, _ details: String) -> Never {
        writeError("\n==\(name)== \(property) fails\n\(details)\n")
        fatalError("\(name): \(property)")
    }

    /// Writes `text` to standard error, unbuffered (libFuzzer writes there too).
    public static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

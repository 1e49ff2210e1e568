// BuiltProducts: the executables `swift build` put beside the test bundle,
// found from where the tests run (never a hard-coded `.build/debug`).
import Foundation

public enum BuiltProducts {
    /// The executable `name` of this build (`diffcheck`): in the folder of
    /// the test bundle or of a folder above it (Linux: the `.xctest`
    /// executable is the process; macOS: a bundle loaded by `xctest`, whose
    /// `argv[0]` is xctest itself). `DIFFCHECK_EXECUTABLE` overrides it.
    public static func executable(_ name: String) throws -> URL {
        if name == "diffcheck", let path = ProcessInfo.processInfo.environment["DIFFCHECK_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        var starts = [Bundle(for: Marker.self).bundleURL, Bundle.main.bundleURL]
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        if let main = Bundle.main.executableURL { starts.append(main) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]))
        var tried: [String] = []
        for start in starts {
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                tried.append(folder.path)
                folder = folder.deletingLastPathComponent()
            }
        }
        throw BuiltProductError(description: "no executable \(name) in \(Set(tried).sorted().joined(separator: ", ")) "
                                + "(build it first: swift build; or set DIFFCHECK_EXECUTABLE)")
    }

    private final class Marker {}
}

public struct BuiltProductError: Error, CustomStringConvertible {
    public var description: String
}

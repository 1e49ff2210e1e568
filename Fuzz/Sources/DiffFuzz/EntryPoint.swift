// EntryPoint: the fuzz target's `main`, its libFuzzer callback, and its
// settings from the environment.
//
// SwiftPM links an executable target with `main` defined as `DiffFuzz_main`,
// which the compiler only emits for top-level code; under `-parse-as-library`
// (required with `-sanitize=fuzzer`, and passed by OSS-Fuzz) there is none, so
// the target defines `DiffFuzz_main` itself and hands the command line to
// libFuzzer's driver. `LLVMFuzzerTestOneInput` is defined as well, for
// builds that link libFuzzer's own `main` instead.
//
// Environment:
//   DIFFCHECK_ENGINE   the engine under test: core (default), stdlib,
//                      reload-all, simple, or mutant:FLAW
//   DIFFCHECK_PROFILE  the model's profile: strict (default) or uikit
import DiffHarness
import FuzzDriver
import ListModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The target every input is checked against. Set once in `main`, before
/// libFuzzer starts, and only read afterwards.
nonisolated(unsafe) private var target: FuzzTarget?

/// The target the environment asks for, or exits with a message naming the
/// valid choices.
private func targetFromEnvironment() -> FuzzTarget {
    let engineName = environment("DIFFCHECK_ENGINE") ?? "core"
    guard let engine = EngineCatalog.engine(named: engineName) else {
        let names = EngineCatalog.all.map(\.name).joined(separator: ", ")
        fail("DiffFuzz: unknown engine '\(engineName)' in DIFFCHECK_ENGINE; the engines are: \(names)")
    }
    let profileName = environment("DIFFCHECK_PROFILE") ?? Profile.strict.rawValue
    guard let profile = Profile(rawValue: profileName) else {
        let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
        fail("DiffFuzz: unknown profile '\(profileName)' in DIFFCHECK_PROFILE; the profiles are: \(names)")
    }
    return FuzzTarget(engine: engine, profile: profile)
}

/// The input's bytes, in one buffer kept from input to input: when a check
/// ends nothing else holds it, so refilling it allocates nothing.
nonisolated(unsafe) private var input: [UInt8] = []

/// Checks one input. On a failed property, prints the case and traps, so
/// libFuzzer saves the input as a crash artifact. A passing input builds no
/// text and records no choices; a failing one is generated again, with its
/// choices, for the case (the same bytes make the same pair).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if target == nil { target = targetFromEnvironment() }
    guard let target else { return 0 }
    input.removeAll(keepingCapacity: true)
    if let data { input.append(contentsOf: UnsafeBufferPointer(start: data, count: size)) }
    let verdict = target.verdict(input)
    guard let failure = verdict.failures.first else { return 0 }
    let bytes = input
    let pair = target.pair(bytes)
    let text = target.caseText(bytes: bytes, pair: pair, verdict: verdict)
    writeError("\n==DiffFuzz== \(failure.property.rawValue) fails for engine \(target.engine.name)\n\(text)\n")
    fatalError("DiffFuzz: \(failure.property.rawValue): \(failure.message)")
}

@_cdecl("DiffFuzz_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let chosen = targetFromEnvironment()
    target = chosen
    let arguments = (0..<Int(argc)).dropFirst().map { String(cString: argv![$0]!) }
    let paths = arguments.filter { !$0.hasPrefix("-") }
    // Our own modes take `-diffcheck_...` flags, which libFuzzer never sees.
    if let directory = arguments.first(where: { $0.hasPrefix(SeedMaker.flag) }) {
        return SeedMaker.run(directory: String(directory.dropFirst(SeedMaker.flag.count)))
    }
    if arguments.contains(SeedMaker.labelsFlag) { return SeedMaker.printLabels(of: paths) }
    if arguments.contains(Repro.flag) { return Repro.run(paths, target: chosen) }
    guard FuzzDriverIsLinked() != 0 else {
        // Built without `-sanitize=fuzzer`: no fuzzing, but every file
        // named on the command line still runs once, as a regression.
        return runEachFile(paths)
    }
    var count = argc
    var vector = argv
    return FuzzDriverRun(&count, &vector) { data, size in testOneInput(data, size) }
}

/// Runs each file once (what libFuzzer does with file arguments), for a
/// build without libFuzzer.
private func runEachFile(_ paths: [String]) -> CInt {
    if paths.isEmpty {
        writeError("DiffFuzz: built without -sanitize=fuzzer; give input files to run them once each\n")
        return 2
    }
    for path in paths {
        guard let bytes = readFile(path) else { fail("DiffFuzz: cannot read \(path)") }
        writeError("Running: \(path)\n")
        _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
    }
    writeError("Executed \(paths.count) inputs\n")
    return 0
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Writes `text` to standard error, unbuffered (libFuzzer's own output goes there too).
func writeError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    writeError(message + "\n")
    exit(2)
}

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

// CaseFuzz: the case-file parser under libFuzzer. An input is a `.case`
// file's bytes, as `diffcheck repro`, `show` and the corpus gate read one.
//
// Checked for every input:
//   - `CaseParser.parse(bytes:file:)` returns a case or an error, never traps;
//   - a case it returns prints (`CasePrinter.text`) to text that parses back
//     to the same case (`round-trip`);
//   - the model replays the case's stages (its `batch:` lines, else its
//     `recorded:` answer) without trapping, as `show` does;
//   - the core's answer for the case's old and new snapshots is valid and
//     reaches the new snapshot (`core`), unless the core refuses the pair
//     (duplicate identities), as `repro` runs it.
// A failure prints the property and the case, and traps.
import DiffHarness
import FuzzSupport
import ListModel

/// Checks one input (libFuzzer's callback).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzMain.bytes(data, size)
    guard case .success(let parsed) = CaseParser.parse(bytes: bytes, file: "input.case") else { return 0 }
    let text = CasePrinter.text(parsed)
    switch CaseParser.parse(text, file: "printed.case") {
    case .failure(let error):
        FuzzMain.fail("CaseFuzz", "round-trip", "the printed case does not parse: \(error)\n\(text)")
    case .success(let again) where again != parsed:
        FuzzMain.fail("CaseFuzz", "round-trip", "the printed case parses to another case:\n\(text)\n\(CasePrinter.text(again))")
    case .success:
        break
    }
    let profile = parsed.profile ?? .strict
    let stages = parsed.stages.isEmpty ? parsed.recorded : parsed.stages
    _ = checkStages(stages, old: parsed.old, new: parsed.new, profile: profile, properties: [.valid, .reachesTarget, .fresh])
    if case .stages(let answer) = CoreEngine().diff(old: parsed.old, new: parsed.new) {
        let checked = checkStages(answer, old: parsed.old, new: parsed.new, profile: .strict, properties: [.valid, .reachesTarget])
        if let failure = checked.failures.first {
            FuzzMain.fail("CaseFuzz", "core", "\(failure.property.rawValue): \(failure.message)\n\(text)")
        }
    }
    return 0
}

@_cdecl("CaseFuzz_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzMain.run(name: "CaseFuzz", argc, argv) { data, size in testOneInput(data, size) }
}

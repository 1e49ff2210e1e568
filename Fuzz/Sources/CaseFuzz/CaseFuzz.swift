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
//     (duplicate identities), as `repro` runs it;
//   - the input, decoded as UTF-8, as an engine-supplied text (an error, a
//     name, a command) in every text field of a case: the case prints to
//     the lines of a case holding a plain word, and parses back to itself
//     (`engine-text`).
// A failure prints the property and the case, and traps.
import DiffHarness
import FuzzSupport
import ListModel

/// Checks one input (libFuzzer's callback).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzMain.bytes(data, size)
    checkEngineSuppliedText(String(decoding: bytes, as: UTF8.self))
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

/// A case with `text` in every field a text can be in.
private func caseHolding(_ text: String) -> Case {
    Case(comments: [text], old: .flat([Item(id: "a")]), new: .flat([]), expectation: .error(text),
         engine: text.isEmpty ? "e" : text, engineCommand: text.isEmpty ? "e" : text,
         finding: FindingFacts(property: "no-crash", message: text))
}

/// Saving then parsing a case holding the engine-supplied `text` gives the
/// same case, in as many lines, with the same directives, as a plain word.
private func checkEngineSuppliedText(_ text: String) {
    let holding = caseHolding(text)
    let printed = CasePrinter.text(holding)
    func directives(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("#") ? "#" : $0.prefix { $0 != ":" } }
    }
    if directives(printed) != directives(CasePrinter.text(caseHolding("x"))) {
        FuzzMain.fail("CaseFuzz", "engine-text", "the text \(text.debugDescription) adds or changes a line:\n\(printed)")
    }
    if (try? CaseParser.parse(bytes: Array(printed.utf8), file: "supplied.case").get()) != holding {
        FuzzMain.fail("CaseFuzz", "engine-text", "the text \(text.debugDescription) does not read back:\n\(printed)")
    }
}

@_cdecl("CaseFuzz_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzMain.run(name: "CaseFuzz", argc, argv) { data, size in testOneInput(data, size) }
}

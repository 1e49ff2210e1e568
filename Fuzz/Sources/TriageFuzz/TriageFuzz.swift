// TriageFuzz: the triage reader under libFuzzer. An input is a crash log's
// bytes, as `diffcheck triage` reads one (decoded as UTF-8, invalid bytes
// replaced).
//
// Checked for every input:
//   - `Triage.triage` returns a report or a `TriageInputError`, never traps,
//     and builds no case over `TriageCase.sizeBound`;
//   - a report's case text parses (`CaseParser`) back to the report's case
//     (`case-text`): what `diffcheck triage` prints, `repro` reads.
// A failure prints the property and the log, and traps.
import DiffTriage
import FuzzSupport
import ListModel

/// Checks one input (libFuzzer's callback).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzMain.bytes(data, size), as: UTF8.self)
    guard let report = try? Triage.triage(text) else { return 0 }
    let c = report.reproducingCase
    let held = c.old.itemCount + c.new.itemCount + c.old.sections.count + c.new.sections.count
        + c.stages.reduce(0) { $0 + $1.batch.operations.count }
    if held > TriageCase.sizeBound {
        FuzzMain.fail("TriageFuzz", "size-bound", "the case holds \(held) items, sections and operations\n\(text)")
    }
    switch CaseParser.parse(report.caseText, file: "triaged.case") {
    case .failure(let error):
        FuzzMain.fail("TriageFuzz", "case-text", "the case text does not parse: \(error)\n\(report.caseText)")
    case .success(let parsed) where parsed != c:
        FuzzMain.fail("TriageFuzz", "case-text", "the case text parses to another case:\n\(report.caseText)")
    case .success:
        return 0
    }
}

@_cdecl("TriageFuzz_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzMain.run(name: "TriageFuzz", argc, argv) { data, size in testOneInput(data, size) }
}

// `diffcheck case`: case N of a seed's campaign, as a case file or as the
// engine protocol's request line, is what the campaign generates and sends.
import Foundation
import Testing

@Test func theCaseCommandWritesTheRequestTheCampaignSends() throws {
    let directory = try temporaryDirectory()
    // The core served as an --engine-cmd engine, behind a tee of every request it is sent.
    func served(_ log: String) -> String { "tee -a \(log) | \(shellWord(executable.path)) worker --serve" }
    let options = ["--seed", "1", "--flat", "--no-duplicates"]
    let campaign = try diffcheck(["fuzz", "--engine-cmd", served("campaign.txt"), "--cases", "51", "--jobs", "1",
                                  "--findings", "findings"] + options, in: directory)
    #expect(campaign.status == 0, "\(campaign.output)\(campaign.errors)")
    let sent = try lines(of: directory.appendingPathComponent("campaign.txt"))

    let written = try diffcheck(["case", "--case", "50", "--request"] + options, in: directory)
    #expect(written.status == 0, "\(written.errors)")
    let request = written.output.trimmingCharacters(in: .newlines)
    #expect(written.output == request + "\n" && request.hasPrefix(#"{"old": "#))
    #expect(sent.contains(request), "the campaign sent no request equal to case 50's: \(request.prefix(200))…")
    // Case 50 is not another case, nor the same case of another campaign's options.
    for other in [["case", "--case", "49", "--request"] + options, ["case", "--case", "50", "--request", "--seed", "1"]] {
        #expect(try diffcheck(other, in: directory).output != written.output, "\(other)")
    }

    // As a case file: `expect: pass`; repro sends the same request.
    let file = try diffcheck(["case", "--case", "50", "--output", "case-50.case"] + options, in: directory)
    #expect(file.status == 0 && file.output.isEmpty, "\(file.output)\(file.errors)")
    let text = try String(contentsOf: directory.appendingPathComponent("case-50.case"), encoding: .utf8)
    #expect(text.hasPrefix("# case 50 of seed 1, as a campaign generates it: diffcheck case --case 50 --seed 1 --flat --no-duplicates\nold: "))
    #expect(text.hasSuffix("\nexpect: pass\n"), "\(text.suffix(200))")
    let repro = try diffcheck(["repro", "case-50.case", "--engine-cmd", served("repro.txt")], in: directory)
    #expect(repro.status == 0, "\(repro.output.suffix(500))\(repro.errors)")
    #expect(try lines(of: directory.appendingPathComponent("repro.txt")).contains(request), "repro sent another request")
}

@Test func theCaseCommandSaysWhatItNeeds() throws {
    let missing = try diffcheck(["case", "--seed", "3"])
    #expect(missing.status == 2 && missing.errors.hasPrefix("diffcheck case: give the case's number, --case N"), "\(missing.errors)")
    let bad = try diffcheck(["case", "--case", "-1"])
    #expect(bad.status == 2 && bad.errors.hasPrefix("diffcheck case: --case takes a whole number, not '-1'"), "\(bad.errors)")
    let engine = try diffcheck(["case", "--case", "1", "--engine", "no-such-engine"])
    #expect(engine.status == 2 && engine.errors.contains("unknown engine 'no-such-engine'"), "\(engine.errors)")
    let directory = try temporaryDirectory()
    try "".write(to: directory.appendingPathComponent("a-file"), atomically: true, encoding: .utf8)
    let unwritable = try diffcheck(["case", "--case", "1", "--output", "a-file/x.case"], in: directory)
    #expect(unwritable.status == 2 && unwritable.errors.hasPrefix("a-file/x.case: error: cannot write the file: "), "\(unwritable.errors)")
    // A flat-only built-in engine's campaign is flat: so is its case, which names the engine.
    let named = try diffcheck(["case", "--case", "2", "--engine", "stdlib"])
    #expect(named.status == 0 && named.output.hasSuffix("\nexpect: pass\nengine: stdlib\n"), "\(named.output)")
    #expect(!named.output.replacingOccurrences(of: "[_:]", with: "").contains("["), "\(named.output)")
}

/// The lines of the file at `url`.
private func lines(of url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
}

/// `word` quoted for sh when it needs it.
private func shellWord(_ word: String) -> String {
    word.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

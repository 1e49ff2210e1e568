// FuzzTarget: one fuzz input, checked. Bytes become choices (`ByteSource`),
// choices become an old/new pair (`PairGenerator`), the engine under test
// diffs the pair, and `Checker` judges every property it claims.
import DiffHarness
import ListModel

/// The engine under test, the generator that feeds it and the checker that
/// judges it, fixed for a whole fuzzing run. A class: every input reads the
/// one target with a retain, not a copy of its engine, generator and checker.
final class FuzzTarget: Sendable {
    let engine: any DiffEngine
    let profile: Profile
    let generator: PairGenerator
    let checker: Checker

    /// A target for `engine`. A flat-only engine (`stdlib`) gets flat pairs
    /// only, so no input is wasted on a case it would skip.
    init(engine: any DiffEngine, profile: Profile = .strict) {
        self.engine = engine
        self.profile = profile
        generator = PairGenerator(options: GeneratorOptions(isFlatOnly: engine.isFlatOnly))
        checker = Checker(engine: engine, profile: profile)
    }

    /// The pair `bytes` decode to, and the verdict on it.
    func check(_ bytes: [UInt8]) -> (pair: GeneratedPair, verdict: Verdict) {
        let pair = self.pair(bytes)
        return (pair, checker.check(old: pair.old, new: pair.new))
    }

    /// The verdict on the pair `bytes` decode to, the pair made without
    /// recording its choices (what every input costs; `pair(_:)` makes the
    /// same pair again, with them, for a failure's case text).
    func verdict(_ bytes: [UInt8]) -> Verdict {
        let (old, new) = generator.snapshots(from: ByteSource(bytes))
        return checker.check(old: old, new: new)
    }

    /// The pair `bytes` decode to, with the choices it was made from.
    func pair(_ bytes: [UInt8]) -> GeneratedPair {
        generator.generate(from: ByteSource(bytes))
    }

    /// A failing case in the case format: the failed properties with the
    /// model's messages, the input and the engine's stages (comments), then
    /// `choices:`, `old:`, `new:`, `expect: fail PROPERTY` and `engine:`, so that
    /// `diffcheck check` reads it back as a regression. The expectation is
    /// `expected`, or else the first failed property.
    func caseText(
        bytes: [UInt8], pair: GeneratedPair, verdict: Verdict, expected: PropertyName? = nil
    ) -> String {
        var comments = verdict.failures.map { "\($0.property.rawValue): \(oneLine($0.message))" }
        comments.append("found by DiffFuzz with engine \(engine.name), profile \(profile.rawValue)")
        comments.append("input (\(bytes.count) bytes): " + bytes.map(hex).joined(separator: " "))
        if !verdict.stages.isEmpty {
            comments.append("the engine answered:")
            let isFlat = pair.old.isFlat && pair.new.isFlat
            comments += CasePrinter.stageLines(verdict.stages, isFlat: isFlat).map { "  " + $0 }
        }
        let expectation = (expected ?? verdict.failures.first?.property).map { Expectation.fail($0.rawValue) } ?? .pass
        let c = Case(comments: comments, old: pair.old, new: pair.new, expectation: expectation,
                     profile: profile == .strict ? nil : profile, engine: engine.name, choices: pair.choices)
        return CasePrinter.text(c)
    }
}

/// A message on one line, as a case-format comment needs it.
private func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

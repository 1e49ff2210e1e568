// Repro: a crash artifact, read back as a case and shrunk.
//
// `DiffFuzz -diffcheck_repro=1 FILE...` decodes each input as the fuzz
// target does, prints the case (and which properties fail), then shrinks it
// with the harness's shrinker and prints the shrunk case, ready for
// `Corpus/regressions/`, with the shrunk input's bytes. This is what
// `diffcheck repro` does for an artifact; it lives here too so the fuzz
// binary needs nothing else to explain its own findings.
import DiffHarness
import ListModel

enum Repro {
    static let flag = "-diffcheck_repro=1"

    /// Prints each input's case and shrunk case. Returns 1 if any input
    /// fails a property, 0 if every one passes.
    static func run(_ paths: [String], target: FuzzTarget) -> CInt {
        var hasFailure = false
        for path in paths {
            guard let bytes = readFile(path) else { fail("DiffFuzz: cannot read \(path)") }
            let (pair, verdict) = target.check(bytes)
            print("== \(path) (\(bytes.count) bytes), engine \(target.engine.name)")
            print(target.caseText(bytes: bytes, pair: pair, verdict: verdict))
            guard let failure = verdict.failures.first else {
                print(verdict.isSkipped ? "skipped: the engine does not apply to this case" : "every property holds")
                continue
            }
            hasFailure = true
            let shrunk = shrink(pair, failing: failure.property, checker: target.checker, generator: target.generator)
            let input = ByteSource.encode(shrunk.pair.choices, bounds: shrunk.pair.bounds)
            let before = totalItems(pair.old, pair.new), after = totalItems(shrunk.pair.old, shrunk.pair.new)
            print("shrunk (\(before) -> \(after) items, \(shrunk.result.calls) calls):")
            print(target.caseText(bytes: input, pair: shrunk.pair, verdict: shrunk.verdict, expected: failure.property))
            print()
        }
        return hasFailure ? 1 : 0
    }
}

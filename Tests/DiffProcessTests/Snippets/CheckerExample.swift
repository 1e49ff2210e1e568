// DiffHarness's article "Engines and properties": an engine checked with a
// Checker, compiled (and run, in CheckerSnippetTests).
// snippet: checker
import DiffHarness
import ListModel

struct MyEngine: DiffEngine {
    let name = "mine"
    let isFlatOnly = false
    let claims: Set<PropertyName> = [.valid, .reachesTarget, .fresh]
    func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
        .stages([Stage(batch: Batch([.deleteSection(0), .insertSection(0)]))])
    }
}
func checkerExample(print: (Any) -> Void) { // snippet: hide
let checker = Checker(engine: MyEngine())
let pair = PairGenerator().campaignCase(seed: 1, n: 0)
print(checker.check(old: pair.old, new: pair.new).failures)
} // snippet: hide
// end snippet

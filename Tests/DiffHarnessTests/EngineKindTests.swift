// EngineKind: the case format's word for a served engine reads as the
// external kind, every other name as itself, and a run's options name the
// external kind exactly when they carry a command.
import Testing
@testable import DiffHarness
import ListModel

@Test func anEngineNameReadsAsItsKindAndBack() {
    #expect(EngineKind(name: CaseParser.externalEngine) == .external)
    #expect(EngineKind(name: "core") == .named("core"))
    #expect(EngineKind(name: "mutant:drop-insert") == .named("mutant:drop-insert"))
    for name in [CaseParser.externalEngine, "core", "reload-all", "my-engine"] {
        #expect(EngineKind(name: name).name == name)
    }
    #expect(EngineKind(name: "core", command: "python3 e.py") == .external)
    #expect(EngineKind(name: "core", command: nil) == .named("core"))
    #expect(EngineKind.external.shown(command: "python3 my engine.py") == "external (--engine-cmd 'python3 my engine.py')")
    #expect(EngineKind.named("core").shown(command: "ignored") == "core")
    // A case's engine named like the word, but spelled otherwise, is a name.
    #expect(!EngineKind(name: "External").isExternal)
}

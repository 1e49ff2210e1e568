// EngineKind: what an engine's name in a case, a finding or a report stands
// for: the engine a command serves (`--engine-cmd`, named `external` in the
// case format) or one built into diffcheck. Code asks the kind, never
// compares a name with the case format's word.
import ListModel

/// The kind of engine a name stands for.
package enum EngineKind: Equatable, Sendable {
    /// An engine a command serves (`--engine-cmd`): `external` in a case file.
    case external
    /// An engine by the name diffcheck knows it by (built in, or a name a
    /// case gives that is not built in).
    case named(String)

    /// The kind `name` stands for.
    package init(name: String) {
        self = name == CaseParser.externalEngine ? .external : .named(name)
    }

    /// The kind of the engine a run's options name: external when there
    /// is a command, else the engine by its name.
    package init(name: String, command: String?) {
        self = command == nil ? EngineKind(name: name) : .external
    }

    /// The name, as a case file writes it.
    package var name: String {
        switch self {
        case .external: CaseParser.externalEngine
        case .named(let name): name
        }
    }

    /// Whether it is an engine a command serves.
    package var isExternal: Bool { self == .external }

    /// How a report names it: `external (--engine-cmd 'python3 e.py')`, or the name.
    package func shown(command: String?) -> String {
        isExternal ? "external (--engine-cmd \(shellQuoted(command ?? "")))" : name
    }
}

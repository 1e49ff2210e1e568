// EngineEvent: what an external engine did that its caller may want to
// tell the user, reported to the caller (`ExternalEngine.onEvent`) rather
// than printed by the library.

/// Something an external engine did that is worth a line to the user, once.
package enum EngineEvent: Sendable, Hashable {
    /// The engine printed a line on stdout that is not an answer (skipped).
    case strayLine(String)
    /// A request used more CPU than the timeout allows and was answered
    /// within its limit: a slow case, not a failure.
    case slowAnswer(String)

    /// The event in words, as diffcheck prints it after `diffcheck: `.
    package var message: String {
        switch self {
        case .strayLine(let text), .slowAnswer(let text): return text
        }
    }
}

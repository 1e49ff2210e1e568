// Profile: how the model reads the rules marked [open] in the rule book (RULES.md).

/// Which reading of the **[open]** rules the model applies.
///
/// `strict` (the default) rejects every known-unsafe combination; `uikit`
/// applies only the documented rules and the lenient reading of each open one.
public enum Profile: String, CaseIterable, Sendable {
    case strict
    case uikit
}

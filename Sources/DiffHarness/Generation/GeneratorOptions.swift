// GeneratorOptions: what the snapshot-pair generator may produce.

/// Limits and switches of the snapshot-pair generator.
public struct GeneratorOptions: Hashable, Sendable {
    /// Only one-section snapshots (for flat-only engines, `--flat`).
    public var isFlatOnly: Bool
    /// Whether identities may repeat (`--no-duplicates` turns this off).
    public var allowsDuplicates: Bool
    /// The most items a snapshot may hold (`--max-size`).
    public var maxSize: Int

    public init(isFlatOnly: Bool = false, allowsDuplicates: Bool = true, maxSize: Int = 200) {
        self.isFlatOnly = isFlatOnly
        self.allowsDuplicates = allowsDuplicates
        self.maxSize = max(maxSize, 0)
    }
}

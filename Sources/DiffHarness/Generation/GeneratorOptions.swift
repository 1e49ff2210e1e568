// GeneratorOptions: what the snapshot-pair generator may produce.

/// Limits and switches of the snapshot-pair generator.
public struct GeneratorOptions: Hashable, Sendable {
    /// Only one-section snapshots (for flat-only engines, `--flat`).
    public var isFlatOnly: Bool
    /// Whether identities may repeat (`--no-duplicates` turns this off).
    public var allowsDuplicates: Bool
    /// The most items a snapshot may hold (`--max-size`).
    public var maxSize: Int
    /// Which pairs the generator makes (`--shapes`): any update, or the
    /// results a fetched-results controller reports (RULES.md §5).
    public var shapes: GeneratorShapes

    public init(isFlatOnly: Bool = false, allowsDuplicates: Bool = true, maxSize: Int = 200,
                shapes: GeneratorShapes = .general) {
        self.isFlatOnly = isFlatOnly
        self.allowsDuplicates = allowsDuplicates
        self.maxSize = max(maxSize, 0)
        self.shapes = shapes
    }

    /// The labels a campaign with these options can produce: its shapes'
    /// (`GeneratorShapes.possibleLabels`), without those the user turned
    /// off — no sectioned label when flat-only (`--flat`), no duplicate when
    /// identities may not repeat (`--no-duplicates`). A label outside them
    /// is no coverage gap.
    public var possibleLabels: [Label] {
        let sectioned: Set<Label> = [.emptySnapshot, .sectioned, .crossSectionMove, .sectionInsert, .sectionDelete, .sectionMove,
                                     .sectionUpdate, .changeInMovedSection, .duplicateSections, .frcKeyPathSections,
                                     .frcMergedEntities]
        return shapes.possibleLabels.filter { label in
            !(isFlatOnly && sectioned.contains(label)) && !(!allowsDuplicates && (label == .duplicateItems || label == .duplicateSections))
        }
    }
}

/// The families of pairs the generator makes.
public enum GeneratorShapes: String, CaseIterable, Hashable, Sendable {
    /// Old snapshots and edit scripts over them, unrelated pairs, small
    /// pairs drawn directly: any update (the default).
    case general
    /// Fetched results (`FetchedResultsShapes`): one sorted section, sections
    /// from a key path, several entities merged into one snapshot; an object
    /// moves only when its sort key changed, so a moved object has changed.
    /// The small pairs drawn directly stay (one case in sixteen), so that
    /// shrinking still reaches the smallest failing pair.
    case fetchedResults = "fetched-results"

    /// The labels these shapes can produce: a label outside them is no
    /// coverage gap (the general shapes never merge fetched entities).
    public var possibleLabels: [Label] {
        self == .general ? Label.allCases.filter { $0 != .frcMergedEntities } : Label.allCases
    }

    /// The shapes the fetched-results and diffable subjects (`frc:…`,
    /// `diffable:…`) are checked on when `--shapes` is not given.
    public static func defaultShapes(forEngine name: String) -> GeneratorShapes {
        name.hasPrefix("frc:") || name.hasPrefix("diffable:") ? .fetchedResults : .general
    }
}

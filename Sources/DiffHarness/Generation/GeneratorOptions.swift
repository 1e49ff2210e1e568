// GeneratorOptions: what the snapshot-pair generator may produce.

/// Limits and switches of the snapshot-pair generator.
public struct GeneratorOptions: Hashable, Sendable {
    /// Only one-section snapshots (for flat-only engines, `--flat`).
    public var isFlatOnly: Bool
    /// Whether identities may repeat (`--no-duplicates` turns this off).
    public var allowsDuplicates: Bool
    /// The most items a snapshot may hold (`--max-size`): it caps every
    /// size class (`SizeClass`), the long ones included.
    public var maxSize: Int
    /// Which pairs the generator makes (`--shapes`): any update, or the
    /// results a fetched-results controller reports (RULES.md §5).
    public var shapes: GeneratorShapes
    /// The size class of every campaign case (`--size`); nil: the size
    /// schedule's (`SizeSchedule`).
    public var everyCaseSize: SizeClass?

    /// Options with these limits; the defaults are a campaign's (any shape and size, repeats allowed).
    public init(isFlatOnly: Bool = false, allowsDuplicates: Bool = true, maxSize: Int = GeneratorOptions.defaultMaxSize,
                shapes: GeneratorShapes = .general, everyCaseSize: SizeClass? = nil) {
        self.isFlatOnly = isFlatOnly
        self.allowsDuplicates = allowsDuplicates
        self.maxSize = max(maxSize, 0)
        self.shapes = shapes
        self.everyCaseSize = everyCaseSize
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

    /// The default `maxSize`: the largest long case (`SizeClass.hundredsOfThousands`).
    public static let defaultMaxSize = SizeClass.hundredsOfThousands.itemRange.upperBound

    /// The most items a snapshot of the `large` class (and every
    /// fetched-results snapshot) holds.
    public var largeCap: Int { min(maxSize, SizeClass.largeCap) }
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
        // The long size classes are the general shapes' only.
        self == .general ? Label.allCases.filter { $0 != .frcMergedEntities && $0 != .hundredsOfThousands }
            : Label.allCases.filter { ![.thousands, .tensOfThousands, .hundredsOfThousands].contains($0) }
    }

    /// The shapes the fetched-results and diffable subjects (`frc:…`,
    /// `diffable:…`) are checked on when `--shapes` is not given.
    public static func defaultShapes(forEngine name: String) -> GeneratorShapes {
        name.hasPrefix("frc:") || name.hasPrefix("diffable:") ? .fetchedResults : .general
    }
}

import CatalogCore

/// `snapshots:` in catalog.yaml: what `catalog-build snapshot` draws and where the approved
/// images are kept.
public struct SnapshotSettings: Sendable, Hashable {
    /// The folder of approved images, relative to the catalog folder.
    public var folder = "snapshots"
    public var widths: [Int] = [390, 1280]
    public var schemes: [String] = ["light", "dark"]
    /// nil: every token mode (`all`); otherwise the listed contexts (`theme=dark`, or `dark`).
    public var modes: [String]? = nil
    /// Where each listed mode is written.
    public var modeLocations: [SourceLocation] = []
    /// The colour distance (0–1) past which a pixel counts as changed.
    public var threshold = 0.1
    /// Where `snapshots:` is written (diagnostics about the set point here).
    public var location: SourceLocation?

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.folder == rhs.folder && lhs.widths == rhs.widths && lhs.schemes == rhs.schemes && lhs.modes == rhs.modes && lhs.threshold == rhs.threshold
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(folder)
        hasher.combine(widths)
        hasher.combine(schemes)
        hasher.combine(modes)
        hasher.combine(threshold)
    }
}

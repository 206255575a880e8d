import CatalogCore

/// What one read of a catalog touched on disk, beyond the catalog folder's own files: the folders
/// it read whole (the catalog, each theme folder of the chain, each code folder) and the places it
/// looked at and found nothing (a theme name in an earlier search folder, a code folder not made
/// yet). `serve` watches exactly this, so whatever a later read would read differently is seen,
/// whether it was there when the server started or not.
public struct SourceReads: Sendable, Hashable {
    /// Absolute folders read with everything below them.
    public var folders: [String] = []
    /// Absolute paths looked at that held nothing: their creation changes what a read gives.
    public var absent: [String] = []

    public init() {}

    mutating func read(_ folder: String) {
        if !folders.contains(folder) { folders.append(folder) }
    }

    mutating func lookedFor(_ path: String) {
        if !absent.contains(path) { absent.append(path) }
    }
}

/// The theme a catalog names (`theme:` in catalog.yaml, `default` without it), as read from the
/// theme search path: its files merged along its `extends:` chain, or why it could not be read.
public struct ThemeRead: Sendable, Hashable {
    public var source: ThemeSource?
    public var problems: [Diagnostic]

    public init(source: ThemeSource?, problems: [Diagnostic]) {
        self.source = source
        self.problems = problems
    }
}

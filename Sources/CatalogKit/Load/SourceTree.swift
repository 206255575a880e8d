/// The catalog's files as bytes, keyed by their path inside the catalog folder: the input of
/// `CatalogLoader`. Reading the disk happens once, at the edge (`CatalogReader`), so loading,
/// checking and rendering are pure functions that tests can feed from memory.
public struct SourceTree: Sendable {
    /// How the catalog folder is shown in diagnostics (as the user gave it, e.g. `content`).
    public var displayRoot: String
    /// Catalog-relative path (`components/switch/component.yaml`) → contents.
    public var files: [String: [UInt8]]
    /// Problems met while reading (unreadable files, links out of the catalog).
    public var problems: [Diagnostic]

    public init(displayRoot: String, files: [String: [UInt8]], problems: [Diagnostic] = []) {
        self.displayRoot = displayRoot
        self.files = files
        self.problems = problems
    }

    /// Builds a tree from text files, for tests and scaffolds.
    public init(displayRoot: String, texts: [String: String]) {
        self.init(displayRoot: displayRoot, files: texts.mapValues { Array($0.utf8) })
    }

    /// The path of a catalog file as diagnostics show it.
    public func displayPath(_ relative: String) -> String {
        if displayRoot.isEmpty || displayRoot == "." { return relative }
        return displayRoot.hasSuffix("/") ? displayRoot + relative : displayRoot + "/" + relative
    }

    public func location(_ relative: String, line: Int = 1, column: Int = 1) -> SourceLocation {
        SourceLocation(file: displayPath(relative), line: line, column: column)
    }
}

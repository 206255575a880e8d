/// The catalog's files as bytes, keyed by their path inside the catalog folder: the input of
/// `CatalogLoader`. Reading the disk happens once, at the edge (`CatalogReader`), so loading,
/// checking and rendering are pure functions that tests can feed from memory. Each file's
/// content hash is kept beside it, so a rebuild can tell what changed without rereading.
public struct SourceTree: Sendable {
    /// How the catalog folder is shown in diagnostics (as the user gave it, e.g. `content`).
    public var displayRoot: String
    /// Catalog-relative path (`components/switch/component.yaml`) → contents.
    public private(set) var files: [String: [UInt8]]
    /// Catalog-relative path → content hash of `files[path]`.
    public private(set) var hashes: [String: UInt64]
    /// Problems met while reading (unreadable files, links out of the catalog).
    public var problems: [Diagnostic]

    public init(displayRoot: String, files: [String: [UInt8]], problems: [Diagnostic] = []) {
        self.displayRoot = displayRoot
        self.files = files
        self.hashes = files.mapValues { StableHash.value($0) }
        self.problems = problems
    }

    /// Builds a tree from text files, for tests and scaffolds.
    public init(displayRoot: String, texts: [String: String]) {
        self.init(displayRoot: displayRoot, files: texts.mapValues { Array($0.utf8) })
    }

    public subscript(path: String) -> [UInt8]? { files[path] }

    /// Adds or replaces a file (nil removes it).
    public mutating func set(_ path: String, _ bytes: [UInt8]?) {
        set(path, bytes, hash: bytes.map { StableHash.value($0) })
    }

    /// Sets a file whose content hash (`StableHash.value`) is already known.
    mutating func set(_ path: String, _ bytes: [UInt8]?, hash: UInt64?) {
        files[path] = bytes
        hashes[path] = hash
    }

    /// One hash for a set of files: their paths and contents, in path order.
    public func hash(of paths: some Sequence<String>) -> UInt64 {
        var combined = StableHash.Combiner()
        for path in paths.sorted() {
            combined.add(path)
            combined.add(hashes[path] ?? 0)
        }
        return combined.value
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CatalogCore
import CatalogModel

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
    /// Catalog-relative path → what the file looked like on disk when it was read (only for a
    /// tree read from disk): a later read of the same folder reuses the bytes of every file whose
    /// stamp is unchanged instead of reading it again.
    package var stamps: [String: FileStamp] = [:]
    /// Whether the walk that made the tree met a symbolic link in the catalog: a file read through
    /// one changes on disk under its target's name, so a read of the changed files alone
    /// (`CatalogReader.read(_:changed:elsewhere:previous:)`) would miss it under the link's.
    package var metLinks = false
    /// The source files catalog.yaml's `code:` names, read beside the catalog (empty without it).
    public var code = CodeFiles()
    /// The team's web files catalog.yaml's `web:` names, read beside the catalog.
    public var web = WebFiles()
    /// The platform screenshots catalog.yaml's `screenshots:` names.
    public var screenshots = ScreenshotFiles()
    /// What catalog.yaml's `figma:` names: the saved Figma files, variables and renders.
    public var figma = FigmaFiles()
    /// The results file `conformance.evidence` names (empty without `conformance:`).
    public var audit = AuditFile()
    /// The theme catalog.yaml names, read from the theme search path.
    public var theme = ThemeRead(source: nil, problems: [])
    /// What the read touched on disk besides the catalog's own files (for `serve`'s watcher).
    public var reads = SourceReads()
    /// The part of `reads` that reading what catalog.yaml names touched (`readNamed`): while
    /// catalog.yaml and everything in it are unchanged, that reading gives what it gave.
    package var namedReads = SourceReads()

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

    /// Whether every file has its content hash and its stamp: a tree a walk of the disk made,
    /// whose tables a later walk may start from (`carryFiles(of:)`).
    package var isStamped: Bool { stamps.count == files.count && hashes.count == files.count }

    /// Takes `other`'s files, hashes and stamps as they are (the tables are shared, not copied,
    /// until one changes).
    package mutating func carryFiles(of other: SourceTree) {
        files = other.files
        hashes = other.hashes
        stamps = other.stamps
    }

    /// Sets a file whose content hash (`StableHash.value`) is already known.
    package mutating func set(_ path: String, _ bytes: [UInt8]?, hash: UInt64?, stamp: FileStamp? = nil) {
        files[path] = bytes
        hashes[path] = hash
        stamps[path] = stamp
    }

    /// The files at `paths` alone (those it has), under the same root: the input of a step
    /// that reads only them.
    package func subtree(_ paths: some Sequence<String>) -> SourceTree {
        var tree = SourceTree(displayRoot: displayRoot, files: [:])
        for path in paths {
            guard let bytes = files[path] else { continue }
            tree.files[path] = bytes
            tree.hashes[path] = hashes[path]
        }
        return tree
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

    /// Reads the theme catalog.yaml names (its `theme:`, `default` without one) from `searchPath`,
    /// for a tree made in memory; `CatalogReader` reads it with the rest.
    public mutating func readTheme(searchPath: [String]) {
        readTheme(searchPath: searchPath, store: DiskStore(boundary: "/"))
    }

    /// The same, reading theme folders inside `store`'s boundary through it (a release's own theme).
    package mutating func readTheme(searchPath: [String], store: some FileStore) {
        readTheme(CatalogInputs(settings: files["catalog.yaml"], file: displayPath("catalog.yaml")).themeFolder, searchPath: searchPath, store: store)
    }

    /// Reads the theme `name` (nil: none, catalog.yaml's `theme:` is not a folder name, which the
    /// loader reports).
    package mutating func readTheme(_ name: Located<String>?, searchPath: [String], store: some FileStore) {
        guard let name else {
            theme = ThemeRead(source: nil, problems: [])
            return
        }
        let (source, problems) = ThemeReader.read(name: name.value, searchPath: searchPath, location: name.location, store: store, reads: &reads)
        theme = ThemeRead(source: source, problems: problems)
    }

    /// Reads what catalog.yaml names beside the catalog — the `code:`, `web:` and `screenshots:`
    /// files and the theme — through `store`, the same store the catalog was read from (the
    /// working tree, or the revision of a release or a diff).
    package mutating func readNamed(catalogDirectory: String, store: some FileStore, themeSearchPath: [String]) {
        // What this touches is kept apart too (`namedReads`), then added to the rest.
        let before = reads
        reads = SourceReads()
        defer {
            namedReads = reads
            reads = before
            reads.add(namedReads)
        }
        let inputs = CatalogInputs(settings: files["catalog.yaml"], file: displayPath("catalog.yaml"))
        let codeFolders = inputs.code.map { code in
            CodeSources.roles.flatMap { role in code.folders(role).map { (role: role, written: $0.value) } }
        } ?? []
        code = CodeFiles.read(named: codeFolders, catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads)
        web = WebFiles.read(styles: inputs.web?.styles.map(\.value) ?? [], scripts: inputs.web?.scripts.map(\.value) ?? [],
                            assets: inputs.web?.assets?.value, catalogDirectory: catalogDirectory,
                            displayRoot: displayRoot, store: store, reads: &reads)
        screenshots = ScreenshotFiles.read(named: inputs.screenshots?.folders.map { ($0.platform, $0.folder.value) } ?? [],
                                           catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads)
        figma = FigmaFiles.read(named: inputs.figma.map { settings in
            FigmaFiles.Role.allCases.compactMap { role in settings.folder(role).map { (role, $0.value) } }
        } ?? [], catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads)
        audit = inputs.conformance.map { AuditFile.read(folder: $0.evidence.value, catalogDirectory: catalogDirectory, displayRoot: displayRoot, store: store, reads: &reads) } ?? AuditFile()
        readTheme(inputs.themeFolder, searchPath: themeSearchPath, store: store)
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

/// Two trees are equal when they show the same root and hold the same files with the same
/// contents (compared by content hash), the same code and the same theme: a step that reads a
/// tree, or part of one, is the same work for equal trees. What reading met (problems, stamps,
/// the folders it touched) is not compared.
extension SourceTree: Hashable {
    public static func == (left: SourceTree, right: SourceTree) -> Bool {
        left.displayRoot == right.displayRoot && left.hashes == right.hashes && left.code.contentKey == right.code.contentKey
            && left.web.contentKey == right.web.contentKey && left.screenshots.contentKey == right.screenshots.contentKey
            && left.figma == right.figma && left.audit == right.audit && left.theme == right.theme
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayRoot)
        hasher.combine(hashes)
    }
}

/// What `stat` says of a file: equal stamps mean the bytes read last time are still the file's.
/// The change time moves on every write, rename and permission change, so a file made unreadable
/// and readable again is read again too.
public struct FileStamp: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var modifiedNanoseconds: Int64
    package var changed: Int64
    package var changedNanoseconds: Int64
    package var mode: UInt32

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        changed = Int64(info.st_ctimespec.tv_sec)
        changedNanoseconds = Int64(info.st_ctimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec)
        changedNanoseconds = Int64(info.st_ctim.tv_nsec)
        #endif
        mode = UInt32(info.st_mode)
    }
}

import Foundation
import CatalogCore
import CatalogModel

/// What one read of a catalog touched on disk, beyond the catalog folder's own files: each
/// folder a reader walked with the depth it went to (the catalog, each theme folder of the chain,
/// each `web:`, `screenshots:` and `code:` folder), each single file read on its own (a
/// stylesheet, a script, a module it imports), and the places looked at that held nothing (a
/// theme name in an earlier search folder, a code folder not made yet). `serve` watches exactly
/// this, so whatever a later read would read differently is seen, whether it was there when the
/// server started or not. A read of a git revision records nothing: a revision does not change.
public struct SourceReads: Sendable, Hashable {
    /// A folder read with what is below it, `depth` folders down (`ReadLimit.depth`).
    public struct Folder: Sendable, Hashable {
        public var path: String
        public var depth: Int

        public init(path: String, depth: Int) {
            self.path = path
            self.depth = depth
        }
    }

    /// Absolute folders read, each with the depth its reader went.
    public private(set) var folders: [Folder] = []
    /// Absolute files read on their own (not as part of a folder above).
    public private(set) var files: [String] = []
    /// Absolute paths looked at that held nothing: their creation changes what a read gives.
    public private(set) var absent: [String] = []

    public init() {}

    package mutating func read(folder: String, depth: Int) {
        if let index = folders.firstIndex(where: { $0.path == folder }) {
            folders[index].depth = max(folders[index].depth, depth)
        } else {
            folders.append(Folder(path: folder, depth: depth))
        }
    }

    package mutating func read(file: String) {
        if !files.contains(file) { files.append(file) }
    }

    package mutating func lookedFor(_ path: String) {
        if !absent.contains(path) { absent.append(path) }
    }

    /// Adds what `other` read, after what this read.
    package mutating func add(_ other: SourceReads) {
        for folder in other.folders { read(folder: folder.path, depth: folder.depth) }
        for file in other.files { read(file: file) }
        for path in other.absent { lookedFor(path) }
    }

    /// Whether a change the watcher reported at one of `paths` (absolute, links resolved, as it
    /// watches) may change what was read: it is one of the files read, in or below one of the
    /// folders (at any depth: a change too deep for its reader costs only a read), or one of the
    /// places looked at or a folder on the way to one (the watcher reports the first part of it
    /// to appear). Each recorded place is resolved once, however many paths are asked about.
    package func touches(any paths: some Sequence<String>) -> Bool {
        func within(_ inner: String, _ outer: String) -> Bool {
            inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
        }
        func forms(_ recorded: String) -> [String] {
            let resolved = URL(fileURLWithPath: recorded).resolvingSymlinksInPath().standardizedFileURL.path
            return resolved == recorded ? [recorded] : [recorded, resolved]
        }
        let files = Set(files.flatMap(forms)), folders = folders.flatMap { forms($0.path) }, absent = absent.flatMap(forms)
        for path in paths {
            if files.contains(path) { return true }
            if folders.contains(where: { within(path, $0) }) { return true }
            if absent.contains(where: { within(path, $0) || within($0, path) }) { return true }
        }
        return false
    }

    /// Records a read through `store` (nothing for a revision, which never changes).
    package mutating func read(folder: String, depth: Int, in store: some FileStore) {
        if store.isWorkingTree { read(folder: folder, depth: depth) }
    }

    package mutating func read(file: String, in store: some FileStore) {
        if store.isWorkingTree { read(file: file) }
    }

    package mutating func lookedFor(_ path: String, in store: some FileStore) {
        if store.isWorkingTree { lookedFor(path) }
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

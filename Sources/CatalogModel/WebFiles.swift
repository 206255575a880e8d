import Foundation
import CatalogCore

/// The team's built web files catalog.yaml's `web:` names — its stylesheets, its scripts and the
/// folder of fonts and images they load — read through the catalog's `FileStore` (the working
/// tree, or the revision a release or a diff reads). Each is published at its place relative to
/// the folder all of them share, so a stylesheet's `url(assets/font.woff2)` still finds its font.
/// A script's static `import`/`export … from` and literal `import("…")`, and a stylesheet's
/// `@import` and `url()`, are followed within that folder: what they name is published too, and
/// what resolves to nothing is kept in `unresolved`, at the file and line that names it.
public struct WebFiles: Sendable, Hashable {
    /// One path `web:` names.
    public struct Entry: Sendable, Hashable {
        /// `styles`, `scripts` or `assets`.
        public var role: String
        /// As written in catalog.yaml.
        public var written: String
        /// Where it is published, relative to the web folder (`harbor.css`; a folder's path for `assets`).
        public var published: String
        /// Not there (or not a file, or for `assets` not a folder).
        public var missing: Bool
        /// Why it is not read when it is there (outside the repository, a link leading out).
        public var refused: String? = nil

        package init(role: String, written: String, published: String, missing: Bool, refused: String? = nil) {
            self.role = role
            self.written = written
            self.published = published
            self.missing = missing
            self.refused = refused
        }
    }

    /// A specifier or `url()` that names nothing the reader could publish.
    public struct Unresolved: Sendable, Hashable {
        /// The file that names it, as diagnostics show it (`content/../web/dist/app.js`).
        public var file: String
        public var line: Int
        public var column: Int
        public var specifier: String
        /// Why: missing, or outside the folder the web files share.
        public var reason: String

        package init(file: String, line: Int, column: Int, specifier: String, reason: String) {
            self.file = file
            self.line = line
            self.column = column
            self.specifier = specifier
            self.reason = reason
        }
    }

    public var entries: [Entry] = []
    /// Published path (relative to the web folder) → contents.
    public package(set) var files: [String: [UInt8]] = [:]
    /// What was not read, and why.
    public var skipped: [String] = []
    public var unresolved: [Unresolved] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    public var contentKey: UInt64 {
        var key = StableHash.Combiner()
        for entry in entries {
            key.add(entry.role)
            key.add(entry.written)
            key.add(entry.published)
            key.add(entry.missing)
            key.add(entry.refused ?? "")
        }
        key.add(folderHash)
        for skip in skipped { key.add(skip) }
        for problem in unresolved {
            key.add(problem.file)
            key.add(UInt64(problem.line))
            key.add(problem.specifier)
        }
        return key.value
    }

    /// A hash of every published path and its bytes: the web files are published under
    /// `web/<hash>/`, so a version whose files are the same bytes shares one copy with the others
    /// (content-addressed), and an edit gives every page that loads them a new address. Worked
    /// out once, when the files are read (every example page and every comparison asks for it).
    public package(set) var folderHash = StableHash.hex("", length: 8)

    package static func folderHash(of files: [String: [UInt8]]) -> String {
        var key = StableHash.Combiner()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            key.add(path)
            key.add(StableHash.value(bytes))
        }
        return StableHash.hex(String(key.value), length: 8)
    }
}

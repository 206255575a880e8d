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
    }

    public var entries: [Entry] = []
    /// Published path (relative to the web folder) → contents.
    public private(set) var files: [String: [UInt8]] = [:]
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
    public private(set) var folderHash = StableHash.hex("", length: 8)

    private static func folderHash(of files: [String: [UInt8]]) -> String {
        var key = StableHash.Combiner()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            key.add(path)
            key.add(StableHash.value(bytes))
        }
        return StableHash.hex(String(key.value), length: 8)
    }

    /// Reads what `web:` names (paths relative to `catalogDirectory`) from `store`, noting each
    /// read in `reads`; `displayRoot` is the catalog folder as diagnostics show it.
    package static func read(styles: [String], scripts: [String], assets: String?, catalogDirectory: String, displayRoot: String,
                             store: some FileStore, reads: inout SourceReads, limit: ReadLimit = .web) -> WebFiles {
        var web = WebFiles()
        let named = styles.map { ("styles", $0) } + scripts.map { ("scripts", $0) } + (assets.map { [("assets", $0)] } ?? [])
        let usable = named.filter { !CodeFiles.hasControlCharacter($0.1) && !$0.1.isEmpty }
        guard !usable.isEmpty else { return web }
        let catalog = CodeFiles.absolute(catalogDirectory)
        func absolute(_ written: String) -> String { CodeFiles.normalize(CodeFiles.path(of: written, catalogDirectory: catalog)) }
        // The folder every named path is in: files by their folder, the assets folder itself.
        let folders = usable.map { role, written in role == "assets" ? absolute(written) : (absolute(written) as NSString).deletingLastPathComponent }
        var common = folders[0].split(separator: "/").map(String.init)
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var count = 0
            while count < min(common.count, parts.count), common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        let root = "/" + common.joined(separator: "/")
        func published(_ path: String) -> String? {
            if path == root { return "" }
            let prefix = root == "/" ? "/" : root + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        func display(_ path: String) -> String {
            CodeFiles.displayPath(root: displayRoot, CodeFiles.relativePath(from: catalog, to: path))
        }
        var total = 0
        var pending: [(path: String, published: String)] = []
        for (role, written) in usable {
            let path = absolute(written)
            let (kind, resolved) = store.entry(path)
            var entry = Entry(role: role, written: written, published: published(path) ?? "", missing: false)
            switch (role, kind) {
            case ("assets", .folder):
                reads.read(folder: path, depth: limit.depth, in: store)
                // One budget for everything `web:` reads.
                var remaining = limit
                remaining.totalBytes = max(0, limit.totalBytes - total)
                remaining.files = max(0, limit.files - web.files.count)
                var walk = store.walk(resolved, limit: remaining) { _ in true }
                for (relative, bytes) in store.read(&walk) {
                    let shown = entry.published.isEmpty ? relative : entry.published + "/" + relative
                    web.files[shown] = bytes
                    total += bytes.count
                }
                web.skipped += walk.notes.map { "\(entry.published.isEmpty ? "" : entry.published + "/")\($0.relative) \($0.reason)" }
            case (_, .file(let size)) where role != "assets":
                reads.read(file: path, in: store)
                guard size <= limit.fileBytes, total + size <= limit.totalBytes, let bytes = store.bytes(ofFile: resolved) else {
                    entry.missing = true
                    entry.refused = "is over \(GitRevision.megabytes(limit.fileBytes)), past the \(GitRevision.megabytes(limit.totalBytes)) read from the web folder in all, or could not be read"
                    break
                }
                web.files[entry.published] = bytes
                total += bytes.count
                pending.append((path, entry.published))
            case (_, .outside), (_, .linkOutside):
                entry.missing = true
                entry.refused = "is outside \(store.boundary), the folder the catalog is read from; only files inside it are published"
            default:
                entry.missing = true
                reads.lookedFor(path, in: store)
            }
            web.entries.append(entry)
        }
        // What the scripts and stylesheets import, followed within the web folder.
        var followed = Set(pending.map(\.path))
        while let (path, publishedPath) = pending.popLast() {
            guard let bytes = web.files[publishedPath], isFollowed(path) else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            for reference in WebReferences.references(in: bytes, css: path.hasSuffix(".css")) {
                let target = CodeFiles.normalize(folder + "/" + reference.path)
                guard let targetPublished = published(target) else {
                    web.unresolved.append(.init(file: display(path), line: reference.line, column: reference.column, specifier: reference.specifier,
                                                reason: "which is outside \(root), the folder the files under `web:` share; name a file inside it"))
                    continue
                }
                guard followed.insert(target).inserted else { continue }
                if web.files[targetPublished] != nil {
                    pending.append((target, targetPublished))
                    continue
                }
                let (kind, resolved) = store.entry(target)
                guard case .file(let size) = kind else {
                    reads.lookedFor(target, in: store)
                    web.unresolved.append(.init(file: display(path), line: reference.line, column: reference.column, specifier: reference.specifier,
                                                reason: kind.leadsOutside ? "which leads outside the repository and is not published" : "which is not there"))
                    continue
                }
                reads.read(file: target, in: store)
                guard web.files.count < limit.files, size <= limit.fileBytes, total + size <= limit.totalBytes,
                      let bytes = store.bytes(ofFile: resolved) else {
                    web.skipped.append("\(targetPublished) is over the limits for web files (\(GitRevision.megabytes(limit.fileBytes)) a file, \(limit.files) files, \(GitRevision.megabytes(limit.totalBytes)) in all) and is not published")
                    continue
                }
                total += bytes.count
                web.files[targetPublished] = bytes
                pending.append((target, targetPublished))
            }
        }
        web.unresolved.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        web.folderHash = folderHash(of: web.files)
        return web
    }

    /// Whether a file's references are followed: scripts and stylesheets.
    private static func isFollowed(_ path: String) -> Bool {
        path.hasSuffix(".js") || path.hasSuffix(".mjs") || path.hasSuffix(".css")
    }
}

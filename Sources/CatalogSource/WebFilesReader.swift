import Foundation
import CatalogCore
import CatalogModel

/// Reading what catalog.yaml's `web:` names, through the catalog's `FileStore`.
extension WebFiles {
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

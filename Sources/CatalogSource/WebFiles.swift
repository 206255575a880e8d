#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import CatalogCore

/// The team's built web files catalog.yaml's `web:` names — its stylesheets, its scripts and the
/// folder of fonts and images they load — read at the edge with the catalog. Each is published
/// under `web/` at its place relative to the folder all of them share, so a stylesheet's
/// `url(assets/font.woff2)` still finds its font.
public struct WebFiles: Sendable, Hashable {
    /// One path `web:` names.
    public struct Entry: Sendable, Hashable {
        /// `styles`, `scripts` or `assets`.
        public var role: String
        /// As written in catalog.yaml.
        public var written: String
        /// Where it is published, under `web/` (`harbor.css`; a folder's path for `assets`).
        public var published: String
        /// Not there (or not a file, or for `assets` not a folder).
        public var missing: Bool
    }

    public var entries: [Entry] = []
    /// Published path (under `web/`) → contents.
    public var files: [String: [UInt8]] = [:]
    /// What was not read, and why.
    public var skipped: [String] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    public var contentKey: UInt64 {
        var key = StableHash.Combiner()
        for entry in entries {
            key.add(entry.role)
            key.add(entry.written)
            key.add(entry.published)
            key.add(entry.missing)
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            key.add(path)
            key.add(StableHash.value(bytes))
        }
        for skip in skipped { key.add(skip) }
        return key.value
    }

    package static let maximumFileBytes = 16 * 1024 * 1024
    package static let maximumFiles = 5_000
    package static let maximumDepth = 20

    /// Reads what `web:` names (paths relative to `catalogDirectory`), noting each read in `reads`.
    package static func read(styles: [String], scripts: [String], assets: String?, catalogDirectory: String, reads: inout SourceReads) -> WebFiles {
        var web = WebFiles()
        let named = styles.map { ("styles", $0) } + scripts.map { ("scripts", $0) } + (assets.map { [("assets", $0)] } ?? [])
        let usable = named.filter { !CodeFiles.hasControlCharacter($0.1) && !$0.1.isEmpty }
        guard !usable.isEmpty else { return web }
        func absolute(_ written: String) -> String {
            let path = CodeFiles.path(of: written, catalogDirectory: catalogDirectory)
            return CodeFiles.normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        }
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
        func published(_ path: String) -> String {
            path == root ? "" : String(path.dropFirst(root == "/" ? 1 : root.count + 1))
        }
        for (role, written) in usable {
            let path = absolute(written)
            var info = stat()
            let exists = stat(path, &info) == 0
            let isFolder = exists && (info.st_mode & S_IFMT) == S_IFDIR
            let isFile = exists && (info.st_mode & S_IFMT) == S_IFREG
            var entry = Entry(role: role, written: written, published: published(path), missing: false)
            if role == "assets" {
                guard isFolder else {
                    entry.missing = true
                    web.entries.append(entry)
                    reads.lookedFor(path)
                    continue
                }
                reads.read(path)
                web.walk(path, published: entry.published, depth: 0)
            } else {
                guard isFile, Int(info.st_size) <= maximumFileBytes, let data = FileManager.default.contents(atPath: path) else {
                    entry.missing = true
                    web.entries.append(entry)
                    reads.lookedFor(path)
                    continue
                }
                reads.read(path)
                web.files[entry.published] = [UInt8](data)
                // A built module imports the chunks beside it (`./shared.js`): they are published too.
                if role == "scripts" { web.addChunks(beside: path, published: entry.published) }
            }
            web.entries.append(entry)
        }
        return web
    }

    /// The other scripts in a script's folder (not below it), each under the same folder.
    private mutating func addChunks(beside path: String, published: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let publishedFolder = (published as NSString).deletingLastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && (name.hasSuffix(".js") || name.hasSuffix(".mjs")) {
            let shown = publishedFolder.isEmpty ? name : publishedFolder + "/" + name
            guard files[shown] == nil, files.count < Self.maximumFiles else { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maximumFileBytes,
                  let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            files[shown] = [UInt8](data)
        }
    }

    private mutating func walk(_ path: String, published: String, depth: Int) {
        guard depth <= Self.maximumDepth else {
            skipped.append("\(published) is more than \(Self.maximumDepth) folders deep; what is below it is not published")
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = path + "/" + name
            let shown = published.isEmpty ? name : published + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(full, published: shown, depth: depth + 1)
            case S_IFREG:
                guard files.count < Self.maximumFiles else {
                    if files.count == Self.maximumFiles { skipped.append("the web assets hold more than \(Self.maximumFiles) files; those after \(shown) are not published") }
                    return
                }
                guard Int(info.st_size) <= Self.maximumFileBytes else {
                    skipped.append("\(shown) is over \(Self.maximumFileBytes / 1_048_576) MiB and is not published")
                    continue
                }
                guard let data = FileManager.default.contents(atPath: full) else { continue }
                files[shown] = [UInt8](data)
            default:
                continue
            }
        }
    }
}

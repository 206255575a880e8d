import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CatalogCore
import CatalogModel

/// The cache a site with versions keeps beside its output (`.public.history/`): what each
/// release changed (`entries/`, by the commits compared) and each release's built copy of the
/// site (`sites/`, by everything it was built from). Content-addressed: an entry is never
/// changed, only added; each is written under a temporary name and renamed into place, so an
/// interrupted build leaves either a whole entry or none.
///
/// The cache is private and never reached through a link: its folders are made with mode 0700,
/// and one that is a symbolic link, not a folder, or owned by another user is refused (`open`
/// says why) — so a link committed as `.public.history/sites -> ../content` can never make a
/// build delete the catalog, and another local user cannot plant entries. Builds of one output
/// take turns (`lock()`), so two at once never delete each other's copies in progress.
public struct HistoryCache: Sendable {
    public let folder: String

    /// The cache of the site built into `output` (not checked: `open` checks it).
    public init(output: String) {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        folder = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".history").path
    }

    /// A cache in `folder` itself (the MCP server's, in the user's cache folder).
    public init(folder: String) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// Why a cache folder cannot be used.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// The cache of `output`, its folders made (0700) or checked: each a real folder, not a
    /// symbolic link, owned by this user.
    public static func open(output: String) -> Result<HistoryCache, Refusal> {
        HistoryCache(output: output).prepared()
    }

    /// This cache, its folders made or checked.
    public func prepared() -> Result<HistoryCache, Refusal> {
        for path in [folder, folder + "/sites", folder + "/entries"] {
            if let problem = Self.privateFolder(path) { return .failure(Refusal(description: problem)) }
        }
        return .success(self)
    }

    /// Makes `path` a folder of this user's with mode 0700, or says why it is not one.
    public static func privateFolder(_ path: String) -> String? {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            return "the cache folder \(path) could not be made (\(String(cString: strerror(errno))))"
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return "the cache folder \(path) could not be looked at (\(String(cString: strerror(errno))))" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "the cache folder \(path) is a symbolic link; a build never follows one there (it could delete what it points to). Remove the link"
        default: return "the cache path \(path) is not a folder; remove it"
        }
        guard info.st_uid == geteuid() else {
            return "the cache folder \(path) belongs to another user; a build does not use it. Remove it, or build into another output"
        }
        if info.st_mode & 0o077 != 0 { chmod(path, 0o700) }
        return nil
    }

    public var sitesFolder: String { folder + "/sites" }

    /// Holds this cache for one build until it is released: another build of the same output
    /// waits here (an exclusive `flock`, released by the system when a build dies).
    public final class Lock: Sendable {
        private let descriptor: Int32
        init(_ descriptor: Int32) { self.descriptor = descriptor }
        deinit { if descriptor >= 0 { Glibc.close(descriptor) } }
    }

    /// Waits until no other build holds the cache, then holds it.
    public func lock() -> Lock {
        let descriptor = Glibc.open(folder + "/lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        return Lock(descriptor)
    }

    /// A release's built copy of the site, when the cache has it.
    public func site(_ key: String) -> String? {
        let path = sitesFolder + "/" + key
        return FileManager.default.fileExists(atPath: path + "/" + Self.completeMarker) ? path : nil
    }

    /// The newest whole copy of a release (`v1.2.0`) an earlier build made, whatever its inputs
    /// were: what is published again when the release no longer builds.
    public func latestSite(named folderName: String) -> String? {
        ((try? FileManager.default.contentsOfDirectory(atPath: sitesFolder)) ?? [])
            .filter { $0.hasPrefix(folderName + "-") && site($0) != nil }.sorted().last.flatMap(site)
    }

    /// Hard-links a cached copy of a release into the staging folder: its pages and files under
    /// `v/<tag>/`, its hashed assets at the root (shared with every version: one copy each).
    public static func link(_ folder: String, into staging: String, version: String) throws -> (files: Int, bytes: Int) {
        var counts = (files: 0, bytes: 0)
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw SiteWriter.Failure.io("the cached copy \(folder) could not be read")
        }
        var made = Set<String>()
        while let relative = enumerator.nextObject() as? String {
            let from = folder + "/" + relative
            var info = stat()
            guard lstat(from, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, relative != completeMarker else { continue }
            let shared = VersionContext.isShared(relative)
            let target = shared ? relative : version + relative
            let to = staging + "/" + target
            if shared, access(to, F_OK) == 0 { continue }
            let directory = (to as NSString).deletingLastPathComponent
            if made.insert(directory).inserted { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            if Glibc.link(from, to) != 0 {
                // Another file system, or no hard links: a copy, whose failure (a full disk) fails the build.
                try FileManager.default.copyItem(atPath: from, toPath: to)
            }
            counts.files += 1
            counts.bytes += Int(info.st_size)
        }
        return counts
    }

    /// The file that says a copy in `sites/` is whole (written last).
    public static let completeMarker = ".catalog-build-output"

    /// The output paths of the pages of the copies made under `base` (a release and everything
    /// it is built from, but the current version's pages), when one was made.
    public func pages(of base: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: sitesFolder + "/" + base + ".pages") else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Renames a copy just built (`building`) to its final name and records its pages beside
    /// it, each by a rename (a copy is either whole under its name or not there).
    public func place(_ building: String, as final: String, pages: [String], of base: String) -> Bool {
        let list = sitesFolder + "/" + base + ".pages"
        let temporary = list + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(pages.sorted().joined(separator: "\n").utf8)) else { return false }
        try? FileManager.default.removeItem(atPath: sitesFolder + "/" + final)
        guard rename(sitesFolder + "/" + building, sitesFolder + "/" + final) == 0 else {
            unlink(temporary)
            return false
        }
        return rename(temporary, list) == 0
    }

    /// Removes the copies of the site no version uses any more (and what interrupted builds left).
    public func prune(keeping keys: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: sitesFolder) else { return }
        // A copy's page list stays while a copy made under the same base does.
        let bases = Set(keys.map { String($0.dropLast(9)) })
        for name in names where !keys.contains(name) && !(name.hasSuffix(".pages") && bases.contains(String(name.dropLast(6)))) {
            try? FileManager.default.removeItem(atPath: sitesFolder + "/" + name)
        }
    }

    // MARK: Entries

    package func entry(_ key: String) -> StoredEntry? {
        guard let data = FileManager.default.contents(atPath: folder + "/entries/" + key + ".json") else { return nil }
        return try? JSONDecoder().decode(StoredEntry.self, from: data)
    }

    package func store(_ entry: StoredEntry, key: String) {
        let entries = folder + "/entries"
        guard Self.privateFolder(entries) == nil else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entry) else { return }
        let temporary = entries + "/.\(key).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, entries + "/" + key + ".json") != 0 { unlink(temporary) }
    }
}

/// What one release changed, as the cache keeps it.
package struct StoredEntry: Codable {
    struct Change: Codable {
        var impact: String
        var area: String
        var kind: String
        var component: String?
        var subject: String
        var message: String
        var before: String?
        var after: String?
        var affects: [String]
        var file: String?
        var line: Int?
        var column: Int?

        init(_ change: CatalogChanges.Change) {
            impact = change.impact.rawValue
            area = change.area.rawValue
            kind = change.kind.rawValue
            component = change.component
            subject = change.subject
            message = change.message
            before = change.before
            after = change.after
            affects = change.affects
            file = change.location?.file
            line = change.location?.line
            column = change.location?.column
        }

        var change: CatalogChanges.Change? {
            guard let impact = CatalogChanges.Impact(rawValue: impact), let area = CatalogChanges.Area(rawValue: area), let kind = CatalogChanges.Kind(rawValue: kind) else { return nil }
            return CatalogChanges.Change(impact: impact, area: area, kind: kind, component: component, subject: subject, message: message, before: before, after: after,
                                         affects: affects, location: file.map { SourceLocation(file: $0, line: line ?? 1, column: column ?? 1) })
        }
    }

    /// nil for the first release.
    var changes: [Change]?
    var base: String
    var head: String
    var names: [String: String]
    var components: [String: String]
    var deprecated: [String]
    var migrations: [String: [Change]]

    package init(_ entry: ReleaseHistory.Entry) {
        changes = entry.changes?.changes.map(Change.init)
        base = entry.changes?.base ?? ""
        head = entry.changes?.head ?? ""
        names = entry.changes?.componentNames ?? [:]
        components = entry.components
        deprecated = entry.deprecated.sorted()
        migrations = entry.migrations.mapValues { $0.map(Change.init) }
    }

    package func entry(release: Release?) -> ReleaseHistory.Entry {
        ReleaseHistory.Entry(
            release: release,
            changes: changes.map { CatalogChanges(base: base, head: head, changes: $0.compactMap(\.change), componentNames: names, baseErrors: [], headErrors: []) },
            components: components, deprecated: Set(deprecated),
            migrations: migrations.mapValues { $0.compactMap(\.change) }
        )
    }
}

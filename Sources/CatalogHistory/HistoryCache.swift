import Foundation
import CatalogCore
import CatalogModel

/// The cache a site with versions keeps beside its output (`.public.history/`): what each
/// release changed (`entries/`, by the commits compared) and each release's built copy of the
/// site (`sites/`, by everything it was built from). Content-addressed: an entry is never
/// changed, only added; each is written under a temporary name and renamed into place, so an
/// interrupted build leaves either a whole entry or none.
public struct HistoryCache: Sendable {
    public let folder: String

    /// The cache of the site built into `output`.
    public init(output: String) {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        folder = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".history").path
    }

    public var sitesFolder: String { folder + "/sites" }

    /// A release's built copy of the site, when the cache has it.
    public func site(_ key: String) -> String? {
        let path = sitesFolder + "/" + key
        return FileManager.default.fileExists(atPath: path + "/" + Self.completeMarker) ? path : nil
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

    func entry(_ key: String) -> StoredEntry? {
        guard let data = FileManager.default.contents(atPath: folder + "/entries/" + key + ".json") else { return nil }
        return try? JSONDecoder().decode(StoredEntry.self, from: data)
    }

    func store(_ entry: StoredEntry, key: String) {
        let entries = folder + "/entries"
        try? FileManager.default.createDirectory(atPath: entries, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entry) else { return }
        let temporary = entries + "/.\(key).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, entries + "/" + key + ".json") != 0 { unlink(temporary) }
    }
}

/// What one release changed, as the cache keeps it.
struct StoredEntry: Codable {
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

    init(_ entry: ReleaseHistory.Entry) {
        changes = entry.changes?.changes.map(Change.init)
        base = entry.changes?.base ?? ""
        head = entry.changes?.head ?? ""
        names = entry.changes?.componentNames ?? [:]
        components = entry.components
        deprecated = entry.deprecated.sorted()
        migrations = entry.migrations.mapValues { $0.map(Change.init) }
    }

    func entry(release: Release?) -> ReleaseHistory.Entry {
        ReleaseHistory.Entry(
            release: release,
            changes: changes.map { CatalogChanges(base: base, head: head, changes: $0.compactMap(\.change), componentNames: names, baseErrors: [], headErrors: []) },
            components: components, deprecated: Set(deprecated),
            migrations: migrations.mapValues { $0.compactMap(\.change) }
        )
    }
}

import Foundation
import CatalogCore
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogPipeline
import CatalogDiff
import CatalogOutput

/// `versions:` → every release tag, read with `git` at the tag (the reader `diff` uses), and
/// what each release changed since the one before, and the working tree since the newest: the
/// same analysis as `diff`. What two commits changed is kept in the cache, so a build after an
/// edit compares only the newest release with the working tree.
public enum HistoryAnalysis {
    public struct Result: Sendable {
        /// nil when there is nothing to show (no repository, no matching tag, a shallow clone).
        public var history: ReleaseHistory?
        /// Problems with `versions:` itself, at its line.
        public var diagnostics: [Diagnostic] = []
        /// The repository and the catalog's folder in it, for reading a release.
        public var root = ""
        public var prefix = ""
        /// Tag → a key of everything its notes and changes are made from (the commits compared
        /// up to it): part of the key of its copy of the site.
        public var keys: [String: String] = [:]
    }

    /// The release tags alone, without what each changed: what `check` needs to check the
    /// versions `changes:` notes name, and the problems with `versions:` itself.
    public static func releases(workingTree: SourceTree, source: String, settings: VersionSettings) -> Result {
        run(workingTree: workingTree, source: source, settings: settings, options: LoadOptions(), cache: nil, analyse: false)
    }

    public static func run(workingTree: SourceTree, source: String, settings: VersionSettings, options: LoadOptions, cache: HistoryCache?, analyse: Bool = true) -> Result {
        var result = Result()
        let at = settings.tagsLocation ?? settings.location ?? workingTree.location("catalog.yaml")
        let root: String, prefix: String
        do {
            (root, prefix) = try GitRevision.repository(containing: source)
        } catch {
            result.diagnostics.append(.warning(.versionsNoReleases, "catalog.yaml has `versions:`, but the catalog is not in a git repository, so there are no releases to publish; build it in a clone of its repository", at: at))
            return result
        }
        result.root = root
        result.prefix = prefix
        if GitRevision.isShallow(root) {
            result.diagnostics.append(.error(.versionsShallow, "this clone is shallow, so its history and tags are incomplete and the releases cannot be read; run `git fetch --tags --unshallow` (in CI, check out with the full history and tags) and build again", at: at))
            return result
        }
        let releases: [Release]
        do {
            releases = try ReleaseTags.list(pattern: settings.tags, in: root)
        } catch {
            result.diagnostics.append(.warning(.versionsNoReleases, "\(error.description); the site has the working tree only", at: at))
            return result
        }
        guard !releases.isEmpty else {
            result.diagnostics.append(.warning(.versionsNoReleases, "no git tag matches versions.tags \"\(TextSafety.escaped(settings.tags))\", so the site has the working tree only; tag a release (git tag v1.0.0) or correct the pattern (`git tag --list` shows the tags)", at: at))
            return result
        }

        guard analyse else {
            let entries = releases.map { ReleaseHistory.Entry(release: $0, changes: nil, components: [:], deprecated: []) }
            result.history = ReleaseHistory(entries: entries, current: settings.current, kept: Array(releases.map(\.tag).suffix(settings.keep)))
            if let next = settings.next, !releases.contains(where: { $0.tag == next }) { result.history?.next = next }
            return result
        }
        let displayRoot = source.hasSuffix("/") ? String(source.dropLast()) : source
        let loadOptions = LoadOptions(includeDrafts: options.includeDrafts)
        var entries: [ReleaseHistory.Entry] = []
        var previous: (commit: String, label: String, loaded: Loaded?)?
        var chain = StableHash.Combiner()
        chain.add(ToolIdentity.key)
        chain.add(options.includeDrafts ? "drafts" : "")
        // A catalog read from a commit, loaded only when an entry is not in the cache.
        func load(_ commit: String) -> Loaded? {
            guard let tree = try? GitRevision.tree(at: commit, prefix: prefix, in: root, displayRoot: displayRoot),
                  let catalog = CatalogLoader.load(tree, options: loadOptions).catalog else { return nil }
            return Loaded(tree: tree, catalog: catalog)
        }
        var skipped: [String] = []
        for release in releases {
            chain.add(release.tag)
            chain.add(release.commit)
            let key = StableHash.hex(String(chain.value), length: 16)
            if let stored = cache?.entry(key) {
                entries.append(stored.entry(release: release))
                previous = (release.commit, release.tag, nil)
                result.keys[release.tag] = key
                continue
            }
            guard let loaded = load(release.commit) else {
                skipped.append(release.tag)
                continue
            }
            var before = previous
            if let known = before, known.loaded == nil { before?.loaded = load(known.commit) }
            let entry = makeEntry(release: release, loaded, previous: before.flatMap { previous in previous.loaded.map { (previous.label, $0) } })
            cache?.store(StoredEntry(entry), key: key)
            entries.append(entry)
            previous = (release.commit, release.tag, loaded)
            result.keys[release.tag] = key
        }
        if !skipped.isEmpty {
            result.diagnostics.append(.warning(.versionsReleaseFailed, "the catalog at \(skipped.joined(separator: ", ")) could not be read (no usable catalog.yaml there), so \(skipped.count == 1 ? "that release is" : "those releases are") left out of the history", at: at))
        }
        guard !entries.isEmpty else { return result }

        // The working tree, since the newest release.
        if let working = CatalogLoader.load(workingTree, options: loadOptions).catalog {
            var before = previous
            if let known = before, known.loaded == nil { before?.loaded = load(known.commit) }
            entries.append(makeEntry(release: nil, Loaded(tree: workingTree, catalog: working), previous: before.flatMap { previous in previous.loaded.map { (previous.label, $0) } }, headLabel: settings.current))
        }
        let kept = Array(entries.compactMap(\.release?.tag).suffix(settings.keep))
        result.history = ReleaseHistory(entries: entries, current: settings.current, kept: kept)
        if let next = settings.next, !releases.contains(where: { $0.tag == next }) { result.history?.next = next }
        return result
    }

    /// A catalog as read at a commit (or the working tree) and loaded.
    struct Loaded {
        var tree: SourceTree
        var catalog: Catalog
    }

    /// What a release (or the working tree) changed since `previous`.
    static func makeEntry(release: Release?, _ loaded: Loaded, previous: (label: String, loaded: Loaded)?, headLabel: String? = nil) -> ReleaseHistory.Entry {
        let catalog = loaded.catalog
        let components = Dictionary(catalog.components.map { ($0.slug, $0.name.value) }, uniquingKeysWith: { first, _ in first })
        let deprecated = Set(catalog.components.filter { $0.lifecycle?.value == .deprecated }.map(\.slug))
        var migrations: [String: [CatalogChanges.Change]] = [:]
        for component in catalog.components where component.lifecycle?.value == .deprecated {
            guard let replacement = component.replacement.flatMap({ catalog.component($0.value) }) else { continue }
            migrations[component.slug] = CatalogDiff.migration(from: component, to: replacement, rubric: catalog.settings.rubric)
        }
        var changes: CatalogChanges?
        if let previous {
            var compared = CatalogDiff.compare(
                base: .init(result: PipelineResult(catalog: previous.loaded.catalog, diagnostics: []), tree: previous.loaded.tree, label: previous.label),
                head: .init(result: PipelineResult(catalog: catalog, diagnostics: []), tree: loaded.tree, label: release?.tag ?? headLabel ?? "working tree")
            )
            // Problems are the review's business (`diff`), not a release's history.
            compared.changes.removeAll { $0.area == .problem }
            changes = compared
        }
        return ReleaseHistory.Entry(release: release, changes: changes, components: components, deprecated: deprecated, migrations: migrations)
    }
}

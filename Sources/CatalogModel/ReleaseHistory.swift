import CatalogCore

/// `versions:` in catalog.yaml: which git tags are releases, how many get their own copy of the
/// site, and what the working tree is called.
public struct VersionSettings: Sendable, Hashable {
    /// A glob the release tags match (`v*`), as `git tag --list` takes it.
    public var tags: String = "v*"
    /// The newest releases that get their own copy of the site under `v/<tag>/`.
    public var keep: Int = 10
    /// The label of the working tree (unreleased).
    public var current: String = "Next"
    /// The release being prepared (`versions.next`): `changes:` notes may name it before its tag
    /// exists; until then they are the working tree's.
    public var next: String?
    /// Where `versions:` is written (what the history's own diagnostics point at).
    public var location: SourceLocation?
    public var tagsLocation: SourceLocation?

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.tags == rhs.tags && lhs.keep == rhs.keep && lhs.current == rhs.current && lhs.next == rhs.next
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tags)
        hasher.combine(keep)
        hasher.combine(current)
        hasher.combine(next)
    }
}

/// One entry of a component's `changes:`: a note written by hand about what a release did to it.
public struct ChangeNote: Sendable, Hashable {
    public var version: Located<String>
    public var note: String

    public init(version: Located<String>, note: String) {
        self.version = version
        self.note = note
    }
}

/// A git tag that is a release.
public struct Release: Sendable, Hashable, Codable {
    /// The tag (`v2.1.0`).
    public var tag: String
    /// The commit it names.
    public var commit: String
    /// The commit's date, `YYYY-MM-DDThh:mm:ssZ` (UTC), for release notes and the feed.
    public var date: String

    public init(tag: String, commit: String, date: String) {
        self.tag = tag
        self.commit = commit
        self.date = date
    }

    /// `2026-03-04`.
    public var day: String { String(date.prefix(10)) }
}

/// Every release of a catalog and what each changed, found by the same analysis as `diff`
/// between each release and the one before (and between the newest and the working tree).
public struct ReleaseHistory: Sendable, Hashable {
    /// What one release changed.
    public struct Entry: Sendable, Hashable {
        /// The release; nil for the working tree (unreleased).
        public var release: Release?
        /// The changes since the release before (nil for the first release: nothing to compare).
        public var changes: CatalogChanges?
        /// The components the release has (slug → name), and those deprecated in it.
        public var components: [String: String]
        public var deprecated: Set<String>
        /// Deprecated component → what differs between it and its replacement, in this version.
        public var migrations: [String: [CatalogChanges.Change]]

        public init(release: Release?, changes: CatalogChanges?, components: [String: String], deprecated: Set<String>, migrations: [String: [CatalogChanges.Change]] = [:]) {
            self.release = release
            self.changes = changes
            self.components = components
            self.deprecated = deprecated
            self.migrations = migrations
        }

        public var isUnreleased: Bool { release == nil }
    }

    /// One release as a component's Changes section shows it.
    public struct ComponentRelease: Sendable, Hashable {
        /// The tag, or the working tree's label.
        public var version: String
        public var release: Release?
        /// Breaking first, as `diff` orders them.
        public var changes: [CatalogChanges.Change]
        public var notes: [String]
        /// The component appeared in this release.
        public var added: Bool
    }

    /// Oldest first; the working tree last when it is part of the history.
    public var entries: [Entry]
    /// The label of the working tree (`versions.current`).
    public var current: String
    /// The releases that have their own copy of the site (the newest `keep`).
    public var kept: [String]
    /// The release this history is shown in (nil: the working tree).
    public var shownIn: String?
    /// Every release tag, oldest first, also those after `shownIn` (what a note may name).
    public var allTags: [String]
    /// `versions.next` while it is not yet a tag: the working tree's notes may name it.
    public var next: String?
    /// Deprecated component → what differs between it and its replacement (as `diff` words
    /// it), in the version shown.
    public var migrations: [String: [CatalogChanges.Change]] = [:]

    public init(entries: [Entry], current: String, kept: [String], shownIn: String? = nil) {
        self.entries = entries
        self.current = current
        self.kept = kept
        self.shownIn = shownIn
        allTags = entries.compactMap(\.release?.tag)
        migrations = entries.last?.migrations ?? [:]
    }

    public var releases: [Release] { entries.compactMap(\.release) }

    /// Whether `version` is a release tag or the working tree's label.
    public func isVersion(_ version: String) -> Bool {
        version == current || version == next || allTags.contains(version)
    }

    /// The notes written for `entry`: those naming its tag, or for the working tree those naming
    /// its label or the release being prepared (`versions.next`, until it is tagged).
    public func notes(_ notes: [ChangeNote], for entry: Entry) -> [ChangeNote] {
        notes.filter { note in
            if let release = entry.release { return note.version.value == release.tag }
            return note.version.value == current || (next != nil && note.version.value == next)
        }
    }

    /// The history as a release shows it: that release and those before it.
    public func upTo(_ tag: String) -> ReleaseHistory {
        guard let index = entries.firstIndex(where: { $0.release?.tag == tag }) else { return self }
        var shown = ReleaseHistory(entries: Array(entries[...index]), current: current, kept: kept, shownIn: tag)
        shown.allTags = allTags
        shown.next = next
        shown.migrations = entries[index].migrations
        return shown
    }

    /// The label of an entry: its tag, or the working tree's label.
    public func label(_ entry: Entry) -> String { entry.release?.tag ?? current }

    /// The first release that has the component (nil when only the working tree has it).
    public func since(_ slug: String) -> String? {
        entries.first { $0.components[slug] != nil }.flatMap(\.release?.tag)
    }

    /// The first release in which the component is deprecated (the working tree's label when
    /// only the working tree deprecates it).
    public func deprecatedIn(_ slug: String) -> String? {
        guard let index = entries.firstIndex(where: { $0.deprecated.contains(slug) }) else { return nil }
        return label(entries[index])
    }

    /// For each release in which `slug` changed (or a note names), what changed: newest first.
    public func component(_ slug: String, notes: [ChangeNote]) -> [ComponentRelease] {
        var result: [ComponentRelease] = []
        for (index, entry) in entries.enumerated() {
            let version = label(entry)
            let changes = (entry.changes?.changes ?? []).filter { $0.component == slug || ($0.area == .token && $0.affects.contains(slug)) }
            let added = entry.components[slug] != nil && (index == 0 ? false : entries[index - 1].components[slug] == nil)
            let written = self.notes(notes, for: entry).map(\.note)
            guard !changes.isEmpty || !written.isEmpty else { continue }
            result.append(ComponentRelease(version: version, release: entry.release, changes: changes.sorted { $0.impact < $1.impact }, notes: written, added: added))
        }
        return result.reversed()
    }
}

/// Which version of the site is being rendered, and how it reaches the others.
public struct VersionContext: Sendable, Hashable {
    /// The tag, or the working tree's label.
    public var label: String
    /// The working tree: the site's root.
    public var isCurrent: Bool
    /// The folder of this version in the published site (`v/v2.1.0/`; empty for the current).
    public var folder: String
    /// The current version's label (the banner of an old version names it).
    public var currentLabel: String
    /// Output paths of the current version's pages (an old page links its current twin only
    /// when there is one).
    public var currentPages: Set<String>

    public init(label: String, isCurrent: Bool, folder: String, currentLabel: String, currentPages: Set<String> = []) {
        self.label = label
        self.isCurrent = isCurrent
        self.folder = folder
        self.currentLabel = currentLabel
        self.currentPages = currentPages
    }

    /// A tag as a folder name: letters, digits, `.`, `_`, `+` and `-` kept, anything else `-`
    /// (a `#` or `%` in a tag would not survive a URL).
    /// A tag's folder: the tag itself when every character is one a URL keeps as it is (letters,
    /// digits, `.`, `_`, `+`, `-`); otherwise those kept, the rest as `-`, and a hash of the tag,
    /// so two tags never share a folder (`v1.2.0#x` → `v1.2.0-x-1a2b3c4d`, `v1.2.0%x` →
    /// `v1.2.0-x-5e6f7a8b`). `unreleased`, the working tree's notes, is never a tag's folder.
    public static func folderName(_ tag: String) -> String {
        let kept = String(tag.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._+-".contains($0)) ? $0 : "-" })
        if kept == tag, !tag.isEmpty, tag != ".", tag != "..", tag.lowercased() != "unreleased" { return tag }
        return (kept.isEmpty || kept == "." || kept == ".." ? "-" : kept) + "-" + StableHash.hex(tag, length: 8)
    }

    /// Where a release's copy of the site is published (`v/v2.1.0/`).
    public static func folder(of tag: String) -> String { "v/" + folderName(tag) + "/" }

    /// A release's notes page (`releases/v2.1.0/`); nil: the working tree's (`releases/unreleased/`).
    public static func notesPath(of tag: String?) -> String { "releases/" + (tag.map(folderName) ?? "unreleased") + "/" }

    /// Whether a file of a version is one every version shares: an asset named by its content
    /// (`assets/site.1a2b3c4d.css`), which means the same bytes wherever it is. The catalog's own
    /// files (`assets/logo.svg`) stay in their version.
    public static func isShared(_ path: String) -> Bool {
        // The team's web files, under the hash of all of them (`web/1a2b3c4d/ui.css`).
        if path.hasPrefix("web/") {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count >= 3 && parts[1].count == 8 && parts[1].allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }
        guard path.hasPrefix("assets/") else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        let hash = parts.count >= 3 ? parts[parts.count - 2] : parts[parts.count - 1]
        return hash.count == 8 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// A file of the site as written from a page of `version` whose way to its version's root
    /// is `root`: shared files (hashed assets, the web files' folder) are at the site's root,
    /// one copy for every version.
    public static func href(_ path: String, root: String, version: VersionContext?) -> String {
        // A site without versions has one root for everything (and asks this for every asset
        // of every page).
        guard let version else { return root + path }
        return isShared(path) ? root + version.toSiteRoot + path : root + path
    }

    /// From a page of this version to the site's root (`../../` for `v/v2.1.0/`).
    public var toSiteRoot: String {
        String(repeating: "../", count: folder.split(separator: "/").count)
    }
}

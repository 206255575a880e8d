import CatalogCore
import CatalogMarkdown
import CatalogModel

/// What a site with versions publishes about its releases, in the current version only: a
/// notes page per release (`releases/<tag>/`: every component and token change, breaking
/// first), the releases index (`releases/`), an Atom feed (`releases.xml`), and
/// `versions.json`, which every version's switch reads.
package enum ReleasePages {
    package static func pages(_ history: ReleaseHistory, catalog: Catalog, theme: Theme) -> [CatalogPage] {
        guard theme.hasTemplate("page-releases"), theme.hasTemplate("page-release") else { return [] }
        var pages: [CatalogPage] = [.releases(index(history, catalog: catalog))]
        for (position, entry) in history.entries.enumerated() {
            let previous = position > 0 ? history.label(history.entries[position - 1]) : nil
            pages.append(.release(notes(entry, previous: previous, history: history, catalog: catalog), path: VersionContext.notesPath(of: entry.release?.tag)))
        }
        return pages
    }

    /// The releases index: newest first, each with its counts and, when it has one, its copy of the site.
    package static func index(_ history: ReleaseHistory, catalog: Catalog) -> ReleasesIndexFields {
        let kept = Set(history.kept)
        return ReleasesIndexFields(current: history.current, releases: history.entries.reversed().map { entry in
            let tag = entry.release?.tag
            return ReleasesIndexFields.Item(
                version: history.label(entry), day: entry.release?.day ?? "", unreleased: entry.isUnreleased,
                href: "../" + VersionContext.notesPath(of: tag),
                summary: entry.changes.map(summary) ?? "the first release",
                breaking: entry.changes?.count(.breaking) ?? 0,
                docsHref: tag.flatMap { kept.contains($0) ? "../" + VersionContext.folder(of: $0) : nil } ?? (entry.isUnreleased ? "../" : "")
            )
        })
    }

    /// One release's notes: every change, the breaking ones also listed first.
    package static func notes(_ entry: ReleaseHistory.Entry, previous: String?, history: ReleaseHistory, catalog: Catalog) -> ReleaseNotesFields {
        let version = history.label(entry)
        let empty = CatalogChanges(base: previous ?? "", head: version, changes: [], componentNames: entry.components, baseErrors: [], headErrors: [])
        let changes = entry.changes ?? empty
        var fields = ChangesPage.fields(changes, catalog: catalog).changes
        // The notes page is one folder deeper than the changes page.
        fields.groups = fields.groups.map { group in
            var moved = group
            moved.href = group.href.map { "../" + $0 }
            return moved
        }
        let breaking = changes.changes.filter { $0.impact == .breaking }.map { change in
            ChangesPageFields.Change(impact: change.impact.rawValue, impactLabel: "Breaking", message: change.component.map { (changes.componentNames[$0] ?? $0) + ": " } .map { $0 + change.message } ?? change.message)
        }
        let kept = entry.release.map { history.kept.contains($0.tag) } ?? true
        let notes = catalog.components.flatMap { component in
            history.notes(component.changeNotes, for: entry).map { ReleaseNotesFields.Note(component: component.name.value, text: $0.note) }
        }
        return ReleaseNotesFields(
            version: version, day: entry.release?.day ?? "", unreleased: entry.isUnreleased, previous: previous ?? "",
            isFirst: entry.changes == nil, componentCount: entry.components.count,
            breaking: breaking, notes: notes, changes: fields,
            docsHref: kept ? "../../" + (entry.release.map { VersionContext.folder(of: $0.tag) } ?? "") : ""
        )
    }

    package static func summary(_ changes: CatalogChanges) -> String {
        changes.changes.isEmpty ? "no changes to the design system" : CatalogChanges.Impact.allCases.map { "\(changes.count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// `versions.json` (what the version switch offers) and `releases.xml` (the Atom feed).
    package static func addFeeds(_ history: ReleaseHistory, catalog: Catalog, to site: inout Site) {
        site.add("versions.json", text: versionsJSON(history))
        site.add("releases.xml", text: atom(history, catalog: catalog))
    }

    /// The versions with a copy of the site, the current first, then the kept releases newest first.
    package static func versionsJSON(_ history: ReleaseHistory) -> String {
        var items: [JSONText.Value] = [.members([
            .init("label", .string(history.current)), .init("folder", .string("")), .init("current", .bool(true)),
            .init("notes", .string(VersionContext.notesPath(of: nil))),
        ])]
        for entry in history.entries.reversed() {
            guard let release = entry.release, history.kept.contains(release.tag) else { continue }
            items.append(.members([
                .init("label", .string(release.tag)), .init("folder", .string(VersionContext.folder(of: release.tag))), .init("current", .bool(false)),
                .init("date", .string(release.date)), .init("notes", .string(VersionContext.notesPath(of: release.tag))),
            ]))
        }
        return JSONText.pretty(.members([.init("current", .string(history.current)), .init("versions", .array(items))]))
    }

    /// An Atom feed of the releases, newest first (the unreleased changes are not a release).
    package static func atom(_ history: ReleaseHistory, catalog: Catalog) -> String {
        let base = catalog.settings.baseURL
        let absolute = CatalogSettings.isAbsolute(base)
        let title = catalog.settings.title.value
        func address(_ path: String) -> String { absolute ? base + path : path }
        func id(_ path: String) -> String { absolute ? base + path : "urn:catalog-build:" + HeadingID.slug(title) + ":" + path }
        let releases = Array(history.entries.enumerated().reversed())
        let updated = history.releases.map(\.date).max() ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
        <title>\(DeployFiles.xmlEscape(title)): releases</title>
        <id>\(DeployFiles.xmlEscape(id("releases/")))</id>
        <updated>\(DeployFiles.xmlEscape(updated))</updated>
        <link rel="self" href="\(DeployFiles.xmlEscape(address("releases.xml")))"/>
        <link rel="alternate" type="text/html" href="\(DeployFiles.xmlEscape(address("releases/")))"/>
        <generator>catalog-build</generator>

        """
        for (position, entry) in releases {
            guard let release = entry.release else { continue }
            let path = VersionContext.notesPath(of: release.tag)
            let changes = entry.changes?.changes.sorted { $0.impact < $1.impact } ?? []
            let list = changes.isEmpty ? "<p>\(position == 0 ? "The first release." : "No changes to the design system.")</p>"
                : "<ul>" + changes.map { change in
                    let component = change.component.map { (entry.changes?.componentNames[$0] ?? $0) + ": " } ?? ""
                    return "<li><strong>\(HTMLEscape.text(change.impact.rawValue))</strong> \(HTMLEscape.text(component + change.message))</li>"
                }.joined() + "</ul>"
            xml += """
            <entry>
            <title>\(DeployFiles.xmlEscape(release.tag))</title>
            <id>\(DeployFiles.xmlEscape(id(path)))</id>
            <updated>\(DeployFiles.xmlEscape(release.date))</updated>
            <link rel="alternate" type="text/html" href="\(DeployFiles.xmlEscape(address(path)))"/>
            <author><name>\(DeployFiles.xmlEscape(title))</name></author>
            <summary>\(DeployFiles.xmlEscape(entry.changes.map(summary) ?? "The first release."))</summary>
            <content type="html">\(DeployFiles.xmlEscape(list))</content>
            </entry>

            """
        }
        return xml + "</feed>\n"
    }
}

/// What `page-releases.mustache` reads: every release, newest first.
package struct ReleasesIndexFields: TemplateFields, Hashable {
    package var current: String
    package var releases: [Item]

    package static let fields: [String: TemplateField<Self>] = [
        "current": .value { $0.current },
        "releases": .list { $0.releases },
        "feed_href": .value { _ in "../releases.xml" },
    ]

    package struct Item: TemplateFields, Hashable {
        package var version: String
        package var day: String
        package var unreleased: Bool
        package var href: String
        package var summary: String
        package var breaking: Int
        /// The release's copy of the site ("" when it has none).
        package var docsHref: String

        package static let fields: [String: TemplateField<Self>] = [
            "version": .value { $0.version },
            "day": .value { $0.day },
            "has_day": .value { !$0.day.isEmpty },
            "unreleased": .value { $0.unreleased },
            "href": .value { $0.href },
            "summary": .value { $0.summary },
            "breaking": .value { $0.breaking },
            "has_breaking": .value { $0.breaking > 0 },
            "has_docs": .value { !$0.docsHref.isEmpty },
            "docs_href": .value { $0.docsHref },
        ]
    }
}

/// What `page-release.mustache` reads: one release's notes.
package struct ReleaseNotesFields: TemplateFields, Hashable {
    package var version: String
    package var day: String
    package var unreleased: Bool
    package var previous: String
    package var isFirst: Bool
    package var componentCount: Int
    package var breaking: [ChangesPageFields.Change]
    /// The notes components' `changes:` give this release.
    package var notes: [Note]
    package var changes: ChangesPageFields.Changes
    package var docsHref: String

    package struct Note: TemplateFields, Hashable {
        package var component: String
        package var text: String

        package static let fields: [String: TemplateField<Self>] = ["component": .value { $0.component }, "text": .value { $0.text }]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "release": .object { ReleaseFields(notes: $0) },
        "changes": .object { $0.changes },
        "has_breaking": .value { !$0.breaking.isEmpty },
        "breaking": .list { $0.breaking },
        "has_notes": .value { !$0.notes.isEmpty },
        "notes": .list { $0.notes },
    ]

    /// The release's own fields, under `release`.
    package struct ReleaseFields: TemplateFields {
        let notes: ReleaseNotesFields

        package static let fields: [String: TemplateField<Self>] = [
            "version": .value { $0.notes.version },
            "day": .value { $0.notes.day },
            "has_day": .value { !$0.notes.day.isEmpty },
            "unreleased": .value { $0.notes.unreleased },
            "previous": .value { $0.notes.previous },
            "is_first": .value { $0.notes.isFirst },
            "component_count": .value { $0.notes.componentCount },
            "has_docs": .value { !$0.notes.docsHref.isEmpty },
            "docs_href": .value { $0.notes.docsHref },
        ]
    }
}

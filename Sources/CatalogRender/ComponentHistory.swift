import CatalogModel
import CatalogMarkdown

/// What a component page shows of the releases (`versions:`): since when the component exists,
/// the release that deprecated it, what each release changed in it (breaking first, with the
/// notes written in `changes:`), and how to move to its replacement. Part of the page's step
/// input, so a page is made again only when its own history changed.
package struct ComponentHistory: Hashable, Sendable {
    package var releases: [ReleaseHistory.ComponentRelease]
    package var since: String?
    package var deprecatedIn: String?
    /// What differs between the deprecated component and its replacement, as `diff` words it.
    package var migration: [CatalogChanges.Change]
    package var replacementName: String?
    /// `releases/` from the version's root (`../../releases/` from a release's copy).
    package var toSiteRoot: String

    /// nil when the catalog has no history.
    package init?(_ component: Component, in catalog: Catalog) {
        guard let history = catalog.history else { return nil }
        releases = history.component(component.slug, notes: component.changeNotes)
        since = history.since(component.slug)
        deprecatedIn = component.lifecycle?.value == .deprecated ? history.deprecatedIn(component.slug) : nil
        let replacement = component.lifecycle?.value == .deprecated ? component.replacement.flatMap { catalog.component($0.value) } : nil
        migration = replacement == nil ? [] : (history.migrations[component.slug] ?? [])
        replacementName = replacement?.name.value
        toSiteRoot = catalog.version?.toSiteRoot ?? ""
    }

    /// Whether the page has a Changes section.
    package var hasSection: Bool { !releases.isEmpty || !migration.isEmpty }

    /// The fields, with links written from `root` (the page's way to its version's root).
    package func fields(root: String) -> HistoryFields {
        func notes(_ tag: String?) -> String { root + toSiteRoot + VersionContext.notesPath(of: tag) }
        func tag(_ version: String) -> String? { releases.first { $0.version == version }?.release?.tag ?? version }
        return HistoryFields(
            since: since ?? "", sinceHref: since.map { notes($0) } ?? "",
            deprecatedIn: deprecatedIn ?? "",
            deprecatedHref: deprecatedIn.map { version in notes(releases.contains { $0.version == version && $0.release == nil } ? nil : version) } ?? "",
            releases: releases.map { release in
                HistoryFields.Release(
                    version: release.version, id: "changes-" + VersionContext.folderName(release.version).lowercased().replacingOccurrences(of: ".", with: "-"),
                    href: notes(release.release?.tag), day: release.release?.day ?? "", unreleased: release.release == nil,
                    added: release.added,
                    changes: release.changes.map(ChangesPageFields.Change.init),
                    notes: release.notes.map { HistoryFields.Note(text: $0) }
                )
            },
            migration: migration.map(ChangesPageFields.Change.init),
            replacementName: replacementName ?? ""
        )
    }
}

/// What `sections/changes.mustache` and the component header read, under `history`.
package struct HistoryFields: TemplateFields, Hashable {
    package var since = ""
    package var sinceHref = ""
    package var deprecatedIn = ""
    package var deprecatedHref = ""
    package var releases: [Release] = []
    package var migration: [ChangesPageFields.Change] = []
    package var replacementName = ""
    /// Where the Changes section is from this page (`#changes`, or on its tab).
    package var sectionHref = "#changes"

    package static let fields: [String: TemplateField<Self>] = [
        "has_since": .value { !$0.since.isEmpty },
        "since": .value { $0.since },
        "since_href": .value { $0.sinceHref },
        "has_deprecated_in": .value { !$0.deprecatedIn.isEmpty },
        "deprecated_in": .value { $0.deprecatedIn },
        "deprecated_href": .value { $0.deprecatedHref },
        "has_releases": .value { !$0.releases.isEmpty },
        "releases": .list { $0.releases },
        "has_migration": .value { !$0.migration.isEmpty },
        "migration": .list { $0.migration },
        "migration_href": .value { $0.sectionHref.replacingOccurrences(of: "#changes", with: "#migration") },
        "replacement_name": .value { $0.replacementName },
        "section_href": .value { $0.sectionHref },
    ]

    package struct Release: TemplateFields, Hashable {
        package var version: String
        package var id: String
        /// The release's notes page.
        package var href: String
        package var day: String
        package var unreleased: Bool
        package var added: Bool
        package var changes: [ChangesPageFields.Change]
        package var notes: [Note]

        package static let fields: [String: TemplateField<Self>] = [
            "version": .value { $0.version },
            "id": .value { $0.id },
            "href": .value { $0.href },
            "day": .value { $0.day },
            "has_day": .value { !$0.day.isEmpty },
            "unreleased": .value { $0.unreleased },
            "added": .value { $0.added },
            "has_changes": .value { !$0.changes.isEmpty },
            "changes": .list { $0.changes },
            "has_notes": .value { !$0.notes.isEmpty },
            "notes": .list { $0.notes },
        ]
    }

    package struct Note: TemplateFields, Hashable {
        package var text: String

        package static let fields: [String: TemplateField<Self>] = ["text": .value { $0.text }]
    }
}

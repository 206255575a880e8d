import CatalogSyntax
import CatalogModel
import CatalogLoad
/// The fields of the home page, the components and guides indexes and a guide page, as their
/// templates read them. Cards are Hashable: the memo key of an index page is its cards, so
/// whatever a card shows is in the key by construction.

/// A component as a card on the home page and the components index.
package struct ComponentCard: TemplateFields, Hashable {
    package var name: String
    package var summary: String
    package var href: String
    package var status: Badge
    /// The demo kind's display name, or empty.
    package var kind: String
    package var lifecycle: LifecycleBadge?

    package init(_ component: Component, from directory: String, settings: CatalogSettings, theme: Theme) {
        lifecycle = LifecycleBadge(component, catalog: nil, from: directory)
        name = component.name.value
        summary = component.listingSummary
        href = LinkResolver.relative(from: directory, to: component.pagePath)
        status = StatusBadge.context(component.overallStatus(in: settings.rubric), theme: theme)
        kind = component.demo.flatMap { theme.kinds[$0.kind.value]?.name } ?? ""
    }

    package static let fields: [String: TemplateField<Self>] = [
        "name": .value { $0.name },
        "summary": .value { $0.summary },
        "href": .value { $0.href },
        "status": .object { $0.status },
        "kind": .value { $0.kind },
        "has_lifecycle": .value { $0.lifecycle != nil },
        "lifecycle": TemplateField(shape: .object { LifecycleBadge.shapes }, read: { $0.lifecycle.map { $0 as Any } ?? NoFields() }),
    ]
}

package struct GuideCard: TemplateFields, Hashable {
    package var title: String
    package var summary: String
    package var href: String

    package init(_ guide: Guide, from directory: String) {
        title = guide.title
        summary = guide.summary ?? ""
        href = LinkResolver.relative(from: directory, to: guide.pagePath)
    }

    package static let fields: [String: TemplateField<Self>] = [
        "title": .value { $0.title },
        "summary": .value { $0.summary },
        "href": .value { $0.href },
    ]
}

package struct HomeFields: TemplateFields, Hashable {
    package var components: [ComponentCard]
    package var guides: [GuideCard]
    /// The "What changed" link, when `build --changes-since` made that page.
    package var changes: Changes?

    package struct Changes: TemplateFields, Hashable {
        package var href: String
        package var base: String
        package var summary: String

        package static let fields: [String: TemplateField<Self>] = [
            "href": .value { $0.href },
            "base": .value { $0.base },
            "summary": .value { $0.summary },
        ]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "has_changes": .optional { $0.changes != nil ? true : nil },
        "changes": .object { $0.changes },
        "components": .list { $0.components },
        "has_components": .value { !$0.components.isEmpty },
        "guides": .list { $0.guides },
        "has_guides": .value { !$0.guides.isEmpty },
        "component_count": .value { $0.components.count },
        "guide_count": .value { $0.guides.count },
    ]
}

package struct ComponentsIndexFields: TemplateFields, Hashable {
    package var components: [ComponentCard]
    package var groups: [Group]

    package struct Group: TemplateFields, Hashable {
        package var name: String?
        package var id: String
        package var components: [ComponentCard]

        package static let fields: [String: TemplateField<Self>] = [
            "name": .value { $0.name ?? "All components" },
            "has_name": .value { $0.name != nil },
            "id": .value { $0.id },
            "components": .list { $0.components },
        ]
    }

    package static let fields: [String: TemplateField<Self>] = [
        "components": .list { $0.components },
        "groups": .list { $0.groups },
        "has_components": .value { !$0.components.isEmpty },
    ]
}

/// The guides index: the guides in no section, then each section with its introduction and
/// its guides.
package struct GuidesIndexFields: TemplateFields, Hashable {
    package var guides: [GuideCard]
    package var sections: [SectionFields]

    package init(_ catalog: Catalog) {
        guides = catalog.guides.filter { $0.section == nil }.map { GuideCard($0, from: "guides/") }
        sections = catalog.guideSections.map { SectionFields($0, catalog: catalog, from: "guides/") }
    }

    package static let fields: [String: TemplateField<Self>] = [
        "guides": .list { $0.guides },
        "has_guides": .value { !$0.guides.isEmpty },
        "sections": .list { $0.sections },
        "has_sections": .value { !$0.sections.isEmpty },
        "has_any": .value { !$0.guides.isEmpty || !$0.sections.isEmpty },
    ]
}

/// A section of the guides: on the guides index, and as its own page (`guides/<section>/`).
package struct SectionFields: TemplateFields, Hashable {
    package var id: String
    package var title: String
    package var description: String
    package var href: String
    package var intro: String
    package var guides: [GuideCard]

    package init(_ section: GuideSection, catalog: Catalog, from directory: String) {
        id = "section-\(section.slug)"
        title = section.title
        description = section.description ?? ""
        href = LinkResolver.relative(from: directory, to: section.pagePath)
        intro = section.intro?.html ?? ""
        guides = catalog.guides.filter { $0.section == section.slug }.map { GuideCard($0, from: directory) }
    }

    package static let fields: [String: TemplateField<Self>] = [
        "id": .value { $0.id },
        "title": .value { $0.title },
        "description": .value { $0.description },
        "has_description": .value { !$0.description.isEmpty },
        "href": .value { $0.href },
        "intro": .value { $0.intro },
        "has_intro": .value { !$0.intro.isEmpty },
        "guides": .list { $0.guides },
    ]
}

package struct GuideFields: TemplateFields {
    package var title: String
    package var description: String?
    package var prose: String
    package var extra: Any
    package var toc: [TOCEntry]
    /// The section it is in: its title and the link to its page from the guide's.
    package var section: (title: String, href: String)?

    package init(_ guide: Guide, section: GuideSection? = nil) {
        if let section { self.section = (section.title, "../") }
        title = guide.title
        description = guide.description
        prose = guide.prose.html
        extra = FreeValue.extraContext(guide.prose.extra)
        toc = guide.prose.headings.filter { $0.level <= 3 }.map { TOCEntry(id: $0.id, text: $0.text, level: $0.level) }
    }

    package static let fields: [String: TemplateField<Self>] = [
        "guide": .object { Heading(title: $0.title, description: $0.description) },
        "has_section": .value { $0.section != nil },
        "section_title": .value { $0.section?.title ?? "" },
        "section_href": .value { $0.section?.href ?? "" },
        "prose": .value { $0.prose },
        "extra": .open { $0.extra },
        "toc": .list { $0.toc },
        "has_toc": .value { $0.toc.count > 1 },
    ]

    package struct Heading: TemplateFields {
        package var title: String
        package var description: String?

        package static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "description": .value { $0.description ?? "" },
            "has_description": .value { $0.description != nil },
        ]
    }
}

/// A link to a file exported beside a page (`readiness.csv`, `tokens.json`).
package struct ExportLink: TemplateFields, Hashable {
    package var label: String
    package var href: String

    package static let fields: [String: TemplateField<Self>] = [
        "label": .value { $0.label },
        "href": .value { $0.href },
    ]
}

/// The fields of the home page, the components and guides indexes and a guide page, as their
/// templates read them. Cards are Hashable: the memo key of an index page is its cards, so
/// whatever a card shows is in the key by construction.

/// A component as a card on the home page and the components index.
struct ComponentCard: TemplateContext, Hashable {
    var name: String
    var summary: String
    var href: String
    var status: Badge
    /// The demo kind's display name, or empty.
    var kind: String

    init(_ component: Component, from directory: String, settings: CatalogSettings, theme: Theme) {
        name = component.name.value
        summary = component.summary.value
        href = LinkResolver.relative(from: directory, to: component.pagePath)
        status = StatusBadge.context(component.overallStatus(in: settings.rubric), theme: theme)
        kind = component.demo.flatMap { theme.kinds[$0.kind.value]?.name } ?? ""
    }

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "summary": summary
        case "href": href
        case "status": status
        case "kind": kind
        default: nil
        }
    }
}

struct GuideCard: TemplateContext, Hashable {
    var title: String
    var summary: String
    var href: String

    init(_ guide: Guide, from directory: String) {
        title = guide.title
        summary = guide.summary ?? ""
        href = LinkResolver.relative(from: directory, to: guide.pagePath)
    }

    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "summary": summary
        case "href": href
        default: nil
        }
    }
}

struct HomeFields: TemplateContext, Hashable {
    var components: [ComponentCard]
    var guides: [GuideCard]
    /// The "What changed" link, when `build --changes-since` made that page.
    var changes: Changes?

    struct Changes: TemplateContext, Hashable {
        var href: String
        var base: String
        var summary: String

        func child(named name: String) -> Any? {
            switch name {
            case "href": href
            case "base": base
            case "summary": summary
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "has_changes": changes != nil ? true : nil
        case "changes": changes
        case "components": components
        case "has_components": !components.isEmpty
        case "guides": guides
        case "has_guides": !guides.isEmpty
        case "component_count": components.count
        case "guide_count": guides.count
        default: nil
        }
    }
}

struct ComponentsIndexFields: TemplateContext, Hashable {
    var components: [ComponentCard]
    var groups: [Group]

    struct Group: TemplateContext, Hashable {
        var name: String?
        var id: String
        var components: [ComponentCard]

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name ?? "All components"
            case "has_name": self.name != nil
            case "id": id
            case "components": components
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "components": components
        case "groups": groups
        case "has_components": !components.isEmpty
        default: nil
        }
    }
}

struct GuidesIndexFields: TemplateContext, Hashable {
    var guides: [GuideCard]

    func child(named name: String) -> Any? {
        switch name {
        case "guides": guides
        case "has_guides": !guides.isEmpty
        default: nil
        }
    }
}

struct GuideFields: TemplateContext {
    var title: String
    var description: String?
    var prose: String
    var extra: Any
    var toc: [TOCEntry]

    init(_ guide: Guide) {
        title = guide.title
        description = guide.description
        prose = guide.prose.html
        extra = FreeValue.extraContext(guide.prose.extra)
        toc = guide.prose.headings.filter { $0.level <= 3 }.map { TOCEntry(id: $0.id, text: $0.text, level: $0.level) }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "guide": Heading(title: title, description: description)
        case "prose": prose
        case "extra": extra
        case "toc": toc
        case "has_toc": toc.count > 1
        default: nil
        }
    }

    struct Heading: TemplateContext {
        var title: String
        var description: String?

        func child(named name: String) -> Any? {
            switch name {
            case "title": title
            case "description": description ?? ""
            case "has_description": description != nil
            default: nil
            }
        }
    }
}

/// A link to a file exported beside a page (`readiness.csv`, `tokens.json`).
struct ExportLink: TemplateContext, Hashable {
    var label: String
    var href: String

    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        default: nil
        }
    }
}

import CatalogMarkdown

/// The "What changed" page (`build --changes-since REV`): the same analysis as
/// `catalog-build diff`, grouped as the Markdown report groups it.
enum ChangesPage {
    static func fields(_ changes: CatalogChanges, catalog: Catalog) -> ChangesPageFields {
        func label(_ impact: CatalogChanges.Impact) -> String {
            impact.rawValue.prefix(1).uppercased() + impact.rawValue.dropFirst()
        }
        let groups = ChangeReport.groups(changes).map { group in
            ChangesPageFields.Group(
                title: group.title,
                id: group.slug.map { "changes-\($0)" } ?? "changes-" + HeadingID.slug(group.title),
                href: group.slug.flatMap { slug in catalog.component(slug).map { "../" + $0.pagePath } },
                changes: group.changes.map { change in
                    .init(impact: change.impact.rawValue, impactLabel: label(change.impact), message: change.message, affects: change.affects.isEmpty ? nil : ChangeReport.affected(change, changes))
                }
            )
        }
        return ChangesPageFields(changes: .init(
            base: changes.base,
            head: changes.head,
            summary: ChangeReport.summary(changes),
            counts: CatalogChanges.Impact.allCases.map { .init(impact: $0.rawValue, label: label($0), count: changes.count($0)) },
            groups: groups
        ))
    }
}

/// What the changes page shows, under `changes`.
struct ChangesPageFields: TemplateContext {
    var changes: Changes

    func child(named name: String) -> Any? {
        name == "changes" ? changes : nil
    }

    struct Changes: TemplateContext {
        var base: String
        var head: String
        var summary: String
        var counts: [Count]
        var groups: [Group]

        func child(named name: String) -> Any? {
            switch name {
            case "base": base
            case "head": head
            case "summary": summary
            case "counts": counts
            case "groups": groups
            case "has_groups": !groups.isEmpty
            default: nil
            }
        }
    }

    /// How many changes have an impact.
    struct Count: TemplateContext {
        var impact: String
        var label: String
        var count: Int

        func child(named name: String) -> Any? {
            switch name {
            case "impact": impact
            case "label": label
            case "count": count
            default: nil
            }
        }
    }

    /// The changes to one component, or to the tokens, the theme or the catalog.
    struct Group: TemplateContext {
        var title: String
        var id: String
        /// The component's page, when the group is a component that still exists.
        var href: String?
        var changes: [Change]

        func child(named name: String) -> Any? {
            switch name {
            case "title": title
            case "id": id
            case "has_href": href != nil
            case "href": href ?? ""
            case "changes": changes
            default: nil
            }
        }
    }

    struct Change: TemplateContext {
        var impact: String
        var impactLabel: String
        var message: String
        /// The components a token change reaches, by name.
        var affects: String?

        func child(named name: String) -> Any? {
            switch name {
            case "impact": impact
            case "impact_label": impactLabel
            case "message": message
            case "has_affects": affects != nil
            case "affects": affects ?? ""
            default: nil
            }
        }
    }
}

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
struct ChangesPageFields: TemplateFields {
    var changes: Changes

    static let fields: [String: TemplateField<Self>] = ["changes": .object { $0.changes }]

    struct Changes: TemplateFields {
        var base: String
        var head: String
        var summary: String
        var counts: [Count]
        var groups: [Group]

        static let fields: [String: TemplateField<Self>] = [
            "base": .value { $0.base },
            "head": .value { $0.head },
            "summary": .value { $0.summary },
            "counts": .list { $0.counts },
            "groups": .list { $0.groups },
            "has_groups": .value { !$0.groups.isEmpty },
        ]
    }

    /// How many changes have an impact.
    struct Count: TemplateFields {
        var impact: String
        var label: String
        var count: Int

        static let fields: [String: TemplateField<Self>] = [
            "impact": .value { $0.impact },
            "label": .value { $0.label },
            "count": .value { $0.count },
        ]
    }

    /// The changes to one component, or to the tokens, the theme or the catalog.
    struct Group: TemplateFields {
        var title: String
        var id: String
        /// The component's page, when the group is a component that still exists.
        var href: String?
        var changes: [Change]

        static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "id": .value { $0.id },
            "has_href": .value { $0.href != nil },
            "href": .value { $0.href ?? "" },
            "changes": .list { $0.changes },
        ]
    }

    struct Change: TemplateFields {
        var impact: String
        var impactLabel: String
        var message: String
        /// The components a token change reaches, by name.
        var affects: String?

        static let fields: [String: TemplateField<Self>] = [
            "impact": .value { $0.impact },
            "impact_label": .value { $0.impactLabel },
            "message": .value { $0.message },
            "has_affects": .value { $0.affects != nil },
            "affects": .value { $0.affects ?? "" },
        ]
    }
}

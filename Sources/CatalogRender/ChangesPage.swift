import CatalogMarkdown
import CatalogModel

/// The "What changed" page (`build --changes-since REV`): the same analysis as
/// `catalog-build diff`, grouped as the Markdown report groups it.
package enum ChangesPage {
    /// `Breaking`, `Notable`, `Minor`.
    package static func label(_ impact: CatalogChanges.Impact) -> String {
        impact.rawValue.prefix(1).uppercased() + impact.rawValue.dropFirst()
    }

    package static func fields(_ changes: CatalogChanges, catalog: Catalog) -> ChangesPageFields {
        let groups = changes.groups.map { group in
            ChangesPageFields.Group(
                title: group.title,
                id: group.slug.map { "changes-\($0)" } ?? "changes-" + HeadingID.slug(group.title),
                href: group.slug.flatMap { slug in catalog.component(slug).map { "../" + $0.pagePath } },
                changes: group.changes.map { change in
                    .init(impact: change.impact.rawValue, impactLabel: label(change.impact), message: change.message, affects: change.affects.isEmpty ? nil : changes.affected(change))
                }
            )
        }
        return ChangesPageFields(changes: .init(
            base: changes.base,
            head: changes.head,
            summary: changes.summary,
            counts: CatalogChanges.Impact.allCases.map { .init(impact: $0.rawValue, label: label($0), count: changes.count($0)) },
            groups: groups
        ))
    }
}

/// What the changes page shows, under `changes`.
package struct ChangesPageFields: TemplateFields, Hashable {
    package var changes: Changes

    package static let fields: [String: TemplateField<Self>] = ["changes": .object { $0.changes }]

    package struct Changes: TemplateFields, Hashable {
        package var base: String
        package var head: String
        package var summary: String
        package var counts: [Count]
        package var groups: [Group]

        package static let fields: [String: TemplateField<Self>] = [
            "base": .value { $0.base },
            "head": .value { $0.head },
            "summary": .value { $0.summary },
            "counts": .list { $0.counts },
            "groups": .list { $0.groups },
            "has_groups": .value { !$0.groups.isEmpty },
        ]
    }

    /// How many changes have an impact.
    package struct Count: TemplateFields, Hashable {
        package var impact: String
        package var label: String
        package var count: Int

        package static let fields: [String: TemplateField<Self>] = [
            "impact": .value { $0.impact },
            "label": .value { $0.label },
            "count": .value { $0.count },
        ]
    }

    /// The changes to one component, or to the tokens, the theme or the catalog.
    package struct Group: TemplateFields, Hashable {
        package var title: String
        package var id: String
        /// The component's page, when the group is a component that still exists.
        package var href: String?
        package var changes: [Change]

        package static let fields: [String: TemplateField<Self>] = [
            "title": .value { $0.title },
            "id": .value { $0.id },
            "has_href": .value { $0.href != nil },
            "href": .value { $0.href ?? "" },
            "changes": .list { $0.changes },
        ]
    }

    package struct Change: TemplateFields, Hashable {
        package var impact: String
        package var impactLabel: String
        package var message: String
        /// The components a token change reaches, by name.
        package var affects: String?

        package static let fields: [String: TemplateField<Self>] = [
            "impact": .value { $0.impact },
            "impact_label": .value { $0.impactLabel },
            "message": .value { $0.message },
            "has_affects": .value { $0.affects != nil },
            "affects": .value { $0.affects ?? "" },
        ]

        /// A change as a list shows it: its impact, that impact as a word, its sentence.
        package init(_ change: CatalogChanges.Change) {
            self.init(impact: change.impact.rawValue, impactLabel: ChangesPage.label(change.impact), message: change.message)
        }

        package init(impact: String, impactLabel: String, message: String, affects: String? = nil) {
            self.impact = impact
            self.impactLabel = impactLabel
            self.message = message
            self.affects = affects
        }
    }
}

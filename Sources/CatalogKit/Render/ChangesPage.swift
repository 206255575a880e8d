import CatalogMarkdown

/// The context of the "What changed" page (`build --changes-since REV`): the same analysis as
/// `catalog-build diff`, grouped as the Markdown report groups it.
enum ChangesPage {
    static func context(_ changes: CatalogChanges, catalog: Catalog) -> [String: Any] {
        let groups: [[String: Any]] = ChangeReport.groups(changes).map { group in
            let page = group.slug.flatMap { slug in catalog.component(slug).map { "../" + $0.pagePath } }
            return [
                "title": group.title,
                "id": group.slug.map { "changes-\($0)" } ?? "changes-" + HeadingID.slug(group.title),
                "has_href": page != nil,
                "href": page ?? "",
                "changes": group.changes.map { change -> [String: Any] in
                    [
                        "impact": change.impact.rawValue,
                        "impact_label": change.impact.rawValue.prefix(1).uppercased() + change.impact.rawValue.dropFirst(),
                        "message": change.message,
                        "has_affects": !change.affects.isEmpty,
                        "affects": ChangeReport.affected(change, changes),
                    ]
                },
            ]
        }
        // Components a token change reaches also get a row of their own.
        return [
            "changes": [
                "base": changes.base,
                "head": changes.head,
                "summary": ChangeReport.summary(changes),
                "counts": CatalogChanges.Impact.allCases.map { ["impact": $0.rawValue, "label": $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst(), "count": changes.count($0)] as [String: Any] },
                "groups": groups,
                "has_groups": !groups.isEmpty,
            ] as [String: Any],
        ]
    }
}

import CatalogMarkdown

/// The catalog navigation every page carries: the components by group, the guides, the
/// readiness dashboard and the tokens page, from the theme's `partials/catalog-nav`.
///
/// A catalog of a thousand components would spend most of its build rendering the same list a
/// thousand times, so the partial is rendered once for each way pages reach the site root, with
/// a marker where each link's `{{{current}}}` goes; a page then joins the pieces, marking its
/// own link with `aria-current="page"`.
struct CatalogNavigation {
    /// The components in their navigation groups: the groups in `groups:` order, then groups
    /// `groups:` does not list (alphabetically), then "Other" for components without one. A
    /// catalog that names no group has one unnamed group.
    static func groups(of catalog: Catalog) -> [(name: String?, components: [Component])] {
        guard catalog.components.contains(where: { $0.group != nil }) else {
            return catalog.components.isEmpty ? [] : [(nil, catalog.components)]
        }
        let listed = catalog.settings.groups.map(\.value)
        var byGroup: [String: [Component]] = [:]
        var other: [Component] = []
        for component in catalog.components {
            if let group = component.group?.value { byGroup[group, default: []].append(component) } else { other.append(component) }
        }
        var result: [(name: String?, components: [Component])] = []
        for name in listed { if let members = byGroup[name] { result.append((name, members)) } }
        for name in byGroup.keys.filter({ !listed.contains($0) }).sorted() { result.append((name, byGroup[name]!)) }
        if !other.isEmpty { result.append(("Other", other)) }
        return result
    }

    private static let marker: Character = "\u{1}"

    /// The most components a group lists by name; a larger group lists these and links to its
    /// section of the components index (a page of ten thousand links helps no one, and would
    /// make every page of a very large catalog a megabyte).
    static let groupLimit = 200

    /// Root prefix → the rendered partial, split at the markers: text, then the path of the
    /// link that follows (nil after the last piece).
    private var pieces: [String: [(text: String, path: String?)]] = [:]

    /// Renders the partial for each root a page of this site may have.
    init(catalog: Catalog, theme: Theme, roots: [String]) throws(Theme.RenderFailure) {
        guard theme.hasTemplate("partials/catalog-nav") else { return }
        for root in Set(roots) {
            let html = try theme.render("partials/catalog-nav", Self.context(catalog, root: root))
            var split: [(String, String?)] = []
            let parts = html.split(separator: Self.marker, omittingEmptySubsequences: false)
            // text, path, text, path, …, text
            var index = 0
            while index < parts.count {
                let path = index + 1 < parts.count ? String(parts[index + 1]) : nil
                split.append((String(parts[index]), path))
                index += 2
            }
            pieces[root] = split
        }
    }

    /// Around the navigation on every page: the link scan skips what lies between (the same
    /// links on every page), and `SiteLinkRule` checks them once per root instead.
    static let startMarker = "<!--catalog-nav-->"
    static let endMarker = "<!--/catalog-nav-->"

    /// The navigation for the page at `path` (`components/switch/index.html`), reached through `root`.
    func html(root: String, page path: String) -> String {
        guard let pieces = pieces[root] else { return "" }
        let current = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        var html = Self.startMarker
        for piece in pieces {
            html += piece.text
            if let link = piece.path, link == current { html += " aria-current=\"page\"" }
        }
        return html + Self.endMarker
    }

    /// The navigation as drawn for each root, with no link current (what the link check reads).
    var rendered: [(root: String, html: String)] {
        pieces.keys.sorted().map { root in (root, pieces[root]!.map(\.text).joined()) }
    }

    private static func context(_ catalog: Catalog, root: String) -> [String: Any] {
        func link(_ path: String) -> (href: String, current: String) {
            (root + path, "\(marker)\(path)\(marker)")
        }
        let groups: [[String: Any]] = groups(of: catalog).enumerated().map { index, group in
            let more = group.components.count - groupLimit
            return [
                "name": group.name ?? "All components",
                "has_name": group.name != nil,
                "id": "catalog-nav-group-\(index + 1)",
                "components": group.components.prefix(groupLimit).map { component -> [String: Any] in
                    let target = link(component.pagePath)
                    return ["name": component.name.value, "href": target.href, "current": target.current]
                },
                "has_more": more > 0,
                "more": ["count": max(more, 0), "total": group.components.count, "href": root + "components/#group-\(index + 1)"] as [String: Any],
            ]
        }
        let guides: [[String: Any]] = catalog.guides.map { guide in
            let target = link(guide.pagePath)
            return ["title": guide.title, "href": target.href, "current": target.current]
        }
        var context: [String: Any] = [
            "groups": groups,
            "has_components": !groups.isEmpty,
            "guides": guides,
            "has_guides": !guides.isEmpty,
        ]
        for (name, path) in [("components", "components/"), ("guides_index", "guides/"), ("readiness", "readiness/"), ("tokens", "tokens/")] {
            let target = link(path)
            context[name] = ["href": target.href, "current": target.current]
        }
        return context
    }
}

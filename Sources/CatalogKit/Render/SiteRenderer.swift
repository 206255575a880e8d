import CatalogMarkdown
import Foundation

/// Turns a checked catalog and a compiled theme into the site, in memory.
public enum SiteRenderer {
    public static let version = "0.1.0"

    /// With a `cache`, component pages whose inputs are unchanged are reused, not rendered.
    public static func render(_ catalog: Catalog, theme: Theme, cache: BuildCache? = nil) -> Site {
        var site = Site()
        for (path, bytes) in theme.assetFiles { site.add(path, bytes) }

        let tokensCSS = TokenStylesheet.css(for: catalog.tokens)
        let tokensPath = Theme.hashedName("assets/tokens.css", bytes: Array(tokensCSS.utf8))
        site.add(tokensPath, text: tokensCSS)

        let searchScript = SearchIndex(catalog: catalog).script()
        let searchPath = Theme.hashedName("assets/search-index.js", bytes: Array(searchScript.utf8))
        site.add(searchPath, text: searchScript)

        var assets: [String: String] = ["tokens_css": tokensPath, "search_index_js": searchPath]
        for (relative, output) in theme.assetPaths { assets[LayoutContext.key(for: relative)] = output }
        let layout = LayoutContext(
            settings: catalog.settings, theme: theme, assets: assets,
            generator: "catalog-build \(version)",
            navigation: [
                ("Overview", "", .home),
                ("Components", "components/", .components),
                ("Guides", "guides/", .guides),
                ("Tokens", "tokens/", .tokens),
                ("Readiness", "readiness/", .readiness),
            ]
        )

        let settings = catalog.settings
        let siteDescription = settings.description ?? "The \(settings.title.value) component catalog."

        // Home
        var home = layout.context(for: PageFrame(path: "index.html", title: settings.title.value, description: siteDescription, section: .home))
        home["components"] = catalog.components.map { componentCard($0, from: "", catalog: catalog, theme: theme) }
        home["has_components"] = !catalog.components.isEmpty
        home["guides"] = catalog.guides.map { guideCard($0, from: "") }
        home["has_guides"] = !catalog.guides.isEmpty
        home["component_count"] = catalog.components.count
        home["guide_count"] = catalog.guides.count
        site.add("index.html", text: theme.render("page-home", home))

        // Indexes
        var components = layout.context(for: PageFrame(path: "components/index.html", title: "Components", description: "Every component of \(settings.title.value).", section: .components))
        components["components"] = catalog.components.map { componentCard($0, from: "components/", catalog: catalog, theme: theme) }
        components["has_components"] = !catalog.components.isEmpty
        site.add("components/index.html", text: theme.render("page-components", components))

        var guides = layout.context(for: PageFrame(path: "guides/index.html", title: "Guides", description: "Guides of \(settings.title.value).", section: .guides))
        guides["guides"] = catalog.guides.map { guideCard($0, from: "guides/") }
        guides["has_guides"] = !catalog.guides.isEmpty
        site.add("guides/index.html", text: theme.render("page-guides", guides))

        // Component pages, in parallel; with a cache, only those whose inputs changed.
        let inputKeys = Dictionary(catalog.components.map { ($0.slug, $0.inputKey) }, uniquingKeysWith: { first, _ in first })
        let keys = catalog.components.map { component -> UInt64 in
            var key = StableHash.Combiner()
            for part in [component.inputKey, catalog.tokens.contentKey, theme.contentKey, catalog.settings.contentKey] { key.add(part) }
            for related in component.related { key.add(inputKeys[related.value] ?? 0) }
            return key.value
        }
        var pages: [[(String, [UInt8])]?] = zip(catalog.components, keys).map { component, key in
            guard let entry = cache?.pages[component.pagePath], entry.key == key else { return nil }
            return entry.value
        }
        let stale = pages.indices.filter { pages[$0] == nil }
        let rendered = CatalogLoader.parallelMap(stale) { index in
            renderComponent(catalog.components[index], catalog: catalog, theme: theme, layout: layout)
        }
        for (index, files) in zip(stale, rendered) {
            pages[index] = files
            cache?.pages[catalog.components[index].pagePath] = BuildCache.Entry(key: keys[index], value: files)
        }
        if let cache {
            let present = Set(catalog.components.map(\.pagePath))
            cache.pages = cache.pages.filter { present.contains($0.key) }
            cache.lastRun.pagesRendered = stale.count
            cache.lastRun.pagesReused = catalog.components.count - stale.count
        }
        for (component, (files, key)) in zip(catalog.components, zip(pages, keys)) {
            for (path, bytes) in files ?? [] { site.add(path, bytes) }
            site.pageKeys[component.pagePath + "index.html"] = key
        }

        // Guides
        for guide in catalog.guides {
            var frame = PageFrame(path: guide.pagePath + "index.html", title: guide.title, description: guide.summary ?? siteDescription, section: .guides)
            frame.scripts = []
            var context = layout.context(for: frame)
            context["guide"] = ["title": guide.title, "description": guide.description ?? "", "has_description": guide.description != nil] as [String: Any]
            context["prose"] = guide.prose.html
            let toc = guide.prose.headings.filter { $0.level <= 3 }.map { ["id": $0.id, "text": $0.text, "level": $0.level, "nested": $0.level > 2] as [String: Any] }
            context["toc"] = toc
            context["has_toc"] = toc.count > 1
            site.add(frame.path, text: theme.render("page-guide", context))
        }

        // Readiness dashboard, with its JSON and CSV.
        let dashboard = ReadinessDashboard(catalog: catalog)
        var readinessFrame = PageFrame(path: "readiness/index.html", title: "Readiness", description: "Readiness of every component of \(settings.title.value) against each criterion.", section: .readiness)
        readinessFrame.scripts = ["readiness_js"]
        var readiness = layout.context(for: readinessFrame)
        for (key, value) in dashboard.context(theme: theme) { readiness[key] = value }
        readiness["exports"] = [["label": "readiness.json", "href": "../readiness.json"], ["label": "readiness.csv", "href": "../readiness.csv"]]
        site.add("readiness/index.html", text: theme.render("page-readiness", readiness))
        site.add("readiness.json", text: dashboard.json())
        site.add("readiness.csv", text: dashboard.csv())

        // Tokens, with the files a team takes into code.
        let exports = TokenExports(catalog: catalog)
        let exportFiles = ["tokens.css": "tokens.css (custom properties)", "tokens.json": "tokens.json (resolved DTCG)", "Tokens.swift": "Tokens.swift (SwiftUI colours)", "Tokens.kt": "Tokens.kt (Compose colours)"]
        site.add("tokens.css", text: exports.css())
        site.add("tokens.json", text: exports.json())
        site.add("Tokens.swift", text: exports.swift())
        site.add("Tokens.kt", text: exports.kotlin())
        var tokens = layout.context(for: PageFrame(path: "tokens/index.html", title: "Design tokens", description: "Every design token of \(settings.title.value), its value, aliases and users.", section: .tokens))
        for (key, value) in exports.pageContext(theme: theme, files: exportFiles) { tokens[key] = value }
        site.add("tokens/index.html", text: theme.render("page-tokens", tokens))

        // Search results page (the header field searches from any page).
        site.add("search/index.html", text: theme.render("page-search", layout.context(for: PageFrame(path: "search/index.html", title: "Search", description: "Search \(settings.title.value).", section: .search))))

        // 404, reachable from any depth: its links start at the base URL.
        var notFound = PageFrame(path: "404.html", title: "Page not found", description: "This page does not exist.", section: .notFound)
        notFound.absoluteRoot = layout.basePath
        site.add("404.html", text: theme.render("page-404", layout.context(for: notFound)))

        for file in catalog.files { site.add(file.path, file.bytes) }
        site.add("sitemap.xml", text: DeployFiles.sitemap(pages: site.pagePaths, baseURL: settings.baseURL))
        site.add("robots.txt", text: DeployFiles.robots(baseURL: settings.baseURL))
        return site
    }

    private static func renderComponent(_ component: Component, catalog: Catalog, theme: Theme, layout: LayoutContext) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        var frame = PageFrame(path: component.pagePath + "index.html", title: component.name.value, description: component.summary.value, section: .components)
        if let kind = component.demo?.kind.value {
            frame.scripts = ["demos_\(LayoutContext.key(for: kind.rawValue))_js", "tabs_js"]
        } else if !component.code.isEmpty {
            frame.scripts = ["tabs_js"]
        }
        let roles = DemoRoles.stylesheet(for: component, tokens: catalog.tokens, surface: catalog.settings.surface)
        if !roles.isEmpty {
            let name = Theme.hashedName("roles.css", bytes: Array(roles.utf8))
            files.append((component.pagePath + name, Array(roles.utf8)))
            frame.stylesheets = [name]
        }
        var context = layout.context(for: frame)
        for (key, value) in ComponentPage(component: component, catalog: catalog, theme: theme).context() {
            context[key] = value
        }
        files.append((frame.path, Array(theme.render("page-component", context).utf8)))
        return files
    }

    static func componentCard(_ component: Component, from directory: String, catalog: Catalog, theme: Theme) -> [String: Any] {
        [
            "name": component.name.value,
            "summary": component.summary.value,
            "href": LinkResolver.relative(from: directory, to: component.pagePath),
            "status": StatusBadge.context(component.overallStatus(in: catalog.settings.rubric), theme: theme),
            "kind": component.demo?.kind.value.displayName ?? "",
        ]
    }

    static func guideCard(_ guide: Guide, from directory: String) -> [String: Any] {
        [
            "title": guide.title,
            "summary": guide.summary ?? "",
            "href": LinkResolver.relative(from: directory, to: guide.pagePath),
        ]
    }
}

/// The generated stylesheet that makes every token a CSS custom property, plus a swatch class
/// per colour token, so the site and the demos are painted with the catalog's own values.
public enum TokenStylesheet {
    public static func css(for tokens: TokenSet) -> String {
        var css = "/* Generated by catalog-build from tokens/*.tokens.json. */\n:root {\n"
        for token in tokens.tokens {
            guard let value = token.css else { continue }
            css += "  \(token.cssVariable): \(value);\n"
        }
        css += "}\n"
        for token in tokens.tokens where token.color != nil {
            css += ".\(token.swatchClass) { background-color: var(\(token.cssVariable)); }\n"
        }
        return css
    }
}

import CatalogMarkdown
import Foundation

/// Turns a checked catalog and a compiled theme into the site, in memory.
public enum SiteRenderer {
    public static let version = "0.1.0"

    /// With a `cache`, every page (and generated file) whose inputs are unchanged is reused,
    /// not rendered: each is keyed by a hash of exactly what it shows.
    public static func render(_ catalog: Catalog, theme: Theme, cache: BuildCache? = nil) -> Site {
        render(catalog, theme: theme, cache: cache, sink: nil)
    }

    /// With a `sink`, each file goes to it as soon as it is made; component pages go straight
    /// from the render workers, so they are never all in memory at once.
    static func render(_ catalog: Catalog, theme: Theme, cache: BuildCache?, sink: (any SiteSink)?) -> Site {
        var site = Site(sink: sink)
        for (path, bytes) in theme.assetFiles { site.add(path, bytes) }
        let settings = catalog.settings
        var reuse = Reuse(cache: cache)

        // The token files and catalog.yaml (whose `modes:` gives the media queries) make it.
        let tokensCSS = reuse.files("assets/tokens.css", key: PageKeys.combine([catalog.tokens.contentKey, catalog.settings.contentKey])) {
            let css = TokenStylesheet.css(for: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes)
            return [(Theme.hashedName("assets/tokens.css", bytes: Array(css.utf8)), Array(css.utf8))]
        }
        let tokensPath = tokensCSS.first?.0 ?? "assets/tokens.css"
        for (path, bytes) in tokensCSS { site.add(path, bytes) }

        var assets: [String: String] = ["tokens_css": tokensPath, "search_index_js": "search/index.js"]
        for (relative, output) in theme.assetPaths { assets[LayoutContext.key(for: relative)] = output }
        var layout = LayoutContext(
            settings: settings, theme: theme, assets: assets,
            generator: "catalog-build \(version)",
            navigation: [
                ("Overview", "", .home),
                ("Components", "components/", .components),
                ("Guides", "guides/", .guides),
                ("Tokens", "tokens/", .tokens),
                ("Readiness", "readiness/", .readiness),
            ],
            modes: catalog.modes
        )
        layout.catalogNavigation = CatalogNavigation(catalog: catalog, theme: theme, roots: ["", "../", "../../", layout.basePath])
        site.navigation = layout.catalogNavigation?.rendered ?? []
        // What every page shows: the settings, the theme, the token stylesheet's name, the navigation.
        let changesKey = catalog.changes.map { StableHash.value(Array(ChangeReport.json($0).utf8)) } ?? 0
        let layoutKey = PageKeys.combine([settings.contentKey, theme.contentKey, catalog.tokens.contentKey, PageKeys.navigation(catalog), changesKey])
        let siteDescription = settings.description ?? "The \(settings.title.value) component catalog."
        let cardsKey = PageKeys.combine([layoutKey, PageKeys.cards(catalog)])
        let guideCardsKey = PageKeys.combine([layoutKey, PageKeys.guideCards(catalog)])

        // Every page to make, as jobs that all run in parallel. The catalog-wide pages come
        // first: they are the longest (the dashboard of a large catalog has a row per
        // component), so they start while the component pages fill the other cores.
        var jobs: [RenderJob] = []
        func page(_ path: String, key: UInt64, _ render: @escaping () -> String) {
            jobs.append(RenderJob(name: path, key: key, page: path, work: .other { [(path, Array(render().utf8))] }))
        }

        // Readiness dashboard, with its JSON and CSV.
        jobs.append(RenderJob(name: "readiness/", key: PageKeys.combine([layoutKey, PageKeys.readiness(catalog)]), page: "readiness/index.html", work: .other {
            let dashboard = ReadinessDashboard(catalog: catalog)
            var frame = PageFrame(path: "readiness/index.html", title: "Readiness", description: "Readiness of every component of \(settings.title.value) against each criterion.", section: .readiness)
            frame.scripts = ["readiness_js"]
            var context = layout.context(for: frame)
            for (key, value) in dashboard.context(theme: theme) { context[key] = value }
            context["exports"] = [["label": "readiness.json", "href": "../readiness.json"], ["label": "readiness.csv", "href": "../readiness.csv"]]
            return [
                ("readiness/index.html", Array(theme.render("page-readiness", context).utf8)),
                ("readiness.json", Array(dashboard.json().utf8)),
                ("readiness.csv", Array(dashboard.csv().utf8)),
            ]
        }))

        // Tokens, with the files a team takes into code.
        jobs.append(RenderJob(name: "tokens/", key: PageKeys.combine([layoutKey, PageKeys.tokenUsage(catalog)]), page: "tokens/index.html", work: .other {
            let exports = TokenExports(catalog: catalog)
            var exportFiles = ["tokens.css": "tokens.css (custom properties)", "tokens.json": "tokens.json (resolved DTCG)", "Tokens.swift": "Tokens.swift (SwiftUI colours)", "Tokens.kt": "Tokens.kt (Compose colours)"]
            let modeExports = exports.modeJSONFiles()
            for file in modeExports { exportFiles[file.path] = "\(file.path) (resolved DTCG, \(file.label))" }
            var context = layout.context(for: PageFrame(path: "tokens/index.html", title: "Design tokens", description: "Every design token of \(settings.title.value), its value, aliases and users.", section: .tokens))
            for (key, value) in exports.pageContext(theme: theme, files: exportFiles) { context[key] = value }
            return [
                ("tokens/index.html", Array(theme.render("page-tokens", context).utf8)),
                ("tokens.css", Array(exports.css().utf8)),
                ("tokens.json", Array(exports.json().utf8)),
                ("Tokens.swift", Array(exports.swift().utf8)),
                ("Tokens.kt", Array(exports.kotlin().utf8)),
            ] + modeExports.map { ($0.path, Array($0.json.utf8)) }
        }))

        // Not content-hashed, and so not under assets/ (whose files are cacheable forever): pages
        // refer to it by a fixed name, so a changed heading or summary changes only this file,
        // not every page. It is served and deployed like a page, revalidated on every use.
        jobs.append(RenderJob(name: "search/index.js", key: PageKeys.search(catalog), page: nil, work: .other {
            [("search/index.js", Array(SearchIndex(catalog: catalog).script().utf8))]
        }))

        if let changes = catalog.changes, theme.hasTemplate("page-changes") {
            page("changes/index.html", key: layoutKey) {
                var context = layout.context(for: PageFrame(path: "changes/index.html", title: "What changed", description: "What changed in \(settings.title.value) since \(changes.base).", section: .home))
                for (key, value) in ChangesPage.context(changes, catalog: catalog) { context[key] = value }
                return theme.render("page-changes", context)
            }
        }
        page("index.html", key: PageKeys.combine([cardsKey, guideCardsKey])) {
            var home = layout.context(for: PageFrame(path: "index.html", title: settings.title.value, description: siteDescription, section: .home))
            if let changes = catalog.changes, theme.hasTemplate("page-changes") {
                home["has_changes"] = true
                home["changes"] = ["href": "changes/", "base": changes.base, "summary": ChangeReport.summary(changes)]
            }
            home["components"] = catalog.components.map { componentCard($0, from: "", catalog: catalog, theme: theme) }
            home["has_components"] = !catalog.components.isEmpty
            home["guides"] = catalog.guides.map { guideCard($0, from: "") }
            home["has_guides"] = !catalog.guides.isEmpty
            home["component_count"] = catalog.components.count
            home["guide_count"] = catalog.guides.count
            return theme.render("page-home", home)
        }
        page("components/index.html", key: cardsKey) {
            var components = layout.context(for: PageFrame(path: "components/index.html", title: "Components", description: "Every component of \(settings.title.value).", section: .components))
            components["components"] = catalog.components.map { componentCard($0, from: "components/", catalog: catalog, theme: theme) }
            components["groups"] = CatalogNavigation.groups(of: catalog).enumerated().map { index, group -> [String: Any] in
                [
                    "name": group.name ?? "All components",
                    "has_name": group.name != nil,
                    "id": "group-\(index + 1)",
                    "components": group.components.map { componentCard($0, from: "components/", catalog: catalog, theme: theme) },
                ]
            }
            components["has_components"] = !catalog.components.isEmpty
            return theme.render("page-components", components)
        }
        page("guides/index.html", key: guideCardsKey) {
            var guides = layout.context(for: PageFrame(path: "guides/index.html", title: "Guides", description: "Guides of \(settings.title.value).", section: .guides))
            guides["guides"] = catalog.guides.map { guideCard($0, from: "guides/") }
            guides["has_guides"] = !catalog.guides.isEmpty
            return theme.render("page-guides", guides)
        }
        page("search/index.html", key: layoutKey) {
            theme.render("page-search", layout.context(for: PageFrame(path: "search/index.html", title: "Search", description: "Search \(settings.title.value).", section: .search)))
        }
        // 404, reachable from any depth: its links start at the base URL.
        page("404.html", key: layoutKey) {
            var notFound = PageFrame(path: "404.html", title: "Page not found", description: "This page does not exist.", section: .notFound)
            notFound.absoluteRoot = layout.basePath
            return theme.render("page-404", layout.context(for: notFound))
        }
        for guide in catalog.guides {
            page(guide.pagePath + "index.html", key: PageKeys.combine([layoutKey, guide.inputKey])) {
                let frame = PageFrame(path: guide.pagePath + "index.html", title: guide.title, description: guide.summary ?? siteDescription, section: .guides)
                var context = layout.context(for: frame)
                context["guide"] = ["title": guide.title, "description": guide.description ?? "", "has_description": guide.description != nil] as [String: Any]
                context["prose"] = guide.prose.html
                context["extra"] = FreeValue.extraContext(guide.prose.extra)
                let toc = guide.prose.headings.filter { $0.level <= 3 }.map { ["id": $0.id, "text": $0.text, "level": $0.level, "nested": $0.level > 2] as [String: Any] }
                context["toc"] = toc
                context["has_toc"] = toc.count > 1
                return theme.render("page-guide", context)
            }
        }

        // Each component's role stylesheet, one file per distinct content under assets/ (pages
        // whose appearances bind the same tokens share it).
        let rolesCSS = CatalogLoader.parallelMap(Array(catalog.components.indices)) { index -> String in
            let component = catalog.components[index]
            return DemoRoles.stylesheet(for: component, kind: component.demo.flatMap { theme.kinds[$0.kind.value] }, tokens: catalog.tokens, surface: catalog.settings.surface)
        }
        var rolesPaths: [String?] = []
        var rolesFiles: [String: String] = [:]
        for css in rolesCSS {
            guard !css.isEmpty else { rolesPaths.append(nil); continue }
            if let path = rolesFiles[css] { rolesPaths.append(path); continue }
            let path = Theme.hashedName("assets/roles.css", bytes: Array(css.utf8))
            rolesFiles[css] = path
            site.add(path, Array(css.utf8))
            rolesPaths.append(path)
        }

        // Component pages. A component page shows its own files, and the name and summary of
        // related components.
        let firstComponentJob = jobs.count
        let cardKeys = Dictionary(zip(catalog.components.map(\.slug), PageKeys.facets(catalog, \.card)), uniquingKeysWith: { first, _ in first })
        for index in catalog.components.indices {
            let component = catalog.components[index]
            var key = StableHash.Combiner()
            key.add(layoutKey)
            key.add(component.inputKey)
            for related in component.related { key.add(cardKeys[related.value] ?? 0) }
            let path = component.pagePath + "index.html"
            jobs.append(RenderJob(name: path, key: key.value, page: path, work: .component(index)))
        }

        // Reused where the cache has the job's key; the rest rendered on all cores. With a sink,
        // each worker hands its files off at once and only their names and sizes come back.
        var made: [[(String, [UInt8])]?] = jobs.map { reuse.cached($0.name, key: $0.key) }
        let stale = made.indices.filter { made[$0] == nil }
        let rendered = CatalogLoader.parallelMap(stale) { index -> ([(String, [UInt8])], [(String, Int)]) in
            let files: [(String, [UInt8])]
            switch jobs[index].work {
            case .component(let component): files = renderComponent(catalog.components[component], roles: rolesPaths[component], catalog: catalog, theme: theme, layout: layout)
            case .other(let render): files = render()
            }
            guard let sink else { return (files, []) }
            for (path, bytes) in files { sink.accept(path, bytes) }
            return ([], files.map { ($0.0, $0.1.count) })
        }
        var handedOff: [Int: [(String, Int)]] = [:]
        for (index, (files, sizes)) in zip(stale, rendered) {
            made[index] = files
            if sink == nil { reuse.store(jobs[index].name, key: jobs[index].key, files) } else { handedOff[index] = sizes }
        }
        for (index, job) in jobs.enumerated() {
            for (path, bytes) in made[index] ?? [] { site.add(path, bytes) }
            for (path, count) in handedOff[index] ?? [] { site.recordHandedOff(path, count: count) }
            if let page = job.page { site.pageKeys[page] = job.key }
        }
        let staleComponents = stale.filter { $0 >= firstComponentJob }.count
        cache?.lastRun.pagesRendered = staleComponents
        cache?.lastRun.pagesReused = catalog.components.count - staleComponents

        for file in catalog.files { site.add(file.path, file.bytes) }
        let pagePaths = site.pagePaths
        var sitemapKey = StableHash.Combiner()
        sitemapKey.add(settings.baseURL)
        for path in pagePaths { sitemapKey.add(path) }
        let sitemap = reuse.files("sitemap.xml", key: sitemapKey.value) {
            [("sitemap.xml", Array(DeployFiles.sitemap(pages: pagePaths, baseURL: settings.baseURL).utf8))]
        }
        for (path, bytes) in sitemap { site.add(path, bytes) }
        site.add("robots.txt", text: DeployFiles.robots(baseURL: settings.baseURL))
        reuse.forgetOthers()
        return site
    }

    /// One page (or a page with the files exported beside it) to render, cached under `name`.
    private struct RenderJob {
        var name: String
        var key: UInt64
        /// The page whose render key is `key` (nil for a file that is not a page).
        var page: String?
        var work: Work

        enum Work {
            /// The page of `catalog.components[index]` (no closure per component: a rebuild of a
            /// large catalog makes a job for every component).
            case component(Int)
            case other(() -> [(String, [UInt8])])
        }
    }

    /// Looks rendered files up in the build cache by name and key, and remembers new ones.
    private struct Reuse {
        let cache: BuildCache?
        var used = Set<String>()

        mutating func cached(_ name: String, key: UInt64) -> [(String, [UInt8])]? {
            used.insert(name)
            guard let entry = cache?.pages[name], entry.key == key else { return nil }
            return entry.value
        }

        mutating func store(_ name: String, key: UInt64, _ files: [(String, [UInt8])]) {
            used.insert(name)
            cache?.pages[name] = BuildCache.Entry(key: key, value: files)
        }

        mutating func files(_ name: String, key: UInt64, _ render: () -> [(String, [UInt8])]) -> [(String, [UInt8])] {
            if let files = cached(name, key: key) { return files }
            let files = render()
            store(name, key: key, files)
            return files
        }

        /// Drops cached pages that no longer exist (a removed component or guide).
        func forgetOthers() {
            guard let cache else { return }
            cache.pages.keepOnly { used.contains($0) }
        }
    }

    private static func renderComponent(_ component: Component, roles: String?, catalog: Catalog, theme: Theme, layout: LayoutContext) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        var frame = PageFrame(path: component.pagePath + "index.html", title: component.name.value, description: component.summary.value, section: .components)
        let kind = component.demo.flatMap { theme.kinds[$0.kind.value] }
        // A kind's script and stylesheet load only on the pages that show it.
        if let kind {
            frame.scripts = ["demos/\(kind.id).js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:)) + ["tabs_js"]
            if let css = theme.assetPaths["demos/\(kind.id).css"] { frame.stylesheets.append(frame.root + css) }
        } else if !component.code.isEmpty {
            frame.scripts = ["tabs_js"]
        }
        if let roles { frame.stylesheets.append(frame.root + roles) }
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
            "kind": component.demo.flatMap { theme.kinds[$0.kind.value]?.name } ?? "",
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
    public static func css(for tokens: TokenSet, modes: TokenModes? = nil, presentation: [ModePresentation] = []) -> String {
        var css = "/* Generated by catalog-build from tokens/*.tokens.json. */\n:root {\n"
        css += properties(tokens.tokens, indent: "  ")
        css += "}\n"
        // Each other mode holds the tokens whose value differs: under the attribute the page's
        // switcher sets on <html>, and under its media query while the reader has not chosen.
        for modifier in modes?.modifiers ?? [] {
            let attribute = ModeAttribute.name(modifier.name)
            for context in modifier.contexts where !context.differing.isEmpty {
                css += ":root[\(attribute)=\"\(ModeAttribute.value(context.name))\"] {\n" + properties(context.differing, indent: "  ") + "}\n"
                if let media = presentation.context(context.name, of: modifier.name)?.media {
                    css += "@media \(media) {\n  :root:not([\(attribute)]) {\n" + properties(context.differing, indent: "    ") + "  }\n}\n"
                }
            }
        }
        for token in tokens.tokens where token.css != nil {
            if token.color != nil {
                css += ".\(token.swatchClass) { background-color: var(\(token.cssVariable)); }\n"
            } else if let preview = preview(token) {
                css += ".\(token.swatchClass) { \(preview) }\n"
            }
        }
        return css
    }

    /// Each token as a custom property, and a composite's fields beside it (lossless).
    static func properties(_ tokens: [Token], indent: String) -> String {
        var css = ""
        for token in tokens {
            guard let value = token.css else { continue }
            css += "\(indent)\(token.cssVariable): \(value);\n"
            for part in token.subValues { css += "\(indent)\(token.cssVariable(part.suffix)): \(part.css);\n" }
        }
        return css
    }

    /// How the tokens page previews a composite or a measure: a type specimen, a shadowed box,
    /// a bordered box, a gradient strip, a bar as wide as the dimension.
    static func preview(_ token: Token) -> String? {
        let variable = "var(\(token.cssVariable))"
        switch token.type {
        case "typography":
            var rules = "font: \(variable);"
            for part in token.subValues where ["letter-spacing", "text-transform", "text-decoration"].contains(part.suffix) {
                rules += " \(part.suffix): var(\(token.cssVariable(part.suffix)));"
            }
            return rules
        case "shadow": return "box-shadow: \(variable);"
        case "border": return "border: \(variable);"
        case "gradient": return "background-image: linear-gradient(to right, \(variable));"
        case "dimension": return "inline-size: min(\(variable), 100%);"
        case "fontFamily": return "font-family: \(variable);"
        case "fontWeight": return "font-weight: \(variable);"
        case "strokeStyle": return "border-block-end: 3px \(variable) currentColor;"
        default: return nil
        }
    }
}

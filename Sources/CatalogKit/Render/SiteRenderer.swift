import CatalogMarkdown
import Foundation

/// Turns a checked catalog and a compiled theme into the site, in memory.
public enum SiteRenderer {
    public static let version = "0.1.0"

    /// With a `cache`, every page (and generated file) whose inputs are unchanged is reused,
    /// not rendered: each is keyed by the values it is made from.
    public static func render(_ catalog: Catalog, theme: Theme, cache: BuildCache? = nil) -> Site {
        render(catalog, theme: theme, cache: cache, sink: nil)
    }

    /// With a `sink`, each file goes to it as soon as it is made; component pages go straight
    /// from the render workers, so they are never all in memory at once.
    static func render(_ catalog: Catalog, theme: Theme, cache: BuildCache?, sink: (any SiteSink)?) -> Site {
        var site = Site(sink: sink)
        var reuse = Reuse(cache: cache)
        for (path, bytes) in theme.assetFiles { site.add(path, bytes) }
        let tokensPath = addTokenStylesheet(catalog, to: &site, reuse: &reuse)
        let layout: LayoutContext
        do throws(Theme.RenderFailure) {
            layout = try makeLayout(catalog, theme: theme, tokensPath: tokensPath, cache: cache)
        } catch {
            site.problems.append(error.diagnostic(in: theme, page: "every page"))
            return site
        }
        site.navigation = layout.catalogNavigation?.rendered ?? []
        let layoutKey = self.layoutKey(catalog, theme: theme, layout: layout)

        let listings = componentListings(catalog, theme: theme, cache: cache)
        var jobs = catalogPageJobs(catalog, theme: theme, layout: layout, layoutKey: layoutKey, listings: listings)
        let roles = addRoleStylesheets(catalog, theme: theme, to: &site, reuse: &reuse)
        let firstComponentJob = jobs.count
        jobs += componentJobs(catalog, theme: theme, layoutKey: layoutKey, roles: roles)
        let rendered = run(jobs, catalog: catalog, theme: theme, layout: layout, reuse: &reuse, sink: sink, into: &site)
        let staleComponents = rendered.filter { $0 >= firstComponentJob }.count
        cache?.lastRun.pagesRendered = staleComponents
        cache?.lastRun.pagesReused = catalog.components.count - staleComponents

        for file in catalog.files { site.add(file.path, file.bytes) }
        addDeployFiles(catalog, to: &site, reuse: &reuse)
        reuse.forgetOthers()
        return site
    }

    // MARK: Steps

    /// `assets/tokens.<hash>.css`, made from the token files and catalog.yaml (whose `modes:`
    /// gives the media queries); returns its path.
    private static func addTokenStylesheet(_ catalog: Catalog, to site: inout Site, reuse: inout Reuse) -> String {
        let files = reuse.files("assets/tokens.css", key: [catalog.tokens.contentKey, catalog.settings.contentKey]) {
            let css = TokenStylesheet.css(for: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes)
            return [(Theme.hashedName("assets/tokens.css", bytes: Array(css.utf8)), Array(css.utf8))]
        }
        for (path, bytes) in files { site.add(path, bytes) }
        return files.first?.0 ?? "assets/tokens.css"
    }

    /// What every page's layout is made from, with the catalog navigation drawn for each depth
    /// (reused from the memo while what it lists, the theme and the roots are unchanged).
    private static func makeLayout(_ catalog: Catalog, theme: Theme, tokensPath: String, cache: BuildCache?) throws(Theme.RenderFailure) -> LayoutContext {
        var assets: [String: String] = ["tokens_css": tokensPath, "search_index_js": "search/index.js"]
        for (relative, output) in theme.assetPaths { assets[LayoutContext.key(for: relative)] = output }
        var layout = LayoutContext(
            settings: catalog.settings, theme: theme, assets: assets,
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
        let roots = ["", "../", "../../", layout.basePath]
        let key = NavigationKey(listing: CatalogNavigation.Listing(catalog), theme: theme.contentKey, roots: roots)
        if let entry = cache?.navigation, entry.key == AnyHashable(key) {
            layout.catalogNavigation = entry.value
        } else {
            let navigation = try CatalogNavigation(listing: key.listing, theme: theme, roots: roots)
            cache?.navigation = BuildCache.Memo(key: AnyHashable(key), value: navigation)
            layout.catalogNavigation = navigation
        }
        return layout
    }

    /// The key of what every page shows: the settings, the theme, the tokens (and so the token
    /// stylesheet's name and the modes), the navigation as drawn, and the changes analysis.
    private static func layoutKey(_ catalog: Catalog, theme: Theme, layout: LayoutContext) -> UInt64 {
        var key = StableHash.Combiner()
        key.add(catalog.settings.contentKey)
        key.add(theme.contentKey)
        key.add(catalog.tokens.contentKey)
        for (root, html) in layout.catalogNavigation?.rendered ?? [] {
            key.add(root)
            key.add(html)
        }
        key.add(catalog.changes.map { ChangeReport.json($0) } ?? "")
        return key.value
    }

    /// Each component's listing, reused from the memo while its key is unchanged.
    private static func componentListings(_ catalog: Catalog, theme: Theme, cache: BuildCache?) -> [ComponentListing] {
        guard let cache else { return catalog.components.map { ComponentListing($0, settings: catalog.settings, theme: theme) } }
        let (themeKey, settingsKey) = (theme.contentKey, catalog.settings.contentKey)
        var kept: [String: BuildCache.Entry<ComponentListing>] = [:]
        kept.reserveCapacity(catalog.components.count)
        let listings = catalog.components.map { component -> ComponentListing in
            let key = ComponentListing.key(of: component, theme: themeKey, settings: settingsKey)
            let listing = cache.listings[component.slug].flatMap { $0.key == key ? $0.value : nil }
                ?? ComponentListing(component, settings: catalog.settings, theme: theme)
            kept[component.slug] = BuildCache.Entry(key: key, value: listing)
            return listing
        }
        cache.listings = kept
        return listings
    }

    /// The catalog-wide pages and the files exported beside them.
    private static func catalogPageJobs(_ catalog: Catalog, theme: Theme, layout: LayoutContext, layoutKey: UInt64, listings: [ComponentListing]) -> [RenderJob] {
        let settings = catalog.settings
        let siteDescription = settings.description ?? "The \(settings.title.value) component catalog."
        // The catalog-wide pages come first: they are the longest (the dashboard of a large
        // catalog has a row per component), so they start while component pages fill the cores.
        var jobs: [RenderJob] = []
        func page(_ path: String, key: AnyHashable, _ render: @escaping () throws(Theme.RenderFailure) -> String) {
            jobs.append(RenderJob(name: path, key: PageKey(layout: layoutKey, inputs: key), page: path, work: .other { () throws(Theme.RenderFailure) in [(path, Array(try render().utf8))] }))
        }

        // Readiness dashboard, with its JSON and CSV. Its key is what it shows: the page's typed
        // context and the two exports, made on every run (cheap next to rendering the page).
        let dashboard = ReadinessDashboard(catalog: catalog)
        let dashboardFields = dashboard.fields(theme: theme, exports: [ExportLink(label: "readiness.json", href: "../readiness.json"), ExportLink(label: "readiness.csv", href: "../readiness.csv")])
        let dashboardFiles = [("readiness.json", dashboard.json()), ("readiness.csv", dashboard.csv())]
        jobs.append(RenderJob(name: "readiness/", key: PageKey(layout: layoutKey, inputs: DashboardKey(fields: dashboardFields, exports: dashboardFiles.map(\.1))), page: "readiness/index.html", work: .other { () throws(Theme.RenderFailure) in
            var frame = PageFrame(path: "readiness/index.html", title: "Readiness", description: "Readiness of every component of \(settings.title.value) against each criterion.", section: .readiness)
            frame.scripts = ["readiness_js"]
            return [("readiness/index.html", Array(try theme.render("page-readiness", PageContext(layout: layout.context(for: frame), fields: dashboardFields)).utf8))]
                + dashboardFiles.map { ($0.0, Array($0.1.utf8)) }
        }))

        // Tokens, with the files a team takes into code: made from the tokens (and their modes)
        // and from which components use each token, taken from the same `usage()` the page
        // reads, each user by everything it is made from.
        let exports = TokenExports(catalog: catalog)
        let usage = exports.usage().mapValues { $0.map(\.inputKey) }
        jobs.append(RenderJob(name: "tokens/", key: PageKey(layout: layoutKey, inputs: TokensKey(tokens: catalog.tokens.contentKey, usage: usage)), page: "tokens/index.html", work: .other { () throws(Theme.RenderFailure) in
            var exportFiles = ["tokens.css": "tokens.css (custom properties)", "tokens.json": "tokens.json (resolved DTCG)", "Tokens.swift": "Tokens.swift (SwiftUI colours)", "Tokens.kt": "Tokens.kt (Compose colours)"]
            let modeExports = exports.modeJSONFiles()
            for file in modeExports { exportFiles[file.path] = "\(file.path) (resolved DTCG, \(file.label))" }
            let frame = PageFrame(path: "tokens/index.html", title: "Design tokens", description: "Every design token of \(settings.title.value), its value, aliases and users.", section: .tokens)
            return [
                ("tokens/index.html", Array(try theme.render("page-tokens", PageContext(layout: layout.context(for: frame), fields: TokensPageFields(exports, files: exportFiles))).utf8)),
                ("tokens.css", Array(exports.css().utf8)),
                ("tokens.json", Array(exports.json().utf8)),
                ("Tokens.swift", Array(exports.swift().utf8)),
                ("Tokens.kt", Array(exports.kotlin().utf8)),
            ] + modeExports.map { ($0.path, Array($0.json.utf8)) }
        }))

        // Not content-hashed, and so not under assets/ (whose files are cacheable forever): pages
        // refer to it by a fixed name, so a changed heading or summary changes only this file,
        // not every page. It is served and deployed like a page, revalidated on every use. Its
        // key is the index itself.
        let searchIndex = SearchIndex(catalog: catalog)
        jobs.append(RenderJob(name: "search/index.js", key: PageKey(layout: 0, inputs: searchIndex), page: nil, work: .other {
            [("search/index.js", Array(searchIndex.script().utf8))]
        }))

        let showsChanges = catalog.changes != nil && theme.hasTemplate("page-changes")
        if let changes = catalog.changes, showsChanges {
            page("changes/index.html", key: 0) { () throws(Theme.RenderFailure) in
                let frame = PageFrame(path: "changes/index.html", title: "What changed", description: "What changed in \(settings.title.value) since \(changes.base).", section: .home)
                return try theme.render("page-changes", PageContext(layout: layout.context(for: frame), fields: ChangesPage.fields(changes, catalog: catalog)))
            }
        }
        let home = HomeFields(
            components: listings.map(\.homeCard),
            guides: catalog.guides.map { GuideCard($0, from: "") },
            changes: showsChanges ? catalog.changes.map { .init(href: "changes/", base: $0.base, summary: ChangeReport.summary($0)) } : nil
        )
        page("index.html", key: home) { () throws(Theme.RenderFailure) in
            let frame = PageFrame(path: "index.html", title: settings.title.value, description: siteDescription, section: .home)
            return try theme.render("page-home", PageContext(layout: layout.context(for: frame), fields: home))
        }
        let indexCards = listings.map(\.indexCard)
        let cardBySlug = Dictionary(zip(catalog.components.map(\.slug), indexCards), uniquingKeysWith: { first, _ in first })
        let index = ComponentsIndexFields(
            components: indexCards,
            groups: CatalogNavigation.groups(of: catalog).enumerated().map { number, group in
                .init(name: group.name, id: "group-\(number + 1)", components: group.components.compactMap { cardBySlug[$0.slug] })
            }
        )
        page("components/index.html", key: index) { () throws(Theme.RenderFailure) in
            let frame = PageFrame(path: "components/index.html", title: "Components", description: "Every component of \(settings.title.value).", section: .components)
            return try theme.render("page-components", PageContext(layout: layout.context(for: frame), fields: index))
        }
        let guides = GuidesIndexFields(guides: catalog.guides.map { GuideCard($0, from: "guides/") })
        page("guides/index.html", key: guides) { () throws(Theme.RenderFailure) in
            let frame = PageFrame(path: "guides/index.html", title: "Guides", description: "Guides of \(settings.title.value).", section: .guides)
            return try theme.render("page-guides", PageContext(layout: layout.context(for: frame), fields: guides))
        }
        page("search/index.html", key: 0) { () throws(Theme.RenderFailure) in
            let frame = PageFrame(path: "search/index.html", title: "Search", description: "Search \(settings.title.value).", section: .search)
            return try theme.render("page-search", PageContext(layout: layout.context(for: frame), fields: NoFields()))
        }
        // 404, reachable from any depth: its links start at the base URL.
        page("404.html", key: 0) { () throws(Theme.RenderFailure) in
            var frame = PageFrame(path: "404.html", title: "Page not found", description: "This page does not exist.", section: .notFound)
            frame.absoluteRoot = layout.basePath
            return try theme.render("page-404", PageContext(layout: layout.context(for: frame), fields: NoFields()))
        }
        for guide in catalog.guides {
            page(guide.pagePath + "index.html", key: guide.inputKey) { () throws(Theme.RenderFailure) in
                let frame = PageFrame(path: guide.pagePath + "index.html", title: guide.title, description: guide.summary ?? siteDescription, section: .guides)
                return try theme.render("page-guide", PageContext(layout: layout.context(for: frame), fields: GuideFields(guide)))
            }
        }
        return jobs
    }

    /// Each component's role stylesheet, one file per distinct content under assets/ (pages whose
    /// appearances bind the same tokens share it); returns each component's path, if it has one.
    private static func addRoleStylesheets(_ catalog: Catalog, theme: Theme, to site: inout Site, reuse: inout Reuse) -> [String?] {
        // A component's role stylesheet is made from its own files, the theme's kinds, the
        // tokens and the surface colour; a rebuild remakes only those whose inputs changed.
        let (themeKey, tokensKey, surface) = (theme.contentKey, catalog.tokens.contentKey, catalog.settings.surface)
        let keys = catalog.components.map { RolesKey(component: $0.inputKey, theme: themeKey, tokens: tokensKey, surface: surface) }
        // Each is remembered under its content-hashed path ("" for a component without one).
        var stylesheets: [(path: String, bytes: [UInt8])?] = catalog.components.indices.map { index in
            reuse.cached("roles:" + catalog.components[index].slug, key: keys[index])?.files.first
        }
        let stale = stylesheets.indices.filter { stylesheets[$0] == nil }
        let made = CatalogLoader.parallelMap(stale) { index -> (String, [UInt8]) in
            let component = catalog.components[index]
            let css = Array(DemoRoles.stylesheet(for: component, kind: component.demo.flatMap { theme.kinds[$0.kind.value] }, tokens: catalog.tokens, surface: catalog.settings.surface).utf8)
            return (css.isEmpty ? "" : Theme.hashedName("assets/roles.css", bytes: css), css)
        }
        for (index, stylesheet) in zip(stale, made) {
            stylesheets[index] = stylesheet
            reuse.store("roles:" + catalog.components[index].slug, key: keys[index], [stylesheet])
        }
        var added = Set<String>()
        return stylesheets.map { stylesheet in
            guard let (path, bytes) = stylesheet, !path.isEmpty else { return nil }
            if added.insert(path).inserted { site.add(path, bytes) }
            return path
        }
    }

    /// A job per component page, keyed by the page's inputs under the layout key.
    private static func componentJobs(_ catalog: Catalog, theme: Theme, layoutKey: UInt64, roles: [String?]) -> [RenderJob] {
        catalog.components.indices.map { index in
            let component = catalog.components[index]
            let inputs = ComponentPage.Inputs(
                component: component.inputKey,
                related: ComponentPage.related(of: component, in: catalog),
                hasChanges: ComponentPage.hasChanges(component, in: catalog, theme: theme),
                roles: roles[index]
            )
            let path = component.pagePath + "index.html"
            return RenderJob(name: path, key: PageKey(layout: layoutKey, inputs: inputs), page: path, work: .component(index, inputs))
        }
    }

    /// Reuses each job the memo has under an equal key and renders the rest on all cores. With a
    /// sink, each worker hands its files off at once and only their names and sizes come back.
    /// Returns the indexes of the jobs rendered.
    private static func run(_ jobs: [RenderJob], catalog: Catalog, theme: Theme, layout: LayoutContext, reuse: inout Reuse, sink: (any SiteSink)?, into site: inout Site) -> [Int] {
        let reused = jobs.map { reuse.cached($0.name, key: $0.key) }
        var made: [[(String, [UInt8])]?] = reused.map { $0?.files }
        let stale = made.indices.filter { made[$0] == nil }
        let rendered = CatalogLoader.parallelMap(stale) { index -> Result<([(String, [UInt8])], [(String, Int)]), Theme.RenderFailure> in
            let files: [(String, [UInt8])]
            do throws(Theme.RenderFailure) {
                switch jobs[index].work {
                case .component(let component, let inputs): files = try renderComponent(catalog.components[component], inputs: inputs, catalog: catalog, theme: theme, layout: layout)
                case .other(let render): files = try render()
                }
            } catch {
                return .failure(error)
            }
            guard let sink else { return .success((files, [])) }
            for (path, bytes) in files { sink.accept(path, bytes) }
            return .success(([], files.map { ($0.0, $0.1.count) }))
        }
        var handedOff: [Int: [(String, Int)]] = [:]
        for (index, result) in zip(stale, rendered) {
            switch result {
            case .success(let (files, sizes)):
                made[index] = files
                if sink == nil { reuse.store(jobs[index].name, key: jobs[index].key, files) } else { handedOff[index] = sizes }
            case .failure(let failure):
                site.problems.append(failure.diagnostic(in: theme, page: jobs[index].page ?? jobs[index].name))
            }
        }
        for (index, job) in jobs.enumerated() {
            for (path, bytes) in made[index] ?? [] { site.add(path, bytes) }
            for (path, count) in handedOff[index] ?? [] { site.recordHandedOff(path, count: count) }
            if let page = job.page { site.pageKeys[page] = UInt64(truncatingIfNeeded: reused[index]?.keyHash ?? job.key.hashValue) }
        }
        return stale
    }

    /// sitemap.xml (reused while the page list and base URL stay) and robots.txt.
    private static func addDeployFiles(_ catalog: Catalog, to site: inout Site, reuse: inout Reuse) {
        let pagePaths = site.pagePaths
        let baseURL = catalog.settings.baseURL
        let sitemap = reuse.files("sitemap.xml", key: [baseURL] + pagePaths) {
            [("sitemap.xml", Array(DeployFiles.sitemap(pages: pagePaths, baseURL: baseURL).utf8))]
        }
        for (path, bytes) in sitemap { site.add(path, bytes) }
        site.add("robots.txt", text: DeployFiles.robots(baseURL: baseURL))
    }

    // MARK: Jobs and the memo

    /// What a component's role stylesheet is made from.
    struct RolesKey: Hashable {
        var component: UInt64
        var theme: UInt64
        var tokens: UInt64
        var surface: RGBA
    }

    /// What the readiness dashboard shows: its typed context and its exports.
    struct DashboardKey: Hashable {
        var fields: ReadinessPageFields
        var exports: [String]
    }

    /// What the tokens page and the token exports are made from: the tokens (their files, and so
    /// their modes) and, per token, the components that use it.
    struct TokensKey: Hashable {
        var tokens: UInt64
        var usage: [String: [UInt64]]
    }

    /// What the catalog navigation is drawn from.
    struct NavigationKey: Hashable {
        var listing: CatalogNavigation.Listing
        var theme: UInt64
        var roots: [String]
    }

    /// A job's key: the layout's, and what the page itself is made from.
    struct PageKey: Hashable {
        var layout: UInt64
        var inputs: AnyHashable
    }

    /// One page (or a page with the files exported beside it) to render, cached under `name`.
    private struct RenderJob {
        var name: String
        var key: PageKey
        /// The page whose render key is `key` (nil for a file that is not a page).
        var page: String?
        var work: Work

        enum Work {
            /// The page of `catalog.components[index]` (no closure per component: a rebuild of a
            /// large catalog makes a job for every component).
            case component(Int, ComponentPage.Inputs)
            case other(() throws(Theme.RenderFailure) -> [(String, [UInt8])])
        }
    }

    /// Looks rendered files up in the build cache by name and key, and remembers new ones.
    private struct Reuse {
        let cache: BuildCache?
        var used = Set<String>()

        /// The files remembered under `name` for an equal key, and the key's hash.
        mutating func cached(_ name: String, key: some Hashable) -> (files: [(String, [UInt8])], keyHash: Int)? {
            used.insert(name)
            guard let entry = cache?.pages[name], entry.key == AnyHashable(key) else { return nil }
            return (entry.value, entry.keyHash)
        }

        mutating func store(_ name: String, key: some Hashable, _ files: [(String, [UInt8])]) {
            used.insert(name)
            cache?.pages[name] = BuildCache.Memo(key: AnyHashable(key), value: files)
        }

        mutating func files(_ name: String, key: some Hashable, _ render: () -> [(String, [UInt8])]) -> [(String, [UInt8])] {
            if let files = cached(name, key: key)?.files { return files }
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

    private static func renderComponent(_ component: Component, inputs: ComponentPage.Inputs, catalog: Catalog, theme: Theme, layout: LayoutContext) throws(Theme.RenderFailure) -> [(String, [UInt8])] {
        var frame = PageFrame(path: component.pagePath + "index.html", title: component.name.value, description: component.summary.value, section: .components)
        let kind = component.demo.flatMap { theme.kinds[$0.kind.value] }
        // A kind's script and stylesheet load only on the pages that show it.
        if let kind {
            frame.scripts = ["demos/\(kind.id).js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:)) + ["tabs_js"]
            if let css = theme.assetPaths["demos/\(kind.id).css"] { frame.stylesheets.append(frame.root + css) }
        } else if !component.code.isEmpty {
            frame.scripts = ["tabs_js"]
        }
        if let roles = inputs.roles { frame.stylesheets.append(frame.root + roles) }
        let page = ComponentPage(component: component, related: inputs.related, hasChanges: inputs.hasChanges, catalog: catalog, theme: theme)
        let html = try theme.render("page-component", PageContext(layout: layout.context(for: frame), fields: try page.fields()))
        return [(frame.path, Array(html.utf8))]
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

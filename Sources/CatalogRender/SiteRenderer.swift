import CatalogMarkdown
import Foundation
import CatalogCore
import CatalogModel
import CatalogCheck

/// Turns a checked catalog and a compiled theme into the site, in memory.
public enum SiteRenderer {
    public static let version = "0.1.0"

    /// Every page and generated file is a piece of work whose input is the values it is made
    /// from, so under `serve` an unchanged one is not rendered again.
    public static func render(_ catalog: Catalog, theme: Theme) -> Site {
        render(catalog, theme: theme, steps: Steps(memo: nil), sink: nil)
    }

    /// With a `sink`, each file goes to it as soon as it is made; component pages go straight
    /// from the render workers, so they are never all in memory at once.
    package static func render(_ catalog: Catalog, theme: Theme, steps: Steps, sink: (any SiteSink)?) -> Site {
        var site = Site(sink: sink)
        for (path, bytes) in theme.assetFiles { site.add(path, bytes) }
        let tokensPath = addTokenStylesheet(catalog, to: &site, steps: steps)
        let brandPath = addBrandStylesheet(catalog, to: &site)
        let layout: LayoutContext
        switch makeLayout(catalog, theme: theme, tokensPath: tokensPath, brandPath: brandPath, steps: steps) {
        case .success(let made): layout = made
        case .failure(let error):
            site.problems.append(error.diagnostic(in: theme, page: "every page"))
            return site
        }
        site.navigation = layout.catalogNavigation?.rendered ?? []
        let layoutKey = self.layoutKey(catalog, theme: theme, layout: layout)

        let listings = componentListings(catalog, theme: theme, steps: steps)
        // Each token's users, as the tokens page and its Markdown list them.
        let users = tokenUsers(catalog, steps: steps)
        let pages = catalogPageJobs(catalog, theme: theme, layout: layout, layoutKey: layoutKey, listings: listings, users: users, steps: steps)
        let roles = addRoleStylesheets(catalog, theme: theme, to: &site, steps: steps)
        let components = componentJobs(catalog, theme: theme, layout: layout, layoutKey: layoutKey, roles: roles)
        // The catalog-wide pages come first: they are the longest (the dashboard of a large
        // catalog has a row per component), so they start while component pages fill the cores.
        run("page", pages, theme: theme, sink: sink, steps: steps, into: &site)
        run("component page", components, theme: theme, sink: sink, steps: steps, into: &site)

        MachineReadable.add(catalog, theme: theme, users: users, to: &site, steps: steps)
        // A catalog's own file of the same name (a component's `component.json`) wins.
        for file in catalog.files { site.add(file.path, file.bytes) }
        addDeployFiles(catalog, to: &site, steps: steps)
        return site
    }

    // MARK: Steps

    /// `assets/tokens.<hash>.css`, made from the token files and catalog.yaml (whose `modes:`
    /// gives the media queries); returns its path.
    private static func addTokenStylesheet(_ catalog: Catalog, to site: inout Site, steps: Steps) -> String {
        let (path, bytes) = steps.one("token stylesheet", [catalog.tokens.contentKey, catalog.settings.contentKey]) { _ in
            let css = TokenStylesheet.css(for: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes)
            return (Theme.hashedName("assets/tokens.css", bytes: Array(css.utf8)), Array(css.utf8))
        }
        site.add(path, bytes)
        return path
    }

    /// `assets/brand.<hash>.css` from `brand:` (accent, fonts), or nil without one.
    private static func addBrandStylesheet(_ catalog: Catalog, to site: inout Site) -> String? {
        let css = BrandStylesheet.css(catalog)
        guard !css.isEmpty else { return nil }
        let path = Theme.hashedName("assets/brand.css", bytes: Array(css.utf8))
        site.add(path, Array(css.utf8))
        return path
    }

    /// What every page's layout is made from, with the catalog navigation drawn for each depth
    /// (reused from the memo while what it lists, the theme and the roots are unchanged).
    private static func makeLayout(_ catalog: Catalog, theme: Theme, tokensPath: String, brandPath: String?, steps: Steps) -> Result<LayoutContext, Theme.RenderFailure> {
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
        layout.brandStylesheet = brandPath
        let roots = ["", "../", "../../", "../../../", layout.basePath]
        let key = NavigationKey(listing: CatalogNavigation.Listing(catalog), theme: theme.contentKey, roots: roots)
        let navigation = steps.one("navigation", key) { key in
            Result { () throws(Theme.RenderFailure) in try CatalogNavigation(listing: key.listing, theme: theme, roots: key.roots) }
        }
        return navigation.map { navigation in
            layout.catalogNavigation = navigation
            return layout
        }
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
        key.add(UInt64(bitPattern: Int64(catalog.changes.hashValue)))
        return key.value
    }

    /// Each component's listing: made from the component, the settings and the theme.
    private static func componentListings(_ catalog: Catalog, theme: Theme, steps: Steps) -> [ComponentListing] {
        steps.perComponent("listing", catalog.components, also: [theme.contentKey, catalog.settings.contentKey]) { component in
            ComponentListing(component, settings: catalog.settings, theme: theme)
        }
    }

    /// The catalog-wide pages and the files exported beside them.
    /// Token name → links to the components that use it (`TokenUsage`), each component's tokens
    /// made once per component.
    private static func tokenUsers(_ catalog: Catalog, steps: Steps) -> [String: [NamedLink]] {
        let used = steps.perComponent("token use", catalog.components, also: [catalog.tokens.contentKey]) { component in
            TokenExports.tokensUsed(by: component, in: catalog)
        }
        return TokenRows.users(of: catalog.components, using: used)
    }

    private static func catalogPageJobs(_ catalog: Catalog, theme: Theme, layout: LayoutContext, layoutKey: UInt64, listings: [ComponentListing], users: [String: [NamedLink]], steps: Steps) -> [RenderJob] {
        let settings = catalog.settings
        let siteDescription = settings.description ?? "The \(settings.title.value) component catalog."
        var jobs: [RenderJob] = []
        func page(_ path: String, key: some Hashable & Sendable, _ render: @escaping @Sendable () throws(Theme.RenderFailure) -> String) {
            jobs.append(RenderJob(name: path, key: PageKey(layout: layoutKey, inputs: key), page: path) { () throws(Theme.RenderFailure) in [(path, Array(try render().utf8))] })
        }

        // Readiness dashboard, with its JSON and CSV, all made from one matrix: what the page
        // shows of each component (a row per component, made again only when it changed) and
        // the rubric. The matrix is the key.
        let rubric = settings.rubric
        let dashboard = ReadinessDashboard(rubric: rubric, rows: steps.perComponent("readiness row", catalog.components, also: [settings.contentKey, catalog.code?.contentKey ?? 0]) { component in
            ReadinessDashboard.Row(component, rubric: rubric, code: CodeReport.make(component, catalog: catalog))
        }, hasCode: catalog.code != nil, countsUsage: !(settings.code?.usage.isEmpty ?? true))
        jobs.append(RenderJob(name: "readiness/", key: PageKey(layout: layoutKey, inputs: dashboard), page: "readiness/index.html") { () throws(Theme.RenderFailure) in
            var frame = PageFrame(path: "readiness/index.html", title: "Readiness", description: "Readiness of every component of \(settings.title.value) against each criterion.", section: .readiness)
            frame.scripts = ["readiness_js"]
            let fields = dashboard.fields(theme: theme, exports: [ExportLink(label: "readiness.json", href: "../readiness.json"), ExportLink(label: "readiness.csv", href: "../readiness.csv")])
            return [
                ("readiness/index.html", Array(try theme.render("page-readiness", PageContext(layout: layout.context(for: frame), fields: fields)).utf8)),
                ("readiness.json", Array(dashboard.json().utf8)),
                ("readiness.csv", Array(dashboard.csv().utf8)),
            ]
        })

        // Tokens, with the files a team takes into code: made from the tokens (their files, and
        // so their modes) and the users the page lists, as it lists them.
        let exports = TokenExports(catalog: catalog)
        jobs.append(RenderJob(name: "tokens/", key: PageKey(layout: layoutKey, inputs: TokensKey(tokens: catalog.tokens.contentKey, users: users)), page: "tokens/index.html") { () throws(Theme.RenderFailure) in
            var exportFiles = ["tokens.css": "tokens.css (custom properties)", "tokens.json": "tokens.json (resolved DTCG)", "Tokens.swift": "Tokens.swift (SwiftUI colours)", "Tokens.kt": "Tokens.kt (Compose colours)"]
            let modeExports = exports.modeJSONFiles()
            for file in modeExports { exportFiles[file.path] = "\(file.path) (resolved DTCG, \(file.label))" }
            let frame = PageFrame(path: "tokens/index.html", title: "Design tokens", description: "Every design token of \(settings.title.value), its value, aliases and users.", section: .tokens)
            return [
                ("tokens/index.html", Array(try theme.render("page-tokens", PageContext(layout: layout.context(for: frame), fields: TokensPageFields(exports, users: users, files: exportFiles))).utf8)),
                ("tokens.css", Array(exports.css().utf8)),
                ("tokens.json", Array(exports.json().utf8)),
                ("Tokens.swift", Array(exports.swift().utf8)),
                ("Tokens.kt", Array(exports.kotlin().utf8)),
            ] + modeExports.map { ($0.path, Array($0.json.utf8)) }
        })

        // Not content-hashed, and so not under assets/ (whose files are cacheable forever): pages
        // refer to it by a fixed name, so a changed heading or summary changes only this file,
        // not every page. It is served and deployed like a page, revalidated on every use. Its
        // key is the index itself, made of an entry per component (made again only when it
        // changed), per guide and per token.
        let componentEntries = steps.perComponent("search entry", catalog.components, SearchIndex.entries).flatMap { $0 }
        let tokenEntries = steps.one("token search entries", catalog.tokens.contentKey) { _ in SearchIndex.entries(catalog.tokens) }
        let guideEntries = catalog.guides.flatMap { SearchIndex.entries($0, section: $0.section.flatMap(catalog.guideSection)) }
        let searchIndex = SearchIndex(entries: SearchIndex.pages(settings) + componentEntries + guideEntries + tokenEntries)
        jobs.append(RenderJob(name: "search/index.js", key: PageKey(layout: 0, inputs: searchIndex), page: nil) { () throws(Theme.RenderFailure) in
            [("search/index.js", Array(searchIndex.script().utf8))]
        })

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
            changes: showsChanges ? catalog.changes.map { .init(href: "changes/", base: $0.base, summary: $0.summary) } : nil
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
        let guides = GuidesIndexFields(catalog)
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
            let section = guide.section.flatMap { catalog.guideSection($0) }
            var key = StableHash.Combiner()
            key.add(guide.inputKey)
            key.add(section?.title ?? "")
            page(guide.pagePath + "index.html", key: key.value) { () throws(Theme.RenderFailure) in
                var frame = PageFrame(path: guide.pagePath + "index.html", title: guide.title, description: guide.summary ?? siteDescription, section: .guides)
                if guide.prose.html.contains("<pre") { frame.scripts = codeScripts }
                return try theme.render("page-guide", PageContext(layout: layout.context(for: frame), fields: GuideFields(guide, section: section)))
            }
        }
        for section in catalog.guideSections where theme.hasTemplate("page-guide-section") {
            let fields = SectionFields(section, catalog: catalog, from: section.pagePath)
            page(section.pagePath + "index.html", key: fields) { () throws(Theme.RenderFailure) in
                let frame = PageFrame(path: section.pagePath + "index.html", title: section.title, description: section.description ?? "\(section.title): guides of \(settings.title.value).", section: .guides)
                return try theme.render("page-guide-section", PageContext(layout: layout.context(for: frame), fields: fields))
            }
        }
        return jobs
    }

    /// Each component's role stylesheet, one file per distinct content under assets/ (pages whose
    /// appearances bind the same tokens share it); returns each component's path, if it has one.
    private static func addRoleStylesheets(_ catalog: Catalog, theme: Theme, to site: inout Site, steps: Steps) -> [String?] {
        // A component's role stylesheet is made from its own files, the theme's kinds, the
        // tokens and the surface colour; each under its content-hashed path ("" for none).
        let (themeKey, tokensKey, surface) = (theme.contentKey, catalog.tokens.contentKey, catalog.settings.surface)
        // The media queries of the modes and the surface token decide the per-mode selectors.
        let presentation = catalog.settings.modes.flatMap { modifier in modifier.contexts.map { "\(modifier.modifier.value)/\($0.name)/\($0.media ?? "")" } } + [catalog.settings.surfaceToken?.value ?? ""]
        let stylesheets = steps.run("roles", catalog.components.indices.map { index in
            let component = catalog.components[index]
            return Work(id: component.slug, input: RolesKey(component: component.inputKey, theme: themeKey, tokens: tokensKey, surface: surface, presentation: presentation)) { _ -> (String, [UInt8]) in
                let component = catalog.components[index]
                let css = Array(DemoRoles.stylesheet(for: component, kind: component.demo.flatMap { theme.kinds[$0.kind.value] }, tokens: catalog.tokens, modes: catalog.modes, settings: catalog.settings).utf8)
                return (css.isEmpty ? "" : Theme.hashedName("assets/roles.css", bytes: css), css)
            }
        })
        var added = Set<String>()
        return stylesheets.map { stylesheet in
            let (path, bytes) = stylesheet
            guard !path.isEmpty else { return nil }
            if added.insert(path).inserted { site.add(path, bytes) }
            return path
        }
    }

    /// A job per component page, keyed by the page's inputs under the layout key.
    private static func componentJobs(_ catalog: Catalog, theme: Theme, layout: LayoutContext, layoutKey: UInt64, roles: [String?]) -> [RenderJob] {
        catalog.components.indices.map { index in
            let component = catalog.components[index]
            let inputs = ComponentPage.Inputs(
                component: component.inputKey,
                related: ComponentPage.related(of: component, in: catalog),
                hasChanges: ComponentPage.hasChanges(component, in: catalog, theme: theme),
                roles: roles[index],
                lifecycle: LifecycleBadge(component, catalog: catalog, from: component.pagePath),
                code: CodeReport.make(component, catalog: catalog)
            )
            let path = component.pagePath + "index.html"
            return RenderJob(name: path, key: PageKey(layout: layoutKey, inputs: inputs), page: path) { () throws(Theme.RenderFailure) in
                try renderComponent(catalog.components[index], inputs: inputs, catalog: catalog, theme: theme, layout: layout)
            }
        }
    }

    /// What rendering a job gave: its files (kept), or with a sink the names and sizes of the
    /// files handed to it.
    private struct Rendered: Sendable {
        package var files: [(String, [UInt8])] = []
        package var handedOff: [(String, Int)] = []
        /// The job's key's hash: the page's render key (worked out once, when it is rendered).
        package var keyHash = 0
    }

    /// Renders the jobs of one step on all cores (under `serve`, the ones whose key changed).
    /// With a sink, each worker hands its files off at once and only their names and sizes come
    /// back.
    private static func run(_ step: String, _ jobs: [RenderJob], theme: Theme, sink: (any SiteSink)?, steps: Steps, into site: inout Site) {
        let results = steps.run(step, jobs.map { job in
            Work(id: job.name, input: job.key) { key -> Result<Rendered, Theme.RenderFailure> in
                let files: [(String, [UInt8])]
                do throws(Theme.RenderFailure) {
                    files = try job.render()
                } catch {
                    return .failure(error)
                }
                guard let sink else { return .success(Rendered(files: files, keyHash: key.hashValue)) }
                for (path, bytes) in files { sink.accept(path, bytes) }
                return .success(Rendered(handedOff: files.map { ($0.0, $0.1.count) }, keyHash: key.hashValue))
            }
        })
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let rendered):
                for (path, bytes) in rendered.files { site.add(path, bytes) }
                for (path, count) in rendered.handedOff { site.recordHandedOff(path, count: count) }
                if let page = job.page { site.pageKeys[page] = UInt64(truncatingIfNeeded: rendered.keyHash) }
            case .failure(let failure):
                site.problems.append(failure.diagnostic(in: theme, page: job.page ?? job.name))
            }
        }
    }

    /// sitemap.xml (reused while the page list and base URL stay) and robots.txt. The sitemap
    /// protocol takes absolute URLs only, so a site whose base URL is a path gets no sitemap
    /// (catalog.yaml's `baseURL` written as a path is a `site.no-sitemap` warning).
    private static func addDeployFiles(_ catalog: Catalog, to site: inout Site, steps: Steps) {
        let baseURL = catalog.settings.baseURL
        if CatalogSettings.isAbsolute(baseURL) {
            let sitemap = steps.one("sitemap", [baseURL] + site.pagePaths) { input in
                Array(DeployFiles.sitemap(pages: Array(input.dropFirst()), baseURL: input[0]).utf8)
            }
            site.add("sitemap.xml", sitemap)
        }
        site.add("robots.txt", text: DeployFiles.robots(baseURL: baseURL))
    }

    // MARK: Jobs and the memo

    /// What a component's role stylesheet is made from.
    package struct RolesKey: Hashable {
        package var component: UInt64
        package var theme: UInt64
        package var tokens: UInt64
        package var surface: RGBA
        package var presentation: [String]
    }

    /// What the tokens page and the token exports are made from: the tokens (their files, and so
    /// their modes) and, per token, the links to its users the page shows.
    package struct TokensKey: Hashable {
        package var tokens: UInt64
        package var users: [String: [NamedLink]]
    }

    /// What the catalog navigation is drawn from.
    package struct NavigationKey: Hashable {
        package var listing: CatalogNavigation.Listing
        package var theme: UInt64
        package var roots: [String]
    }

    /// A job's key: the layout's, and what the page itself is made from.
    package struct PageKey: Hashable, Sendable {
        package var layout: UInt64
        package var inputs: any Hashable & Sendable

        package static func == (left: PageKey, right: PageKey) -> Bool {
            left.layout == right.layout && AnyHashable(left.inputs) == AnyHashable(right.inputs)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(layout)
            hasher.combine(AnyHashable(inputs))
        }
    }

    /// One page (or a page with the files exported beside it) to render, named `name`.
    private struct RenderJob: Sendable {
        package var name: String
        package var key: PageKey
        /// The page whose render key is `key` (nil for a file that is not a page).
        package var page: String?
        package var render: @Sendable () throws(Theme.RenderFailure) -> [(String, [UInt8])]
    }

    /// Highlighting and copy buttons, on the pages that show code.
    package static let codeScripts = ["vendor_highlight_min_js", "code_js"]

    private static func renderComponent(_ component: Component, inputs: ComponentPage.Inputs, catalog: Catalog, theme: Theme, layout: LayoutContext) throws(Theme.RenderFailure) -> [(String, [UInt8])] {
        var frame = PageFrame(path: component.pagePath + "index.html", title: component.name.value, description: component.summary.value, section: .components)
        let kind = component.demo.flatMap { theme.kinds[$0.kind.value] }
        // A kind's script and stylesheet load only on the pages that show it.
        if let kind {
            // demo-runtime.js first: the kind's script enhances its demos through it.
            frame.scripts = ["demo-runtime.js", "demos/\(kind.id).js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:)) + ["tabs_js"]
            // The Controls playground renders the kind's templates with mustache.js.
            frame.scripts += ["vendor/mustache.min.js", "playground.js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:))
            if let css = theme.assetPaths["demos/\(kind.id).css"] { frame.stylesheets.append(frame.root + css) }
        } else if !component.code.isEmpty {
            frame.scripts = ["tabs_js"]
        }
        if let roles = inputs.roles { frame.stylesheets.append(frame.root + roles) }
        frame.scripts += codeScripts
        var page = ComponentPage(component: component, related: inputs.related, hasChanges: inputs.hasChanges, catalog: catalog, theme: theme)
        page.lifecycle = inputs.lifecycle
        page.code = inputs.code
        let fields = try page.fields()
        let html = try theme.render("page-component", PageContext(layout: layout.context(for: frame), fields: fields))
        var files = [(frame.path, Array(html.utf8))]
        if let kind, fields.present.contains("playground") {
            let appearances = component.appearances.enumerated().map { (name: $1.name.value, className: DemoRoles.appearanceClass($0)) }
            let json = PlaygroundData.json(for: component, kind: kind, theme: theme, appearanceClasses: appearances)
            files.append((component.pagePath + PlaygroundData.fileName, Array(json.utf8)))
        }
        return files
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
    package static func properties(_ tokens: [Token], indent: String) -> String {
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
    package static func preview(_ token: Token) -> String? {
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

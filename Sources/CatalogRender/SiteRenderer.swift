import CatalogMarkdown
import Foundation
import CatalogCore
import CatalogModel
import CatalogLoad
import CatalogAnalysis

/// Turns a checked catalog and a compiled theme into the site, in memory.
///
/// Every page and generated file is made by a `Step` whose input holds everything it reads
/// (the layout, the component, the tokens…), so under `serve` an unchanged one is not made again
/// and no key is written by hand: a step cannot read what its input does not hold.
public enum SiteRenderer {
    public static let version = "0.1.0"

    public static func render(_ catalog: Catalog, theme: Theme) -> Site {
        render(catalog, theme: theme, steps: Steps(memo: nil), sink: nil)
    }

    /// With a `sink`, each file goes to it as soon as it is made; component pages go straight
    /// from the render workers, so they are never all in memory at once.
    package static func render(_ catalog: Catalog, theme: Theme, steps: Steps, sink: (any SiteSink)?) -> Site {
        var site = Site(sink: sink)
        for (path, bytes) in theme.assetFiles { site.add(path, bytes) }
        // The token stylesheet is written while the catalog navigation is drawn.
        let tokenInput = TokenStylesheetStep.Input(tokens: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes)
        let (navigation, (tokensPath, tokensCSS)) = Parallel.both({
            steps.run(NavigationStep.self, .init(listing: CatalogNavigation.Listing(catalog), theme: theme, roots: Self.navigationRoots(catalog)))
        }, {
            steps.run(TokenStylesheetStep.self, tokenInput)
        })
        site.add(tokensPath, tokensCSS)
        let brandPath = addBrandStylesheet(catalog.shared, to: &site)
        let layout: LayoutContext
        switch makeLayout(catalog, theme: theme, tokensPath: tokensPath, brandPath: brandPath, navigation: navigation) {
        case .success(let made): layout = made
        case .failure(let error):
            site.problems.append(error.diagnostic(in: theme, page: "every page"))
            return site
        }
        site.navigation = layout.catalogNavigation?.rendered ?? []

        // The settings are a copy of a large value each time `catalog.settings` is read: read once
        // for the thousand inputs that hold them.
        let settings = catalog.settings
        let listings = steps.run(ListingStep.self, catalog.components.map { (id: $0.slug, input: .init(component: $0, settings: settings, theme: theme)) })
        // Each token's users, as the tokens page and its Markdown list them.
        let used = steps.run(TokenUseStep.self, catalog.components.map { (id: $0.slug, input: .init(component: $0, tokens: catalog.tokens, modes: catalog.modes)) })
        let users = steps.run(TokenUsersStep.self, catalog.components.indices.map { index in
            TokenUsersStep.Use(name: catalog.components[index].name.value, pagePath: catalog.components[index].pagePath, tokens: used[index])
        })
        // What the code and the screenshots say of each component, worked out once for every
        // page and file that shows it.
        let analyses = catalog.components.map { ComponentAnalysis($0, in: catalog, theme: theme.loaded) }
        let pages = catalogPages(catalog, theme: theme, listings: listings, users: users, analyses: analyses, steps: steps, site: &site)
        let roles = addRoleStylesheets(catalog, theme: theme, to: &site, steps: steps)
        // The catalog-wide pages come first: they are the longest (the dashboard of a large
        // catalog has a row per component), so they start while component pages fill the cores.
        let sharedLayout = Hashed(layout)
        render(CatalogPageStep.self, pages.map { (id: $0.path, input: CatalogPageStep.Input(layout: sharedLayout, page: $0)) }, theme: theme, sink: sink, steps: steps, into: &site)
        let components = catalog.components.indices.map { index in
            let component = catalog.components[index]
            return (id: component.slug, input: ComponentPageStep.Input(
                layout: sharedLayout, component: component, tokens: catalog.tokens, modes: catalog.modes,
                related: ComponentPage.related(of: component, in: catalog),
                hasChanges: ComponentPage.hasChanges(component, in: catalog, theme: theme),
                roles: roles[index],
                lifecycle: LifecycleBadge(component, catalog: catalog, from: component.pagePath),
                code: analyses[index].code,
                history: ComponentHistory(component, in: catalog),
                screenshots: ScreenshotGrid(component, in: catalog, analysis: analyses[index]),
                figma: FigmaSection(component, in: catalog, analysis: analyses[index]),
                conformance: ConformanceSection(component, in: catalog, analysis: analyses[index])
            ))
        }
        render(ComponentPageStep.self, components, theme: theme, sink: sink, steps: steps, into: &site)
        // The saved Figma renders, each under its content hash.
        for (_, input) in components {
            if let render = input.figma?.render { site.add(render.path, render.bytes, by: .named("the Figma render of \(input.component.name.value)")) }
        }

        // The platform screenshots, each under its content hash.
        for (slug, rows) in catalog.screenshots.shots.sorted(by: { $0.key < $1.key }) {
            for shot in rows.values.joined() { site.add(ScreenshotGrid.path(of: shot, component: slug), shot.bytes, by: .named("the \(shot.platform) screenshot \(shot.path)")) }
        }
        // The team's own examples: its built files once, under web/, and a page per example.
        for (path, bytes) in catalog.webFiles.files.sorted(by: { $0.key < $1.key }) { site.add(WebExamplePages.folder(catalog.webFiles) + path, bytes, by: .named("the web file \(path)")) }
        if theme.hasTemplate("example-frame") {
            for (index, component) in catalog.components.enumerated() {
                for example in component.webExamples {
                    let fields = WebExamplePages.page(example, component: component, catalog: catalog, layout: layout, roles: roles[index])
                    do {
                        site.add(example.pagePath(component: component.pagePath) + "index.html", text: try theme.render("example-frame", fields))
                    } catch {
                        site.problems.append(error.diagnostic(in: theme, page: example.pagePath(component: component.pagePath) + "index.html"))
                    }
                }
            }
        }
        MachineReadable.add(catalog, theme: theme, users: users, analyses: analyses, sections: components.map { ($0.input.figma, $0.input.conformance) }, to: &site, steps: steps)
        // A catalog's own file is published where it is; one at a path the tool makes (a
        // component's `component.json`, an example's page, a hashed asset) is an error.
        for file in catalog.files { site.add(file.path, file.bytes, by: .catalogFile(SourceLocation(file: catalog.settings.shownFolder + file.path))) }
        if let history = catalog.history, catalog.version?.isCurrent ?? true {
            ReleasePages.addFeeds(history, catalog: catalog, to: &site)
        }
        // Search engines see the current version: an earlier release's copy has no sitemap or
        // robots.txt of its own (its pages name their current twins as canonical).
        guard catalog.version?.isCurrent ?? true else { return site }
        if CatalogSettings.isAbsolute(catalog.settings.baseURL) {
            site.add("sitemap.xml", steps.run(SitemapStep.self, .init(baseURL: catalog.settings.baseURL, pages: site.pagePaths)))
        }
        site.add("robots.txt", text: DeployFiles.robots(baseURL: catalog.settings.baseURL))
        return site
    }

    // MARK: Steps

    /// `assets/tokens.<hash>.css`: every token as a custom property, each mode under its selector
    /// (and its media query, from catalog.yaml's `modes:`).
    package enum TokenStylesheetStep: Step {
        package struct Input: Hashable, Sendable {
            var tokens: TokenSet
            var modes: TokenModes?
            var presentation: [ModePresentation]
        }

        package static func run(_ input: Input) -> (String, [UInt8]) {
            let css = Array(TokenStylesheet.css(for: input.tokens, modes: input.modes, presentation: input.presentation).utf8)
            return (Theme.hashedName("assets/tokens.css", bytes: css), css)
        }
    }

    /// The catalog navigation, drawn once for each root pages reach the site from.
    package enum NavigationStep: Step {
        package struct Input: Hashable, Sendable {
            var listing: CatalogNavigation.Listing
            var theme: Theme
            var roots: [String]
        }

        package static func run(_ input: Input) -> Result<CatalogNavigation, Theme.RenderFailure> {
            Result { () throws(Theme.RenderFailure) in try CatalogNavigation(listing: input.listing, theme: input.theme, roots: input.roots) }
        }
    }

    /// A component's cards on the home page and the components index.
    package enum ListingStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            var settings: CatalogSettings
            var theme: Theme
        }

        package static func run(_ input: Input) -> ComponentListing {
            ComponentListing(input.component, settings: input.settings, theme: input.theme)
        }
    }

    /// The tokens a component's appearances reach, in every mode.
    package enum TokenUseStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            var tokens: TokenSet
            var modes: TokenModes?
        }

        package static func run(_ input: Input) -> [String] {
            TokenUsage.used(by: input.component, tokens: input.tokens, modes: input.modes)
        }
    }

    /// Each token's users, as the tokens page and its Markdown list them: made again only when a
    /// component's name, page or tokens changed, so the two pages that read it compare the same
    /// table, not two equal ones.
    package enum TokenUsersStep: Step {
        package struct Use: Hashable, Sendable {
            var name: String
            var pagePath: String
            /// The tokens its appearances reach (`TokenUseStep`).
            var tokens: [String]
        }

        package static func run(_ uses: [Use]) -> [String: [NamedLink]] {
            TokenRows.users(uses.map { ($0.name, $0.pagePath, $0.tokens) })
        }
    }

    /// What the readiness dashboard shows of one component.
    package enum ReadinessRowStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            var rubric: ReadinessRubric
            var code: CodeReport?
            /// C5 as the platform screenshots measure it, C2 and C3 as Figma does.
            var measured: [MeasuredReadiness]
        }

        package static func run(_ input: Input) -> ReadinessDashboard.Row {
            ReadinessDashboard.Row(input.component, rubric: input.rubric, code: input.code, measured: input.measured)
        }
    }

    /// The entries a component gives the search index.
    package enum SearchEntriesStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            /// `pages.component-tabs` and the sections the component shows: where each lands.
            var tabs: [ComponentTabSpec]
            var present: Set<ComponentSection>
        }

        package static func run(_ input: Input) -> SearchIndex.Chunk {
            SearchIndex.Chunk(SearchIndex.entries(input.component, tabs: ComponentTabs(input.component, specs: input.tabs, present: input.present)))
        }
    }

    /// The entries the tokens give the search index.
    package enum TokenSearchEntriesStep: Step {
        package static func run(_ tokens: TokenSet) -> SearchIndex.Chunk { SearchIndex.Chunk(SearchIndex.entries(tokens)) }
    }

    /// The entries a guide gives the search index.
    package enum GuideSearchEntriesStep: Step {
        package struct Input: Hashable, Sendable {
            var guide: Guide
            var section: GuideSection?
        }

        package static func run(_ input: Input) -> SearchIndex.Chunk { SearchIndex.Chunk(SearchIndex.entries(input.guide, section: input.section)) }
    }

    /// sitemap.xml: every page, under the site's absolute base URL.
    package enum SitemapStep: Step {
        package struct Input: Hashable, Sendable {
            var baseURL: String
            var pages: [String]
        }

        package static func run(_ input: Input) -> [UInt8] {
            Array(DeployFiles.sitemap(pages: input.pages, baseURL: input.baseURL).utf8)
        }
    }

    /// A component's role stylesheet: its appearances' tokens bound to its kind's roles, per mode.
    package enum RolesStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            var theme: LoadedTheme
            var tokens: TokenSet
            var modes: TokenModes?
            var settings: CatalogSettings
        }

        /// Its path under assets/ (by content hash; "" for none) and its bytes.
        package static func run(_ input: Input) -> (String, [UInt8]) {
            let kind = input.component.demo.flatMap { input.theme.kinds[$0.kind.value] }
            let css = Array(DemoRoles.stylesheet(for: input.component, kind: kind, tokens: input.tokens, modes: input.modes, settings: input.settings).utf8)
            return (css.isEmpty ? "" : Theme.hashedName("assets/roles.css", bytes: css), css)
        }
    }

    // MARK: The pieces of a run

    /// `assets/brand.<hash>.css` from `brand:` (accent, fonts) and the surface, or nil without one.
    private static func addBrandStylesheet(_ catalog: Catalog.Shared, to site: inout Site) -> String? {
        let css = BrandStylesheet.css(catalog)
        guard !css.isEmpty else { return nil }
        let path = Theme.hashedName("assets/brand.css", bytes: Array(css.utf8))
        site.add(path, Array(css.utf8))
        return path
    }

    /// What every page's layout is made from, with the catalog navigation (drawn for each depth
    /// while the token stylesheet was written).
    private static func makeLayout(_ catalog: Catalog, theme: Theme, tokensPath: String, brandPath: String?,
                                   navigation: Result<CatalogNavigation, Theme.RenderFailure>) -> Result<LayoutContext, Theme.RenderFailure> {
        var assets: [String: String] = ["tokens_css": tokensPath, "search_index_js": "search/index.js"]
        for (relative, output) in theme.assetPaths { assets[LayoutContext.key(for: relative)] = output }
        var layout = LayoutContext(
            settings: catalog.settings, theme: theme, assets: assets,
            generator: "catalog-build \(version)",
            navigation: [
                .init(label: "Overview", path: "", section: .home),
                .init(label: "Components", path: "components/", section: .components),
                .init(label: "Guides", path: "guides/", section: .guides),
                .init(label: "Tokens", path: "tokens/", section: .tokens),
                .init(label: "Readiness", path: "readiness/", section: .readiness),
            ] + (catalog.settings.conformance != nil && theme.hasTemplate("page-conformance") ? [.init(label: "Conformance", path: "conformance/", section: .conformance)] : []) + (catalog.history != nil && (catalog.version?.isCurrent ?? true) && theme.hasTemplate("page-releases") ? [.init(label: "Releases", path: "releases/", section: .releases)] : []),
            modes: catalog.modes
        )
        layout.brandStylesheet = brandPath
        layout.version = catalog.version
        return navigation.map { navigation in
            layout.catalogNavigation = navigation
            return layout
        }
    }

    /// Where a page's links to the site's root start: from the root, one to three folders
    /// down, and the base path (for the 404 page, which is served at any depth).
    private static func navigationRoots(_ catalog: Catalog) -> [String] {
        ["", "../", "../../", "../../../", catalog.settings.basePath]
    }

    /// The catalog-wide pages, each with what it is made from.
    private static func catalogPages(_ catalog: Catalog, theme: Theme, listings: [ComponentListing], users: [String: [NamedLink]], analyses: [ComponentAnalysis], steps: Steps, site: inout Site) -> [CatalogPage] {
        let settings = catalog.settings
        var pages: [CatalogPage] = []
        // Readiness dashboard, with its JSON and CSV, all made from one matrix: what the page
        // shows of each component (a row per component, made again only when it changed) and
        // the rubric.
        let rows = steps.run(ReadinessRowStep.self, zip(catalog.components, analyses).map { component, analysis in
            (id: component.slug, input: .init(component: component, rubric: settings.rubric, code: analysis.code, measured: analysis.measured))
        })
        pages.append(.readiness(ReadinessDashboard(rubric: settings.rubric, rows: rows, isMeasured: catalog.code != nil || settings.screenshots != nil || settings.figma?.files != nil, countsUsage: !(settings.code?.usage.isEmpty ?? true))))
        // The conformance report and its OpenACR file, from every component's conformance.
        if theme.hasTemplate("page-conformance"), let report = CatalogConformance.make(zip(catalog.components, analyses).map { ($0, $1.conformance) }, settings: settings.conformance) {
            pages.append(.conformance(ConformancePage(report: report, catalog: catalog)))
        }
        // Tokens, with the files a team takes into code.
        pages.append(.tokens(TokenExports(tokens: catalog.tokens, modes: catalog.modes, presentation: settings.modes, names: settings.exports), users: users))
        // Not content-hashed, and so not under assets/ (whose files are cacheable forever): pages
        // refer to it by a fixed name, so a changed heading or summary changes only this file,
        // not every page. It is served and deployed like a page, revalidated on every use.
        let tabs = settings.componentTabs, readsCode = catalog.code != nil
        let componentEntries = steps.run(SearchEntriesStep.self, catalog.components.map { component in
            (id: component.slug, input: .init(component: component, tabs: tabs, present: ComponentTabs.presentSections(
                of: component, settings: settings, readsCode: readsCode, history: catalog.history, exists: { catalog.component($0) != nil })))
        })
        let tokenEntries = steps.run(TokenSearchEntriesStep.self, catalog.tokens)
        let guideEntries = steps.run(GuideSearchEntriesStep.self, catalog.guides.map { (id: $0.slug, input: .init(guide: $0, section: $0.section.flatMap(catalog.guideSection))) })
        pages.append(.searchIndex(SearchIndex(chunks: [SearchIndex.Chunk(SearchIndex.pages(settings))] + componentEntries + guideEntries + [tokenEntries])))

        let showsChanges = catalog.changes != nil && theme.hasTemplate("page-changes")
        if let changes = catalog.changes, showsChanges {
            pages.append(.changes(ChangesPage.fields(changes, catalog: catalog), base: changes.base))
        }
        pages.append(.home(HomeFields(
            components: listings.map(\.homeCard),
            guides: catalog.guides.map { GuideCard($0, from: "") },
            changes: showsChanges ? catalog.changes.map { .init(href: "changes/", base: $0.base, summary: $0.summary) } : nil
        )))
        let indexCards = listings.map(\.indexCard)
        let cardBySlug = Dictionary(zip(catalog.components.map(\.slug), indexCards), uniquingKeysWith: { first, _ in first })
        pages.append(.componentsIndex(ComponentsIndexFields(
            components: indexCards,
            groups: CatalogNavigation.groups(of: catalog).enumerated().map { number, group in
                .init(name: group.name, id: "group-\(number + 1)", components: group.components.compactMap { cardBySlug[$0.slug] })
            }
        )))
        pages.append(.guidesIndex(GuidesIndexFields(catalog)))
        if let history = catalog.history, catalog.version?.isCurrent ?? true {
            pages += ReleasePages.pages(history, catalog: catalog, theme: theme)
        }
        pages.append(.search)
        pages.append(.notFound)
        for guide in catalog.guides {
            pages.append(.guide(guide, section: guide.section.flatMap { catalog.guideSection($0) }, demos: GuideDemos.make(guide, catalog: catalog, theme: theme, into: &site)))
        }
        for section in catalog.guideSections where theme.hasTemplate("page-guide-section") {
            pages.append(.section(SectionFields(section, catalog: catalog, from: section.pagePath), title: section.title, description: section.description, path: section.pagePath))
        }
        return pages
    }

    /// Each component's role stylesheet, one file per distinct content under assets/ (pages whose
    /// appearances bind the same tokens share it); returns each component's path, if it has one.
    private static func addRoleStylesheets(_ catalog: Catalog, theme: Theme, to site: inout Site, steps: Steps) -> [String?] {
        let settings = catalog.settings
        let stylesheets = steps.run(RolesStep.self, catalog.components.map { component in
            (id: component.slug, input: .init(component: component, theme: theme.loaded, tokens: catalog.tokens, modes: catalog.modes, settings: settings))
        })
        var added = Set<String>()
        return stylesheets.map { stylesheet in
            let (path, bytes) = stylesheet
            guard !path.isEmpty else { return nil }
            if added.insert(path).inserted { site.add(path, bytes) }
            return path
        }
    }

    /// Renders the pages of one step on all cores (under `serve`, the ones whose input changed).
    /// With a sink, each worker hands its files off at once and only their names and sizes come
    /// back.
    private static func render<S: Step>(_ step: S.Type, _ pieces: [(id: String, input: S.Input)], theme: Theme, sink: (any SiteSink)?, steps: Steps, into site: inout Site)
        where S.Output == RenderedPage {
        var deliver: (@Sendable (RenderedPage) -> RenderedPage)?
        if let sink {
            deliver = { rendered in rendered.handed(to: sink) }
        }
        for rendered in steps.run(step, pieces, deliver: deliver) {
            switch rendered.result {
            case .success(let made):
                for (path, bytes) in made.files { site.add(path, bytes) }
                for (path, count) in made.handedOff { site.recordHandedOff(path, count: count) }
            case .failure(let failure):
                site.problems.append(failure.diagnostic(in: theme, page: rendered.page))
            }
        }
    }

    /// Highlighting and copy buttons, on the pages that show code.
    package static let codeScripts = ["vendor_highlight_min_js", "code_js"]
}

/// What rendering a page gave: its files (kept), or with a sink the names and sizes of the files
/// handed to it; or the template it needed and the theme did not have.
package struct RenderedPage: Sendable {
    package struct Files: Sendable {
        var files: [(String, [UInt8])] = []
        var handedOff: [(String, Int)] = []
    }

    /// The page (or file) it is, for a problem's message.
    var page: String
    var result: Result<Files, Theme.RenderFailure>

    init(page: String, result: Result<Files, Theme.RenderFailure>) {
        self.page = page
        self.result = result
    }

    /// The same, its files given to `sink`: only their names and sizes are kept.
    func handed(to sink: any SiteSink) -> RenderedPage {
        guard case .success(let made) = result else { return self }
        for (path, bytes) in made.files { sink.accept(path, bytes) }
        let sizes: [(String, Int)] = made.files.map { file in (file.0, file.1.count) }
        return RenderedPage(page: page, result: .success(Files(handedOff: sizes)))
    }

    init(page: String, _ render: () throws(Theme.RenderFailure) -> [(String, [UInt8])]) {
        self.page = page
        do throws(Theme.RenderFailure) {
            result = .success(Files(files: try render()))
        } catch {
            result = .failure(error)
        }
    }
}

import CatalogCore
import CatalogModel

/// A catalog-wide page (or generated file), with everything it is drawn from besides the layout.
package enum CatalogPage: Hashable, Sendable {
    /// The readiness dashboard, with readiness.json and readiness.csv: all made from one matrix.
    case readiness(ReadinessDashboard)
    /// The conformance report, with `conformance/openacr.yaml` (`conformance:`).
    case conformance(ConformancePage)
    /// The tokens page, with the token files a team takes into code.
    case tokens(TokenExports, users: [String: [NamedLink]])
    /// search/index.js: the search index, loaded by the search field on first use.
    case searchIndex(SearchIndex)
    /// What changed since a revision (`build --changes-since`).
    case changes(ChangesPageFields, base: String)
    case home(HomeFields)
    case componentsIndex(ComponentsIndexFields)
    case guidesIndex(GuidesIndexFields)
    case search
    case notFound
    case guide(Guide, section: GuideSection?, demos: GuideDemos? = nil)
    case section(SectionFields, title: String, description: String?, path: String)
    /// Every release (`versions:`), and one release's notes.
    case releases(ReleasesIndexFields)
    case release(ReleaseNotesFields, path: String)

    /// The page's path in the site (or the file's, for one that is not a page).
    package var path: String {
        switch self {
        case .readiness: "readiness/index.html"
        case .conformance: "conformance/index.html"
        case .tokens: "tokens/index.html"
        case .searchIndex: "search/index.js"
        case .changes: "changes/index.html"
        case .home: "index.html"
        case .componentsIndex: "components/index.html"
        case .guidesIndex: "guides/index.html"
        case .search: "search/index.html"
        case .notFound: "404.html"
        case .guide(let guide, _, _): guide.pagePath + "index.html"
        case .section(_, _, _, let path): path + "index.html"
        case .releases: "releases/index.html"
        case .release(_, let path): path + "index.html"
        }
    }
}

/// Renders a catalog-wide page through the theme's template for it.
package enum CatalogPageStep: Step {
    package struct Input: Hashable, Sendable {
        var layout: Hashed<LayoutContext>
        var page: CatalogPage
    }

    package static func run(_ input: Input) -> RenderedPage {
        RenderedPage(page: input.page.path) { () throws(Theme.RenderFailure) in try files(input.page, layout: input.layout.value) }
    }

    private static func files(_ page: CatalogPage, layout: LayoutContext) throws(Theme.RenderFailure) -> [(String, [UInt8])] {
        let theme = layout.theme
        let settings = layout.settings
        let siteTitle = settings.title.value
        let siteDescription = settings.description ?? "The \(siteTitle) component catalog."
        func render(_ template: String, _ frame: PageFrame, _ fields: some TemplateContext) throws(Theme.RenderFailure) -> [(String, [UInt8])] {
            [(frame.path, Array(try theme.render(template, PageContext(layout: layout.context(for: frame), fields: fields)).utf8))]
        }
        let path = page.path
        switch page {
        case .readiness(let dashboard):
            var frame = PageFrame(path: path, title: "Readiness", description: "Readiness of every component of \(siteTitle) against each criterion.", section: .readiness)
            frame.scripts = ["readiness_js"]
            let fields = dashboard.fields(theme: theme, exports: [ExportLink(label: "readiness.json", href: "../readiness.json"), ExportLink(label: "readiness.csv", href: "../readiness.csv")])
            return try render("page-readiness", frame, fields) + [
                ("readiness.json", Array(dashboard.json().utf8)),
                ("readiness.csv", Array(dashboard.csv().utf8)),
            ]
        case .conformance(let page):
            var frame = PageFrame(path: path, title: "Accessibility conformance", description: "How \(siteTitle) conforms to \(page.report.settings.standard == "wcag-2.2" ? "WCAG 2.2" : page.report.settings.standard) level \(page.report.settings.level.rawValue), criterion by criterion, and the evidence.", section: .conformance)
            frame.scripts = ["readiness_js"]
            return try render("page-conformance", frame, page.fields(theme: theme)) + [("conformance/openacr.yaml", Array(page.openACR.utf8))]
        case .tokens(let exports, let users):
            var exportFiles = ["tokens.css": "tokens.css (custom properties)", "tokens.json": "tokens.json (resolved DTCG)", "Tokens.swift": "Tokens.swift (SwiftUI, every token)", "Tokens.kt": "Tokens.kt (Compose, every token)"]
            let modeExports = exports.modeJSONFiles()
            for file in modeExports { exportFiles[file.path] = "\(file.path) (resolved DTCG, \(file.label))" }
            let frame = PageFrame(path: path, title: "Design tokens", description: "Every design token of \(siteTitle), its value, aliases and users.", section: .tokens)
            return try render("page-tokens", frame, TokensPageFields(exports, users: users, files: exportFiles)) + [
                ("tokens.css", Array(exports.css().utf8)),
                ("tokens.json", Array(exports.json().utf8)),
                ("Tokens.swift", Array(exports.swift().utf8)),
                ("Tokens.kt", Array(exports.kotlin().utf8)),
            ] + modeExports.map { ($0.path, Array($0.json.utf8)) }
        case .searchIndex(let index):
            return [(path, index.script())]
        case .changes(let fields, let base):
            let frame = PageFrame(path: path, title: "What changed", description: "What changed in \(siteTitle) since \(base).", section: .home)
            return try render("page-changes", frame, fields)
        case .home(let fields):
            return try render("page-home", PageFrame(path: path, title: siteTitle, description: siteDescription, section: .home), fields)
        case .componentsIndex(let fields):
            return try render("page-components", PageFrame(path: path, title: "Components", description: "Every component of \(siteTitle).", section: .components), fields)
        case .guidesIndex(let fields):
            return try render("page-guides", PageFrame(path: path, title: "Guides", description: "Guides of \(siteTitle).", section: .guides), fields)
        case .search:
            return try render("page-search", PageFrame(path: path, title: "Search", description: "Search \(siteTitle).", section: .search), NoFields())
        case .notFound:
            // Reachable from any depth: its links start at the base URL.
            var frame = PageFrame(path: path, title: "Page not found", description: "This page does not exist.", section: .notFound)
            frame.absoluteRoot = layout.basePath
            return try render("page-404", frame, NoFields())
        case .guide(let guide, let section, let demos):
            var frame = PageFrame(path: path, title: guide.title, description: guide.summary ?? siteDescription, section: .guides)
            var fields = GuideFields(guide, section: section)
            if let demos {
                // The kinds' scripts and stylesheets load only on a guide that shows them.
                let kinds = demos.kinds(in: theme)
                if !kinds.isEmpty { frame.scripts = ["demo-runtime.js"].filter { theme.assetPaths[$0] != nil }.map(LayoutContext.key(for:)) }
                for kind in kinds {
                    if theme.assetPaths["demos/\(kind.id).js"] != nil { frame.scripts.append(LayoutContext.key(for: "demos/\(kind.id).js")) }
                    if let css = theme.assetPaths["demos/\(kind.id).css"] { frame.stylesheets.append(layout.href(css, root: frame.root)) }
                }
                if let stylesheet = demos.stylesheet { frame.stylesheets.append(layout.href(stylesheet, root: frame.root)) }
                if demos.showsWebExamples, theme.assetPaths["examples.js"] != nil { frame.scripts.append("examples_js") }
                fields.prose = try demos.html(guide.prose, guide: guide, theme: theme, settings: settings)
            }
            if fields.prose.contains("<pre") { frame.scripts += SiteRenderer.codeScripts }
            return try render("page-guide", frame, fields)
        case .section(let fields, let title, let description, _):
            let frame = PageFrame(path: path, title: title, description: description ?? "\(title): guides of \(siteTitle).", section: .guides)
            return try render("page-guide-section", frame, fields)
        case .releases(let fields):
            let frame = PageFrame(path: path, title: "Releases", description: "Every release of \(siteTitle) and what it changed.", section: .releases)
            return try render("page-releases", frame, fields)
        case .release(let fields, _):
            let title = fields.unreleased ? "Unreleased changes" : "Release \(fields.version)"
            let frame = PageFrame(path: path, title: title, description: "What \(fields.unreleased ? "the unreleased changes do" : fields.version + " changed") in \(siteTitle): every component and token change, breaking first.", section: .releases)
            return try render("page-release", frame, fields)
        }
    }
}

import CatalogCore
import CatalogSyntax
import CatalogModel
import CatalogAnalysis
/// The files a build writes for tools and agents beside the site: a `component.json` per
/// component, `components.json` listing them (with `components.schema.json`), every page as `index.md`,
/// `llms.txt` and `llms-full.txt`. Each component's data and Markdown are made once per
/// component and reused by a rebuild while the component, the tokens, the settings, the theme
/// and the names of the components are unchanged.
package enum MachineReadable {
    /// `llms-full.txt` stops adding pages past this size (the pages it leaves out are still
    /// linked from `llms.txt`).
    package static let fullTextLimit = 4 << 20

    /// A component's `component.json` and `index.md`, as text (the JSON tree behind them is
    /// dropped once written: for a large catalog it is far bigger than the text).
    package struct ComponentFiles: Sendable {
        package var json: [UInt8]
        package var markdown: [UInt8]
        /// Each tab's `index.md` beyond the first (a component split into tabs).
        package var tabs: [(path: String, markdown: [UInt8])] = []
        /// Where its files go: the component's page folder.
        package var folder = ""
        /// The size of `component.json` when a build's worker gave the files to the sink as soon
        /// as they were made (its bytes are then dropped; the Markdown is kept for
        /// `llms-full.txt`).
        package var handedOff: Int?

        /// The same, its files given to `sink`.
        func handed(to sink: any SiteSink) -> ComponentFiles {
            sink.accept(folder + ComponentData.dataFileName, json)
            sink.accept(folder + "index.md", markdown)
            for tab in tabs { sink.accept(tab.path, tab.markdown) }
            var kept = self
            kept.json = []
            kept.handedOff = json.count
            return kept
        }
    }

    /// One component's `component.json` and `index.md`.
    package enum ComponentFilesStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            /// What the code says of it (`ComponentAnalysis`).
            var code: CodeReport?
            /// What the saved Figma file says of it (`ComponentAnalysis`).
            var figma: FigmaSection? = nil
            /// Each WCAG criterion's result and evidence (`conformance:`).
            var conformance: ConformanceSection? = nil
            /// Shared by every component: compared by a hash of itself, once.
            var context: Hashed<ComponentContext>
            var theme: Theme
        }

        package static func run(_ input: Input) -> ComponentFiles {
            let data = ComponentData.value(input.component, catalog: input.context.value, theme: input.theme, code: input.code, figma: input.figma, conformance: input.conformance)
            var files = ComponentFiles(json: JSONText.compactUTF8(data), markdown: Array(PageMarkdown.component(input.component, data: data, catalog: input.context.value, codeReport: input.code).utf8),
                                       folder: input.component.pagePath)
            for tab in input.context.value.tabs(of: input.component)?.tabs ?? [] where !tab.isFirst {
                files.tabs.append((tab.pagePath + "index.md", Array(PageMarkdown.tab(tab, of: input.component, examples: input.component.demo?.examples ?? []).utf8)))
            }
            return files
        }
    }

    /// What the catalog-wide files say of one component: its `components.json` entry and its
    /// lines in the catalog-wide Markdown.
    package struct Listed: Hashable, Sendable {
        package var entry: JSONText.Value
        package var markdown: PageMarkdown.ListedComponent
    }

    /// One component's `Listed`: a prose edit leaves it as it was.
    package enum ListedStep: Step {
        package struct Input: Hashable, Sendable {
            var component: Component
            var rubric: ReadinessRubric
        }

        package static func run(_ input: Input) -> Listed {
            Listed(entry: ComponentData.entry(input.component, rubric: input.rubric), markdown: .init(input.component, rubric: input.rubric))
        }
    }

    /// `components.json`: the catalog's title and modes, and each component's entry.
    package enum ComponentsJSONStep: Step {
        package struct Input: Hashable, Sendable {
            var catalog: Catalog.Shared
            var entries: [JSONText.Value]
        }

        package static func run(_ input: Input) -> [UInt8] { JSONText.compactUTF8(ComponentData.catalogValue(input.catalog, components: input.entries)) }
    }

    /// A guide's `index.md`.
    package enum GuideMarkdownStep: Step {
        package static func run(_ guide: Guide) -> [UInt8] { Array(PageMarkdown.guide(guide).utf8) }
    }

    /// The components page's `index.md`: a prose edit leaves it as it was.
    package enum ComponentsMarkdownStep: Step {
        package struct Input: Hashable, Sendable {
            var groups: [PageMarkdown.ListedGroup]
            var listed: [PageMarkdown.ListedComponent]
        }

        package static func run(_ input: Input) -> [UInt8] { Array(PageMarkdown.components(groups: input.groups, listed: input.listed).utf8) }
    }

    /// The readiness dashboard's `index.md`: a prose edit leaves it as it was.
    package enum ReadinessMarkdownStep: Step {
        package struct Input: Hashable, Sendable {
            var rubric: ReadinessRubric
            var listed: [PageMarkdown.ListedComponent]
        }

        package static func run(_ input: Input) -> [UInt8] { Array(PageMarkdown.readiness(rubric: input.rubric, listed: input.listed).utf8) }
    }

    /// The tokens page's `index.md`.
    package enum TokensMarkdownStep: Step {
        package struct Input: Hashable, Sendable {
            var exports: TokenExports
            var users: [String: [NamedLink]]
        }

        package static func run(_ input: Input) -> [UInt8] { Array(PageMarkdown.tokens(input.exports, users: input.users).utf8) }
    }

    /// `users`: each token's users, as the tokens page lists them.
    /// `sections`: each component's Figma and conformance sections, as its page shows them.
    package static func add(_ catalog: Catalog, theme: Theme, users: [String: [NamedLink]], analyses: [ComponentAnalysis],
                            sections: [(figma: FigmaSection?, conformance: ConformanceSection?)], to site: inout Site, steps: Steps) {
        let context = Hashed(ComponentContext(catalog))
        // A build's workers give each component's files to the sink as they are made.
        var deliver: (@Sendable (ComponentFiles) -> ComponentFiles)?
        if let sink = site.sink {
            deliver = { files in files.handed(to: sink) }
        }
        let files = steps.run(ComponentFilesStep.self, catalog.components.indices.map { index in
            (id: catalog.components[index].slug, input: .init(component: catalog.components[index], code: analyses[index].code, figma: sections[index].figma,
                                                               conformance: sections[index].conformance, context: context, theme: theme))
        }, deliver: deliver)
        // Bytes made once per component and shared (not copied) by the site and the memo, so a
        // rebuild's comparison with the previous site finds unchanged files at once.
        var pages: [(path: String, markdown: [UInt8])] = []
        var handedOff: [(path: String, count: Int)] = []
        for (component, made) in zip(catalog.components, files) {
            let dataPath = component.pagePath + ComponentData.dataFileName
            if let count = made.handedOff {
                handedOff.append((dataPath, count))
                handedOff.append((component.pagePath + "index.md", made.markdown.count))
                handedOff += made.tabs.map { ($0.path, $0.markdown.count) }
            } else {
                site.add(dataPath, made.json)
            }
            pages.append((component.pagePath + "index.md", made.markdown))
            pages += made.tabs
        }
        for file in handedOff { site.recordHandedOff(file.path, count: file.count) }
        let written = Set(handedOff.lazy.map(\.path))
        let listed = steps.run(ListedStep.self, catalog.components.map { (id: $0.slug, input: .init(component: $0, rubric: catalog.settings.rubric)) })
        site.add("components.json", steps.run(ComponentsJSONStep.self, .init(catalog: catalog.shared, entries: listed.map(\.entry))))
        site.add("components.schema.json", text: ComponentSchema.text(for: catalog))
        // The JSON Schemas of the YAML files a catalog is written in, for editors (`$schema:`).
        for schema in FileFormats.schemas { site.add("schemas/" + schema.name, text: schema.text) }

        let guides = steps.run(GuideMarkdownStep.self, catalog.guides.map { (id: $0.slug, input: $0) })
        for (guide, markdown) in zip(catalog.guides, guides) { pages.append((guide.pagePath + "index.md", markdown)) }
        let markdown = listed.map(\.markdown)
        pages.insert(("index.md", Array(PageMarkdown.home(catalog, listed: markdown).utf8)), at: 0)
        pages.append(("components/index.md", steps.run(ComponentsMarkdownStep.self, .init(groups: PageMarkdown.ListedGroup.all(catalog), listed: markdown))))
        pages.append(("guides/index.md", Array(PageMarkdown.guides(catalog).utf8)))
        for section in catalog.guideSections { pages.append((section.pagePath + "index.md", Array(PageMarkdown.section(section, catalog: catalog).utf8))) }
        let exports = TokenExports(tokens: catalog.tokens, modes: catalog.modes, presentation: catalog.settings.modes, names: catalog.settings.exports)
        pages.append(("tokens/index.md", steps.run(TokensMarkdownStep.self, .init(exports: exports, users: users))))
        pages.append(("readiness/index.md", steps.run(ReadinessMarkdownStep.self, .init(rubric: catalog.settings.rubric, listed: markdown))))
        if theme.hasTemplate("page-conformance"), let report = CatalogConformance.make(zip(catalog.components, analyses).map { ($0, $1.conformance) }, settings: catalog.settings.conformance) {
            pages.append(("conformance/index.md", Array(PageMarkdown.conformance(report, title: catalog.settings.title.value).utf8)))
        }
        for page in pages where !written.contains(page.path) { site.add(page.path, page.markdown) }
        site.add("llms.txt", text: LLMsText.index(catalog, listed: markdown))
        site.add("llms-full.txt", LLMsText.full(pages.map(\.markdown), limit: fullTextLimit))
    }

    /// `components.json`: the catalog's index, each component's entry pointing at its data.
    package static func catalogJSON(_ catalog: Catalog.Shared, components: [Component]) -> [UInt8] {
        ComponentsJSONStep.run(.init(catalog: catalog, entries: components.map { ComponentData.entry($0, rubric: catalog.settings.rubric) }))
    }

    /// Whether the page at `path` has an `index.md` beside it (the `<link rel="alternate">` of
    /// its HTML): the home page, the components and guides and their indexes, the tokens and the
    /// readiness dashboard and the conformance page; not search, the 404 page or the changes page.
    package static func hasMarkdown(_ path: String) -> Bool {
        ["index.html", "tokens/index.html", "readiness/index.html", "conformance/index.html"].contains(path)
            || (path.hasSuffix("/index.html") && (path.hasPrefix("components/") || path.hasPrefix("guides/")))
    }
}

/// `llms.txt` (the llms.txt convention: a title, a summary, then sections of links to Markdown)
/// and `llms-full.txt` (every page's Markdown in one file).
package enum LLMsText {
    package static func index(_ catalog: Catalog, listed: [PageMarkdown.ListedComponent]? = nil) -> String {
        let settings = catalog.settings
        let base = settings.baseURL
        func link(_ title: String, _ path: String, _ note: String?) -> String {
            "- [\(PageMarkdown.line(title))](\(base)\(path))" + (note.map { ": \(PageMarkdown.line($0))" } ?? "") + "\n"
        }
        var text = "# \(PageMarkdown.line(settings.title.value))\n\n"
        if let description = settings.description { text += "> \(PageMarkdown.line(description))\n\n" }
        text += "Each link is the page's Markdown; each component's data as JSON is in its `component.json`, listed in [components.json](\(base)components.json) and described by [components.schema.json](\(base)components.schema.json), and everything in one file is in [llms-full.txt](\(base)llms-full.txt).\n\n"
        text += "## Components\n\n"
        for component in listed ?? PageMarkdown.ListedComponent.all(catalog) { text += component.item(in: base + "components/") }
        if !catalog.guides.isEmpty {
            text += "\n## Guides\n\n"
            for guide in catalog.guides { text += link(guide.title, guide.pagePath + "index.md", guide.summary) }
        }
        if let history = catalog.history {
            let version = catalog.version
            let root = base.hasSuffix(version?.folder ?? "") ? String(base.dropLast(version?.folder.count ?? 0)) : base
            text += "\n## Versions\n\n"
            text += "This is the documentation of \(PageMarkdown.line(version?.label ?? history.current))\(version?.isCurrent ?? true ? " (the current version)" : ", an earlier release"). Each version has the same files under its own folder:\n\n"
            text += "- [\(PageMarkdown.line(history.current))](\(root)llms.txt): the current version (unreleased changes included)\n"
            // An earlier release's copy is built once; the list of releases it would name grows.
            if version?.isCurrent ?? true {
                for tag in history.kept.reversed() { text += "- [\(PageMarkdown.line(tag))](\(root)\(VersionContext.folder(of: tag))llms.txt)\n" }
            }
            text += "- [Releases](\(root)releases/): what each release changed, breaking first\n"
        }
        text += "\n## Optional\n\n"
        text += link("Design tokens", "tokens/index.md", "every token, its value in each mode and the components that use it")
        text += link("Readiness", "readiness/index.md", "each component against each readiness criterion")
        if settings.conformance != nil {
            text += link("Accessibility conformance", "conformance/index.md", "each WCAG criterion's result and evidence (and conformance/openacr.yaml)")
        }
        return text
    }

    package static func full(_ pages: [[UInt8]], limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, pages.reduce(0) { $0 + $1.count + 1 }) + 200)
        var left = 0
        for (index, page) in pages.enumerated() {
            if bytes.count + page.count > limit {
                left = pages.count - index
                break
            }
            bytes += page
            bytes.append(UInt8(ascii: "\n"))
        }
        if left > 0 { bytes += Array("\n(\(left) more page\(left == 1 ? "" : "s") left out to keep this file under \(limit >> 20) MiB; llms.txt links to each.)\n".utf8) }
        return bytes
    }
}

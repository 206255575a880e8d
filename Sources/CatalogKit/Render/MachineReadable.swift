/// The files a build writes for tools and agents beside the site: `components.json` and a
/// `component.json` per component (with `components.schema.json`), every page as `index.md`,
/// `llms.txt` and `llms-full.txt`. Each component's data and Markdown are made once per
/// component and reused by a rebuild while the component, the tokens, the settings, the theme
/// and the names of the components are unchanged.
enum MachineReadable {
    /// `llms-full.txt` stops adding pages past this size (the pages it leaves out are still
    /// linked from `llms.txt`).
    static let fullTextLimit = 4 << 20

    struct ComponentFiles: Sendable {
        var data: JSONText.Value
        var json: String
        var markdown: String
    }

    static func add(_ catalog: Catalog, theme: Theme, to site: inout Site, steps: Steps) {
        var names = StableHash.Combiner()
        for component in catalog.components {
            names.add(component.slug)
            names.add(component.name.value)
            names.add(component.summary.value)
        }
        let also = [catalog.tokens.contentKey, catalog.settings.contentKey, theme.contentKey, names.value]
        let files = steps.perComponent("component data", catalog.components, also: also) { component in
            let data = ComponentData.value(component, catalog: catalog, theme: theme)
            return ComponentFiles(data: data, json: JSONText.pretty(data), markdown: PageMarkdown.component(component, data: data, catalog: catalog))
        }
        var pages: [(path: String, markdown: String)] = []
        for (component, made) in zip(catalog.components, files) {
            site.add(component.pagePath + "component.json", text: made.json)
            pages.append((component.pagePath + "index.md", made.markdown))
        }
        site.add("components.json", text: JSONText.pretty(ComponentData.catalogValue(catalog, components: files.map(\.data))))
        site.add("components.schema.json", text: ComponentSchema.text)

        let guides = steps.run("guide markdown", catalog.guides.map { guide in
            Work(id: guide.slug, input: guide.inputKey) { _ in PageMarkdown.guide(guide) }
        })
        for (guide, markdown) in zip(catalog.guides, guides) { pages.append((guide.pagePath + "index.md", markdown)) }
        pages.insert(("index.md", PageMarkdown.home(catalog)), at: 0)
        pages.append(("components/index.md", PageMarkdown.components(catalog)))
        pages.append(("guides/index.md", PageMarkdown.guides(catalog)))
        let used = steps.perComponent("token use for markdown", catalog.components, also: [catalog.tokens.contentKey]) { component in
            TokenExports.tokensUsed(by: component, in: catalog.tokens)
        }
        let users = TokenRows.users(of: catalog.components, using: used)
        pages.append(("tokens/index.md", steps.one("tokens markdown", SiteRenderer.TokensKey(tokens: catalog.tokens.contentKey, users: users)) { _ in
            PageMarkdown.tokens(catalog, users: users)
        }))
        pages.append(("readiness/index.md", PageMarkdown.readiness(catalog)))
        for page in pages { site.add(page.path, text: page.markdown) }
        site.add("llms.txt", text: LLMsText.index(catalog))
        site.add("llms-full.txt", text: LLMsText.full(pages.map(\.markdown), limit: fullTextLimit))
    }

    /// Whether the page at `path` has an `index.md` beside it (the `<link rel="alternate">` of
    /// its HTML): the home page, the components and guides and their indexes, the tokens and the
    /// readiness dashboard; not search, the 404 page or the changes page.
    static func hasMarkdown(_ path: String) -> Bool {
        ["index.html", "tokens/index.html", "readiness/index.html"].contains(path)
            || (path.hasSuffix("/index.html") && (path.hasPrefix("components/") || path.hasPrefix("guides/")))
    }
}

/// `llms.txt` (the llms.txt convention: a title, a summary, then sections of links to Markdown)
/// and `llms-full.txt` (every page's Markdown in one file).
enum LLMsText {
    static func index(_ catalog: Catalog) -> String {
        let settings = catalog.settings
        let base = settings.baseURL
        func link(_ title: String, _ path: String, _ note: String?) -> String {
            "- [\(PageMarkdown.line(title))](\(base)\(path))" + (note.map { ": \(PageMarkdown.line($0))" } ?? "") + "\n"
        }
        var text = "# \(PageMarkdown.line(settings.title.value))\n\n"
        if let description = settings.description { text += "> \(PageMarkdown.line(description))\n\n" }
        text += "Each link is the page's Markdown; the same data as JSON is in [components.json](\(base)components.json), described by [components.schema.json](\(base)components.schema.json), and everything in one file is in [llms-full.txt](\(base)llms-full.txt).\n\n"
        text += "## Components\n\n"
        for component in catalog.components { text += link(component.name.value, component.pagePath + "index.md", component.summary.value) }
        if !catalog.guides.isEmpty {
            text += "\n## Guides\n\n"
            for guide in catalog.guides { text += link(guide.title, guide.pagePath + "index.md", guide.summary) }
        }
        text += "\n## Optional\n\n"
        text += link("Design tokens", "tokens/index.md", "every token, its value in each mode and the components that use it")
        text += link("Readiness", "readiness/index.md", "each component against each readiness criterion")
        return text
    }

    static func full(_ pages: [String], limit: Int) -> String {
        var text = ""
        var left = 0
        for (index, page) in pages.enumerated() {
            if text.utf8.count + page.utf8.count > limit {
                left = pages.count - index
                break
            }
            text += page + "\n"
        }
        if left > 0 { text += "\n(\(left) more page\(left == 1 ? "" : "s") left out to keep this file under \(limit >> 20) MiB; llms.txt links to each.)\n" }
        return text
    }
}

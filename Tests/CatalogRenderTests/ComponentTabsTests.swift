import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogRender
import CatalogMCP
import CatalogTestSupport

/// A component folder with Markdown files beside index.md is split into pages, one per tab
/// (contract v4 · Component pages in tabs). How the tabs behave in a browser (the back button,
/// a search result landing on a tab) is Tests/browser/test_tabs.py.
@Suite("Component pages in tabs")
struct ComponentTabsTests {
    static let yaml = """
    name: Button
    summary: Starts an action.
    properties:
      - { name: label, type: String, platforms: { swiftui: "title: String" } }
    states:
      - name: Default
        support: { ios: "yes" }
    accessibility:
      - requirement: Has a name people hear
    demo:
      kind: switch
      examples:
        - { title: Default, label: Wi-Fi, checked: true }

    """

    static func tree(_ files: [String: String], catalog: String = "title: T\n") -> SourceTree {
        var texts = ["catalog.yaml": catalog, "components/button/component.yaml": yaml, "components/button/index.md": "Use it.\n\n## When to use\n\nOften.\n"]
        for (path, text) in files { texts[path] = text }
        return SourceTree(displayRoot: "cat", texts: texts)
    }

    @Test func eachTabIsAPageWithItsSectionsAndTheTabNavigation() throws {
        let result = Fixtures.run(Self.tree([
            "components/button/code.md": "---\ndescription: Building with it.\n---\n\nIn code.\n\n## Binding\n\nSee [when](index.md#when-to-use) and [a11y](accessibility.md#announcing).\n\n```demo\nDefault\n```\n",
            "components/button/accessibility.md": "Say it.\n\n## Announcing\n\nIt is announced.\n",
        ]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site)
        let usage = try #require(site.text("components/button/index.html"))
        let code = try #require(site.text("components/button/code/index.html"))
        let accessibility = try #require(site.text("components/button/accessibility/index.html"))
        // Style has neither a file nor appearances, so it is not a tab; Status has the readiness.
        #expect(site.text("components/button/style/index.html") == nil)
        let status = try #require(site.text("components/button/status/index.html"))
        // Every tab page carries the header and the navigation, its own link current.
        for (page, current) in [(usage, "Usage"), (code, "Code"), (accessibility, "Accessibility"), (status, "Status")] {
            #expect(page.contains("<h1 id=\"page-title\">Button</h1>"))
            #expect(page.contains("aria-current=\"page\">\(current)</a>"), "\(current)")
        }
        #expect(code.contains("<a class=\"component-tabs__link\" href=\"../\">Usage</a>"))
        #expect(usage.contains("<a class=\"component-tabs__link\" href=\"code/\">Code</a>"))
        // Each generated section is on the tab that lists it, once.
        #expect(usage.contains("id=\"demo\"") && usage.contains("id=\"states\"") && !usage.contains("id=\"properties\""))
        #expect(code.contains("id=\"properties\"") && code.contains("id=\"playground\"") && !code.contains("id=\"states\"") && !code.contains("id=\"demo\""))
        #expect(accessibility.contains("id=\"accessibility\"") && !accessibility.contains("id=\"properties\""))
        #expect(status.contains("id=\"readiness\"") && !usage.contains("id=\"readiness\""))
        // The tab's prose, its table of contents, its title and the links from one folder deeper.
        #expect(code.contains("<title>Button: Code") && code.contains("content=\"Building with it.\""))
        #expect(code.contains("href=\"#binding\"") && !code.contains("href=\"#when-to-use\""))
        #expect(code.contains("href=\"../#when-to-use\"") && code.contains("href=\"../accessibility/#announcing\""))
        #expect(code.contains("data-playground=\"../playground.json\"") && usage.contains("id=\"button-pr1\"") == false)
        #expect(code.contains("id=\"button-pr1\""), "a demo block in a tab draws the example there")
        // The catalog navigation marks the component on every one of its tabs.
        #expect(code.contains("href=\"../../../components/button/\" aria-current=\"true\""))
        // The Markdown twin of a tab, and components.json's list of tabs.
        let twin = try #require(site.text("components/button/code/index.md"))
        #expect(twin.hasPrefix("# Button: Code\n") && twin.contains("## Binding") && twin.contains("(../index.md#when-to-use)"))
        #expect(site.text("components/button/index.md")?.contains("[Code](code/index.md)") == true)
        let jsonText = try #require(site.text("components/button/component.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any])
        let tabs = try #require(json["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["url"] as? String } == ["components/button/", "components/button/code/", "components/button/accessibility/", "components/button/status/"])
        #expect(tabs[1]["sections"] as? [String] == ["playground", "code", "properties"])
        // Search lands on the tab: its prose's headings and the sections it shows.
        let entries = try SearchIndexReader.entries(try #require(site.text("search/index.js")))
        #expect(entries.contains { $0["url"] == "components/button/code/#binding" && $0["title"] == "Button: Code" }, "\(entries)")
        #expect(entries.contains { $0["url"] == "components/button/code/#properties" })
        #expect(entries.contains { $0["url"] == "components/button/accessibility/#accessibility" })
        #expect(entries.contains { $0["url"] == "components/button/#states" })
        // The sitemap-free site still lists every page once.
        #expect(site.pagePaths.filter { $0.hasPrefix("components/button/") }.count == 4)
        // The MCP server lists the tab pages and returns their Markdown.
        let query = try CatalogQuery(result)
        #expect(query.pages().contains { $0.path == "components/button/code/index.md" && $0.title == "Button: Code" })
        #expect(try query.file("components/button/code/index.md").text == twin)
        #expect(try query.search("announcing").contains("components/button/accessibility/"))
    }

    @Test func aFolderWithOnlyIndexKeepsOnePage() throws {
        let site = try #require(Fixtures.run(Self.tree([:])).site)
        let page = try #require(site.text("components/button/index.html"))
        #expect(!page.contains("component-tabs") && page.contains("id=\"properties\"") && page.contains("id=\"readiness\""))
        #expect(!(site.text("components/button/component.json") ?? "").contains("\"tabs\""))
    }

    @Test func aTabFileNoTabNamesIsAnErrorAtItsPathWithADidYouMean() throws {
        let result = Fixtures.run(Self.tree(["components/button/acessibility.md": "Words.\n"]))
        let error = try #require(result.diagnostics.first { $0.rule == "component.tab-unknown" })
        #expect(error.severity == .error && error.location.file == "cat/components/button/acessibility.md")
        #expect(error.message.contains("did you mean 'accessibility'"), "\(error.message)")
        let check = Fixtures.run(Self.tree(["components/button/acessibility.md": "Words.\n"]), pages: .scannedOnly)
        #expect(check.diagnostics.contains { $0.rule == "component.tab-unknown" })
    }

    @Test func aTabFileThatIsNotASlugIsAnError() throws {
        let result = Fixtures.run(Self.tree(["components/button/Code.md": "Words.\n"]))
        let error = try #require(result.diagnostics.first { $0.rule == "slug.invalid" })
        #expect(error.location.file == "cat/components/button/Code.md" && error.message.contains("'code.md'"))
    }

    @Test func componentTabsDecideTitlesOrderAndSections() throws {
        let catalog = """
        title: T
        pages:
          component-tabs:
            - { file: index, title: Overview, sections: [demo] }
            - { file: api, title: API, sections: [properties, code] }

        """
        let result = Fixtures.run(Self.tree(["components/button/api.md": "The API.\n"], catalog: catalog))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site)
        let overview = try #require(site.text("components/button/index.html"))
        let api = try #require(site.text("components/button/api/index.html"))
        #expect(overview.contains("aria-current=\"page\">Overview</a>") && overview.contains("href=\"api/\">API</a>"))
        // Sections no tab lists (states, accessibility, readiness, the playground) go to the first.
        #expect(overview.contains("id=\"states\"") && overview.contains("id=\"readiness\"") && overview.contains("id=\"accessibility\"") && overview.contains("id=\"playground\""))
        #expect(api.contains("id=\"properties\"") && api.contains("id=\"code\"") && !api.contains("id=\"states\""))
        // A file of the default tabs is not a tab here.
        let other = Fixtures.run(Self.tree(["components/button/code.md": "x\n"], catalog: catalog))
        #expect(other.diagnostics.first { $0.rule == "component.tab-unknown" }?.message.contains("the tabs are api.md") == true)
    }

    @Test func componentTabsMistakesAreErrorsAtTheirLines() throws {
        let catalog = """
        title: T
        pages:
          component-tabs:
            - { file: index, title: Usage, sections: [demo] }
            - { file: index, title: Again }
            - { file: api, title: API, sections: [propertes, demo] }
            - { file: api, title: Again }
            - { file: Bad Name, title: Bad }

        """
        let result = Fixtures.run(Self.tree([:], catalog: catalog), pages: .scannedOnly)
        let errors = result.diagnostics.filter { $0.location.file == "cat/catalog.yaml" && $0.severity == .error }
        func error(line: Int) -> Diagnostic? { errors.first { $0.location.line == line } }
        #expect(error(line: 5)?.message.contains("only the first tab is index.md") == true, "\(errors)")
        let lineSix = errors.filter { $0.location.line == 6 }.map(\.message)
        #expect(lineSix.contains { $0.contains("'propertes'") && $0.contains("did you mean 'properties'") }, "\(lineSix)")
        #expect(lineSix.contains { $0.contains("'demo' is already shown by the tab 'index'") })
        #expect(error(line: 7)?.message.contains("listed twice") == true)
        #expect(error(line: 8)?.rule == "slug.invalid")
        let first = Fixtures.run(Self.tree([:], catalog: "title: T\npages:\n  component-tabs:\n    - { file: code, title: Code }\n"), pages: .scannedOnly)
        #expect(first.diagnostics.contains { $0.location.line == 4 && $0.message.contains("the first tab is the component's index.md") })
        let empty = Fixtures.run(Self.tree([:], catalog: "title: T\npages:\n  component-tabs: []\n"), pages: .scannedOnly)
        #expect(empty.diagnostics.contains { $0.location.line == 3 && $0.message.contains("pages.component-tabs is empty") })
    }

    /// #52 18: a component shows at most twelve tabs; a thirteenth is an error at its entry (the
    /// pages would grow with the square of the tabs: 600 tabs were 27 s and 41 MB).
    @Test func moreThanTwelveTabsIsAnErrorAtTheThirteenth() throws {
        let entries = (0..<14).map { $0 == 0 ? "  - { file: index, title: Usage }" : "  - { file: tab-\($0), title: Tab \($0) }" }
        let tree = SourceTree(displayRoot: "content", texts: [
            "catalog.yaml": "title: Tabs\npages:\n component-tabs:\n" + entries.map { " " + $0 }.joined(separator: "\n") + "\n",
            "components/x/component.yaml": "name: X\nsummary: One.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n",
            "components/x/index.md": "Words.\n",
        ])
        let result = Fixtures.run(tree)
        let problem = try #require(result.diagnostics.first { $0.message.contains("at most 12") })
        #expect(problem.severity == .error && problem.location.file == "content/catalog.yaml" && problem.location.line == 16, "\(problem)")
    }

    /// A section's place in the page is the order its cases are declared in, and two sections
    /// are one only when they are the same case (they are compared and hashed by their case).
    @Test func sectionsKeepTheirDeclaredOrderAndAreToldApart() {
        let sections = ComponentSection.allCases
        #expect(sections.sorted() == sections)
        #expect(Set(sections).count == sections.count)
        for (index, section) in sections.enumerated() {
            #expect(sections.filter { $0 == section }.count == 1)
            #expect(sections.indices.filter { sections[$0] < section } == Array(0..<index))
        }
    }
}

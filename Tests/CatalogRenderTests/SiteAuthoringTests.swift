import CatalogCore
import CatalogMarkdown
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogTestSupport
import Foundation
import Testing

/// The version 3 authoring features of the contract: callouts and do/don't blocks, guides in
/// sections, `brand:`, and the full-text search index. (How they look and behave in a browser
/// is Tests/browser/test_layout.py; their HTML is held by the golden pages.)
@Suite("Site authoring (v3)")
struct SiteAuthoringTests {
    static func tree(_ files: [String: String]) -> SourceTree {
        var texts = ["catalog.yaml": "title: T\n"]
        for (path, text) in files { texts[path] = text }
        return SourceTree(displayRoot: "cat", texts: texts)
    }

    // MARK: Callouts and do/don't

    @Test func aCalloutKeepsItsContentAndLosesItsMarker() throws {
        let result = Fixtures.run(Self.tree(["guides/g.md": "# G\n\n> [!WARNING]\n> Mind the **gap**.\n\n> [!warning]\n> Lower case works too.\n"]))
        let page = try #require(result.site?.text("guides/g/index.html"))
        #expect(page.contains("<div class=\"callout callout--warning\" role=\"note\" aria-label=\"Warning\">"))
        #expect(page.contains("<p>Mind the <strong>gap</strong>.</p>") && !page.contains("[!WARNING]"))
        #expect(page.components(separatedBy: "callout--warning").count == 3)
    }

    @Test func anUnknownCalloutIsAWarningAtItsLineAndStaysAQuotation() throws {
        let result = Fixtures.run(Self.tree(["guides/g.md": "# G\n\nText.\n\n> [!WARN]\n> Careful.\n"]))
        let warning = try #require(result.diagnostics.first { $0.rule == "markdown.unknown-callout" })
        #expect(warning.location.line == 5 && warning.message.contains("did you mean 'WARNING'"))
        #expect(result.site?.text("guides/g/index.html")?.contains("<blockquote>") == true)
    }

    @Test func doAndDontPairUpAndTheirLinksAreCheckedAtTheirLines() throws {
        let source = "# G\n\n```do\nSee [the other](missing.md).\n```\n\n```dont\nDon't.\n```\n\n```do\nAlone.\n```\n"
        let result = Fixtures.run(Self.tree(["guides/g.md": source]))
        let broken = try #require(result.diagnostics.first { $0.rule == "link.broken" })
        #expect(broken.location.file == "cat/guides/g.md" && broken.location.line == 4, "\(broken)")
        let page = try #require(Fixtures.run(Self.tree(["guides/g.md": source.replacingOccurrences(of: "(missing.md)", with: "(h.md)"), "guides/h.md": "# H\n"])).site?.text("guides/g/index.html"))
        #expect(page.components(separatedBy: "<div class=\"guidance-pair\">").count == 2, "one pair; the lone do stands alone")
        #expect(page.contains("<a href=\"../h/\">the other</a>"))
        #expect(page.contains(">Do</p>") && page.contains(">Don’t</p>"))
    }

    // MARK: Sections

    @Test func guidesInSectionsGetPagesNavigationAndOrder() throws {
        let result = Fixtures.run(Self.tree([
            "guides/intro.md": "# Intro\n",
            "guides/patterns/forms.md": "# Forms\n",
            "guides/foundations/index.md": "---\ntitle: The foundations\norder: 1\ndescription: Ground.\n---\n\nRead these first.\n",
            "guides/foundations/colour.md": "---\ntitle: Colour\norder: 2\n---\nSee [type](type.md#scale).\n",
            "guides/foundations/type.md": "---\ntitle: Type\norder: 1\n---\n## Scale\n",
        ]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.guideSections.map(\.title) == ["The foundations", "Patterns"])
        #expect(catalog.guides.map(\.slug) == ["intro", "foundations/type", "foundations/colour", "patterns/forms"])
        let site = try #require(result.site)
        #expect(site.text("guides/foundations/index.html")?.contains("Read these first.") == true)
        #expect(site.text("guides/foundations/colour/index.html")?.contains("href=\"../type/#scale\"") == true)
        let index = try #require(site.text("guides/index.html"))
        #expect(index.contains("<a href=\"foundations/\">The foundations</a>") && index.range(of: "The foundations")!.lowerBound < index.range(of: "Patterns")!.lowerBound)
        #expect(index.contains("catalog-nav__section-link"))
        #expect(site.text("guides/patterns/index.md")?.contains("[Forms](../forms/index.md)") == false || site.text("guides/patterns/index.md") != nil)
        // Search says which section a guide is in.
        let entries = try SearchIndexReader.entries(try #require(site.text("search/index.js")))
        #expect(entries.contains { $0["title"] == "Colour" && $0["kind"] == "Guide · The foundations" }, "\(entries.filter { $0["title"] == "Colour" })")
        #expect(entries.contains { $0["title"] == "Intro" && $0["kind"] == "Guide" })
    }

    @Test func whatASectionCannotHoldIsSaidAtItsPath() throws {
        let result = Fixtures.run(Self.tree([
            "guides/a/b/deep.md": "# Deep\n",
            "guides/a/notes.txt": "notes",
            "guides/empty/index.md": "---\ntitle: Empty\n---\n",
            "guides/a/page.md": "# Page\n",
            "guides/a.md": "# Clash\n",
        ]))
        func rule(_ id: String) -> Diagnostic? { result.diagnostics.first { $0.rule == id } }
        #expect(rule("guide.too-deep")?.location.file == "cat/guides/a/b/deep.md")
        #expect(rule("guide.not-a-page")?.location.file == "cat/guides/a/notes.txt")
        #expect(rule("guide.empty-section")?.location.file == "cat/guides/empty/index.md")
        #expect(rule("slug.duplicate")?.message.contains("guides/a/") == true)
    }

    // MARK: Brand

    static let brandTokens = ##"{ "brand": { "$type": "color", "dark": { "$value": "#0A57C9" }, "pale": { "$value": "#8A8A8A" } }, "size": { "$type": "dimension", "s": { "$value": { "value": 4, "unit": "px" } } }, "font": { "family": { "$type": "fontFamily", "sans": { "$value": ["Inter", "sans-serif"] } } } }"##

    /// A footer link or logo `brand:` puts on every page is reported once, at its line in
    /// catalog.yaml, not once per page at the top of each page's file.
    @Test func aBrokenBrandLinkIsOneErrorAtItsLine() throws {
        let result = Fixtures.run(Self.tree([
            "catalog.yaml": "title: Acme\nbrand:\n  logo: assets/missing.svg\n  footer:\n    - { label: Source, href: \"https://example.com/acme\" }\n    - { label: Rules, href: /guides/nowhere/ }\n",
            "guides/a.md": "# A\n", "guides/b.md": "# B\n",
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\n",
        ]))
        let broken = result.diagnostics.filter { $0.rule == "link.broken" }
        #expect(broken.count == 1, "\(broken)")
        #expect(broken.first?.location == SourceLocation(file: "cat/catalog.yaml", line: 6, column: 29), "\(broken)")
        let files = result.diagnostics.filter { $0.rule == "ref.file" }
        #expect(files.count == 1 && files.first?.location.line == 3, "\(files)")
    }

    /// A font list goes into a stylesheet, so it must be one: an unbalanced quote would swallow
    /// the declarations after it.
    @Test func aFontListThatIsNotCSSIsRefusedAtItsLine() throws {
        for good in ["Inter, sans-serif", "\"Source Sans 3\", system-ui", "'IBM Plex Mono', ui-monospace, monospace", "-apple-system, BlinkMacSystemFont", "Noto Sans JP"] {
            #expect(SettingsLoader.isFontFamilyList(good), "\(good)")
        }
        for bad in ["Inter\", 'x", "Inter; color: red", "\"Inter", "Inter,", ", Inter", "", "3D Font", "\"a\\\"b\"", "Inter }", "url(x)", "\"\""] {
            #expect(!SettingsLoader.isFontFamilyList(bad), "\(bad)")
        }
        let result = Fixtures.run(Self.tree([
            "catalog.yaml": "title: Acme\nbrand:\n  fonts:\n    body: \"Inter\\\", 'x\"\n",
            "guides/g.md": "# G\n",
        ]))
        let refused = result.diagnostics.filter { $0.rule == "schema.type" && $0.message.contains("brand.fonts.body") }
        #expect(refused.count == 1 && refused.first?.location.line == 4, "\(result.diagnostics)")
    }

    @Test func theBrandReachesEveryPage() throws {
        let result = Fixtures.run(Self.tree([
            "catalog.yaml": "title: Acme\nbrand:\n  logo: assets/logo.svg\n  favicon: assets/icon.svg\n  accent: brand/dark\n  fonts: { body: \"Inter, sans-serif\" }\n  footer:\n    - { label: Source, href: \"https://example.com/acme\" }\n    - { label: Tokens, href: /tokens/ }\n",
            "assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "assets/icon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "tokens/t.tokens.json": Self.brandTokens, "guides/g.md": "# G\n",
        ]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site)
        let page = try #require(site.text("guides/g/index.html"))
        #expect(page.contains("<img class=\"site-title__logo\" src=\"../../assets/logo.svg\" alt=\"Acme\">"))
        #expect(page.contains("<link rel=\"icon\" href=\"../../assets/icon.svg\">"))
        #expect(page.contains("<a href=\"https://example.com/acme\">Source</a>") && page.contains("<a href=\"../../tokens/\">Tokens</a>"))
        #expect(site["assets/logo.svg"] != nil)
        let css = try #require(site.files.first { $0.key.hasPrefix("assets/brand.") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(css.contains("--cb-accent-light: var(--brand-dark);") && css.contains("--cb-font: Inter, sans-serif;"))
        #expect(!css.contains("--cb-accent-dark"), "without a dark token mode the theme keeps its dark accent")
        #expect(!result.diagnostics.contains { $0.rule == "token.unused" && $0.message.contains("brand/dark") })
    }

    /// `brand.logo: { light, dark }` draws both, the theme showing the one for the scheme;
    /// `brand.fonts` may name a fontFamily token, whose custom property the stylesheet uses.
    @Test func aDarkLogoAndAFontTokenReachThePage() throws {
        let result = Fixtures.run(Self.tree([
            "catalog.yaml": "title: Acme\nbrand:\n  logo: { light: assets/logo.svg, dark: assets/logo-dark.svg }\n  fonts: { body: font/family/sans, code: \"{font.family.sans}\" }\n",
            "assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "assets/logo-dark.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "tokens/t.tokens.json": Self.brandTokens, "guides/g.md": "# G\n",
        ]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site)
        let page = try #require(site.text("guides/g/index.html"))
        #expect(page.contains("src=\"../../assets/logo.svg\"") && page.contains("<img class=\"site-title__logo site-title__logo--dark\" src=\"../../assets/logo-dark.svg\" alt=\"Acme\">"))
        #expect(site["assets/logo-dark.svg"] != nil)
        let css = try #require(site.files.first { $0.key.hasPrefix("assets/brand.") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(css.contains("--cb-font: var(--font-family-sans);") && css.contains("--cb-mono: var(--font-family-sans);"), "\(css)")
        #expect(!result.diagnostics.contains { $0.rule == "token.unused" && $0.message.contains("font/family/sans") })
    }

    @Test(arguments: [
        ("brand:\n  logo: assets/missing.svg\n", "ref.file", 3),
        ("brand:\n  logo: ../outside.svg\n", "schema.type", 3),
        ("brand:\n  accent: brand/drak\n", "ref.token", 3),
        ("brand:\n  accent: size/s\n", "ref.token", 3),
        ("brand:\n  accent: brand/pale\n", "contrast.accent", 3),
        ("brand:\n  fonts: { body: \"x; } body { display: none\" }\n", "schema.type", 3),
        ("brand:\n  footer:\n    - { label: Bad, href: \"javascript:alert(1)\" }\n", "schema.type", 4),
        ("brand:\n  logo: { light: assets/logo.svg, dark: assets/missing-dark.svg }\n", "ref.file", 3),
        ("brand:\n  logo: { dark: assets/logo.svg }\n", "schema.missing-key", 3),
        ("brand:\n  fonts:\n    body: font/family/snas\n", "ref.token", 4),
        ("brand:\n  fonts:\n    code: size/s\n", "ref.token", 4),
    ])
    func eachBrandMistakeIsSaidAtItsLine(_ written: String, _ rule: String, _ line: Int) throws {
        let result = Fixtures.run(Self.tree(["catalog.yaml": "title: Acme\n" + written, "tokens/t.tokens.json": Self.brandTokens]))
        let found = result.diagnostics.first { $0.rule == rule }
        #expect(found?.location.file == "cat/catalog.yaml" && found?.location.line == line, "\(result.diagnostics)")
        if rule == "ref.token", written.contains("drak") { #expect(found?.message.contains("did you mean 'brand/dark'") == true || found?.message.contains("brand.dark") == true, "\(found?.message ?? "")") }
    }

    // MARK: Search

    @Test func theSearchIndexHoldsEachSectionsText() throws {
        let result = Fixtures.run(Self.tree([
            "guides/style.md": "# Style\n\nOpening words.\n\n## Capitals\n\nWrite labels in sentence case &amp; keep them short.\n\n### Deeper\n\nMore.\n",
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\nproperties: [{ name: label, type: String, description: The visible name. }]\nstates: [{ name: Pressed }]\n",
        ]))
        let script = try #require(result.site?.text("search/index.js"))
        let entries = try SearchIndexReader.entries(script)
        let capitals = try #require(entries.first { $0["section"] == "Capitals" })
        #expect(capitals["url"] == "guides/style/#capitals" && capitals["text"] == "Write labels in sentence case & keep them short.")
        #expect(entries.contains { $0["section"] == "Deeper" && $0["url"] == "guides/style/#deeper" })
        // The opening paragraph is the guide's summary, listed once (on the page's own entry).
        #expect(entries.contains { $0["title"] == "Style" && $0["section"] == nil && $0["summary"] == "Opening words." })
        #expect(entries.filter { $0["title"] == "Style" && ($0["text"] == "Opening words." || $0["summary"] == "Opening words.") }.count == 1)
        #expect(entries.contains { $0["section"] == "Properties" && $0["url"] == "components/alpha/#properties" && $0["text"]?.contains("The visible name.") == true })
        #expect(entries.contains { $0["section"] == "States" && $0["text"] == "Pressed" })
    }

    /// The fuzzer's twenty thousand equal headings: every section is found, with its id, in one
    /// pass (a search of the rest of the page per heading took 84 s in a debug build).
    @Test func twentyThousandSectionsAreCutInOnePass() {
        let rendered = CatalogMarkdown.Markdown.render(String(repeating: "## Same\n\nText &amp; more.\n\n", count: 20_000))
        let sections = SearchText.sections(ofHTML: rendered.html)
        #expect(sections.count == 20_001)
        #expect(sections[1].id == "same" && sections[20_000].id == "same-19999")
        #expect(sections.dropFirst().allSatisfy { $0.text == "Text & more." })
    }
}

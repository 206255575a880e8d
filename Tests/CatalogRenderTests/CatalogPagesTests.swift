import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogSource
import CatalogLoad
import CatalogRender
import CatalogTestSupport

/// The catalog-wide pages and files: the readiness dashboard and its exports, the token page
/// and its exports, the search index, and the files hosts and search engines read.
@Suite("Catalog-wide pages and exports")
struct CatalogPagesTests {
    private func build(_ options: LoadOptions = LoadOptions()) throws -> (Catalog, Site) {
        let result = Fixtures.run(try Fixtures.read(Fixtures.path("base")), options: options)
        return (try #require(result.catalog), try #require(result.site, "\(result.diagnostics)"))
    }

    @Test func dashboardCellsMatchTheModels() throws {
        let (catalog, site) = try build()
        let page = try #require(site.text("readiness/index.html"))
        let alpha = try #require(catalog.component("alpha"))
        #expect(alpha.readiness.map(\.criterion.value) == ["C1", "C2"])
        // Alpha: C1 ready, C2 requires rework with a note; the rest not assessed.
        let row = try #require(page.components(separatedBy: "<tr>").first { $0.contains(">Alpha Switch</a>") && $0.contains("<td ") })
        let cells = row.components(separatedBy: "<td ").dropFirst().map { $0 }
        // Overall (with the totals under it), then the seven criteria.
        #expect(cells.count == 1 + 7)
        #expect(cells[0].contains("class=\"readiness-summary\">1 Ready, 1 Requires Rework, 5 Not assessed<"), "\(cells[0])")
        #expect(cells[1].contains("data-label=\"C1 Layer Structure &amp; Naming\""))
        #expect(cells[1].contains("</svg>Ready</span>"))
        #expect(cells[2].contains("</svg>Requires Rework</span>"))
        #expect(cells[2].contains("Rename the variants."))
        for cell in cells[3...7] { #expect(cell.contains("Not assessed")) }
        #expect(cells[0].contains("Requires Rework"), "overall: the weightiest status")
        #expect(page.contains("<dt id=\"note-alpha-c2\">Alpha Switch, C2</dt>"))
    }

    @Test func readinessExportsParse() throws {
        let (_, site) = try build()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(site["readiness.json"]!)) as? [String: Any])
        let components = try #require(json["components"] as? [[String: Any]])
        let alpha = try #require(components.first { $0["slug"] as? String == "alpha" })
        let criteria = try #require(alpha["criteria"] as? [String: [String: Any]])
        #expect(criteria["C1"]?["status"] as? String == "ready")
        #expect(criteria["C2"]?["notes"] as? String == "Rename the variants.")
        #expect(criteria["C3"]?["status"] is NSNull)
        #expect((json["criteria"] as? [Any])?.count == 7)

        let csv = try #require(site.text("readiness.csv"))
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "component,name,criterion,criterion_name,status,status_label,notes")
        #expect(rows.count == 1 + 2 * 7)
        #expect(rows.contains("alpha,Alpha Switch,C2,Variant & Property Naming,requires-rework,Requires Rework,Rename the variants."))
        #expect(ReadinessDashboard.csvField("a, \"b\"") == "\"a, \"\"b\"\"\"")
    }

    @Test func tokenExportsParseAndResolveAliases() throws {
        let (_, site) = try build()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(site["tokens.json"]!)) as? [String: Any])
        let alpha = try #require(json["alpha"] as? [String: Any])
        let knob = try #require(alpha["knob"] as? [String: Any])
        #expect(knob["$type"] as? String == "color")
        #expect((knob["$value"] as? [String: Any])?["hex"] as? String == "#FFFFFF", "the two-step alias is resolved")
        #expect(((json["brand"] as? [String: Any])?["blue"] as? [String: Any])?["$value"] as? String == "#005CE5")

        let css = try #require(site.text("tokens.css"))
        #expect(css.contains("--brand-blue: #005CE5;") && css.contains("--alpha-knob: var(--alpha-track-on-knob);"))

        let kotlin = try #require(site.text("Tokens.kt"))
        #expect(kotlin.contains("val BrandBlue = Color(0xFF005CE5)"))
        #expect(kotlin.contains("import androidx.compose.ui.graphics.Color"))

        let swiftFile = FileManager.default.temporaryDirectory.appendingPathComponent("Tokens-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: swiftFile) }
        try Data(site["Tokens.swift"]!).write(to: swiftFile)
        let parsed = try Fixtures.swiftc(["-parse", swiftFile.path])
        #expect(parsed.status == 0, "\(parsed.errors)")
        #expect(site.text("Tokens.swift")?.contains("static let brandBlue = Color(.sRGB, red: 0.0, green: 0.3608, blue: 0.898, opacity: 1.0)") == true)
    }

    @Test func tokenPageListsValuesAliasesAndUsers() throws {
        let (_, site) = try build()
        let page = try #require(site.text("tokens/index.html"))
        #expect(page.contains("<tr id=\"token-alpha-knob\">"))
        #expect(page.contains("href=\"#token-alpha-track-on-knob\""), "the alias chain links its steps")
        #expect(page.contains("href=\"../components/alpha/\">Alpha Switch</a>"), "users link to their component")
        for export in ["tokens.css", "tokens.json", "Tokens.swift", "Tokens.kt"] { #expect(page.contains("href=\"../\(export)\"")) }
    }

    @Test func searchIndexHoldsTitlesHeadingsTokensAndProperties() throws {
        let (catalog, site) = try build()
        let script = try #require(site.files["search/index.js"].map { String(decoding: $0, as: UTF8.self) })
        #expect(script.hasPrefix("window.catalogSearchIndex = "))
        let entries = try SearchIndexReader.entries(script)
        let alpha = try #require(entries.first { $0["title"] == "Alpha Switch" })
        #expect(alpha["url"] == "components/alpha/" && alpha["kind"] == "Component")
        #expect(alpha["keywords"]?.contains("Usage") == true, "headings")
        #expect(alpha["keywords"]?.contains("label") == true, "property names")
        #expect(entries.contains { $0["kind"] == "Token" && $0["title"] == "alpha/track-on" && $0["url"] == "tokens/#token-alpha-track-on" })
        #expect(entries.contains { $0["kind"] == "Guide" && $0["title"] == "Handbook" })
        #expect(entries.filter { $0["kind"] == "Token" }.count == catalog.tokens.tokens.count)
    }

    /// A sitemap lists absolute URLs only: with a base URL that is a path there is none, and
    /// catalog.yaml's `baseURL` written as a path says so at its line (left out, it says nothing).
    @Test func aPathBaseURLGivesNoSitemapAndAWarningWhereItIsWritten() throws {
        let written = Fixtures.run(Fixtures.proseTree("## Usage\n\nText.\n", baseURL: "/docs/"))
        #expect(written.site?["sitemap.xml"] == nil)
        #expect(written.site?.text("robots.txt") == "User-agent: *\nAllow: /\n")
        let warning = try #require(written.diagnostics.first { $0.rule == "site.no-sitemap" })
        #expect(warning.location.file == "cat/catalog.yaml" && warning.location.line == 2 && warning.severity == .warning)
        #expect(warning.message.contains("https://example.org/docs/"))
        let unwritten = Fixtures.run(SourceTree(displayRoot: "cat", texts: ["catalog.yaml": "title: T\n", "components/alpha/component.yaml": "name: Alpha\nsummary: First.\n"]))
        #expect(unwritten.site?["sitemap.xml"] == nil)
        #expect(!unwritten.diagnostics.contains { $0.rule == "site.no-sitemap" })
    }

    @Test func sitemapRobotsAndMetadataUseTheBaseURL() throws {
        let (_, site) = try build(LoadOptions(baseURL: "https://design.example.org/docs/"))
        let sitemap = try #require(site.text("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://design.example.org/docs/components/alpha/</loc>"))
        #expect(sitemap.contains("<loc>https://design.example.org/docs/</loc>"))
        #expect(!sitemap.contains("404.html"))
        #expect(site.text("robots.txt") == "User-agent: *\nAllow: /\nSitemap: https://design.example.org/docs/sitemap.xml\n")
        let page = try #require(site.text("components/alpha/index.html"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://design.example.org/docs/components/alpha/\">"))
        #expect(page.contains("<meta property=\"og:url\" content=\"https://design.example.org/docs/components/alpha/\">"))
        #expect(page.contains("<meta name=\"description\" content=\"The fixture&#39;s switch.\">"))
        #expect(site.files.keys.contains { $0.hasPrefix("assets/favicon.") })
        #expect(site["404.html"] != nil)
    }

    @Test func identifiersForCodeAreValid() {
        #expect(TokenExports.identifier(["toggle", "color", "default", "active", "bg-track"], upperFirst: false) == "toggleColorDefaultActiveBgTrack")
        #expect(TokenExports.identifier(["2x", "grid"], upperFirst: true) == "T2xGrid")
        #expect(TokenExports.identifier(["default"], upperFirst: false) == "defaultToken")
    }
}

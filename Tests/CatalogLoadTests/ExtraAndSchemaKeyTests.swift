import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogTestSupport

/// Contract v5, "`extra:` and `$schema`": any YAML file of a catalog may name the JSON Schema an
/// editor checks it with, and component.yaml's `extra:` (any YAML value, never validated) reaches
/// the page's template context, `component.json` and the Markdown twin.
@Suite("extra: and $schema")
struct ExtraAndSchemaKeyTests {
    static func tree(component: String, catalog: String = "title: T\n", frontMatter: String = "") -> SourceTree {
        SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": catalog,
            "components/alpha/component.yaml": component,
            "components/alpha/index.md": frontMatter + "## Usage\n\nText.\n",
        ])
    }

    @Test func aSchemaLineIsAcceptedInEveryYAMLFileAndMustBeText() throws {
        let clean = Fixtures.run(Self.tree(
            component: "$schema: ../../schemas/component.schema.json\nname: Alpha\nsummary: First.\n",
            catalog: "$schema: ./schemas/catalog.schema.json\ntitle: T\n"))
        #expect(!clean.diagnostics.contains { $0.rule == "schema.unknown-key" || $0.severity == .error }, "\(clean.diagnostics)")
        let wrong = Fixtures.run(Self.tree(component: "name: Alpha\nsummary: First.\n$schema: [a, b]\n"))
        let problem = try #require(wrong.diagnostics.first { $0.rule == "schema.type" })
        #expect(problem.location.file == "cat/components/alpha/component.yaml" && problem.location.line == 3, "\(problem)")
        #expect(problem.message.contains("$schema"))
    }

    @Test func componentExtraReachesThePageContextTheDataAndTheTwin() throws {
        let tree = Self.tree(component: "name: Alpha\nsummary: First.\nextra:\n  jira: DS-142\n  owners: [\"@ana\", \"@li\"]\n  reviewed: true\n",
                             frontMatter: "---\nextra:\n  jira: DS-9\n  page: only here\n---\n")
        let result = Fixtures.run(tree)
        let site = try #require(result.site, "\(result.diagnostics)" as Comment)
        // component.json: the value as written in component.yaml, keys in the order written.
        let json = try #require(site.text("components/alpha/component.json"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let extra = try #require(data["extra"] as? [String: Any])
        #expect(extra["jira"] as? String == "DS-142" && extra["owners"] as? [String] == ["@ana", "@li"] && extra["reviewed"] as? Bool == true)
        #expect(json.range(of: "\"jira\"")!.lowerBound < json.range(of: "\"owners\"")!.lowerBound, "the keys in the order written")
        // The twin says it too.
        let twin = try #require(site.text("components/alpha/index.md"))
        #expect(twin.contains("## Extra\n\n```json\n") && twin.contains("\"DS-142\""), "\(twin)")
        // The page's context: component.yaml's extra with the front matter's over it.
        let component = try #require(result.catalog?.components.first)
        guard case .map(let pairs)? = component.pageExtra else { Issue.record("no mapping"); return }
        #expect(pairs.map(\.key) == ["owners", "reviewed", "jira", "page"])
        #expect(pairs.first { $0.key == "jira" }?.value == .text("DS-9"), "the front matter's value wins")
        // A team's theme reads it on the page.
        let themes = try Fixtures.brandTheme(afterProse: ["page-component": "<p class=\"jira\">{{extra.jira}} {{extra.page}}{{#extra.owners}} {{.}}{{/extra.owners}}</p>"],
                                             manifest: "$schema: ../schemas/theme.schema.json\n")
        defer { try? FileManager.default.removeItem(at: themes) }
        var branded = tree
        branded.set("catalog.yaml", Array("title: T\ntheme: brand\n".utf8))
        let brandedResult = Fixtures.run(branded, themeFolders: [themes.path])
        let page = try #require(brandedResult.site?.text("components/alpha/index.html"), "\(brandedResult.diagnostics)" as Comment)
        #expect(page.contains("<p class=\"jira\">DS-9 only here @ana @li</p>"), "the page sees both, the front matter's over component.yaml's")

        // Any YAML value, not only a mapping; a component without extra has none in its data.
        let listed = try #require(Fixtures.run(Self.tree(component: "name: Alpha\nsummary: First.\nextra: [a, b]\n")).site)
        #expect(listed.text("components/alpha/component.json")?.contains("\"extra\":[\"a\",\"b\"]") == true)
        let plain = try #require(Fixtures.run(Self.tree(component: "name: Alpha\nsummary: First.\n")).site)
        #expect(plain.text("components/alpha/component.json")?.contains("\"extra\"") == false)
        #expect(plain.text("components/alpha/index.md")?.contains("## Extra") == false)
    }
}

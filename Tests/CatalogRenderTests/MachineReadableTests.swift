import Foundation
import Testing
import CatalogCore
import CatalogModel
import CatalogAnalysis
import CatalogRender
import CatalogMCP
import CatalogTestSupport
import CatalogSource

/// The data files a build writes are the ones `catalog-build mcp` serves, byte for byte, and
/// `components.json` is the index of the `component.json` files: it repeats none of their data.
@Suite("Machine-readable files")
struct MachineReadableTests {
    @Test(arguments: ["base", "check-formats", "composite-tokens"])
    func theBuildAndTheQueryWriteTheSameData(fixture: String) throws {
        let result = Fixtures.run(try Fixtures.read(Fixtures.path(fixture)))
        // check-formats has errors, so its site is rendered here directly.
        let catalog = try #require(result.catalog)
        let theme = try #require(result.theme)
        let site = result.site ?? SiteRenderer.render(catalog, theme: theme)
        let query = try CatalogQuery(result)
        for path in ["components.json", "components.schema.json", "llms.txt", "index.md", "components/index.md", "tokens/index.md", "readiness/index.md"] {
            #expect(site.text(path) == (try query.file(path).text), "\(fixture): \(path)")
        }
        // The index: one entry per component, naming its data file, which the site has.
        let indexText = try #require(site.text("components.json"))
        let index = try #require(try JSONSerialization.jsonObject(with: Data(indexText.utf8)) as? [String: Any])
        let entries = try #require(index["components"] as? [[String: Any]])
        #expect(index["version"] as? Int == ComponentData.version && ComponentData.version == 2)
        #expect(entries.map { $0["slug"] as? String } == catalog.components.map(\.slug), "\(fixture)")
        for entry in entries {
            let data = try #require(entry["data"] as? String)
            #expect(site.text(data) != nil, "\(fixture): \(data)")
            #expect(entry["properties"] == nil && entry["appearances"] == nil, "the index repeats no component's data")
        }
        for component in query.catalog.components {
            #expect(site.text(component.pagePath + "component.json") == (try query.file(component.pagePath + "component.json").text))
            #expect(site.text(component.pagePath + "index.md") == (try query.file(component.pagePath + "index.md").text))
        }
    }

    /// The components page's Markdown lists each group under its heading: the groups in
    /// `groups:` order, then the others alphabetically, then "Other"; each component under its
    /// own group, in the catalog's order.
    @Test func theComponentsMarkdownListsEachGroupUnderItsHeading() throws {
        var files: [String: String] = ["catalog.yaml": "title: Grouped\ngroups: [Selection, Inputs]\n"]
        for (slug, group) in [("a", "Inputs"), ("b", nil), ("c", "Selection"), ("d", "Layout"), ("e", "Inputs")] as [(String, String?)] {
            files["components/\(slug)/component.yaml"] = "name: \(slug.uppercased())\nsummary: Component \(slug).\n" + (group.map { "group: \($0)\n" } ?? "") + "states: [{ name: Default }]\naccessibility: [{ requirement: Named }]\n"
        }
        let site = try #require(Fixtures.run(SourceTree(displayRoot: "grouped", texts: files)).site)
        let markdown = try #require(site.text("components/index.md"))
        let lines = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") || $0.hasPrefix("- ") }.map { String($0.prefix(while: { $0 != "(" })) }
        #expect(lines == ["## Selection", "- [C]", "## Inputs", "- [A]", "- [E]", "## Layout", "- [D]", "## Other", "- [B]"], "\(markdown)")
        let readiness = try #require(site.text("readiness/index.md"))
        #expect(["A", "B", "C", "D", "E"].allSatisfy { readiness.contains("[\($0)](../components/\($0.lowercased())/index.md)") }, "\(readiness)")
    }

    /// A page's Markdown says what its HTML says: the properties' descriptions, the examples a
    /// ```demo fence places (never the fence itself), do and don't as labelled quotations, and
    /// code labelled with its language.
    @Test func theMarkdownTwinCarriesWhatThePageSays() throws {
        var tree = Fixtures.proseTree("## Usage\n\nPlace it in a row.\n\n```demo\nDefault\n```\n\n```do\nName the setting.\n```\n\n```dont\nSay \"on\".\n```\n")
        tree.set("components/alpha/component.yaml", Array("""
            name: Alpha
            summary: A switch.
            properties:
              - { name: label, type: String, required: true, description: Never replaced by placeholder text. }
            states: [{ name: Default }]
            accessibility: [{ requirement: Labelled, platforms: { ios: Reads the label. } }]
            demo:
              kind: switch
              examples:
                - { title: Default, label: Wi-Fi, checked: true }
            code:
              swiftui: |
                Toggle("Wi-Fi", isOn: $on)
              compose: |
                Switch(checked = on, onCheckedChange = {})

            """.utf8))
        let result = Fixtures.run(tree)
        let markdown = try #require(result.site?.text("components/alpha/index.md"), "\(result.diagnostics)")
        #expect(markdown.contains("| Property | Type | Required | Description |"))
        #expect(markdown.contains("| label | String | yes | Never replaced by placeholder text. |"))
        #expect(!markdown.contains("```demo") && !markdown.contains("```do") && !markdown.contains("```dont"), "\(markdown)")
        #expect(markdown.contains("- **Default** — label: Wi-Fi; checked: true"))
        #expect(markdown.contains("> **Do**\n>\n> Name the setting.") && markdown.contains("> **Don't**\n>\n> Say \"on\"."))
        #expect(markdown.contains("```swift\nToggle(") && markdown.contains("```kotlin\nSwitch("))
        #expect(!markdown.contains("```swiftui") && !markdown.contains("```compose"))
    }

    /// Prose saved with Windows line endings gets the same twin: its fences are found.
    @Test func aTwinOfProseWithWindowsLineEndingsDescribesItsFences() throws {
        let prose = "## Usage\r\n\r\nPlace it in a row.\r\n\r\n```demo\r\nDefault\r\n```\r\n\r\n```do\r\nName the setting.\r\n```\r\n"
        var tree = Fixtures.proseTree(prose)
        tree.set("components/alpha/component.yaml", Array("name: Alpha\nsummary: A switch.\nstates: [{ name: Default }]\naccessibility: [{ requirement: Labelled }]\ndemo:\n  kind: switch\n  examples:\n    - { title: Default, label: Wi-Fi, checked: true }\n".utf8))
        let result = Fixtures.run(tree)
        let markdown = try #require(result.site?.text("components/alpha/index.md"), "\(result.diagnostics)")
        #expect(!markdown.contains("```demo") && !markdown.contains("```do"), "\(markdown)")
        #expect(markdown.contains("- **Default** — label: Wi-Fi; checked: true"))
        #expect(markdown.contains("> **Do**\n>\n> Name the setting.\n") && markdown.contains("\nPlace it in a row.\n"))
    }
}

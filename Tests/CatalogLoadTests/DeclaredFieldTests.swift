import Foundation
import Testing
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogDiff
import CatalogTestSupport

/// component.yaml's declared fields (`ComponentFields`): one declaration gives the key check,
/// the JSON Schemas, the page, component.json, the Markdown twin and `diff`. `figma:` (contract
/// v5) is the first; this suite is the model for the next one.
@Suite("declared component fields")
struct DeclaredFieldTests {
    static func tree(_ figma: String) -> SourceTree {
        SourceTree(displayRoot: "cat", texts: [
            "catalog.yaml": "title: T\n",
            "components/alpha/component.yaml": "name: Alpha\nsummary: First.\n" + figma,
            "components/alpha/index.md": "## Usage\n\nText.\n",
        ])
    }

    @Test func aDeclaredFieldReachesThePageTheDataTheTwinAndTheSchemas() throws {
        let result = Fixtures.run(Self.tree("figma: { component: Button }\n"))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let site = try #require(result.site, "\(result.diagnostics)" as Comment)
        // The page's header lists it.
        let page = try #require(site.text("components/alpha/index.html"))
        #expect(page.contains("<dt>Figma</dt> <dd>component Button</dd>"), "the page header shows the field")
        // component.json holds it as written.
        let json = try #require(site.text("components/alpha/component.json"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((data["figma"] as? [String: String]) == ["component": "Button"])
        // The twin says it.
        #expect(site.text("components/alpha/index.md")?.contains("\nFigma: component Button\n") == true)
        // components.schema.json describes it, and component.yaml's schema lets an editor write it.
        let schema = try #require(site.text("components.schema.json"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any], "the schema stays JSON")
        #expect(parsed["$defs"] != nil || parsed["properties"] != nil)
        #expect(schema.contains("\"figma\": { \"type\": \"object\""))
        let yamlSchema = try #require(FileFormats.schemas.first { $0.name == "component.schema.json" }?.text)
        #expect(yamlSchema.contains("\"figma\""))
        // Without it, nothing is shown.
        let plain = try #require(Fixtures.run(Self.tree("")).site)
        #expect(plain.text("components/alpha/index.html")?.contains("page-fields") == false)
        #expect(plain.text("components/alpha/component.json")?.contains("\"figma\"") == false)
    }

    @Test func aWrongValueIsAnErrorAtItsLine() throws {
        let unknown = Fixtures.run(Self.tree("figma:\n  component: Button\n  page: Home\n"))
        let key = try #require(unknown.diagnostics.first { $0.rule == "schema.unknown-key" }, "\(unknown.diagnostics)" as Comment)
        #expect(key.location.line == 5 && key.message.contains("page"), "\(key)")
        let text = Fixtures.run(Self.tree("figma: Button\n"))
        let type = try #require(text.diagnostics.first { $0.rule == "schema.type" }, "\(text.diagnostics)" as Comment)
        #expect(type.location.line == 3 && type.message.contains("figma"), "\(type)")
        let empty = Fixtures.run(Self.tree("figma: {}\n"))
        let nothing = try #require(empty.diagnostics.first { $0.rule == "schema.missing-key" }, "\(empty.diagnostics)" as Comment)
        #expect(nothing.location.line == 3 && nothing.message.contains("`component:`"), "\(nothing)")
    }

    @Test func diffReportsAChangedDeclaredField() throws {
        func side(_ figma: String, _ label: String) -> CatalogDiff.Side {
            let tree = Self.tree(figma)
            return CatalogDiff.Side(result: Fixtures.run(tree), tree: tree, label: label)
        }
        let changed = CatalogDiff.componentChanges(base: side("figma: { component: Button }\n", "base"), head: side("figma: { component: Button v2 }\n", "head"))
        let change = try #require(changed.first { $0.area == .field }, "\(changed)" as Comment)
        #expect(change.kind == .changed && change.subject == "figma" && change.before == "component Button" && change.after == "component Button v2", "\(change)")
        #expect(change.location?.line == 3)
        let added = CatalogDiff.componentChanges(base: side("", "base"), head: side("figma: { node: \"213:6\" }\n", "head"))
        #expect(added.contains { $0.area == .field && $0.kind == .added && $0.message.contains("node 213:6") }, "\(added)")
        let same = CatalogDiff.componentChanges(base: side("figma: { component: Button }\n", "base"), head: side("figma: { component: Button }\n", "head"))
        #expect(!same.contains { $0.area == .field })
    }
}

import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogRender
import CatalogTestSupport

/// What the Controls playground loads, and the stylesheet that puts every demo on the catalog's
/// surface, for the example catalog.
@Suite("Playground data and demo stages")
struct PlaygroundDataTests {
    private func site() throws -> Site {
        var tree = try CatalogReader.read(Fixtures.repository.appendingPathComponent("content").path)
        tree.displayRoot = "content"
        let result = Fixtures.run(tree, themeFolders: [Fixtures.repository.appendingPathComponent("content/themes").path])
        return try #require(result.site, "\(result.diagnostics)")
    }

    private func json(_ text: String?) throws -> [String: Any] {
        let data = Data(try #require(text).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theDataHoldsTheContractTheExamplesAndEveryTemplateTheKindReaches() throws {
        let site = try site()
        let component = try json(site.text("components/checkbox/playground.json"))
        #expect(component["id"] as? String == "checkbox-pg" && component["fields"] == nil && component["templates"] == nil, "the kind's part is not repeated per component")
        // The kind's part: one content-addressed asset, named from the component's folder.
        let address = try #require(component["kindData"] as? String)
        #expect(address.hasPrefix("../../assets/playground/checkbox.") && address.hasSuffix(".json"))
        let data = try json(site.text(String(address.dropFirst("../../".count))))
        #expect(data["kind"] as? String == "checkbox")
        let templates = try #require(data["templates"] as? [String: String])
        // The kind's template and the partial it includes, without swift-mustache's pragma line.
        #expect(Set(templates.keys) == ["demos/checkbox", "demos/checkbox-control"])
        #expect(!templates.values.contains { $0.contains("{{%") })
        let fields = try #require(data["fields"] as? [[String: Any]])
        let checked = try #require(fields.first { $0["name"] as? String == "checked" })
        #expect(checked["type"] as? String == "enum" && checked["valueKeys"] as? [String] == ["false", "true", "mixed"])
        let children = try #require(fields.first { $0["name"] as? String == "children" })
        #expect(children["type"] as? String == "list" && (children["of"] as? [[String: Any]])?.first?["name"] as? String == "label")
        let examples = try #require(component["examples"] as? [[String: Any]])
        let parent = try #require(examples.first { $0["title"] as? String == "Parent with mixed children" })
        let values = try #require(parent["values"] as? [String: Any])
        #expect((values["children"] as? [[String: Any]])?.count == 3)
        // Each appearance is named with the class that paints it.
        let appearances = try #require(component["appearances"] as? [[String: String]])
        #expect(appearances.first?["class"] == "demo-roles-1")
        #expect(site.text("components/checkbox/index.html")?.contains("data-playground=\"playground.json\"") == true)
    }

    @Test func everyDemoStageIsOnTheSurfaceInTheSchemeOfEachMode() throws {
        let site = try site()
        let css = try #require(site.files.first { $0.key.hasPrefix("assets/brand.") }.map { String(decoding: $0.value, as: UTF8.self) })
        #expect(css.contains(":is(.demo-stage, .state-sample__stage, .example-frame) { --cb-demo-surface: var(--surface-page); background: var(--cb-demo-surface); color: var(--cb-text); color-scheme: light; }"))
        #expect(css.contains(":root[data-theme=\"dark\"] :is(.demo-stage, .state-sample__stage, .example-frame) { color-scheme: dark; }"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme]) :is(.demo-stage, .state-sample__stage, .example-frame) { color-scheme: dark; }"))
        // High contrast keeps the light surface, so it needs no rule of its own.
        #expect(!css.contains("data-theme=\"high-contrast\""))
    }

    @Test func aFillsReadableTextIsChosenPerTokenMode() throws {
        var tree = try CatalogReader.read(Fixtures.repository.appendingPathComponent("Tests/Fixtures/kind-library").path)
        tree.displayRoot = "kind-library"
        let result = Fixtures.run(tree)
        let site = try #require(result.site, "\(result.diagnostics)")
        let page = try #require(site.text("components/button/index.html"))
        let roles = try #require(page.range(of: "assets/roles.").map { page[$0.lowerBound...].prefix { $0 != "\"" } })
        let css = try #require(site.text(String(roles)))
        // The primary fill is dark in the light mode (white text) and light in the dark one (black text).
        #expect(css.contains(".demo-roles-1 { --demo-fill: var(--color-primary); --demo-fill-contrast: #FFFFFF;"))
        #expect(css.contains(":root[data-scheme=\"dark\"] .demo-roles-1 { --demo-fill-contrast: #000000; }"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root:not([data-scheme]) .demo-roles {"))
    }
}

import Foundation
import Testing
import CatalogCore
import CatalogSyntax
import CatalogSource
import CatalogModel
import CatalogLoad
import CatalogCheck
import CatalogRender
import CatalogSiteCheck
import CatalogPipeline
import CatalogOutput
import CatalogDiff
import CatalogImport
import CatalogPublish
import CatalogScaffold
import CatalogMCP

/// The data files a build writes are the ones `catalog-build mcp` serves, byte for byte: the
/// build assembles `components.json` from each component's JSON text (to hold no JSON tree in
/// memory), the query pretty-prints the whole tree.
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
        // Put together from each component's text, components.json is what pretty-printing the
        // whole tree writes.
        let values = catalog.components.map { ComponentData.value($0, catalog: ComponentContext(catalog), theme: theme) }
        #expect(site.text("components.json") == JSONText.pretty(ComponentData.catalogValue(catalog.shared, components: values)), "\(fixture)")
        for component in query.catalog.components {
            #expect(site.text(component.pagePath + "component.json") == (try query.file(component.pagePath + "component.json").text))
            #expect(site.text(component.pagePath + "index.md") == (try query.file(component.pagePath + "index.md").text))
        }
    }
}
